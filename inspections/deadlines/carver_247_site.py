"""Carver ch. 247 site supervision (~§ 247-8, 247-9): inspection notices, self-inspections, monthly reports.

- each of the six inspection events -> Board notified at least 2 working days before
  (CARVER-247-INSP-NOTICE-2WD, CONV-BD-BEFORE, EXAMPLES S29; "working day" = Mon-Fri less MA holidays and
  configured closures, AMB-14)
- start of land disturbance -> preconstruction meeting and surety before it (-PRECON-MEETING, -SURETY;
  CONV-BEFORE)
- last self-inspection -> next within 7 days, or the permit's interval (-SELF-INSP-WEEKLY, AMB-15)
- anticipated storm -> inspections before its start and after its end (-SELF-INSP-STORM, AMB-15)
- each calendar month of an active permit -> a monthly report (-MONTHLY-REPORT, AMB-15)
"""

from __future__ import annotations

import calendar as _cal
import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from inspections.calendar import BusinessCalendar, end_of_day, local_date
from inspections.config import DEFAULT, BylawConfig
from inspections.deadlines.core import Deadline, DeadlineKind
from inspections.deadlines.day_counts import calendar_for, fmt, fmt_at
from inspections.explain import Explanation
from inspections.rulepack import param, rule

NOTICE_2WD = "CARVER-247-INSP-NOTICE-2WD"
PRECON = "CARVER-247-PRECON-MEETING"
SURETY = "CARVER-247-SURETY"
WEEKLY = "CARVER-247-SELF-INSP-WEEKLY"
STORM = "CARVER-247-SELF-INSP-STORM"
MONTHLY = "CARVER-247-MONTHLY-REPORT"


class InspectionEvent(StrEnum):
    """The six events of ~§ 247-8B(1)-(6); the value is the event's RULES.md id."""

    CONTROLS_IN_PLACE = "CARVER-247-INSP-EVT1"
    CLEARING_DONE = "CARVER-247-INSP-EVT2"
    ROUGH_GRADING_DONE = "CARVER-247-INSP-EVT3"
    FINAL_GRADING_DONE = "CARVER-247-INSP-EVT4"
    SEASON_CLOSE = "CARVER-247-INSP-EVT5"
    FINAL_COMPLETION = "CARVER-247-INSP-EVT6"


def _skipped(cal: BusinessCalendar, latest: dt.date, event_on: dt.date) -> str:
    closed = [fmt(d) for d in cal.closed_weekdays_between(latest, event_on)]
    return f" (skipped closed weekdays: {', '.join(closed)})" if closed else ""


def deadlines_for_inspection_event(
    event: InspectionEvent,
    event_on: dt.date,
    *,
    cfg: BylawConfig = DEFAULT,
    cal: BusinessCalendar | None = None,
) -> list[Deadline]:
    """Latest day the Board must be notified: N working days back from the event, excluding it."""
    cal = calendar_for(cfg, cal)
    n = param(NOTICE_2WD, "business_days")
    counted = cal.business_days_before(event_on, n)
    arithmetic = (
        f"event {fmt(event_on)} - {n} working days = {fmt(counted)}{_skipped(cal, counted, event_on)}"
    )
    latest = counted
    if cfg["atleast_clear_days"]:
        latest = counted - dt.timedelta(days=1)
        arithmetic += f"; clear days: before it, {fmt(latest)}"
    advisory = None if cal.is_business_day(latest) else cal.previous_business_day(latest)
    if advisory is not None:
        arithmetic += f"; practical latest office day {fmt(advisory)}"
    label = f"notify the Planning Board before {event.value}: {rule(event.value).summary}"
    return [
        Deadline(
            DeadlineKind.MUST_BY,
            NOTICE_2WD,
            label,
            "permittee",
            Explanation.of(NOTICE_2WD, arithmetic),
            latest_on=latest,
            latest_at=end_of_day(latest),
            advisory_on=advisory,
            facts=(("event_on", event_on), ("working_days_before", n), ("counted_back_to", counted),
                   ("skipped_closed_weekdays", cal.closed_weekdays_between(counted, event_on)),
                   ("clear_days", cfg["atleast_clear_days"])),
        )
    ]


@dataclass(frozen=True)
class NoticeCheck:
    on_time: bool
    working_days_late: int
    deadline: Deadline
    explanation: Explanation


def inspection_notice_check(
    event: InspectionEvent,
    event_on: dt.date,
    received_on: dt.date,
    *,
    cfg: BylawConfig = DEFAULT,
    cal: BusinessCalendar | None = None,
) -> NoticeCheck:
    """Was the notice received in time? If not, by how many working days (S29 'late by one working day')."""
    cal = calendar_for(cfg, cal)
    deadline = deadlines_for_inspection_event(event, event_on, cfg=cfg, cal=cal)[0]
    assert deadline.latest_on is not None
    late = (
        cal.business_days_between(deadline.latest_on, received_on) if received_on > deadline.latest_on else 0
    )
    arithmetic = f"{deadline.explanation.arithmetic}; received {fmt(received_on)}: " + (
        f"late by {late} working day(s)" if received_on > deadline.latest_on else "on time"
    )
    gap = (("received_on", received_on), ("working_days_late", late),
           ("working_days_before_event", cal.business_days_between(received_on, event_on)
            if received_on < event_on else 0))
    return NoticeCheck(
        received_on <= deadline.latest_on, late, deadline.with_facts(**dict(gap)),
        Explanation.of(NOTICE_2WD, arithmetic),
    )


def deadlines_for_commencement(start_on: dt.date, *, surety_required: bool) -> list[Deadline]:
    """Before land disturbance starts: the preconstruction meeting, and the surety if the Board wants one."""
    flags = ("CONV-BEFORE",)
    wanted = [(PRECON, "hold the preconstruction meeting with the Planning Board", "applicant")]
    if surety_required:
        wanted.append((SURETY, "post the surety", "permittee"))
    return [
        Deadline(
            DeadlineKind.MUST_BY,
            rid,
            f"{label} before work starts",
            binds,
            Explanation.of(rid, f"before the start {fmt(start_on)} (same date passes, flagged)", flags),
            latest_on=start_on,
            flags=flags,
        )
        for rid, label, binds in wanted
    ]


def next_self_inspection(last_on: dt.date, *, permit_interval_days: int | None = None) -> list[Deadline]:
    """No less than weekly (<= 7 days apart) unless the permit specifies an interval (AMB-15: no anchor)."""
    days = permit_interval_days if permit_interval_days is not None else param(WEEKLY, "days")
    source = "permit interval" if permit_interval_days is not None else "weekly"
    due = last_on + dt.timedelta(days=days)
    explanation = Explanation.of(
        WEEKLY, f"last inspection {fmt(last_on)} + {days} days ({source}) = {fmt(due)}", ("AMB-15",)
    )
    return [
        Deadline(
            DeadlineKind.MUST_BY,
            WEEKLY,
            "inspect and document all control measures",
            "permittee",
            explanation,
            latest_on=due,
            latest_at=end_of_day(due),
            flags=("AMB-15",),
        )
    ]


def deadlines_for_storm(storm_start_at: dt.datetime, storm_end_at: dt.datetime) -> list[Deadline]:
    """An inspection strictly before the anticipated storm starts, and one after it ends (AMB-15)."""
    flags = ("AMB-15",)
    before = Explanation.of(STORM, f"strictly before the storm starts {fmt_at(storm_start_at)}", flags)
    after = Explanation.of(STORM, f"after the storm ends {fmt_at(storm_end_at)}", flags)
    return [
        Deadline(
            DeadlineKind.MUST_BY,
            STORM,
            "inspect before the storm (strictly earlier)",
            "permittee",
            before,
            latest_on=local_date(storm_start_at),
            latest_at=storm_start_at,
            flags=flags,
        ),
        Deadline(
            DeadlineKind.NOT_BEFORE,
            STORM,
            "inspect after the storm",
            "permittee",
            after,
            earliest_on=local_date(storm_end_at),
            earliest_at=storm_end_at,
            flags=flags,
        ),
    ]


@dataclass(frozen=True)
class StormCheck:
    before_ok: bool
    after_ok: bool
    explanation: Explanation


def storm_inspections_check(
    storm_start_at: dt.datetime, storm_end_at: dt.datetime, inspections_at: Sequence[dt.datetime]
) -> StormCheck:
    """Pre-storm: some inspection < start; post-storm: some inspection > end (instants compared strictly,
    READ-247-STORM-STRICT)."""
    before = any(t < storm_start_at for t in inspections_at)
    after = any(t > storm_end_at for t in inspections_at)
    arithmetic = (
        f"storm {fmt_at(storm_start_at)} to {fmt_at(storm_end_at)}: inspection before "
        f"{'found' if before else 'missing'}, after {'found' if after else 'missing'}"
    )
    return StormCheck(before, after, Explanation.of(STORM, arithmetic, ("AMB-15",)))


def is_anticipated_storm(forecast_in: float, *, cfg: BylawConfig = DEFAULT) -> bool | None:
    """AMB-15: with `carver247.storm_threshold_in` set, forecast >= threshold; else None (manual entry)."""
    threshold = cfg["carver247.storm_threshold_in"]
    return None if threshold is None else forecast_in >= threshold


def monthly_report_deadline(month_on: dt.date, *, cfg: BylawConfig = DEFAULT) -> Deadline:
    """The report for the calendar month of `month_on`: dated within that month (by its last day), or by the
    configured `carver247.monthly_report_due_day` of that month (clamped to the month's last day)."""
    last = _cal.monthrange(month_on.year, month_on.month)[1]
    due_day = cfg["carver247.monthly_report_due_day"]
    due = month_on.replace(day=last if due_day is None else min(due_day, last))
    basis = "last day of the month" if due_day is None else f"configured due day {due_day}"
    explanation = Explanation.of(
        MONTHLY, f"report for {month_on:%Y-%m} due {fmt(due)} ({basis})", ("AMB-15",)
    )
    return Deadline(
        DeadlineKind.MUST_BY,
        MONTHLY,
        f"submit the monthly report for {month_on:%Y-%m}",
        "permittee",
        explanation,
        earliest_on=month_on.replace(day=1),
        latest_on=due,
        latest_at=end_of_day(due),
        flags=("AMB-15",),
    )


def missing_monthly_reports(
    active_from: dt.date, as_of: dt.date, reported_on: Iterable[dt.date], *, cfg: BylawConfig = DEFAULT
) -> list[Deadline]:
    """Months whose due day has passed (before `as_of`, not before `active_from`) with too few reports
    dated between the 1st of the month and the due day (READ-247-MONTHLY-WINDOW)."""
    reports = sorted(reported_on)
    needed = param(MONTHLY, "reports_per_month")
    missing: list[Deadline] = []
    month = active_from.replace(day=1)
    while True:
        deadline = monthly_report_deadline(month, cfg=cfg)
        due = deadline.latest_on
        assert due is not None
        if due >= as_of:
            return missing
        if due >= active_from and len([d for d in reports if month <= d <= due]) < needed:
            missing.append(deadline)
        month = (month + dt.timedelta(days=32)).replace(day=1)
