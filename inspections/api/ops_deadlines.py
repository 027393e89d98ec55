"""Operations on clocks: the deadlines an event starts, and the checks of acts against them."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from pydantic import Field

from inspections.api.events import EventFacts, spec_for
from inspections.api.out import DeadlineOut, ExplanationOut
from inspections.api.registry import Day, In, InputError, Instant, Out, UtcInstant, operation
from inspections.calendar import BusinessCalendar
from inspections.config import BylawConfig
from inspections.deadlines import carver_247_site
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
