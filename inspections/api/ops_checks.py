"""Operations checking acts against the clocks of Carver 247 and 136: storm inspections, monthly reports,
stabilization, deemed approval, change notice, the ERC review meeting, the permit extension."""
from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from pydantic import Field

from inspections.api.out import DeadlineOut, ExplanationOut
from inspections.api.registry import Day, In, InputError, Instant, Out, UtcInstant, operation
from inspections.config import BylawConfig
from inspections.deadlines import carver_136_permit, carver_247, carver_247_site, erc_review

DEADLINES = "deadlines and checks"


class StormIn(In):
    storm_start_at: Instant
    storm_end_at: Instant
    inspections_at: list[Instant] = Field(max_length=200)
    forecast_in: float | None = Field(None, ge=0, le=100, description="forecast rain in inches")


class StormOut(Out):
    before_ok: bool
    after_ok: bool
    anticipated: bool | None = Field(description="by carver247.storm_threshold_in; null: no threshold set")
    explanation: ExplanationOut


@operation("storm-inspections", DEADLINES, StormIn, StormOut)
def storm(facts: StormIn, cfg: BylawConfig) -> Any:
    """Carver 247: an inspection before and after an anticipated storm (~§ 247-8C, AMB-15)."""
    if facts.storm_end_at < facts.storm_start_at:
        raise InputError.of("storm_end_at", "the storm cannot end before it starts")
    check = carver_247_site.storm_inspections_check(
        facts.storm_start_at, facts.storm_end_at, facts.inspections_at
    )
    anticipated = (
        None
        if facts.forecast_in is None
        else carver_247_site.is_anticipated_storm(facts.forecast_in, cfg=cfg)
    )
    return {
        "before_ok": check.before_ok,
        "after_ok": check.after_ok,
        "anticipated": anticipated,
        "explanation": check.explanation,
    }


class MonthlyIn(In):
    active_from: Day
    as_of: Day
    reported_on: list[Day] = Field(max_length=600)


class DeadlineListOut(Out):
    deadlines: list[DeadlineOut]


@operation("missing-monthly-reports", DEADLINES, MonthlyIn, DeadlineListOut)
def monthly(facts: MonthlyIn, cfg: BylawConfig) -> Any:
    """Carver 247: the months of an active permit whose monthly report is missing (~§ 247-8C, AMB-15)."""
    if facts.as_of < facts.active_from or (facts.as_of - facts.active_from).days > 366 * 30:
        raise InputError.of("as_of", "must be on or after active_from and within 30 years of it")
    return {
        "deadlines": carver_247_site.missing_monthly_reports(
            facts.active_from, facts.as_of, facts.reported_on, cfg=cfg
        )
    }


class BreachIn(In):
    ceased_on: Day
    inspected_on: Day
    stabilized: bool


class BreachOut(Out):
    violation: bool
    violation_from: dt.date | None
    explanation: ExplanationOut | None


@operation("stabilization-breach", DEADLINES, BreachIn, BreachOut)
def breach(facts: BreachIn, cfg: BylawConfig) -> Any:
    """Carver 247: unstabilized after 14 days is a violation from the next day (S30)."""
    found = carver_247.stabilization_breach(
        facts.ceased_on, inspected_on=facts.inspected_on, stabilized=facts.stabilized, cfg=cfg
    )
    if found is None:
        return {"violation": False, "violation_from": None, "explanation": None}
    return {"violation": True, "violation_from": found.violation_from, "explanation": found.explanation}


class DeemedIn(In):
    closed_on: Day
    as_of: Day
    final_action_on: Day | None = None
    extended_to: Day | None = None
    extended_by_days: int | None = Field(None, ge=0, le=3650)


class DeemedOut(Out):
    deemed_approved: bool
    approved_from: dt.date | None
    explanation: ExplanationOut


@operation("deemed-approval", DEADLINES, DeemedIn, DeemedOut)
def deemed(facts: DeemedIn, cfg: BylawConfig) -> Any:
    """Carver 247: deemed approved when the Board takes no final action in time (~§ 247-6G, AMB-13)."""
    return carver_247.deemed_approval(
        facts.closed_on,
        as_of=facts.as_of,
        final_action_on=facts.final_action_on,
        extended_to=facts.extended_to,
        extended_by_days=facts.extended_by_days,
        cfg=cfg,
    )


class ChangeIn(In):
    notice_on: Day | None = None
    notice_at: Instant | None = None
    change_on: Day | None = None
    change_at: Instant | None = None


class OrderCheckOut(Out):
    ok: bool
    explanation: ExplanationOut
    flags: list[str]


@operation("change-notice", DEADLINES, ChangeIn, OrderCheckOut)
def change(facts: ChangeIn, cfg: BylawConfig) -> Any:
    """Carver 247: written notice to the Board before a change (~§ 247-6I; CONV-BEFORE)."""
    notice_when = facts.notice_at or facts.notice_on
    change_when = facts.change_at or facts.change_on
    if notice_when is None:
        raise InputError.of("notice_on", "required (or notice_at)")
    if change_when is None:
        raise InputError.of("change_on", "required (or change_at)")
    return carver_247.check_change_notice(notice_when, change_when)


class ReviewIn(In):
    order_at: Instant
    operator_notified_at: Instant
    posted_at: Instant | None = None
    meeting_at: Instant | None = Field(None, description="a proposed meeting time to check")


class ReviewOut(Out):
    earliest_at: UtcInstant
    latest_on: dt.date
    latest_at: UtcInstant
    binding: str
    empty_reason: str | None
    meeting_admitted: bool | None
    explanations: list[ExplanationOut]
    flags: list[str]


@operation("erc-review-meeting", DEADLINES, ReviewIn, ReviewOut)
def review(facts: ReviewIn, cfg: BylawConfig) -> Any:
    """Carver 136: the cease-and-desist review meeting window, and whether a proposed time fits (~§ 136-9)."""
    if cfg["carver136.apply_oml"] and facts.posted_at is None:
        raise InputError.of("posted_at", "required while carver136.apply_oml is on (never assumed)")
    window = erc_review.erc_review_window(
        facts.order_at, facts.operator_notified_at, facts.posted_at, cfg=cfg
    )
    admitted = None if facts.meeting_at is None else window.admits(facts.meeting_at)
    return {
        "earliest_at": window.earliest_at,
        "latest_on": window.latest_on,
        "latest_at": window.latest_at,
        "binding": str(window.binding),
        "empty_reason": window.empty_reason,
        "meeting_admitted": admitted,
        "explanations": window.explanations,
        "flags": window.flags,
    }


class ExtensionIn(In):
    original_issued_on: Day
    current_expires_on: Day
    reports_satisfactory: bool = Field(description="the ERC is satisfied with all quarterly reports")
    conforms_to_approved_plans: bool
    quantity_cy: Annotated[float, Field(ge=0, le=1e9)]
    original_quantity_cy: Annotated[float, Field(ge=0, le=1e9)]
    area_sqft: Annotated[float, Field(ge=0, le=1e10)]
    original_area_sqft: Annotated[float, Field(ge=0, le=1e10)]


class ExtensionOut(Out):
    mandatory: bool = Field(description='"permits shall be extended" when every condition is met')
    proposed_expires_on: dt.date
    full_hearing_required: bool
    unmet: list[str]
    explanations: list[ExplanationOut]
    flags: list[str]


@operation("permit-extension", DEADLINES, ExtensionIn, ExtensionOut)
def extension(facts: ExtensionIn, cfg: BylawConfig) -> Any:
    """Carver 136: must the permit be extended, to when, and does it need a full hearing (~§ 136-7H)?"""
    if facts.current_expires_on < facts.original_issued_on:
        raise InputError.of("current_expires_on", "cannot be before the original issuance")
    return carver_136_permit.extension_decision(**facts.model_dump(exclude={"settings"}), cfg=cfg)
