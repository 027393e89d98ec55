"""Carver ch. 247 (Planning Board) deadlines, read from the by-law: RULES.md §§ 2.2, 2.3 (B(12)), 2.4, 2.5.

Every expected date below was worked out from the by-law text and RULES.md (§0 conventions, EXAMPLES S29
and S30) before the code was written. Calendar: 2026 MA holidays of RULES §0.3.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

import pytest

from inspections.calendar import TZ, BusinessCalendar
from inspections.config import DEFAULT
from inspections.deadlines import carver_247 as pb
from inspections.deadlines import carver_247_site as site
from inspections.deadlines.core import DeadlineKind

D = dt.date
ROLL = DEFAULT.with_overrides(roll_c4s9=True)
CLEAR = DEFAULT.with_overrides(atleast_clear_days=True)
SAT_FRI = DEFAULT.with_overrides(saturday_holiday_observed_friday=True)


def at(y: int, m: int, d: int, hh: int = 0, mm: int = 0) -> dt.datetime:
    return dt.datetime(y, m, d, hh, mm, tzinfo=TZ)


@dataclass(frozen=True)
class Case:
    rule_id: str
    name: str
    given: dict[str, Any]
    expected: Any
    cfg: Any = DEFAULT
    extra: dict[str, Any] = field(default_factory=dict)


def cases(table: list[Case]) -> list[Any]:
    return [pytest.param(c, id=f"{c.rule_id} {c.name}") for c in table]


def one(deadlines, rule_id):
    found = [d for d in deadlines if d.rule_id == rule_id]
    assert len(found) == 1, f"expected one {rule_id}, got {found}"
    d = found[0]
    assert d.explanation.rule_id == rule_id and d.citation.startswith("~§ 247-")
    return d


# ---------------------------------------------------------------- ~§ 247-6D, G: hearing and decision
HEARING_CASES = [
    Case("CARVER-247-HEARING-21D", "complete Mon 2026-03-02", {"received_on": D(2026, 3, 2)}, D(2026, 3, 23)),
    Case(
        "CARVER-247-HEARING-21D",
        "lands on Christmas, no roll",
        {"received_on": D(2026, 12, 4)},
        D(2026, 12, 25),
    ),
    Case(
        "CARVER-247-HEARING-21D",
        "Christmas rolls to Mon 12-28",
        {"received_on": D(2026, 12, 4)},
        D(2026, 12, 28),
        ROLL,
    ),
    Case(
        "CARVER-247-HEARING-21D",
        "year end Sat 2027-01-02 never rolls",
        {"received_on": D(2026, 12, 12)},
        D(2027, 1, 2),
        ROLL,
    ),
]


@pytest.mark.parametrize("case", cases(HEARING_CASES))
def test_hearing_opens_within_21_days_of_complete_application(case):
    d = one(pb.deadlines_for_complete_application(**case.given, cfg=case.cfg), case.rule_id)
    assert (d.kind, d.binds, d.latest_on) == (DeadlineKind.MUST_BY, "planning_board", case.expected)
    assert d.latest_at == dt.datetime.combine(case.expected, dt.time.max, tzinfo=TZ)
    assert "AMB-13" in d.flags


NOTICE_CASES = [
    Case(
        "CARVER-247-HEARING-NOTICE-7D",
        "hearing Tue 03-24, Evacuation Day is an office day",
        {"hearing_on": D(2026, 3, 24)},
        (D(2026, 3, 17), None),
    ),
    Case(
        "CARVER-247-HEARING-NOTICE-7D",
        "Patriots Day advisory Fri 04-17",
        {"hearing_on": D(2026, 4, 27)},
        (D(2026, 4, 20), D(2026, 4, 17)),
    ),
    Case(
        "CARVER-247-HEARING-NOTICE-7D",
        "Thanksgiving advisory Wed 11-25",
        {"hearing_on": D(2026, 12, 3)},
        (D(2026, 11, 26), D(2026, 11, 25)),
    ),
    Case(
        "CARVER-247-HEARING-NOTICE-7D",
        "clear days: Mon 03-16",
        {"hearing_on": D(2026, 3, 24)},
        (D(2026, 3, 16), None),
        CLEAR,
    ),
]


@pytest.mark.parametrize("case", cases(NOTICE_CASES))
def test_hearing_notice_by_each_channel_at_least_7_days_before(case):
    found = pb.deadlines_for_hearing(**case.given, cfg=case.cfg)
    assert [d.rule_id for d in found] == [case.rule_id] * 3
    assert {d.label for d in found} == {
        f"hearing notice by {c}" for c in ("publication", "posting", "first-class mail to abutters")
    }
    assert {(d.latest_on, d.advisory_on) for d in found} == {case.expected}


DECISION_CASES = [
    # (decision deadline, deemed approval from)
    Case(
        "CARVER-247-DECISION-21D",
        "close Tue 03-10",
        {"closed_on": D(2026, 3, 10)},
        (D(2026, 3, 31), D(2026, 4, 1)),
    ),
    Case(
        "CARVER-247-DECISION-21D",
        "agreed extension to 04-30",
        {"closed_on": D(2026, 3, 10), "extended_to": D(2026, 4, 30)},
        (D(2026, 4, 30), D(2026, 5, 1)),
    ),
    Case(
        "CARVER-247-CONSTRUCTIVE-APPROVAL",
        "year end: deemed from New Year's Day",
        {"closed_on": D(2026, 12, 10)},
        (D(2026, 12, 31), D(2027, 1, 1)),
    ),
    Case(
        "CARVER-247-CONSTRUCTIVE-APPROVAL",
        "Veterans Day, no roll",
        {"closed_on": D(2026, 10, 21)},
        (D(2026, 11, 11), D(2026, 11, 12)),
    ),
    Case(
        "CARVER-247-CONSTRUCTIVE-APPROVAL",
        "Veterans Day rolls",
        {"closed_on": D(2026, 10, 21)},
        (D(2026, 11, 12), D(2026, 11, 13)),
        ROLL,
    ),
]


@pytest.mark.parametrize("case", cases(DECISION_CASES))
def test_final_action_within_21_days_of_close_else_deemed_approval(case):
    found = pb.deadlines_for_hearing_close(**case.given, cfg=case.cfg)
    decision = one(found, "CARVER-247-DECISION-21D")
    deemed = one(found, "CARVER-247-CONSTRUCTIVE-APPROVAL")
    assert (decision.latest_on, deemed.earliest_on) == case.expected
    assert deemed.kind is DeadlineKind.NOT_BEFORE and "AMB-13" in deemed.flags
    assert deemed.earliest_at == dt.datetime.combine(case.expected[1], dt.time(), tzinfo=TZ)


DEEMED_CASES = [
    Case(
        "CARVER-247-CONSTRUCTIVE-APPROVAL",
        "last day of the 21, no action: not yet",
        {"closed_on": D(2026, 3, 10), "as_of": D(2026, 3, 31)},
        (False, None),
    ),
    Case(
        "CARVER-247-CONSTRUCTIVE-APPROVAL",
        "day 22, no action: deemed approved",
        {"closed_on": D(2026, 3, 10), "as_of": D(2026, 4, 1)},
        (True, D(2026, 4, 1)),
    ),
    Case(
        "CARVER-247-CONSTRUCTIVE-APPROVAL",
        "acted on day 20",
        {"closed_on": D(2026, 3, 10), "as_of": D(2026, 4, 5), "final_action_on": D(2026, 3, 30)},
        (False, None),
    ),
    Case(
        "CARVER-247-CONSTRUCTIVE-APPROVAL",
        "late action does not undo it",
        {"closed_on": D(2026, 3, 10), "as_of": D(2026, 4, 5), "final_action_on": D(2026, 4, 2)},
        (True, D(2026, 4, 1)),
    ),
    Case(
        "CARVER-247-CONSTRUCTIVE-APPROVAL",
        "inside an agreed extension",
        {"closed_on": D(2026, 3, 10), "as_of": D(2026, 4, 5), "extended_to": D(2026, 4, 30)},
        (False, None),
    ),
]


@pytest.mark.parametrize("case", cases(DEEMED_CASES))
def test_deemed_approval_status(case):
    result = pb.deemed_approval(**case.given, cfg=case.cfg)
    assert (result.deemed_approved, result.approved_from) == case.expected
    assert result.explanation.rule_id == case.rule_id and "AMB-13" in result.explanation.flags


CERTIFICATION_CASES = [
    Case(
        "CARVER-247-CLERK-CERTIFICATION",
        "certified Mon 04-06: issue from 04-06",
        {"closed_on": D(2026, 3, 10), "certified_on": D(2026, 4, 6)},
        (D(2026, 4, 6), None),
    ),
    Case(
        "CARVER-247-CLERK-CERTIFICATION",
        "certified before the time passed",
        {"closed_on": D(2026, 3, 10), "certified_on": D(2026, 3, 31)},
        (None, "before"),
    ),
]


@pytest.mark.parametrize("case", cases(CERTIFICATION_CASES))
def test_permit_issues_only_after_clerk_certifies_time_passed(case):
    d = one(pb.deadlines_for_clerk_certification(**case.given, cfg=case.cfg), case.rule_id)
    earliest, reason_word = case.expected
    assert (d.kind, d.binds, d.earliest_on) == (DeadlineKind.NOT_BEFORE, "planning_board", earliest)
    assert (d.empty_reason is None) if reason_word is None else (reason_word in d.empty_reason)


ORDER_CASES = [
    Case(
        "CARVER-247-FEES-BEFORE-REVIEW",
        "review may start the day fees are paid",
        {"paid_on": D(2026, 3, 5)},
        D(2026, 3, 5),
    ),
]


@pytest.mark.parametrize("case", cases(ORDER_CASES))
def test_review_not_before_fees_paid(case):
    d = one(pb.deadlines_for_review_fee(**case.given), case.rule_id)
    assert (d.kind, d.earliest_on) == (DeadlineKind.NOT_BEFORE, case.expected)


BEFORE_CASES = [
    Case(
        "CARVER-247-CHANGE-NOTICE",
        "notice the day before",
        {"notice": D(2026, 6, 9), "change": D(2026, 6, 10)},
        (True, ()),
    ),
    Case(
        "CARVER-247-CHANGE-NOTICE",
        "same date passes, flagged",
        {"notice": D(2026, 6, 10), "change": D(2026, 6, 10)},
        (True, ("CONV-BEFORE",)),
    ),
    Case(
        "CARVER-247-CHANGE-NOTICE",
        "instants: one minute after is late",
        {"notice": at(2026, 6, 10, 8, 1), "change": at(2026, 6, 10, 8, 0)},
        (False, ()),
    ),
    Case(
        "CARVER-247-CHANGE-NOTICE",
        "instants: one minute before",
        {"notice": at(2026, 6, 10, 7, 59), "change": at(2026, 6, 10, 8, 0)},
        (True, ()),
    ),
]


@pytest.mark.parametrize("case", cases(BEFORE_CASES))
def test_change_notice_before_the_change(case):
    result = pb.check_change_notice(**case.given)
    assert (result.ok, result.flags) == case.expected
    assert result.explanation.rule_id == case.rule_id


# ---------------------------------------------------------------- ~§ 247-7B(12): stabilization (S30)
STABILIZE_CASES = [
    Case("CARVER-247-STABILIZE-14D", "S30 ceased Fri 05-01", {"ceased_on": D(2026, 5, 1)}, D(2026, 5, 15)),
    Case("CARVER-247-STABILIZE-14D", "S30 year end", {"ceased_on": D(2026, 12, 24)}, D(2027, 1, 7)),
    Case("CARVER-247-STABILIZE-14D", "month end Feb", {"ceased_on": D(2026, 2, 20)}, D(2026, 3, 6)),
]


@pytest.mark.parametrize("case", cases(STABILIZE_CASES))
def test_stabilize_no_more_than_14_days_after_cessation(case):
    d = one(pb.deadlines_for_cessation(**case.given, cfg=case.cfg), case.rule_id)
    assert (d.kind, d.binds, d.latest_on) == (DeadlineKind.MUST_BY, "permittee", case.expected)


BREACH_CASES = [
    Case(
        "CARVER-247-STABILIZE-14D",
        "S30 Sat 05-16 unstabilized: violation from 05-16",
        {"ceased_on": D(2026, 5, 1), "inspected_on": D(2026, 5, 16), "stabilized": False},
        D(2026, 5, 16),
    ),
    Case(
        "CARVER-247-STABILIZE-14D",
        "inspected on day 14: no violation yet",
        {"ceased_on": D(2026, 5, 1), "inspected_on": D(2026, 5, 15), "stabilized": False},
        None,
    ),
    Case(
        "CARVER-247-STABILIZE-14D",
        "stabilized: no violation",
        {"ceased_on": D(2026, 5, 1), "inspected_on": D(2026, 5, 20), "stabilized": True},
        None,
    ),
    Case(
        "CARVER-247-STABILIZE-14D",
        "found later: still from day 15",
        {"ceased_on": D(2026, 5, 1), "inspected_on": D(2026, 5, 22), "stabilized": False},
        D(2026, 5, 16),
    ),
]


@pytest.mark.parametrize("case", cases(BREACH_CASES))
def test_unstabilized_after_deadline_is_a_violation_from_the_next_day(case):
    breach = pb.stabilization_breach(**case.given, cfg=case.cfg)
    assert (breach.violation_from if breach else None) == case.expected
    if breach:
        assert breach.rule_id == case.rule_id == breach.explanation.rule_id


# ---------------------------------------------------------------- ~§ 247-11B(1): cease and desist
CEASE_CASES = [
    Case(
        "CARVER-247-ORDER-CEASE-DESIST",
        "open until compliance: no end date",
        {"issued_at": at(2026, 5, 18, 9)},
        None,
    ),
    Case(
        "CARVER-247-ORDER-CEASE-DESIST",
        "compliance found Wed 05-20",
        {"issued_at": at(2026, 5, 18, 9), "compliance_found_on": D(2026, 5, 20)},
        D(2026, 5, 20),
    ),
]


@pytest.mark.parametrize("case", cases(CEASE_CASES))
def test_cease_and_desist_lasts_until_compliance(case):
    found = pb.deadlines_for_cease_and_desist(**case.given)
    d = one(found, case.rule_id)
    assert (d.kind, d.binds, d.earliest_on) == (DeadlineKind.NOT_BEFORE, "permittee", case.expected)
    assert all("APPEAL" not in x.rule_id for x in found)  # ~§ 247-11E: orders final, no appeal clock


# ---------------------------------------------------------------- ~§ 247-8B: two-working-day notices (S29)
EVT = site.InspectionEvent
NOTICE_2WD_CASES = [
    Case(
        "CARVER-247-INSP-EVT1",
        "S29 Tue 04-21 Patriots Day",
        {"event": EVT.CONTROLS_IN_PLACE, "event_on": D(2026, 4, 21)},
        D(2026, 4, 16),
    ),
    Case(
        "CARVER-247-INSP-EVT2",
        "S29 Mon 06-22 Juneteenth, Bunker Hill is a working day",
        {"event": EVT.CLEARING_DONE, "event_on": D(2026, 6, 22)},
        D(2026, 6, 17),
    ),
    Case(
        "CARVER-247-INSP-EVT3",
        "S29 Tue 05-26 Memorial Day",
        {"event": EVT.ROUGH_GRADING_DONE, "event_on": D(2026, 5, 26)},
        D(2026, 5, 21),
    ),
    Case(
        "CARVER-247-INSP-EVT4",
        "S29 Fri 11-27 Thanksgiving",
        {"event": EVT.FINAL_GRADING_DONE, "event_on": D(2026, 11, 27)},
        D(2026, 11, 24),
    ),
    Case(
        "CARVER-247-INSP-EVT5",
        "S29 Tue 07-07 Saturday holiday not shifted",
        {"event": EVT.SEASON_CLOSE, "event_on": D(2026, 7, 7)},
        D(2026, 7, 3),
    ),
    Case(
        "CARVER-247-INSP-EVT5",
        "S29 alt Tue 07-07 Saturday holiday on Fri",
        {"event": EVT.SEASON_CLOSE, "event_on": D(2026, 7, 7)},
        D(2026, 7, 2),
        SAT_FRI,
    ),
    Case(
        "CARVER-247-INSP-EVT6",
        "S29 Wed 07-08",
        {"event": EVT.FINAL_COMPLETION, "event_on": D(2026, 7, 8)},
        D(2026, 7, 6),
    ),
    Case(
        "CARVER-247-INSP-EVT6",
        "S29 alt Wed 07-08",
        {"event": EVT.FINAL_COMPLETION, "event_on": D(2026, 7, 8)},
        D(2026, 7, 6),
        SAT_FRI,
    ),
    Case(
        "CARVER-247-INSP-NOTICE-2WD",
        "year end: Jan 1 skipped",
        {"event": EVT.CONTROLS_IN_PLACE, "event_on": D(2027, 1, 4)},
        D(2026, 12, 30),
    ),
    Case(
        "CARVER-247-INSP-NOTICE-2WD",
        "Sat 2028-01-01, default",
        {"event": EVT.CONTROLS_IN_PLACE, "event_on": D(2028, 1, 3)},
        D(2027, 12, 30),
    ),
    Case(
        "CARVER-247-INSP-NOTICE-2WD",
        "Sat 2028-01-01 observed Fri 2027-12-31",
        {"event": EVT.CONTROLS_IN_PLACE, "event_on": D(2028, 1, 3)},
        D(2027, 12, 29),
        SAT_FRI,
    ),
    Case(
        "CARVER-247-INSP-NOTICE-2WD",
        "clear days",
        {"event": EVT.CONTROLS_IN_PLACE, "event_on": D(2026, 4, 21)},
        D(2026, 4, 15),
        CLEAR,
    ),
    Case(
        "CARVER-247-INSP-NOTICE-2WD",
        "AMB-14 town hall closed Fri 04-17",
        {"event": EVT.CONTROLS_IN_PLACE, "event_on": D(2026, 4, 21)},
        D(2026, 4, 15),
        DEFAULT.with_overrides(extra_closed_days=("2026-04-17",)),
    ),
]


@pytest.mark.parametrize("case", cases(NOTICE_2WD_CASES))
def test_notice_at_least_two_working_days_before_each_event(case):
    d = one(site.deadlines_for_inspection_event(**case.given, cfg=case.cfg), "CARVER-247-INSP-NOTICE-2WD")
    assert (d.kind, d.binds, d.latest_on) == (DeadlineKind.MUST_BY, "permittee", case.expected)
    assert case.given["event"].value in d.label
    assert BusinessCalendar.from_config(case.cfg).is_business_day(d.latest_on)


LATE_CASES = [
    Case(
        "CARVER-247-INSP-NOTICE-2WD",
        "S29 extra: Fri 04-17 late by one working day",
        {"event_on": D(2026, 4, 21), "received_on": D(2026, 4, 17)},
        (False, 1),
    ),
    Case(
        "CARVER-247-INSP-NOTICE-2WD",
        "Thu 04-16 on time",
        {"event_on": D(2026, 4, 21), "received_on": D(2026, 4, 16)},
        (True, 0),
    ),
    Case(
        "CARVER-247-INSP-NOTICE-2WD",
        "received on the holiday: still one",
        {"event_on": D(2026, 4, 21), "received_on": D(2026, 4, 20)},
        (False, 1),
    ),
    Case(
        "CARVER-247-INSP-NOTICE-2WD",
        "received on event day: two",
        {"event_on": D(2026, 4, 21), "received_on": D(2026, 4, 21)},
        (False, 2),
    ),
]


@pytest.mark.parametrize("case", cases(LATE_CASES))
def test_late_inspection_notice_counts_working_days_late(case):
    check = site.inspection_notice_check(EVT.CONTROLS_IN_PLACE, **case.given, cfg=case.cfg)
    assert (check.on_time, check.working_days_late) == case.expected
    assert check.deadline.rule_id == case.rule_id


# ---------------------------------------------------------------- ~§ 247-8A, ~§ 247-9: before starting
START_CASES = [
    Case(
        "CARVER-247-PRECON-MEETING", "meet before Mon 06-01 start", {"start_on": D(2026, 6, 1)}, D(2026, 6, 1)
    ),
    Case("CARVER-247-SURETY", "surety posted by the start", {"start_on": D(2026, 6, 1)}, D(2026, 6, 1)),
]


@pytest.mark.parametrize("case", cases(START_CASES))
def test_before_land_disturbance_starts(case):
    found = site.deadlines_for_commencement(**case.given, surety_required=True)
    d = one(found, case.rule_id)
    assert (d.kind, d.latest_on) == (DeadlineKind.MUST_BY, case.expected)
    assert "CONV-BEFORE" in d.flags
    assert [x.rule_id for x in site.deadlines_for_commencement(**case.given, surety_required=False)] == [
        "CARVER-247-PRECON-MEETING"
    ]


# ---------------------------------------------------------------- ~§ 247-8C: self-inspections, reports
WEEKLY_CASES = [
    Case("CARVER-247-SELF-INSP-WEEKLY", "Mon 03-02 -> Mon 03-09", {"last_on": D(2026, 3, 2)}, D(2026, 3, 9)),
    Case("CARVER-247-SELF-INSP-WEEKLY", "year end", {"last_on": D(2026, 12, 31)}, D(2027, 1, 7)),
    Case(
        "CARVER-247-SELF-INSP-WEEKLY",
        "permit says every 5 days",
        {"last_on": D(2026, 3, 2), "permit_interval_days": 5},
        D(2026, 3, 7),
    ),
]


@pytest.mark.parametrize("case", cases(WEEKLY_CASES))
def test_self_inspection_at_least_weekly(case):
    d = one(site.next_self_inspection(**case.given), case.rule_id)
    assert (d.binds, d.latest_on, d.flags) == ("permittee", case.expected, ("AMB-15",))


STORM_START, STORM_END = at(2026, 3, 7, 18), at(2026, 3, 8, 12)  # across the spring DST change
STORM_CASES = [
    Case(
        "CARVER-247-SELF-INSP-STORM",
        "before and after",
        {"inspections_at": [at(2026, 3, 7, 17, 59), at(2026, 3, 8, 12, 1)]},
        (True, True),
    ),
    Case(
        "CARVER-247-SELF-INSP-STORM",
        "at the storm start is not before",
        {"inspections_at": [at(2026, 3, 7, 18), at(2026, 3, 9, 8)]},
        (False, True),
    ),
    Case("CARVER-247-SELF-INSP-STORM", "none after", {"inspections_at": [at(2026, 3, 6, 9)]}, (True, False)),
]


@pytest.mark.parametrize("case", cases(STORM_CASES))
def test_inspection_before_and_after_each_anticipated_storm(case):
    found = site.deadlines_for_storm(STORM_START, STORM_END)
    assert [(d.kind, d.latest_at, d.earliest_at) for d in found] == [
        (DeadlineKind.MUST_BY, STORM_START, None),
        (DeadlineKind.NOT_BEFORE, None, STORM_END),
    ]
    check = site.storm_inspections_check(STORM_START, STORM_END, **case.given)
    assert (check.before_ok, check.after_ok) == case.expected
    assert check.explanation.rule_id == case.rule_id


@pytest.mark.parametrize(
    "threshold,forecast,expected", [(None, 2.0, None), (0.5, 0.5, True), (0.5, 0.49, False)]
)
def test_anticipated_storm_only_from_a_configured_threshold(threshold, forecast, expected):
    cfg = DEFAULT.with_overrides(carver247__storm_threshold_in=threshold)
    assert site.is_anticipated_storm(forecast, cfg=cfg) is expected


MONTHLY_CASES = [
    Case("CARVER-247-MONTHLY-REPORT", "Feb 2026: by Sat 02-28", {"month_on": D(2026, 2, 10)}, D(2026, 2, 28)),
    Case(
        "CARVER-247-MONTHLY-REPORT",
        "due day 10",
        {"month_on": D(2026, 2, 1)},
        D(2026, 2, 10),
        DEFAULT.with_overrides(carver247__monthly_report_due_day=10),
    ),
    Case(
        "CARVER-247-MONTHLY-REPORT",
        "due day 31 in February",
        {"month_on": D(2028, 2, 1)},
        D(2028, 2, 29),
        DEFAULT.with_overrides(carver247__monthly_report_due_day=31),
    ),
    Case("CARVER-247-MONTHLY-REPORT", "December", {"month_on": D(2026, 12, 31)}, D(2026, 12, 31)),
]


@pytest.mark.parametrize("case", cases(MONTHLY_CASES))
def test_monthly_report_due(case):
    d = site.monthly_report_deadline(**case.given, cfg=case.cfg)
    assert (d.rule_id, d.binds, d.latest_on) == (case.rule_id, "permittee", case.expected)
    assert "AMB-15" in d.flags


MISSING_CASES = [
    Case(
        "CARVER-247-MONTHLY-REPORT",
        "February missing, April not yet due",
        {
            "active_from": D(2026, 1, 15),
            "as_of": D(2026, 4, 2),
            "reported_on": [D(2026, 1, 20), D(2026, 3, 5)],
        },
        [D(2026, 2, 28)],
    ),
    Case(
        "CARVER-247-MONTHLY-REPORT",
        "due day 10: Jan due before the start, March 03-12 late",
        {
            "active_from": D(2026, 1, 15),
            "as_of": D(2026, 4, 2),
            "reported_on": [D(2026, 2, 3), D(2026, 3, 12)],
        },
        [D(2026, 3, 10)],
        DEFAULT.with_overrides(carver247__monthly_report_due_day=10),
    ),
    Case(
        "CARVER-247-MONTHLY-REPORT",
        "year end",
        {"active_from": D(2026, 11, 1), "as_of": D(2027, 1, 1), "reported_on": [D(2026, 11, 30)]},
        [D(2026, 12, 31)],
    ),
]


@pytest.mark.parametrize("case", cases(MISSING_CASES))
def test_missing_monthly_reports(case):
    found = site.missing_monthly_reports(**case.given, cfg=case.cfg)
    assert [d.latest_on for d in found] == case.expected
    assert all(d.rule_id == case.rule_id for d in found)


def test_every_deadline_explains_itself_in_one_line():
    d = pb.deadlines_for_cessation(D(2026, 5, 1))[0]
    assert d.explanation.line.startswith('CARVER-247-STABILIZE-14D (~§ 247-7B(12)) "as soon as practicable')
    assert "Fri 2026-05-01 + 14 days = Fri 2026-05-15" in d.explanation.line
