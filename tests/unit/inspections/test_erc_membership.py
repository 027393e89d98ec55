"""Carver ~§ 136-3: ERC roster, member terms and the monthly meeting (RULES.md § 3.2).

Quorum and majority (CARVER-136-ERC-QUORUM-4, -ERC-MAJORITY) are decided in `inspections.authority`.
Expected values come from the by-law text and RULES.md (AMB-20, AMB-21) before the code was written.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

import pytest

from inspections.config import DEFAULT
from inspections.deadlines.core import DeadlineKind
from inspections.erc_membership import Member, Seat, months_without_meeting, roster_problems, term_end

D = dt.date


@dataclass(frozen=True)
class Case:
    rule_id: str
    name: str
    given: dict[str, Any]
    expected: Any
    cfg: Any = DEFAULT


def cases(table: list[Case]) -> list[Any]:
    return [pytest.param(c, id=f"{c.rule_id} {c.name}") for c in table]


def rep(name: str, *, on_sb: bool = False) -> Member:
    return Member(name, Seat.SELECT_BOARD_REP, resident=True, on_select_board=on_sb)


def appointed(name: str, interest: str, **kw: Any) -> Member:
    return Member(name, Seat.APPOINTED, resident=True, interest=interest, **kw)


FULL = [
    rep("A", on_sb=True),
    rep("B", on_sb=True),
    rep("C"),
    appointed("D", "farming"),
    appointed("E", "farming"),
    appointed("F", "engineering"),
    appointed("G", "trucking"),
]
ROSTER_CASES = [
    Case("CARVER-136-ERC-SIZE-7", "full lawful roster", {"members": FULL}, []),
    Case(
        "CARVER-136-ERC-SIZE-7",
        "a vacancy: 6 of 7 is flagged by roster_status, not a departure (issue 22)",
        {"members": FULL[:-1]},
        [],
    ),
    Case(
        "CARVER-136-ERC-SIZE-7",
        "eight seated: more than seven members",
        {"members": [*FULL, appointed("H", "retail")]},
        ["CARVER-136-ERC-SIZE-7", "CARVER-136-ERC-APPOINTED-4"],
    ),
    Case(
        "CARVER-136-ERC-SB-REPS",
        "three actual Select Board members among the reps",
        {"members": [rep("A", on_sb=True), rep("B", on_sb=True), rep("C", on_sb=True), *FULL[3:]]},
        ["CARVER-136-ERC-SB-REPS"],
    ),
    Case(
        "CARVER-136-ERC-TRADE-MAX-2",
        "three appointed farmers",
        {
            "members": [
                *FULL[:3],
                appointed("D", "farming"),
                appointed("E", "farming"),
                appointed("F", "farming"),
                FULL[6],
            ]
        },
        ["CARVER-136-ERC-TRADE-MAX-2"],
    ),
    Case(
        "CARVER-136-ERC-APPOINTED-4",
        "appointee not endorsed",
        {"members": [*FULL[:6], appointed("G", "trucking", endorsed=False)]},
        ["CARVER-136-ERC-APPOINTED-4"],
    ),
    Case(
        "CARVER-136-ERC-RESIDENTS",
        "non-resident member",
        {"members": [*FULL[:6], Member("G", Seat.APPOINTED, resident=False, interest="trucking")]},
        ["CARVER-136-ERC-RESIDENTS"],
    ),
]


@pytest.mark.parametrize("case", cases(ROSTER_CASES))
def test_roster(case):
    problems = roster_problems(**case.given)
    assert [p.rule_id for p in problems] == case.expected
    assert all(p.explanation.rule_id == p.rule_id for p in problems)


TERM_CASES = [
    Case(
        "CARVER-136-ERC-TERMS",
        "initial seat 1: one year",
        {"started_on": D(2026, 7, 1), "initial_seat": 1},
        D(2027, 7, 1),
    ),
    Case(
        "CARVER-136-ERC-TERMS",
        "initial seat 2: two years",
        {"started_on": D(2026, 7, 1), "initial_seat": 2},
        D(2028, 7, 1),
    ),
    Case(
        "CARVER-136-ERC-TERMS",
        "initial seat 4: three years",
        {"started_on": D(2026, 7, 1), "initial_seat": 4},
        D(2029, 7, 1),
    ),
    Case("CARVER-136-ERC-TERMS", "successor: three years", {"started_on": D(2026, 7, 1)}, D(2029, 7, 1)),
    Case("CARVER-136-ERC-TERMS", "Feb 29 start, last_day", {"started_on": D(2028, 2, 29)}, D(2031, 2, 28)),
    Case(
        "CARVER-136-ERC-TERMS",
        "Feb 29 start, next_day",
        {"started_on": D(2028, 2, 29)},
        D(2031, 3, 1),
        DEFAULT.with_overrides(eom_rule="next_day"),
    ),
    Case(
        "CARVER-136-ERC-TERMS",
        "AMB-21 Select Board rep: not in the text",
        {"started_on": D(2026, 7, 1), "seat": Seat.SELECT_BOARD_REP},
        None,
    ),
    Case(
        "CARVER-136-ERC-TERMS",
        "AMB-21 Select Board rep, configured 1 year",
        {"started_on": D(2026, 7, 1), "seat": Seat.SELECT_BOARD_REP},
        D(2027, 7, 1),
        DEFAULT.with_overrides(carver136__sb_rep_term_years=1),
    ),
]


@pytest.mark.parametrize("case", cases(TERM_CASES))
def test_member_term_end(case):
    d = term_end(**case.given, cfg=case.cfg)
    assert (d.rule_id, d.kind, d.latest_on) == (case.rule_id, DeadlineKind.MUST_BY, case.expected)
    assert (d.empty_reason is not None and "AMB-21" in d.empty_reason) == (case.expected is None)


MONTHLY_CASES = [
    Case(
        "CARVER-136-ERC-MONTHLY",
        "no February meeting",
        {"from_on": D(2026, 1, 1), "as_of": D(2026, 4, 15), "meetings_on": [D(2026, 1, 14), D(2026, 3, 11)]},
        [D(2026, 2, 28)],
    ),
    Case(
        "CARVER-136-ERC-MONTHLY",
        "year end",
        {"from_on": D(2026, 11, 1), "as_of": D(2027, 1, 1), "meetings_on": [D(2026, 11, 18)]},
        [D(2026, 12, 31)],
    ),
    Case(
        "CARVER-136-ERC-MONTHLY",
        "leap February met",
        {"from_on": D(2028, 2, 1), "as_of": D(2028, 3, 1), "meetings_on": [D(2028, 2, 29)]},
        [],
    ),
]


@pytest.mark.parametrize("case", cases(MONTHLY_CASES))
def test_at_least_one_meeting_each_month(case):
    found = months_without_meeting(**case.given)
    assert [d.latest_on for d in found] == case.expected
    assert all(d.rule_id == case.rule_id and d.binds == "erc" for d in found)
