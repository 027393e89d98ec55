"""Schemas of offense-days, citations, standing instructions and assessments."""
from __future__ import annotations

from apiflask import Schema
from apiflask.fields import UUID, AwareDateTime, Boolean, Date, Dict, Integer, List, Nested, String
from apiflask.validators import Length, OneOf, Range
from marshmallow import ValidationError, validates_schema

from backend.api.bounds import ScheduledDay

CITATION_STATUSES = ("proposed", "issued", "void")


class Page(Schema):
    limit = Integer(validate=Range(1, 1000), load_default=200)
    offset = Integer(validate=Range(0, 10_000_000), load_default=0)


class OffenseDayQuery(Page):
    violation_id = UUID(load_default=None)
    offender_id = UUID(load_default=None)
    from_date = ScheduledDay(load_default=None)
    to_date = ScheduledDay(load_default=None)


class OffenseDayOut(Schema):
    id = UUID()
    violation_id = UUID()
    provision = String()
    offender_id = UUID(allow_none=True)
    local_date = Date()
    line_item = Integer()
    created_at = AwareDateTime()


class CitationQuery(Page):
    status = String(validate=OneOf(CITATION_STATUSES), load_default=None)
    order_id = UUID(load_default=None)
    violation_id = UUID(load_default=None)


class CitationOut(Schema):
    id = UUID()
    offense_day_id = UUID()
    violation_id = UUID()
    offender_id = UUID(allow_none=True)
    local_date = Date(metadata={"description": "the offense-day the citation is for"})
    order_id = UUID(allow_none=True)
    status = String(metadata={"description": "proposed | issued | void"})
    amount_cents = Integer(allow_none=True)
    none_reason = String(allow_none=True)
    withhold = Boolean(metadata={"description": "AMB-17: amount applied as written, kept out of messages "
                                                "until the town confirms its setting"})
    sequence = Integer(allow_none=True)
    revision = Integer()
    rule_id = String()
    flags = List(String())
    mail_by_on = Date(allow_none=True, metadata={"description": "EXT-21D-15D: last day to mail it"})
    issued_at = AwareDateTime(allow_none=True)
    issued_by = UUID(allow_none=True)
    detail = Dict()
    voided_at = AwareDateTime(allow_none=True)
    void_reason = String(allow_none=True)
    replaces_id = UUID(allow_none=True)
    ruleset_version = String()
    config_version = String(allow_none=True)


class VoteCount(Schema):
    yes = Integer(required=True, validate=Range(0, 50))
    no = Integer(load_default=0, validate=Range(0, 50))
    abstain = Integer(load_default=0, validate=Range(0, 50))


class IssueCitationsIn(Schema):
    ids = List(UUID(), validate=Length(1, 500), load_default=None)
    order_id = UUID(load_default=None, metadata={"description": "every proposed citation of this order"})
    delivery = String(validate=OneOf(("mail", "in_hand")), load_default="mail")
    notice_on = ScheduledDay(load_default=None,
                             metadata={"description": "notice date; default: today (local)"})
    vote = Nested(VoteCount, load_default=None, metadata={"description": "when the board acts by vote"})

    @validates_schema
    def _one_scope(self, data: dict, **_: object) -> None:
        if (data.get("ids") is None) == (data.get("order_id") is None):
            raise ValidationError("give either ids or order_id, not both", "ids")
        if data.get("ids") and len(set(data["ids"])) != len(data["ids"]):
            raise ValidationError("each citation is listed once", "ids")


class Skipped(Schema):
    id = String()
    rule_id = String()
    reason = String()


class IssueCitationsOut(Schema):
    issued = List(Nested(CitationOut))
    skipped = List(Nested(Skipped))


class InstructionIn(Schema):
    active = Boolean(required=True, metadata={"description": "true: give the instruction; false: revoke it"})
    delivery = String(validate=OneOf(("mail",)), load_default="mail",
                      metadata={"description": "issued day by day, so mailed (in hand needs the officer)"})
    note = String(validate=Length(1, 2000), load_default=None)
    reason = String(validate=Length(3, 2000), load_default=None)
    vote = Nested(VoteCount, load_default=None)

    @validates_schema
    def _reason(self, data: dict, **_: object) -> None:
        if data.get("active") is False and not data.get("reason"):
            raise ValidationError("say why the instruction is revoked", "reason")


class InstructionOut(Schema):
    id = UUID()
    order_id = UUID()
    given_by = UUID()
    issuer_role = String()
    rule_id = String()
    delivery = String()
    note = String(allow_none=True)
    given_at = AwareDateTime()
    revoked_at = AwareDateTime(allow_none=True)
    revoked_by = UUID(allow_none=True)
    revoke_reason = String(allow_none=True)


class AssessmentQuery(Schema):
    order_id = UUID(load_default=None)
    violation_id = UUID(load_default=None)

    @validates_schema
    def _one(self, data: dict, **_: object) -> None:
        if (data.get("order_id") is None) == (data.get("violation_id") is None):
            raise ValidationError("give either order_id or violation_id", "order_id")


class ExposureRow(Schema):
    offense_day_id = UUID()
    violation_id = UUID()
    local_date = Date()
    amount_cents = Integer(allow_none=True)
    rule_id = String()
    flags = List(String())
    stored = Boolean(metadata={"description": "false: computed now (no criminal path chosen yet)"})


class CriminalOut(Schema):
    label = String()
    rows = List(Nested(ExposureRow))
    maximum_cents = Integer()
    unpriced = Integer()


class NoncriminalOut(Schema):
    label = String()
    citations = List(Nested(CitationOut))
    issued_cents = Integer()
    proposed_cents = Integer()
    withheld = Integer(metadata={"description": "citations whose amount awaits the town's confirmation"})
    unpriced = Integer()


class AssessmentOut(Schema):
    order_id = UUID(allow_none=True)
    violation_ids = List(UUID())
    fine_path = String(allow_none=True)
    offense_days = Integer()
    criminal = Nested(CriminalOut)
    noncriminal = Nested(NoncriminalOut)
