"""Which deadlines a permittee's submission satisfies: rule ids per kind and how periods are matched.

No database access: functions take Submission and Deadline rows. Rule ids come from the bylaw engine's
own constants (never spelled out here). Matching, per kind:

- monthly_report: every open deadline whose month (of earliest_on, else latest_on) overlaps the period
  the report covers. A late report still meets its month (met_at after latest_at shows it was late).
- erc_90_day_report: a deadline covers (latest_on - N days, latest_on], N the rule's period. With a
  period_end the report meets the deadline whose period holds it; without, the oldest open deadline whose
  period has begun by the day it was received (an overdue one first, else the current one).
- weekly_self_inspection: the oldest open deadline whose window has begun by the inspection date.
- storm_inspection: a "before" deadline needs the inspection on or before its date; an "after" one on or
  after its date; the oldest such deadline.
- inspection_event_notice: the open notice deadline nearest before the announced event (`event_on`).
- final_report: every open final-report deadline of the permit/site.
- certified_mail_receipt, reinspection_request: no deadline (the latter opens an inspection task).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from functools import cache
from zoneinfo import ZoneInfo

from backend.models import Deadline, Submission
from inspections.deadlines.carver_136_permit import STATUS as NINETY_DAY_REPORT
from inspections.deadlines.carver_247_site import MONTHLY, NOTICE_2WD, STORM, WEEKLY
from inspections.rulepack import load_rulebook, param

MANY = frozenset({"monthly_report", "final_report"})  # kinds that may meet several deadlines at once


@cache
def rule_ids_by_kind() -> dict[str, frozenset[str]]:
    finals = frozenset(r.id for r in load_rulebook() if r.id.endswith("-FINAL-REPORT"))
    return {"weekly_self_inspection": frozenset({WEEKLY}), "storm_inspection": frozenset({STORM}),
            "monthly_report": frozenset({MONTHLY}), "erc_90_day_report": frozenset({NINETY_DAY_REPORT}),
            "inspection_event_notice": frozenset({NOTICE_2WD}), "final_report": finals}


def report_rule_ids() -> frozenset[str]:
    """Every rule id a submission can satisfy (the missing-report escalation looks only at these)."""
    return frozenset().union(*rule_ids_by_kind().values())


def kind_for_rule(rule_id: str) -> str | None:
    return next((k for k, ids in rule_ids_by_kind().items() if rule_id in ids), None)


def covered_on(sub: Submission, tz: str) -> dt.date:
    """The day a submission speaks for: the end of its period, else its first day, else the day received."""
    return sub.period_end or sub.period_start or sub.received_at.astimezone(ZoneInfo(tz)).date()


def in_scope(sub: Submission, deadline: Deadline) -> bool:
    """A permit's deadline is met only by a submission for that permit (or one naming no permit, same
    site); any other deadline by a submission for its site."""
    if deadline.subject_type == "permit" and sub.permit_id is not None:
        return deadline.subject_id == sub.permit_id
    return deadline.site_id == sub.site_id


def _months(start: dt.date, end: dt.date) -> set[tuple[int, int]]:
    return {(y, m) for y in range(start.year, end.year + 1) for m in range(1, 13)
            if (start.year, start.month) <= (y, m) <= (end.year, end.month)}


def _month_of(deadline: Deadline) -> tuple[int, int] | None:
    day = deadline.earliest_on or deadline.latest_on
    return (day.year, day.month) if day else None


def _by_month(sub: Submission, found: Sequence[Deadline], day: dt.date) -> list[Deadline]:
    months = _months(sub.period_start or day, sub.period_end or day)
    return [d for d in found if _month_of(d) in months]


def _by_period(sub: Submission, found: Sequence[Deadline], day: dt.date) -> list[Deadline]:
    days = dt.timedelta(days=param(NINETY_DAY_REPORT, "days"))
    hits = [d for d in found if d.latest_on is not None and d.latest_on - days < day
            and (sub.period_end is None or day <= d.latest_on)]
    return hits[:1]


def _rolling(sub: Submission, found: Sequence[Deadline], day: dt.date) -> list[Deadline]:
    return [d for d in found if d.earliest_on is None or d.earliest_on <= day][:1]


def _storm(sub: Submission, found: Sequence[Deadline], day: dt.date) -> list[Deadline]:
    def fits(d: Deadline) -> bool:
        if d.earliest_on is not None and d.latest_on is None:
            return day >= d.earliest_on
        return d.latest_on is not None and day <= d.latest_on
    return [d for d in found if fits(d)][:1]


def _event_notice(sub: Submission, found: Sequence[Deadline], day: dt.date) -> list[Deadline]:
    before = [d for d in found if sub.event_on and d.latest_on is not None and d.latest_on < sub.event_on]
    return sorted(before, key=lambda d: d.latest_on or dt.date.min)[-1:]


def _every(sub: Submission, found: Sequence[Deadline], day: dt.date) -> list[Deadline]:
    return list(found)


Matcher = Callable[[Submission, Sequence[Deadline], dt.date], list[Deadline]]
MATCHERS: dict[str, Matcher] = {
    "monthly_report": _by_month, "erc_90_day_report": _by_period, "weekly_self_inspection": _rolling,
    "storm_inspection": _storm, "inspection_event_notice": _event_notice, "final_report": _every,
}


def _order(d: Deadline) -> tuple[dt.date, dt.date, str]:
    return (d.latest_on or d.earliest_on or dt.date.max, d.earliest_on or dt.date.min, str(d.id))


def satisfied_by(sub: Submission, open_deadlines: Sequence[Deadline], tz: str) -> list[Deadline]:
    """The open deadlines this submission meets (oldest first); none for a withdrawn one."""
    ids = rule_ids_by_kind().get(sub.kind)
    if sub.status != "recorded" or not ids:
        return []
    found = sorted((d for d in open_deadlines
                    if d.status == "open" and d.rule_id in ids and in_scope(sub, d)), key=_order)
    return MATCHERS[sub.kind](sub, found, covered_on(sub, tz))


def available(sub: Submission) -> bool:
    """May this recorded submission still meet a deadline? One-deadline kinds are used up once they have."""
    return sub.status == "recorded" and (sub.kind in MANY or not sub.satisfied_deadline_ids)
