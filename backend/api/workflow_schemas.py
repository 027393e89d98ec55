"""Schemas of the enforcement workflow API: review meetings, deadlines and the deadline calculator."""

from __future__ import annotations

from apiflask import Schema
from apiflask.fields import (
    URL,
    UUID,
    AwareDateTime,
    Boolean,
    Date,
    Dict,
    Function,
    Integer,
    List,
    Nested,
    String,
)
from apiflask.validators import Length, OneOf, Range
from marshmallow import ValidationError, validates_schema

from backend.api.bounds import Observed, Scheduled
from backend.models.towns import AUTHORITY_KINDS

REASON = Length(3, 2000)


class PlaceIn(Schema):
    """Where the meeting is held (issue 19): stated in every notice, reminder and calendar event."""
    address = String(validate=Length(3, 300), load_default=None,
                     metadata={"description": "street address of the meeting place"})
    room = String(validate=Length(1, 120), load_default=None, metadata={"description": "room, e.g. Room 2"})
    remote_url = URL(schemes={"https"}, require_tld=True, validate=Length(12, 500), load_default=None,
                     metadata={"description": "optional https link to attend remotely"})


class MeetingIn(PlaceIn):
    scheduled_for = Scheduled(required=True)
    operator_notified_at = Scheduled(
        required=True, metadata={"description": "when the operator received notice of the meeting"}
    )
    posted_at = Scheduled(load_default=None, metadata={"description": "Open Meeting Law posting"})
    override_reason = String(
        validate=REASON,
        load_default=None,
        metadata={
            "description": "record a time outside the bylaw window anyway; the meeting is flagged "
            "with this reason"
        },
    )
    authorization = Dict(
        load_default=dict,
        metadata={
            "description": "{designation: 'ERC vote of … naming the designee'} or {vote: {yes, no, abstain}}"
        },
    )


class MeetingMoveIn(Schema):
    """Reschedule and/or change the place of a scheduled meeting (the fields not given stay as they are;
    an empty address or room clears it, null clears the remote link)."""
    address = String(validate=Length(0, 300))
    room = String(validate=Length(0, 120))
    remote_url = URL(schemes={"https"}, require_tld=True, validate=Length(12, 500), allow_none=True)
    scheduled_for = Scheduled(load_default=None)
    operator_notified_at = Scheduled(load_default=None, metadata={"description": "the operator's notice of "
                                                                  "the new time, if given again"})
    posted_at = Scheduled(load_default=None, metadata={"description": "the new Open Meeting Law posting"})
    override_reason = String(validate=REASON, load_default=None)
    authorization = Dict(load_default=dict)


class VoteIn(Schema):
    motion = String(required=True, validate=Length(1, 500))
    yes = Integer(required=True, validate=Range(0, 50))
    no = Integer(load_default=0, validate=Range(0, 50))
    abstain = Integer(load_default=0, validate=Range(0, 50))


class MeetingRecordIn(Schema):
    held_at = Observed(required=True)
    members_present = List(String(validate=Length(1, 120)), required=True, validate=Length(0, 30))
    votes = List(Nested(VoteIn), load_default=list, validate=Length(0, 50))
    posted_at = Observed(load_default=None, metadata={"description": "actual posting, if it differed"})
    operator_notified_at = Observed(load_default=None)
    override_reason = String(validate=REASON, load_default=None)

    @validates_schema
    def _unique_names(self, data: dict, **_: object) -> None:
        names = data.get("members_present") or []
        if len(names) != len(set(names)):
            raise ValidationError("each member is listed once", "members_present")


class CancelIn(Schema):
    reason = String(required=True, validate=REASON)


class MeetingOut(Schema):
    id = UUID()
    order_id = UUID()
    kind = String()
    status = String()
    scheduled_for = AwareDateTime()
    posted_at = AwareDateTime(allow_none=True)
    operator_notified_at = AwareDateTime(allow_none=True)
    held_at = AwareDateTime(allow_none=True)
    attendance = Dict()
    votes = List(Dict())
    window = Dict()
    flagged = Boolean()
    flags = List(Dict())
    authorization = Dict()
    address = String(allow_none=True)
    room = String(allow_none=True)
    remote_url = String(allow_none=True)
    moves = Function(lambda m: m.moves or 0, metadata={"description": "times rescheduled (the calendar's "
                                                                      "SEQUENCE)", "type": "integer"})
    version = Integer()


class DeadlineQuery(Schema):
    site_id = UUID(load_default=None)
    authority = String(
        validate=Length(1, 60),
        load_default=None,
        metadata={"description": "an authority id, or its kind: " + ", ".join(AUTHORITY_KINDS)},
    )
    due_within_days = Integer(validate=Range(0, 3650), load_default=None)
    status = String(validate=OneOf(("open", "met", "missed", "cancelled", "all")), load_default="open")
    limit = Integer(validate=Range(1, 500), load_default=200)


class DeadlineRowOut(Schema):
    id = UUID()
    site_id = UUID(allow_none=True)
    subject_type = String()
    subject_id = UUID()
    kind = String()
    rule_id = String()
    citation = String()
    label = String()
    binds = String()
    earliest_on = Date(allow_none=True)
    latest_on = Date(allow_none=True)
    earliest_at = AwareDateTime(allow_none=True)
    latest_at = AwareDateTime(allow_none=True)
    status = String()
    met_at = AwareDateTime(allow_none=True)
    explanation = String()
    overdue = Boolean()


class OriginOut(Schema):
    inspection_id = UUID(allow_none=True)
    item_id = String()
    checklist_key = String()
    opened_on = Date()
    clock_deadline_id = UUID(allow_none=True)
    flags = List(String())
    explanation = String()


class EvidenceOut(Schema):
    violation_id = UUID()
    origin = Nested(
        OriginOut, allow_none=True, metadata={"description": "null for a violation entered by hand"}
    )
    photo_ids = List(UUID())


class EvaluationOut(Schema):
    inspection_id = UUID()
    checklist_key = String()
    flags = List(String())
    unanswered = List(String())
    violation_ids = List(String(), metadata={"description": "violations this inspection opened"})
    corrected_ids = List(String(), metadata={"description": "earlier violations its passes corrected"})
    lines = List(String(), metadata={"description": "the engine's explanation lines"})
