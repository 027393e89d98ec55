"""Worked cases for notice recipients (RULES.md §§ 1.5, 2.2, 4.3), written from the bylaw texts.

- Carver ~§ 281-2C(2): "abutters to abutters within 100 feet of the property line of the applicant".
- Upton ~§ 280-5A: "abutters to the abutters within 300 feet of the property line of the applicant"; "When a
  person requesting a determination is other than the owner, the request, the notice of the hearing, and the
  determination itself shall be sent by the Commission to the owner".
- Carver ~§ 247-6A(5): "One copy each of the application form and the list of abutters filed with the Town
  Clerk"; ~§ 247-6C: the Board "shall notify the Town Clerk of receipt of the application, and shall give one
  copy of the application package to the Board of Health, Board of Public Works, Town Engineer, Conservation
  Commission and Building Commissioner." No time is stated for any of these copies.
Distances follow CONV-DIST: rounded half-even to 0.1 ft, "within" inclusive unless `dist_inclusive` is off.
"""
from __future__ import annotations

import pytest

from inspections.config import DEFAULT
from inspections.deadlines.upton_280 import FilingKind
from inspections.notice_recipients import carver247_application_copies, is_abutter, upton_owner_copies
from tests.unit.inspections.worked import Case, params

ABUTTERS = [
    Case("CARVER-281-ABUTTER-DEF-100FT", "direct abutter, 0 ft", (0.0, False), True),
    Case("CARVER-281-ABUTTER-DEF-100FT", "abutter to abutter at 60 ft", (60.0, False), True),
    Case("CARVER-281-ABUTTER-DEF-100FT", "exactly 100.0 ft is within", (100.0, False), True),
    Case("CARVER-281-ABUTTER-DEF-100FT", "100.04 ft rounds to 100.0", (100.04, False), True),
    Case("CARVER-281-ABUTTER-DEF-100FT", "100.1 ft is not", (100.1, False), False),
    Case("CARVER-281-ABUTTER-DEF-100FT", "300 ft but directly opposite on the street", (300.0, True), True),
    Case("CARVER-281-ABUTTER-DEF-100FT", "dist_inclusive off: 100.0 ft is not", (100.0, False), False,
         {"dist_inclusive": False}),
    Case("UPTON-280-ABUTTER-300FT", "abutter to abutter at 250 ft", (250.0, False), True),
    Case("UPTON-280-ABUTTER-300FT", "exactly 300.0 ft is within", (300.0, False), True),
    Case("UPTON-280-ABUTTER-300FT", "300.1 ft is not", (300.1, False), False),
    Case("UPTON-280-ABUTTER-300FT", "the 281 limit does not apply in Upton: 150 ft", (150.0, False), True),
    Case("UPTON-280-ABUTTER-300FT", "dist_inclusive off: 299.9 ft still is", (299.9, False), True,
         {"dist_inclusive": False}),
]


@pytest.mark.parametrize("case", params(ABUTTERS))
def test_abutters_to_abutters_within_the_distance_of_the_applicants_line(case: Case):
    distance_ft, opposite = case.given
    found = is_abutter(case.rule_id, distance_ft, directly_opposite=opposite,
                       cfg=DEFAULT.with_overrides(**case.overrides))
    assert (found.rule_id, found.met) == (case.rule_id, case.expected)
    assert found.explanation.rule_id == case.rule_id and case.rule_id in found.explanation.line


OWNER = ("request", "notice of the hearing", "determination")
OWNER_COPIES = [
    Case("UPTON-280-OWNER-COPY", "RFD by a non-owner: 3 mailings to the owner", (FilingKind.RFD, False),
         OWNER),
    Case("UPTON-280-OWNER-COPY", "RFD by the owner: none", (FilingKind.RFD, True), ()),
    Case("UPTON-280-OWNER-COPY", "NOI by a non-owner: the rule is for determinations",
         (FilingKind.NOI, False), ()),
]


@pytest.mark.parametrize("case", params(OWNER_COPIES))
def test_commission_sends_the_owner_request_hearing_notice_and_determination(case: Case):
    kind, requester_is_owner = case.given
    copies = upton_owner_copies(kind, requester_is_owner=requester_is_owner)
    assert tuple(c.document for c in copies) == case.expected
    assert all((c.rule_id, c.sender, c.recipient, c.due) == (case.rule_id, "Conservation Commission",
                                                             "owner", None) for c in copies)


FIVE = ("Board of Health", "Board of Public Works", "Town Engineer", "Conservation Commission",
        "Building Commissioner")
PACKAGE_COPIES = [
    Case("CARVER-247-BOARD-DISTRIBUTION", "one package copy to each of 5 recipients",
         ("Planning Board", "application package"), FIVE),
    Case("CARVER-247-CLERK-NOTIFIED", "the Town Clerk is notified of receipt",
         ("Planning Board", "notice of receipt of the application"), ("Town Clerk",)),
    Case("CARVER-247-APP-TOWN-CLERK", "applicant files the application form with the Town Clerk",
         ("applicant", "application form"), ("Town Clerk",)),
    Case("CARVER-247-APP-TOWN-CLERK", "and one copy of the list of abutters",
         ("applicant", "list of abutters"), ("Town Clerk",)),
]


@pytest.mark.parametrize("case", params(PACKAGE_COPIES))
def test_carver_247_application_copies(case: Case):
    sender, document = case.given
    copies = [c for c in carver247_application_copies()
              if (c.rule_id, c.document) == (case.rule_id, document)]
    assert tuple(c.recipient for c in copies) == case.expected
    assert all(c.sender == sender and c.due is None and c.explanation.rule_id == case.rule_id for c in copies)


def test_carver_247_copies_count_one_plus_one_to_the_clerk_and_five_to_the_boards():
    copies = carver247_application_copies()
    by_rule = {rid: sum(c.rule_id == rid for c in copies) for rid in {c.rule_id for c in copies}}
    assert by_rule == {"CARVER-247-APP-TOWN-CLERK": 2, "CARVER-247-CLERK-NOTIFIED": 1,
                       "CARVER-247-BOARD-DISTRIBUTION": 5}


def test_abutter_rule_without_a_distance_is_refused():
    with pytest.raises(KeyError):
        is_abutter("UPTON-280-ABUTTER-METHOD", 10.0)
