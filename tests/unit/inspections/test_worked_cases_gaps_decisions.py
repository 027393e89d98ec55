"""Worked cases for board decisions and Upton "majority of the Commission" votes (RULES.md §§ 2.2, 3.4, 4.3,
4.5), written from the bylaw texts.

- Carver ~§ 247-6F(1)–(3): the Planning Board may (1) approve, (2) approve with conditions, (3) disapprove and
  deny. Carver ~§ 136-7G: "Applications for permits may be granted, denied, or granted in part and denied in
  part."
- Upton ~§ 280-5A: notification requirements may be waived "except those required under the Massachusetts
  Wetlands Protection Act ... by a majority vote of the Commission"; ~§ 280-8A: regulations "must be approved
  by a majority of the Conservation Commission". AMB-41: default = a majority of the full membership
  (`upton280.majority_basis` = "full_membership"); alternative "present" = CONV-MAJORITY, floor(present/2)+1
  with abstainers present. The bylaw does not state how many members the Commission has, so without that
  number the full-membership reading has no answer (None), never a guess.
"""
from __future__ import annotations

import pytest

from inspections.authority import Vote
from inspections.board_decisions import (
    check_decision_outcome,
    decision_outcomes,
    upton_commission_majority,
    upton_notice_waiver,
)
from inspections.config import DEFAULT
from tests.unit.inspections.worked import Case, params

OUTCOMES = [
    Case("CARVER-247-DECISION-OPTIONS", "Planning Board: three outcomes", "CARVER-247",
         ("approve", "approve with conditions", "disapprove and deny")),
    Case("CARVER-136-DECISION-OPTIONS", "ERC: three outcomes", "CARVER-136",
         ("grant", "deny", "grant in part and deny in part")),
]


@pytest.mark.parametrize("case", params(OUTCOMES))
def test_decision_outcomes(case: Case):
    assert decision_outcomes(case.given) == case.expected


OUTCOME_CHECKS = [
    Case("CARVER-247-DECISION-OPTIONS", "247 approve with conditions",
         ("CARVER-247", "approve with conditions"), True),
    Case("CARVER-247-DECISION-OPTIONS", "247 has no partial grant",
         ("CARVER-247", "grant in part and deny in part"), False),
    Case("CARVER-136-DECISION-OPTIONS", "136 partial grant", ("CARVER-136", "grant in part and deny in part"),
         True),
    Case("CARVER-136-DECISION-OPTIONS", "136 has no 'approve with conditions'",
         ("CARVER-136", "approve with conditions"), False),
]


@pytest.mark.parametrize("case", params(OUTCOME_CHECKS))
def test_a_recorded_decision_must_be_one_the_text_allows(case: Case):
    check = check_decision_outcome(*case.given)
    assert (check.rule_id, check.allowed) == (case.rule_id, case.expected)
    assert check.explanation.rule_id == case.rule_id


FULL = {}
PRESENT = {"upton280.majority_basis": "present"}
MAJORITY = [
    # given: (vote, members) -> expected (carries, yes votes needed)
    Case("UPTON-280-REGS-ADOPT", "7 members, 4 yes of 5 present", (Vote(4, 1), 7), (True, 4), FULL),
    Case("UPTON-280-REGS-ADOPT", "7 members, 3 yes of 4 present: not a majority of 7", (Vote(3, 0, 1), 7),
         (False, 4), FULL),
    Case("UPTON-280-REGS-ADOPT", "same vote, majority of those present", (Vote(3, 0, 1), 7), (True, 3),
         PRESENT),
    Case("UPTON-280-REGS-ADOPT", "5 members, 3 yes", (Vote(3), 5), (True, 3), FULL),
    Case("UPTON-280-REGS-ADOPT", "5 members, 2 yes of 2 present", (Vote(2), 5), (False, 3), FULL),
    Case("UPTON-280-REGS-ADOPT", "2 yes of 2 present, present basis", (Vote(2), 5), (True, 2), PRESENT),
    Case("UPTON-280-NOTICE-WAIVER", "size unknown: no answer under full membership", (Vote(4, 1), None),
         (None, None), FULL),
    Case("UPTON-280-NOTICE-WAIVER", "size unknown, present basis: 3 of 5", (Vote(3, 2), None), (True, 3),
         PRESENT),
    Case("UPTON-280-NOTICE-WAIVER", "present basis: abstainers count, 2 yes of 4", (Vote(2, 0, 2), None),
         (False, 3), PRESENT),
]


@pytest.mark.parametrize("case", params(MAJORITY))
def test_majority_of_the_commission(case: Case):
    vote, members = case.given
    result = upton_commission_majority(case.rule_id, vote, members=members,
                                       cfg=DEFAULT.with_overrides(**case.overrides))
    assert (result.carries, result.needed) == case.expected
    assert result.rule_id == case.rule_id and result.flags == ("AMB-41",)
    assert result.explanation.flags == ("AMB-41",) and result.reason in result.explanation.line


WAIVERS = [
    Case("UPTON-280-NOTICE-WAIVER", "a local notice, 4 of 7 vote to waive", (Vote(4, 3), 7, False), True),
    Case("UPTON-280-NOTICE-WAIVER", "a WPA notice cannot be waived even unanimously", (Vote(7), 7, True),
         False),
    Case("UPTON-280-NOTICE-WAIVER", "a local notice, 3 of 7", (Vote(3, 1), 7, False), False),
]


@pytest.mark.parametrize("case", params(WAIVERS))
def test_notice_waiver_by_majority_except_wpa_notices(case: Case):
    vote, members, wpa = case.given
    result = upton_notice_waiver(vote, members=members, required_by_wpa=wpa)
    assert (result.rule_id, result.carries) == (case.rule_id, case.expected)


def test_more_present_than_members_is_refused():
    with pytest.raises(ValueError, match="members"):
        upton_commission_majority("UPTON-280-REGS-ADOPT", Vote(4, 4), members=7)


def test_unknown_decision_chapter_is_refused():
    with pytest.raises(ValueError):
        decision_outcomes("UPTON-280")
