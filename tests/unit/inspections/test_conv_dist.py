"""CONV-DIST has one rounding: "then rounded half-even to 0.1 ft, then compared" (RULES.md §0.1).

Before issue 22 the engine had two: `thresholds.feet()` rounded the float's binary expansion (50.15 is stored
as 50.1499999… and went to 50.1) and `planar.round_ft()` rounded its decimal form (50.15 is a tie and went
to the even 50.2). Both former paths now give the same answer at exact halves, and a tie can no longer move
a distance across a line depending on which module measured it (30.05 ft is NDZ in Gardner either way).
"""
from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from inspections import distance, planar, thresholds
from inspections.config import DEFAULT
from inspections.deadlines.wetlands_clocks import within_feet
from tests.unit.inspections.worked import Case, params

HALVES = [
    # given: a distance written with a 5 in the hundredths; expected: half-even to the tenth
    Case("CONV-DIST", "50.15 is a tie: even 50.2 (was 50.1 on the thresholds path)", 50.15, Decimal("50.2")),
    Case("CONV-DIST", "50.25 is a tie: even 50.2", 50.25, Decimal("50.2")),
    Case("CONV-DIST", "50.05 is a tie: even 50.0", 50.05, Decimal("50.0")),
    Case("CONV-DIST", "49.95 is a tie: even 50.0", 49.95, Decimal("50.0")),
    Case("CONV-DIST", "30.05 is a tie: even 30.0 (was 30.1 on the thresholds path)", 30.05, Decimal("30.0")),
    Case("CONV-DIST", "64.95 is a tie: even 65.0", 64.95, Decimal("65.0")),
    Case("CONV-DIST", "65.05 is a tie: even 65.0", 65.05, Decimal("65.0")),
    Case("CONV-DIST", "100.05 is a tie: even 100.0", 100.05, Decimal("100.0")),
    Case("CONV-DIST", "0.05 is a tie: even 0.0", 0.05, Decimal("0.0")),
    Case("CONV-DIST", "50.1499 is below the tie: 50.1", 50.1499, Decimal("50.1")),
    Case("CONV-DIST", "50.1501 is above the tie: 50.2", 50.1501, Decimal("50.2")),
]


@pytest.mark.parametrize("case", params(HALVES))
def test_exact_halves_round_half_even_on_both_former_paths(case: Case):
    assert thresholds.feet(case.given) == case.expected
    assert planar.round_ft(case.given) == case.expected
    assert distance.round_ft(case.given) == case.expected


LINES = [
    # given: (distance, limit); expected: "within" on the rounded distance, inclusive by default (AMB-05)
    Case("CONV-DIST", "30.05 ft rounds to 30.0: within the 30-ft no disturbance zone", (30.05, 30), True),
    Case("CONV-DIST", "30.15 ft rounds to 30.2: beyond 30 ft", (30.15, 30), False),
    Case("CONV-DIST", "50.05 ft rounds to 50.0: inside Carver 136's 50-ft buffer", (50.05, 50), True),
    Case("CONV-DIST", "65.05 ft rounds to 65.0: inside the 65-ft zone", (65.05, 65), True),
    Case("CONV-DIST", "100.05 ft rounds to 100.0: within 100 ft", (100.05, 100), True),
    Case("CONV-DIST", "100.15 ft rounds to 100.2: outside 100 ft", (100.15, 100), False),
]


@pytest.mark.parametrize("case", params(LINES))
def test_every_distance_test_compares_the_same_rounded_value(case: Case):
    d, limit = case.given
    assert thresholds.within_ft(d, limit) is case.expected
    assert within_feet(d, limit, DEFAULT) is case.expected
    assert planar.is_within(planar.round_ft(d), limit) is case.expected
    assert thresholds.more_than_ft(d, limit) is (not case.expected)


@given(st.floats(min_value=0, max_value=10_000, allow_nan=False, allow_infinity=False))
def test_the_former_paths_agree_on_every_distance(d: float):
    assert thresholds.feet(d) == planar.round_ft(d) == distance.round_ft(d)


def test_a_negative_distance_is_refused():
    with pytest.raises(ValueError, match="never negative"):
        thresholds.feet(-0.1)
