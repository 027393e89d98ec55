"""Request and response schemas of the field API (marshmallow through APIFlask; drive the OpenAPI doc)."""
from __future__ import annotations

from apiflask import Schema
from apiflask.fields import UUID, AwareDateTime, Boolean, Date, Dict, Float, Integer, List, Nested, String
from apiflask.validators import Length, OneOf, Range
from marshmallow import ValidationError, validates_schema

from backend.api.bounds import Observed, ObservedDay, Scheduled
from backend.api.chapter_keys import KnownChapter
from backend.models.field import ENTRY_BASES
from backend.services.entry_basis import entry_basis_problem

ANSWERS = ("pass", "fail", "na")


class TokenIn(Schema):
    email = String(required=True, validate=Length(3, 254))
    password = String(required=True, validate=Length(1, 200))
    town = String(required=True, validate=Length(1, 40), metadata={"description": "town slug, e.g. carver"})
    device = String(validate=Length(0, 120), load_default=None)


class TokenOut(Schema):
    token = String()
    expires_at = AwareDateTime()
    town = String()
    roles = List(String())


class ResponseIn(Schema):
    item_id = String(required=True, validate=Length(1, 80))
    answer = String(required=True, validate=OneOf(ANSWERS))
    note = String(validate=Length(0, 4000), load_default=None)
    ceased_on = ObservedDay(load_default=None, metadata={
        "description": "stabilization items: the date activity ceased on that portion (null = unknown)"})
    data = Dict(load_default=dict)


class InspectionIn(Schema):
    id = UUID(required=True,
              metadata={"description": "client-generated; retries with the same id are idempotent"})
    site_id = UUID(required=True)
    permit_id = UUID(load_default=None)
    template_key = String(validate=Length(1, 60), load_default=None)
    template_version = Integer(validate=Range(1, 100_000), load_default=None)
    entry_basis = String(required=True, validate=OneOf(ENTRY_BASES))
    consent_name = String(validate=Length(1, 200), load_default=None)
    warrant_number = String(validate=Length(1, 60), load_default=None)
    started_at = Observed(required=True)
    device_clock_at_sync = Scheduled(load_default=None)  # the device's clock: evidence, widely bounded
    notes = String(validate=Length(0, 20000), load_default=None)
    responses = List(Nested(ResponseIn), load_default=list)

    @validates_schema
    def _entry_basis(self, data: dict, **_: object) -> None:
        problem = entry_basis_problem(data)
        if problem is not None:
            field, message = problem
            raise ValidationError(message, field)


class InspectionPatch(Schema):
    entry_basis = String(validate=OneOf(ENTRY_BASES))
    consent_name = String(validate=Length(1, 200), allow_none=True)
    warrant_number = String(validate=Length(1, 60), allow_none=True)
    notes = String(validate=Length(0, 20000), allow_none=True)
    responses = List(Nested(ResponseIn))


class ResponseOut(Schema):
    item_id = String()
    answer = String()
    note = String(allow_none=True)
    ceased_on = Date(allow_none=True)
    data = Dict()


class InspectionOut(Schema):
    id = UUID()
    site_id = UUID()
    permit_id = UUID(allow_none=True)
    inspector_id = UUID()
    template_id = UUID(allow_none=True)
    entry_basis = String()
    consent_name = String(allow_none=True)
    warrant_number = String(allow_none=True)
    started_at = AwareDateTime()
    device_clock_at_sync = AwareDateTime(allow_none=True)
    device_skew_seconds = Float(allow_none=True)
    notes = String(allow_none=True)
    status = String()
    submitted_at = AwareDateTime(allow_none=True)
    version = Integer()
    responses = List(Nested(ResponseOut))


class ViolationIn(Schema):
    site_id = UUID(required=True)
    inspection_id = UUID(load_default=None)
    permit_id = UUID(load_default=None)
    offender_id = UUID(load_default=None)
    chapter = String(required=True, validate=KnownChapter())
    provision = String(required=True, validate=Length(1, 80),
                       metadata={"description": "a RULES.md id, or permit:<number>:<condition id>"})
    description = String(required=True, validate=Length(1, 4000))
    observed_at = Observed(required=True)
    line_item = Integer(validate=Range(1, 1000), load_default=1)


class ViolationPatch(Schema):
    description = String(validate=Length(1, 4000))
    offender_id = UUID(allow_none=True)
    line_item = Integer(validate=Range(1, 1000))


AUTHORIZATION_DESCRIPTION = (
    "Who acts, where the bylaw's who-may-act table needs more than your role: "
    "{vote: {yes, no, abstain} or {yes, present}, members_present: [names], meeting_id, held_on, minutes} "
    "for the body acting by vote; {designation: reference} for the ERC's designee (the vote and minutes "
    "naming you); {delegation: reference} where a written delegation is required")


class ReleaseIn(Schema):
    observed_at = Observed(load_default=None, metadata={
        "description": "the corrected date of the observation, if the held catch-up came from a wrong one"})


class TransitionIn(Schema):
    to = String(required=True, validate=Length(1, 30))
    reason = String(validate=Length(1, 2000), load_default=None)
    at = Observed(load_default=None)  # when it was done: an observation, not a schedule
    authorization = Dict(load_default=dict, metadata={"description": AUTHORIZATION_DESCRIPTION})


class ViolationOut(Schema):
    id = UUID()
    site_id = UUID()
    inspection_id = UUID(allow_none=True)
    permit_id = UUID(allow_none=True)
    offender_id = UUID(allow_none=True)
    chapter = String()
    provision = String()
    citation = String()
    description = String()
    observed_at = AwareDateTime()
    status = String()
    status_reason = String(allow_none=True)
    corrected_at = AwareDateTime(allow_none=True)
    closed_at = AwareDateTime(allow_none=True)
    status_authorization = Dict(allow_none=True, metadata={
        "description": "who closed or reopened it, under which rule, with the vote or designation"})
    accrual_held_at = AwareDateTime(allow_none=True, metadata={
        "description": "set when the daily job held a catch-up longer than the town's bound: check the date"})
    accrual_held_days = Integer(allow_none=True, metadata={"description": "the offense-days it would record"})
    accrual_released_at = AwareDateTime(allow_none=True)
    line_item = Integer()
    version = Integer()


class OrderIn(Schema):
    site_id = UUID(required=True)
    kind = String(required=True,
                  validate=OneOf(("cease_and_desist", "restoration_order", "enforcement_order")))
    chapter = String(required=True, validate=KnownChapter())
    violation_ids = List(UUID(), required=True, validate=Length(1, 100))
    text = String(validate=Length(0, 20000), load_default="")
    fine_path = String(validate=OneOf(("criminal", "noncriminal")), load_default=None)


class OrderPatch(Schema):
    text = String(validate=Length(0, 20000))
    fine_path = String(validate=OneOf(("criminal", "noncriminal")), allow_none=True)


class IssueIn(Schema):
    fine_path = String(validate=OneOf(("criminal", "noncriminal")), load_default=None)
    at = Observed(load_default=None)  # the act's time as recorded (e.g. the vote's evening)
    authorization = Dict(load_default=dict, metadata={"description": AUTHORIZATION_DESCRIPTION})


class ServeIn(Schema):
    method = String(required=True, validate=OneOf(("certified_mail", "hand_delivery", "posting")))
    served_at = Observed(required=True)
    detail = Dict(load_default=dict, metadata={"description": "receipt number, who delivered, where posted"})


class OrderOut(Schema):
    id = UUID()
    site_id = UUID()
    kind = String()
    chapter = String()
    status = String()
    status_reason = String(allow_none=True)
    fine_path = String(allow_none=True)
    text = String()
    issued_at = AwareDateTime(allow_none=True)
    issued_by = UUID(allow_none=True)
    authorization = Dict()
    served_at = AwareDateTime(allow_none=True)
    service_method = String(allow_none=True)
    service_detail = Dict()
    lifted_at = AwareDateTime(allow_none=True)
    status_authorization = Dict(allow_none=True, metadata={
        "description": "who lifted or superseded it, under which rule, with the vote or designation"})
    version = Integer()
    violation_ids = List(UUID(), attribute="violation_ids")


class SiteQuery(Schema):
    q = String(validate=Length(0, 100), load_default=None)
    lat = Float(validate=Range(-90, 90), load_default=None)
    lon = Float(validate=Range(-180, 180), load_default=None)
    radius_m = Float(validate=Range(1, 100_000), load_default=5000)
    limit = Integer(validate=Range(1, 500), load_default=100)

    @validates_schema
    def _pair(self, data: dict, **_: object) -> None:
        if (data.get("lat") is None) != (data.get("lon") is None):
            raise ValidationError("lat and lon go together", "lat")


class PermitOut(Schema):
    id = UUID()
    kind = String()
    chapter = String()
    number = String()
    issued_on = Date(allow_none=True)
    expires_on = Date(allow_none=True)
    recorded_on = Date(allow_none=True)
    permittee_id = UUID(allow_none=True)
    operator_id = UUID(allow_none=True)
    conditions = List(Dict())


class SiteOut(Schema):
    id = UUID()
    name = String()
    address = String()
    map_lot = String(allow_none=True)
    lat = Float()
    lon = Float()
    distance_m = Float(allow_none=True)


class DeadlineOut(Schema):
    id = UUID()
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


class SiteDetail(SiteOut):
    boundary = Dict(allow_none=True)
    resource_areas = Dict()
    permits = List(Nested(PermitOut))
    open_violations = List(Nested(ViolationOut))
    upcoming_deadlines = List(Nested(DeadlineOut))


class ChecklistOut(Schema):
    key = String()
    version = Integer()
    chapter = String()
    title = String()
    content = Dict()


class ListQuery(Schema):
    status = String(validate=Length(1, 20), load_default=None)
    site_id = UUID(load_default=None)
    limit = Integer(validate=Range(1, 500), load_default=100)
    offset = Integer(validate=Range(0, 10_000_000), load_default=0)




class OutboxQuery(Schema):
    status = String(validate=OneOf(("pending", "sending", "sent", "reconcile", "failed", "dead")),
                    load_default=None)
    limit = Integer(validate=Range(1, 500), load_default=100)
    offset = Integer(validate=Range(0, 10_000_000), load_default=0)


class NotificationOut(Schema):
    id = UUID()
    channel = String()
    recipient = String()
    template = String()
    dedupe_key = String()
    status = String(metadata={"description": "pending, sending, sent, reconcile, failed or dead"})
    attempts = Integer()
    next_attempt_at = AwareDateTime(allow_none=True)
    last_error = String(allow_none=True)
    error_code = String(allow_none=True, metadata={"description": "e.g. twilio:21610, slack:is_archived"})
    provider_id = String(allow_none=True)
    sent_at = AwareDateTime(allow_none=True)
    created_at = AwareDateTime()
    sent_text = String(allow_none=True, metadata={
        "description": "the exact words of the latest delivery attempt (SMS body, Slack fallback text)"})


class NotificationDetailOut(NotificationOut):
    sent_blocks = List(Dict(), allow_none=True, metadata={
        "description": "the Slack Block Kit blocks of the latest delivery attempt, exactly as posted"})


class PhotoOut(Schema):
    id = UUID()
    inspection_id = UUID()
    sha256 = String()
    size = Integer()
    mime = String()
    width = Integer(allow_none=True)
    height = Integer(allow_none=True)
    taken_at = AwareDateTime(allow_none=True)
    lat = Float(allow_none=True)
    lon = Float(allow_none=True)
    accuracy_m = Float(allow_none=True)
    provenance = String(metadata={"description": "where the position came from: exif, device, manual, none"})
    flags = List(String())
    checks = Dict(metadata={"description": "site distance, time gap, duplicate, zone"})
    meta = Dict()
    not_for_public = Boolean()
    derivatives = String(metadata={"description": "ready, or pending while the worker makes them (HEIC)"})


class PhotoPatch(Schema):
    not_for_public = Boolean(required=True)
