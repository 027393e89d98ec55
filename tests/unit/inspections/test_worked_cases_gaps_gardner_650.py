"""Worked cases for Gardner's vernal-pool buffer and its nonconforming exception (RULES.md §§ 5.5, 5.6).

~§ 650-7C: "No alteration shall occur within the one-hundred-foot buffer zone of a vernal pool except as
provided in § 650-14F." ~§ 650-14F: "Where a prior existing structure protrudes into or a prior existing
alteration exists within the one-hundred-foot buffer zone of a vernal pool, the Commission may permit the
extension of such nonconforming structure into or further alteration within the one-hundred-foot buffer zone".
Distances are from the pool (CONV-DIST: 0.1 ft half-even, "within" inclusive unless `dist_inclusive` is off).
Expected: (rule that decides, whether the alteration is permittable at all).
"""
from __future__ import annotations

import pytest

from inspections.config import DEFAULT
from inspections.thresholds import gardner_vp_buffer_alteration_permittable
from tests.unit.inspections.worked import Case, params

NO_ALT, NONCONF = "GARDNER-650-VP-BUFFER-NO-ALT", "GARDNER-650-NONCONF-VP"
CASES = [
    # given: (alteration ft from the pool, nearest prior existing structure/alteration ft or None)
    Case(NO_ALT, "60 ft, nothing there before: prohibited", (60.0, None), (NO_ALT, False)),
    Case(NO_ALT, "exactly 100.0 ft: inside the buffer", (100.0, None), (NO_ALT, False)),
    Case(NO_ALT, "100.1 ft: outside the buffer", (100.1, None), (NO_ALT, True)),
    Case(NO_ALT, "dist_inclusive off: 100.0 ft is outside", (100.0, None), (NO_ALT, True),
         {"dist_inclusive": False}),
    Case(NONCONF, "60 ft, a prior structure protrudes to 80 ft: the Commission may permit", (60.0, 80.0),
         (NONCONF, True)),
    Case(NONCONF, "60 ft, prior alteration at exactly 100.0 ft", (60.0, 100.0), (NONCONF, True)),
    Case(NONCONF, "60 ft, prior structure at 100.1 ft is not in the buffer: prohibited", (60.0, 100.1),
         (NO_ALT, False)),
    Case(NONCONF, "dist_inclusive off: prior at 100.0 ft is not in the buffer", (60.0, 100.0),
         (NO_ALT, False), {"dist_inclusive": False}),
    Case(NONCONF, "work outside the buffer needs no exception", (120.0, 80.0), (NO_ALT, True)),
]


@pytest.mark.parametrize("case", params(CASES))
def test_vernal_pool_buffer_and_the_14f_exception(case: Case):
    distance_ft, prior_ft = case.given
    found = gardner_vp_buffer_alteration_permittable(distance_ft, prior_existing_ft=prior_ft,
                                                     cfg=DEFAULT.with_overrides(**case.overrides))
    assert (found.rule_id, found.met) == case.expected
    assert found.explanation.rule_id == found.rule_id
