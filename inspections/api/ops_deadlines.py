"""Operations on clocks: the deadlines an event starts, and the checks of acts against them."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from pydantic import Field

from inspections.api.events import EventFacts, spec_for
from inspections.api.out import DeadlineOut, ExplanationOut
from inspections.api.registry import Day, In, InputError, Instant, Out, UtcInstant, operation
from inspections.calendar import BusinessCalendar
from inspections.config import BylawConfig
from inspections.deadlines import carver_136_permit, carver_247, carver_247_site, erc_review
from inspections.deadlines.day_counts import calendar_for
from inspections.notice_dates import NOTICE_RULES, NoticeDateError, notice_in_time

DEADLINES = "deadlines and checks"


class CalculationOut(Out):
    event: str
    chapter: str
    deadlines: list[DeadlineOut]


@operation("deadlines", DEADLINES, EventFacts, CalculationOut)
def deadlines(facts: EventFacts, cfg: BylawConfig) -> dict[str, Any]:
    """The deadlines an event starts under a chapter, each with its rule, citation, arithmetic and facts.

    Every event function of the engine is listed (GET /api/v1/law lists events and the facts each needs). A
    needed fact that is missing is refused, naming it: nothing is assumed (e.g. the Open Meeting Law posting
    time of a cease-and-desist review is never taken to be the order time)."""
    spec = spec_for(facts)
    spec.check(facts)
    cal = calendar_for(cfg, None)
    return {"event": facts.event, "chapter": facts.chapter, "deadlines": list(spec.run(facts, cfg, cal))}


class NoticeIn(In):
    rule_id: Literal[tuple(sorted(NOTICE_RULES))]  # type: ignore[valid-type]
    event_on: Day = Field(description="the hearing, event or expiry the notice must precede")
    mailed_on: Day | None = None
    received_on: Day | None = None
    hand_delivered_on: Day | None = None


class NoticeDateOut(Out):
    dated_on: dt.date
    by: str
    explanation: ExplanationOut


class NoticeCheckOut(Out):
    rule_id: str
    on_time: bool
    dated: NoticeDateOut
    deadline: DeadlineOut
    days_late: int = Field(description="working days for rules counted in working days")
    days_before_event: int
    explanation: ExplanationOut


@operation("notice-in-time", DEADLINES, NoticeIn, NoticeCheckOut)
def notice(facts: NoticeIn, cfg: BylawConfig) -> Any:
    """Was a notice given in time? Dated by `notice_date_basis` (CONV-NOTICE-DATE, AMB-53).

    A notice to a municipal body counts from its receipt, an applicant's certified mail to third parties from
    its mailing, a hand delivery from the day it was handed over; the date the basis needs is required."""
    try:
        return notice_in_time(
            facts.rule_id,
            facts.event_on,
            mailed_on=facts.mailed_on,
            received_on=facts.received_on,
            hand_delivered_on=facts.hand_delivered_on,
            cfg=cfg,
        )
    except NoticeDateError as exc:
        raise InputError.of(exc.field, str(exc)) from exc


class InspectionNoticeIn(In):
    inspection_event: int = Field(ge=1, le=6, description="Carver 247 inspection event (1)-(6)")
    event_on: Day
    received_on: Day


class InspectionNoticeOut(Out):
    on_time: bool
    working_days_late: int
    deadline: DeadlineOut
    explanation: ExplanationOut


@operation("inspection-notice", DEADLINES, InspectionNoticeIn, InspectionNoticeOut)
def inspection_notice(facts: InspectionNoticeIn, cfg: BylawConfig) -> Any:
    """Carver 247: was the Board notified two working days before inspection event (1)-(6)? (S29)"""
    which = carver_247_site.InspectionEvent(f"CARVER-247-INSP-EVT{facts.inspection_event}")
    return carver_247_site.inspection_notice_check(which, facts.event_on, facts.received_on, cfg=cfg)


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


class CalendarIn(In):
    on: Day
    add_business_days: int | None = Field(None, ge=-400, le=400)
    until_on: Day | None = None
    hours_from_at: Instant | None = Field(
        None, description="count hours on open days from this instant (the Open Meeting Law's 48 hours)"
    )
    hours: int | None = Field(None, ge=0, le=2000)


class CalendarOut(Out):
    on: dt.date
    business_day: bool
    legal_holiday: bool
    rolls_c4s9: bool
    rolled_to: dt.date
    previous_business_day: dt.date
    business_days_added: dt.date | None
    business_days_until: int | None
    hours_counted_to: UtcInstant | None


@operation("calendar", DEADLINES, CalendarIn, CalendarOut)
def calendar(facts: CalendarIn, cfg: BylawConfig) -> Any:
    """The town's business-day calendar at a date (CONV-BD, CONV-ROLL, EXT-OML-48H, `extra_closed_days`)."""
    if (facts.hours is None) != (facts.hours_from_at is None):
        raise InputError.of("hours", "give hours and hours_from_at together")
    cal: BusinessCalendar = calendar_for(cfg, None)
    added = (
        None if facts.add_business_days is None else cal.add_business_days(facts.on, facts.add_business_days)
    )
    until = None if facts.until_on is None else cal.business_days_between(facts.on, facts.until_on)
    counted = (
        None
        if facts.hours_from_at is None or facts.hours is None
        else cal.add_business_hours_excluding_closed_days(facts.hours_from_at, facts.hours)
    )
    on = facts.on
    return {
        "on": on,
        "business_day": cal.is_business_day(on),
        "legal_holiday": cal.is_holiday(on),
        "rolls_c4s9": cal.rolls_c4s9(on),
        "rolled_to": cal.roll_c4s9(on),
        "previous_business_day": cal.previous_business_day(on),
        "business_days_added": added,
        "business_days_until": until,
        "hours_counted_to": counted,
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
