"""Carver ch. 136 (Earth Removal Committee) deadlines: RULES.md §§ 3.3 (ABBREV-60D), 3.4 and 3.6.

Every expected value was worked out from the by-law text, RULES.md and its §0 conventions before the code
existed. Calendar: MA holidays of RULES §0.3. The review-meeting window has its own module and tests.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

import pytest

from inspections.calendar import TZ
from inspections.config import DEFAULT
from inspections.deadlines import carver_136 as erc
from inspections.deadlines import carver_136_orders as orders
from inspections.deadlines import carver_136_permit as permit
from inspections.deadlines.core import DeadlineKind

D = dt.date
ROLL = DEFAULT.with_overrides(roll_c4s9=True)
CLEAR = DEFAULT.with_overrides(atleast_clear_days=True)
NEXT_DAY = DEFAULT.with_overrides(eom_rule="next_day")
SEVEN = DEFAULT.with_overrides(carver136__week_basis="seven_days")


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


def only(deadlines, rule_id):
    found = [d for d in deadlines if d.rule_id == rule_id]
    assert found, f"no {rule_id} in {[d.rule_id for d in deadlines]}"
    assert all(d.explanation.rule_id == rule_id and d.citation.startswith("~§ 136-") for d in found)
    return found


# ---------------------------------------------------------------- ~§ 136-5D, 136-6: filing and hearing
FILING_CASES = [
    Case("CARVER-136-HEARING-65D", "filed Mon 03-02", {"filed_on": D(2026, 3, 2)}, D(2026, 5, 6)),
    Case("CARVER-136-HEARING-65D", "year end, Sun 2027-01-03", {"filed_on": D(2026, 10, 30)}, D(2027, 1, 3)),
    Case(
        "CARVER-136-HEARING-65D",
        "Sunday rolls to Mon 01-04",
        {"filed_on": D(2026, 10, 30)},
        D(2027, 1, 4),
        ROLL,
    ),
    Case(
        "CARVER-136-ABBREV-60D",
        "abbreviated filed Mon 03-02",
        {"filed_on": D(2026, 3, 2), "abbreviated": True},
        D(2026, 5, 1),
    ),
    Case(
        "CARVER-136-ABBREV-60D",
        "abbreviated filed Fri 10-30",
        {"filed_on": D(2026, 10, 30), "abbreviated": True},
        D(2026, 12, 29),
    ),
]


@pytest.mark.parametrize("case", cases(FILING_CASES))
def test_filing_deadlines(case):
    found = erc.deadlines_for_filing(**case.given, cfg=case.cfg)
    (d,) = only(found, case.rule_id)
    assert (d.kind, d.binds, d.latest_on) == (DeadlineKind.MUST_BY, "erc", case.expected)
    assert ("CARVER-136-ABBREV-60D" in {x.rule_id for x in found}) == case.given.get("abbreviated", False)


HEARING_AT = at(2026, 5, 6, 19)
NOTICE_CASES = [
    # expected: (latest_on, advisory_on)
    Case(
        "CARVER-136-AD-2WK-14D", "first ad by Wed 04-22", {"hearing_at": HEARING_AT}, (D(2026, 4, 22), None)
    ),
    Case(
        "CARVER-136-AD-2WK-14D",
        "clear days Tue 04-21",
        {"hearing_at": HEARING_AT},
        (D(2026, 4, 21), None),
        CLEAR,
    ),
    Case(
        "CARVER-136-AD-2WK-14D",
        "day before Thanksgiving",
        {"hearing_at": at(2026, 12, 9, 19)},
        (D(2026, 11, 25), None),
    ),
    Case(
        "CARVER-136-AD-2WK-14D",
        "on Thanksgiving: advisory Wed",
        {"hearing_at": at(2026, 12, 10, 19)},
        (D(2026, 11, 26), D(2026, 11, 25)),
    ),
    Case(
        "CARVER-136-AD-2WK-14D",
        "year end Mon 12-28",
        {"hearing_at": at(2027, 1, 11, 19)},
        (D(2026, 12, 28), None),
    ),
]


@pytest.mark.parametrize("case", cases(NOTICE_CASES))
def test_first_publication_at_least_14_days_before_hearing(case):
    found = erc.deadlines_for_hearing_notice(**case.given, cfg=case.cfg)
    (first,) = [d for d in only(found, case.rule_id) if d.kind is DeadlineKind.MUST_BY]
    assert (first.latest_on, first.advisory_on) == case.expected and "AMB-23" in first.flags


SECOND_CASES = [
    Case(
        "CARVER-136-AD-2WK-14D",
        "first Thu 04-16: next Sun-Sat week",
        {"first_published_on": D(2026, 4, 16)},
        (D(2026, 4, 19), D(2026, 4, 25)),
    ),
    Case(
        "CARVER-136-AD-2WK-14D",
        "seven days apart: Thu 04-23",
        {"first_published_on": D(2026, 4, 16)},
        (D(2026, 4, 23), D(2026, 4, 23)),
        SEVEN,
    ),
    Case(
        "CARVER-136-AD-2WK-14D",
        "first Sat 04-18 (end of week)",
        {"first_published_on": D(2026, 4, 18)},
        (D(2026, 4, 19), D(2026, 4, 25)),
    ),
    Case(
        "CARVER-136-AD-2WK-14D",
        "first Sun 04-19 (start of week)",
        {"first_published_on": D(2026, 4, 19)},
        (D(2026, 4, 26), D(2026, 5, 2)),
    ),
    Case(
        "CARVER-136-AD-2WK-14D",
        "year end",
        {"first_published_on": D(2026, 12, 30)},
        (D(2027, 1, 3), D(2027, 1, 9)),
    ),
    Case(
        "CARVER-136-AD-2WK-14D",
        "year end, seven days",
        {"first_published_on": D(2026, 12, 30)},
        (D(2027, 1, 6), D(2027, 1, 6)),
        SEVEN,
    ),
]


@pytest.mark.parametrize("case", cases(SECOND_CASES))
def test_second_publication_in_the_next_week(case):
    (d,) = erc.second_publication_window(**case.given, cfg=case.cfg)
    assert (d.rule_id, d.kind, (d.earliest_on, d.latest_on)) == (
        case.rule_id,
        DeadlineKind.WINDOW,
        case.expected,
    )
    assert "AMB-23" in d.flags


OTHER_NOTICE_CASES = [
    Case(
        "CARVER-136-HEARING-BOARD-NOTICE",
        "8 boards by the first-publication deadline",
        {"hearing_at": HEARING_AT},
        D(2026, 4, 22),
    ),
    Case(
        "CARVER-136-HEARING-BOARD-NOTICE",
        "8 boards by the actual first publication",
        {"hearing_at": HEARING_AT, "first_published_on": D(2026, 4, 16)},
        D(2026, 4, 16),
    ),
]


@pytest.mark.parametrize("case", cases(OTHER_NOTICE_CASES))
def test_board_notice_by_first_publication(case):
    boards = only(erc.deadlines_for_hearing_notice(**case.given, cfg=case.cfg), case.rule_id)
    assert len(boards) == 8 and {d.latest_on for d in boards} == {case.expected}
    assert {d.binds for d in boards} == {"erc"} and all("AMB-23" in d.flags for d in boards)
    assert any("Department of Public Works" in d.label for d in boards)


BEFORE_HEARING_CASES = [
    Case(
        "CARVER-136-ABUTTER-CERTIFIED",
        "receipts before the hearing opens",
        {"hearing_at": HEARING_AT},
        (DeadlineKind.MUST_BY, "applicant", HEARING_AT),
    ),
    Case(
        "CARVER-136-NO-ACTION-BEFORE-HEARING",
        "no decision before the hearing",
        {"hearing_at": HEARING_AT},
        (DeadlineKind.NOT_BEFORE, "erc", HEARING_AT),
    ),
]


@pytest.mark.parametrize("case", cases(BEFORE_HEARING_CASES))
def test_hearing_instant_bounds(case):
    (d,) = only(erc.deadlines_for_hearing_notice(**case.given), case.rule_id)
    kind, binds, instant = case.expected
    assert (d.kind, d.binds) == (kind, binds)
    assert (d.latest_at if kind is DeadlineKind.MUST_BY else d.earliest_at) == instant


DECISION_CASES = [
    Case(
        "CARVER-136-DECISION-45D", "close Thu 05-21: Sun 07-05", {"closed_on": D(2026, 5, 21)}, D(2026, 7, 5)
    ),
    Case(
        "CARVER-136-DECISION-45D",
        "Sunday rolls past Sat Jul 4 to Mon 07-06",
        {"closed_on": D(2026, 5, 21)},
        D(2026, 7, 6),
        ROLL,
    ),
    Case("CARVER-136-DECISION-45D", "across year end", {"closed_on": D(2026, 11, 20)}, D(2027, 1, 4)),
]


@pytest.mark.parametrize("case", cases(DECISION_CASES))
def test_decision_within_45_days_of_close(case):
    (d,) = only(erc.deadlines_for_hearing_close(**case.given, cfg=case.cfg), case.rule_id)
    assert (d.kind, d.binds, d.latest_on) == (DeadlineKind.MUST_BY, "erc", case.expected)


FILE_CASES = [
    Case("CARVER-136-FILE-NOTIFY-21D", "decided Tue 06-16", {"decided_on": D(2026, 6, 16)}, D(2026, 7, 7)),
    Case(
        "CARVER-136-FILE-NOTIFY-21D",
        "Fri 07-03 is an office day by default",
        {"decided_on": D(2026, 6, 12)},
        D(2026, 7, 3),
        ROLL,
    ),
    Case(
        "CARVER-136-FILE-NOTIFY-21D",
        "Fri 07-03 observed holiday rolls to Mon 07-06",
        {"decided_on": D(2026, 6, 12)},
        D(2026, 7, 6),
        ROLL.with_overrides(saturday_holiday_observed_friday=True),
    ),
]


@pytest.mark.parametrize("case", cases(FILE_CASES))
def test_file_with_clerk_and_notify_applicant_within_21_days(case):
    found = only(erc.deadlines_for_decision(**case.given, cfg=case.cfg), case.rule_id)
    assert sorted(d.label for d in found) == [
        "file the decision with the Town Clerk",
        "notify the applicant of the decision",
    ]
    assert {d.latest_on for d in found} == {case.expected}


# ---------------------------------------------------------------- ~§ 136-7E, H: term, reports, extensions
TERM_CASES = [
    Case("CARVER-136-TERM-12M", "issued Mon 2026-03-02", {"issued_on": D(2026, 3, 2)}, (D(2027, 3, 2), None)),
    Case("CARVER-136-TERM-12M", "Feb 29 -> Feb 28", {"issued_on": D(2028, 2, 29)}, (D(2029, 2, 28), None)),
    Case(
        "CARVER-136-TERM-12M",
        "Feb 29 -> Mar 1 (next_day)",
        {"issued_on": D(2028, 2, 29)},
        (D(2029, 3, 1), None),
        NEXT_DAY,
    ),
    Case(
        "CARVER-136-TERM-12M",
        "shorter stated term",
        {"issued_on": D(2026, 3, 2), "expires_on": D(2026, 12, 31)},
        (D(2026, 12, 31), None),
    ),
    Case(
        "CARVER-136-TERM-12M",
        "stated term one day too long",
        {"issued_on": D(2026, 3, 2), "expires_on": D(2027, 3, 3)},
        (None, "exceeds"),
    ),
]


@pytest.mark.parametrize("case", cases(TERM_CASES))
def test_permit_term_at_most_12_months(case):
    (d,) = permit.permit_term(**case.given, cfg=case.cfg)
    expires, word = case.expected
    assert (d.rule_id, d.kind, d.latest_on) == (case.rule_id, DeadlineKind.MUST_BY, expires)
    assert (d.empty_reason is None) if word is None else (word in d.empty_reason)


REPORT_CASES = [
    Case(
        "CARVER-136-STATUS-90D",
        "every 90 days from issuance",
        {"issued_on": D(2026, 3, 2), "through_on": D(2027, 3, 2)},
        [D(2026, 5, 31), D(2026, 8, 29), D(2026, 11, 27), D(2027, 2, 25)],
    ),
    Case(
        "CARVER-136-ANNUAL-INSPECTION",
        "end of each 12 months",
        {"issued_on": D(2026, 3, 2), "through_on": D(2028, 3, 2)},
        [D(2027, 3, 2), D(2028, 3, 2)],
    ),
    Case(
        "CARVER-136-ANNUAL-INSPECTION",
        "Feb 29 issuance, last_day",
        {"issued_on": D(2028, 2, 29), "through_on": D(2030, 2, 28)},
        [D(2029, 2, 28), D(2030, 2, 28)],
    ),
    Case(
        "CARVER-136-ANNUAL-INSPECTION",
        "Feb 29 issuance, next_day",
        {"issued_on": D(2028, 2, 29), "through_on": D(2030, 3, 1)},
        [D(2029, 3, 1), D(2030, 3, 1)],
        NEXT_DAY,
    ),
]


@pytest.mark.parametrize("case", cases(REPORT_CASES))
def test_reporting_schedule(case):
    found = only(permit.reporting_deadlines(**case.given, cfg=case.cfg), case.rule_id)
    assert [d.latest_on for d in found] == case.expected
    if case.rule_id == "CARVER-136-STATUS-90D":
        assert all("AMB-24" in d.flags and d.binds == "permittee" for d in found)


GOOD = {
    "original_issued_on": D(2026, 3, 2),
    "reports_satisfactory": True,
    "conforms_to_approved_plans": True,
    "quantity_cy": 40_000,
    "original_quantity_cy": 40_000,
    "area_sqft": 200_000,
    "original_area_sqft": 200_000,
}
EXTENSION_CASES = [
    # expected: (mandatory, proposed expiration, full hearing required)
    Case(
        "CARVER-136-EXTENSION",
        "all conditions met: shall extend 12 months",
        {**GOOD, "current_expires_on": D(2027, 3, 2)},
        (True, D(2028, 3, 2), False),
    ),
    Case(
        "CARVER-136-EXTENSION",
        "AMB-25 alt: 6-month extensions",
        {**GOOD, "current_expires_on": D(2027, 3, 2)},
        (True, D(2027, 9, 2), False),
        DEFAULT.with_overrides(carver136__extension_months=6),
    ),
    Case(
        "CARVER-136-EXTENSION",
        "a quarterly report not satisfactory",
        {**GOOD, "reports_satisfactory": False, "current_expires_on": D(2027, 3, 2)},
        (False, D(2028, 3, 2), False),
    ),
    Case(
        "CARVER-136-EXTENSION-LIMITS",
        "larger quantity",
        {**GOOD, "quantity_cy": 40_001, "current_expires_on": D(2027, 3, 2)},
        (False, D(2028, 3, 2), False),
    ),
    Case(
        "CARVER-136-EXTENSION-LIMITS",
        "larger area",
        {**GOOD, "area_sqft": 200_001, "current_expires_on": D(2027, 3, 2)},
        (False, D(2028, 3, 2), False),
    ),
    Case(
        "CARVER-136-5YR-HEARING",
        "ends exactly at 5 years: no hearing",
        {**GOOD, "current_expires_on": D(2030, 3, 2)},
        (True, D(2031, 3, 2), False),
    ),
    Case(
        "CARVER-136-5YR-HEARING",
        "beyond 5 years: full hearing",
        {**GOOD, "current_expires_on": D(2030, 4, 1)},
        (True, D(2031, 4, 1), True),
    ),
]


@pytest.mark.parametrize("case", cases(EXTENSION_CASES))
def test_extension(case):
    decision = permit.extension_decision(**case.given, cfg=case.cfg)
    assert (decision.mandatory, decision.proposed_expires_on, decision.full_hearing_required) == case.expected
    assert case.rule_id in {e.rule_id for e in decision.explanations} and "AMB-25" in decision.flags
    assert bool(decision.unmet) == (not decision.mandatory)


# ---------------------------------------------------------------- ~§ 136-9: hearing after a review
CD_HEARING_AT = at(2026, 7, 15, 19)
CD_CASES = [
    Case(
        "CARVER-136-CD-ACTION-7D",
        "notice received Fri 07-10: action from Fri 07-17",
        {"hearing_at": CD_HEARING_AT, "certified_received_on": D(2026, 7, 10)},
        D(2026, 7, 17),
    ),
    Case(
        "CARVER-136-CD-ACTION-7D",
        "notice long before: not before the hearing",
        {"hearing_at": CD_HEARING_AT, "certified_received_on": D(2026, 6, 2)},
        D(2026, 7, 15),
    ),
]


@pytest.mark.parametrize("case", cases(CD_CASES))
def test_permit_action_seven_days_after_certified_notice(case):
    (d,) = only(orders.deadlines_for_cd_permit_hearing(**case.given), case.rule_id)
    assert (d.kind, d.binds, d.earliest_on) == (DeadlineKind.NOT_BEFORE, "erc", case.expected)
    assert "AMB-26" in d.flags


CD_NOTICE_CASES = [
    Case(
        "CARVER-136-CD-PERMIT-HEARING",
        "same notice as an original permit: first ad by Wed 07-01",
        {"hearing_at": CD_HEARING_AT, "certified_received_on": D(2026, 6, 2)},
        D(2026, 7, 1),
    ),
]


@pytest.mark.parametrize("case", cases(CD_NOTICE_CASES))
def test_cd_permit_hearing_reuses_original_notice_rules(case):
    found = orders.deadlines_for_cd_permit_hearing(**case.given)
    (first,) = [d for d in found if d.rule_id == "CARVER-136-AD-2WK-14D"]
    assert first.latest_on == case.expected
    assert len([d for d in found if d.rule_id == "CARVER-136-HEARING-BOARD-NOTICE"]) == 8
    assert all(case.rule_id in d.flags for d in found if d.rule_id != "CARVER-136-CD-ACTION-7D")


# ---------------------------------------------------------------- ~§ 136-10: existing operations
EXISTING_CASES = [
    Case(
        "CARVER-136-EXISTING-COMPLY",
        "60 days later than the annual review",
        {"effective_on": D(2026, 5, 1), "annual_review_on": D(2026, 6, 15)},
        D(2026, 6, 30),
    ),
    Case(
        "CARVER-136-EXISTING-COMPLY",
        "annual review later",
        {"effective_on": D(2026, 5, 1), "annual_review_on": D(2026, 8, 1)},
        D(2026, 8, 1),
    ),
    Case(
        "CARVER-136-EXISTING-COMPLY",
        "effective date from configuration",
        {"annual_review_on": D(2026, 6, 15)},
        D(2026, 6, 30),
        DEFAULT.with_overrides(carver136__effective_date="2026-05-01"),
    ),
    Case(
        "CARVER-136-EXISTING-COMPLY",
        "no effective date: no value",
        {"annual_review_on": D(2026, 6, 15)},
        None,
    ),
    Case(
        "CARVER-136-EXISTING-DECIDE",
        "application on day 30: decide by day 60",
        {
            "effective_on": D(2026, 5, 1),
            "annual_review_on": D(2026, 6, 15),
            "application_received_on": D(2026, 5, 31),
        },
        D(2026, 6, 30),
    ),
    Case(
        "CARVER-136-EXISTING-DECIDE",
        "application on day 31: no transition deadline",
        {
            "effective_on": D(2026, 5, 1),
            "annual_review_on": D(2026, 6, 15),
            "application_received_on": D(2026, 6, 1),
        },
        None,
    ),
]


@pytest.mark.parametrize("case", cases(EXISTING_CASES))
def test_existing_operations(case):
    found = erc.deadlines_for_existing_operation(**case.given, cfg=case.cfg)
    mine = [d for d in found if d.rule_id == case.rule_id]
    if case.rule_id == "CARVER-136-EXISTING-DECIDE" and case.expected is None:
        assert mine == []
        return
    (d,) = mine
    assert d.latest_on == case.expected
    assert (d.empty_reason is not None and "AMB-27" in d.empty_reason) == (case.expected is None)


# ---------------------------------------------------------------- ~§ 136-11D: restoration orders
RESTORATION_CASES = [
    # expected: {rule id: date} for request deadline, hearing deadline, final-from date
    Case(
        "CARVER-136-RESTORATION-APPEAL",
        "no request: request by Wed 08-12",
        {"issued_on": D(2026, 8, 3), "received_on": D(2026, 8, 5)},
        {"CARVER-136-RESTORATION-APPEAL": [D(2026, 8, 12)], "CARVER-136-RESTORATION-FINAL": [D(2026, 8, 13)]},
    ),
    Case(
        "CARVER-136-RESTORATION-APPEAL",
        "request Mon 08-10: hearing by Wed 09-09",
        {"issued_on": D(2026, 8, 3), "received_on": D(2026, 8, 5), "hearing_requested_on": D(2026, 8, 10)},
        {"CARVER-136-RESTORATION-APPEAL": [D(2026, 8, 12), D(2026, 9, 9)]},
    ),
    Case(
        "CARVER-136-RESTORATION-APPEAL",
        "AMB-30 alt anchor order: hearing by Wed 09-02",
        {"issued_on": D(2026, 8, 3), "received_on": D(2026, 8, 5), "hearing_requested_on": D(2026, 8, 10)},
        {"CARVER-136-RESTORATION-APPEAL": [D(2026, 8, 12), D(2026, 9, 2)]},
        DEFAULT.with_overrides(carver136__restoration_hearing_anchor="order"),
    ),
    Case(
        "CARVER-136-RESTORATION-FINAL",
        "late request Thu 08-13: final from 08-13",
        {"issued_on": D(2026, 8, 3), "received_on": D(2026, 8, 5), "hearing_requested_on": D(2026, 8, 13)},
        {"CARVER-136-RESTORATION-APPEAL": [D(2026, 8, 12)], "CARVER-136-RESTORATION-FINAL": [D(2026, 8, 13)]},
    ),
    Case(
        "CARVER-136-RESTORATION-FINAL",
        "Christmas, no roll: final from Sat 12-26",
        {"issued_on": D(2026, 12, 17), "received_on": D(2026, 12, 18)},
        {
            "CARVER-136-RESTORATION-APPEAL": [D(2026, 12, 25)],
            "CARVER-136-RESTORATION-FINAL": [D(2026, 12, 26)],
        },
    ),
    Case(
        "CARVER-136-RESTORATION-FINAL",
        "Christmas rolls: final from Tue 12-29",
        {"issued_on": D(2026, 12, 17), "received_on": D(2026, 12, 18)},
        {
            "CARVER-136-RESTORATION-APPEAL": [D(2026, 12, 28)],
            "CARVER-136-RESTORATION-FINAL": [D(2026, 12, 29)],
        },
        ROLL,
    ),
]


@pytest.mark.parametrize("case", cases(RESTORATION_CASES))
def test_restoration_order_appeal_hearing_and_finality(case):
    found = orders.deadlines_for_restoration_order(**case.given, cfg=case.cfg)
    got: dict[str, list[dt.date | None]] = {}
    for d in found:
        got.setdefault(d.rule_id, []).append(d.latest_on if d.kind is DeadlineKind.MUST_BY else d.earliest_on)
    assert got == case.expected
    for d in found:
        if d.rule_id == "CARVER-136-RESTORATION-FINAL":
            assert d.earliest_at == dt.datetime.combine(d.earliest_on, dt.time(), tzinfo=TZ)
    hearing = [d for d in found if d.binds == "erc"]
    assert all("AMB-30" in d.flags for d in hearing)
