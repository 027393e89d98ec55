"""Schemas of permittee submissions and inspection tasks."""
from __future__ import annotations

import re
import uuid

from apiflask import Schema
from apiflask.fields import UUID, AwareDateTime, Date, Dict, Float, Integer, List, Nested, String
from apiflask.validators import Length, OneOf, Range, Regexp
from marshmallow import ValidationError, validates_schema

from backend.api.admin_schemas import note, words
from backend.api.bounds import Observed, ScheduledDay
from backend.models.admin import RECEIVED_VIA, SUBMISSION_KINDS, TASK_REASONS, TASK_STATUSES


class DocumentIn(Schema):
    kind = String(required=True, validate=OneOf(("document", "photo")))
    ref = words(500, required=True, metadata={"description": "photo id, or file name / URL / records id"})
    sha256 = String(validate=Regexp(r"^[0-9a-f]{64}$", flags=re.I), load_default=None)
    title = note(200, load_default=None)

    @validates_schema
    def _photo_ref(self, data: dict, **_: object) -> None:
        if data["kind"] == "photo":
            try:
                data["ref"] = uuid.UUID(data["ref"])
            except ValueError:
                raise ValidationError("a photo reference is the photo's id (UUID)", "ref") from None


class SubmissionIn(Schema):
    site_id = UUID(load_default=None)
    permit_id = UUID(load_default=None)
    kind = String(required=True, validate=OneOf(SUBMISSION_KINDS))
    received_at = Observed(required=True)
    received_via = String(required=True, validate=OneOf(RECEIVED_VIA))
    received_by = UUID(load_default=None, metadata={"description": "staff who received it; default: you"})
    from_party_id = UUID(load_default=None)
    from_name = note(200, load_default=None)
    period_start = ScheduledDay(load_default=None)
    period_end = ScheduledDay(load_default=None)
    event_on = ScheduledDay(load_default=None,
                            metadata={"description": "inspection_event_notice: the event's date"})
    documents = List(Nested(DocumentIn), load_default=list, validate=Length(0, 50))
    notes = note(20000, load_default=None)


class SubmissionPatch(Schema):
    from_name = note(200, allow_none=True)
    documents = List(Nested(DocumentIn), validate=Length(0, 50))
    notes = note(20000, allow_none=True)


class SubmissionOut(Schema):
    id = UUID()
    site_id = UUID()
    permit_id = UUID(allow_none=True)
    kind = String()
    received_at = AwareDateTime()
    received_via = String()
    received_by = UUID()
    from_party_id = UUID(allow_none=True)
    from_name = String(allow_none=True)
    period_start = Date(allow_none=True)
    period_end = Date(allow_none=True)
    event_on = Date(allow_none=True)
    documents = List(Dict())
    notes = String(allow_none=True)
    status = String()
    status_reason = String(allow_none=True)
    satisfied_deadline_ids = List(String())
    version = Integer()
    created_at = AwareDateTime()


class SubmissionQuery(Schema):
    kind = String(load_default=None, validate=OneOf(SUBMISSION_KINDS))
    status = String(load_default=None, validate=OneOf(("recorded", "withdrawn")))
    site_id = UUID(load_default=None)
    permit_id = UUID(load_default=None)
    limit = Integer(validate=Range(1, 500), load_default=100)
    offset = Integer(validate=Range(0, 10_000_000), load_default=0)


class ReasonIn(Schema):
    reason = words(2000, required=True)


class TaskIn(Schema):
    site_id = UUID(required=True)
    permit_id = UUID(load_default=None)
    assignee_id = UUID(load_default=None, allow_none=True)
    due_on = ScheduledDay(required=True)
    reason = String(required=True, validate=OneOf(TASK_REASONS))
    notes = note(4000, load_default=None, allow_none=True)


class TaskPatch(Schema):
    assignee_id = UUID(allow_none=True)
    due_on = ScheduledDay()
    reason = String(validate=OneOf(TASK_REASONS))
    notes = note(4000, allow_none=True)


class TaskQuery(Schema):
    assignee = String(load_default="any", validate=Regexp(
        r"^(me|unassigned|any|[0-9a-fA-F-]{36})$", error="me, unassigned, any or a user id"))
    status = String(load_default=None, validate=OneOf(TASK_STATUSES))
    due_within_days = Integer(load_default=None, validate=Range(0, 366))
    site_id = UUID(load_default=None)
    limit = Integer(validate=Range(1, 500), load_default=200)
    offset = Integer(validate=Range(0, 10_000_000), load_default=0)

    @validates_schema
    def _assignee(self, data: dict, **_: object) -> None:
        if data["assignee"] not in ("me", "unassigned", "any"):
            try:
                uuid.UUID(data["assignee"])
            except ValueError:
                raise ValidationError("not a user id", "assignee") from None


class TaskTransitionIn(Schema):
    to = String(required=True, validate=OneOf(TASK_STATUSES))
    reason = note(2000, load_default=None)
    inspection_id = UUID(load_default=None)


class SiteBrief(Schema):
    id = UUID()
    name = String()
    address = String()
    lat = Float()
    lon = Float()


class TaskOut(Schema):
    id = UUID()
    site_id = UUID()
    site = Nested(SiteBrief)
    permit_id = UUID(allow_none=True)
    assignee_id = UUID(allow_none=True)
    due_on = Date()
    reason = String()
    status = String()
    status_reason = String(allow_none=True)
    notes = String(allow_none=True)
    source = String()
    inspection_id = UUID(allow_none=True)
    completed_at = AwareDateTime(allow_none=True)
    version = Integer()
    created_at = AwareDateTime()
