"""Worked cases for the Carver 247 application and plan content lists (RULES.md §§ 2.2, 2.3).

~§ 247-6A(5): "One copy each of the application form and the list of abutters filed with the Town Clerk."
~§ 247-7C: "The plan shall contain the following information" (1)–(17); (11) industrial discharges only where
there are any, (17) "Such other information as is required by the Planning Board". Expected: the missing
items, in the order of the checklist, each cited to the rule that asks for it.
"""
from __future__ import annotations

import pytest

from inspections.checklists import completeness_kinds, is_complete
from tests.unit.inspections.test_completeness import LDP, with_
from tests.unit.inspections.worked import Case, params

KIND = "carver247_application"
CONTENT = "CARVER-247-PLAN-CONTENT-CHECKLIST"
CASES = [
    Case("CARVER-247-APP-TOWN-CLERK", "no copies filed with the Town Clerk",
         with_(LDP, drop=("town_clerk_copies",)), ("town_clerk_copies",)),
    Case("CARVER-247-APP-TOWN-CLERK", "copies not yet filed", with_(LDP, town_clerk_copies=False),
         ("town_clerk_copies",)),
    Case(CONTENT, "(1) contacts missing", with_(LDP, drop=("contacts",)), ("contacts",)),
    Case(CONTENT, "(12) and (14) missing, in plan order",
         with_(LDP, drop=("waste_and_spill_plan", "stormwater_calculations")),
         ("stormwater_calculations", "waste_and_spill_plan")),
    Case(CONTENT, "(11) industrial discharges exist but are not described",
         with_(LDP, industrial_discharges=True), ("industrial_discharges_described",)),
    Case(CONTENT, "(17) the Board asked for other information",
         with_(LDP, board_requested_other_information=True),
         ("other_information",)),
]


@pytest.mark.parametrize("case", params(CASES))
def test_application_and_plan_content(case: Case):
    result = is_complete(KIND, case.given)
    assert tuple(m.item_id for m in result.missing) == case.expected
    assert all(m.rule_id == case.rule_id for m in result.missing)


COUNT = [Case(CONTENT, "the plan content list runs (1) to (17)", KIND, 17)]


@pytest.mark.parametrize("case", params(COUNT))
def test_plan_content_items_are_numbered_1_to_17(case: Case):
    prompts = [i.prompt for i in completeness_kinds()[case.given].items if i.prompt.startswith("(")]
    numbers = {int(p[1:p.index(")")]) for p in prompts}
    assert (len(numbers), min(numbers), max(numbers)) == (case.expected, 1, case.expected)
