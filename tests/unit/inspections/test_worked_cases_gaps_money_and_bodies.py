"""Issue 22, worked cases for the gaps found in the boards, the fines and the fees, through the facade.

Carver ~§ 136-3A(1), 3C: "There is hereby established a seven-member Earth Removal Committee (ERC)." "No
Committee action shall be taken without a quorum of four members". A Committee with an empty seat was reported
invalid; vacancies are counted and flagged, and a quorum of four still acts (READ-136-QUORUM-VACANCY).

Carver ~§ 136-11D: "Such an order of restoration will not constitute a waiver of any other fines or penalties
for such violations." Upton ~§ 280-11C and Gardner ~§ 650-10: "may be ordered to restore the property to its
original condition ... or may be fined, or both". The effect of a restoration order had no operation.

Gardner ~§ 650-6D(3): the printed row "$1,500,001 to $1,000,000" (AMB-45). Whether a printed fee-table row can
ever apply had no operation.

Carver ~§ 281-2A(5): "a separate check or money order made payable to the local newspaper designated by the
Commission to cover the publication costs" (CARVER-281-RDA-PUBLICATION, the last numbered rule with no case).
"""

from __future__ import annotations

from typing import Any

import pytest

from inspections import api
from tests.unit.inspections.worked import Case, params


def member(name: str, seat: str, **kw: Any) -> dict[str, Any]:
    return {"name": name, "seat": seat, "resident": True, **kw}


REPS = [
    member("A", "select_board_rep", on_select_board=True),
    member("B", "select_board_rep"),
    member("C", "select_board_rep"),
]
APPOINTED = [
    member("D", "appointed", interest="farming", designation="agriculture"),
    member("E", "appointed", interest="engineering"),
    member("F", "appointed", interest="trucking"),
    member("G", "appointed", interest="retail"),
]
ROSTER_CASES = [
    # expected: (seated, vacant seats, departures, can act)
    Case("CARVER-136-ERC-SIZE-7", "all seven seated", REPS + APPOINTED, (7, 0, [], True)),
    Case(
        "CARVER-136-ERC-SIZE-7",
        "one appointed seat empty: flagged, not invalid",
        REPS + APPOINTED[:3],
        (6, 1, [], True),
    ),
    Case(
        "CARVER-136-ERC-QUORUM-4",
        "five seated: two seats vacant, a quorum of four still possible",
        REPS[:2] + APPOINTED[:3],
        (5, 2, [], True),
    ),
    Case(
        "CARVER-136-ERC-QUORUM-4",
        "three seated: no quorum can be present",
        REPS[:1] + APPOINTED[:2],
        (3, 4, [], False),
    ),
    Case(
        "CARVER-136-ERC-APPOINTED-4",
        "an empty seat beside an unendorsed appointee: that is the departure",
        REPS + [*APPOINTED[:2], member("G", "appointed", endorsed=False)],
        (6, 1, ["CARVER-136-ERC-APPOINTED-4"], True),
    ),
]


@pytest.mark.parametrize("case", params(ROSTER_CASES))
def test_vacancies_are_counted_and_flagged(case: Case):
    answer = api.call("erc-roster", {"members": case.given})
    vacant = sum(v["vacant"] for v in answer["vacancies"])
    got = (answer["seated"], vacant, [p["rule_id"] for p in answer["problems"]], answer["can_act"])
    assert got == case.expected
    assert ("VACANCY" in answer["flags"]) is (vacant > 0)


VOTE_CASES = [
    # given: (yes, no, seated); expected: (carries, rule that decides)
    Case(
        "CARVER-136-ERC-MAJORITY",
        "5 seated, 4 present, 3 yes: a quorum, a majority",
        (3, 1, 5),
        (True, "CARVER-136-ERC-MAJORITY"),
    ),
    Case(
        "CARVER-136-ERC-QUORUM-4",
        "5 seated, 3 present: no quorum",
        (3, 0, 5),
        (False, "CARVER-136-ERC-QUORUM-4"),
    ),
    Case(
        "CARVER-136-ERC-SIZE-7",
        "5 seated, 6 voting: more than are in office",
        (4, 2, 5),
        (False, "CARVER-136-ERC-SIZE-7"),
    ),
    Case(
        "CARVER-136-ERC-MAJORITY",
        "4 seated, all present, 2 yes 2 no: no majority",
        (2, 2, 4),
        (False, "CARVER-136-ERC-MAJORITY"),
    ),
]


@pytest.mark.parametrize("case", params(VOTE_CASES))
def test_a_committee_with_vacancies_still_votes_with_a_quorum_of_four(case: Case):
    yes, no, seated = case.given
    answer = api.call("vote", {"chapter": "CARVER-136", "vote": {"yes": yes, "no": no}, "seated": seated})
    assert (answer["allowed"], answer["rule_id"]) == case.expected
    assert "VACANCY" in answer["flags"]


def test_a_cease_and_desist_voted_by_a_committee_with_two_vacancies_may_issue():
    answer = api.call(
        "may-act",
        {
            "chapter": "CARVER-136",
            "action": "cease_and_desist",
            "role": "board_member",
            "vote": {"yes": 3, "no": 1},
            "seated": 5,
        },
    )
    assert answer["allowed"] is True and "2 vacant" in answer["reason"]


def test_designations_unfilled_are_flagged_when_the_town_lists_them():
    answer = api.call(
        "erc-roster",
        {
            "members": REPS + APPOINTED,
            "settings": {"carver136.erc_designations": ["agriculture", "engineering"]},
        },
    )
    assert answer["problems"] == [] and "AMB-20" in answer["flags"]
    assert ["engineering" in e["arithmetic"] for e in answer["designations"]] == [True]


VIOLATION = {"violation_id": "v1", "offender_id": "o1", "started_at": "2026-03-02T09:00:00-05:00"}
RESTORATION_CASES = [
    # given: (chapter, provisions, track, order on, through); expected: (before cents, from cents, waived)
    Case(
        "CARVER-136-RESTORATION-NO-WAIVER",
        "criminal: $100 a day before and after the order, none waived",
        ("CARVER-136", ["CARVER-136-PERMIT-REQUIRED"], "criminal", "2026-03-04", "2026-03-06"),
        (20_000, 30_000, 0),
    ),
    Case(
        "CARVER-136-RESTORATION-NO-WAIVER",
        "noncriminal: $100 first, later days unpriced (AMB-29), none waived",
        ("CARVER-136", ["CARVER-136-PERMIT-REQUIRED"], "noncriminal", "2026-03-04", "2026-03-06"),
        (10_000, 0, 0),
    ),
    Case(
        "UPTON-280-AUTH",
        "Upton $50, $100 before; $300 a day from the order: restore, fine, or both",
        ("UPTON-280", ["UPTON-280-PROHIBITED"], "noncriminal", "2026-03-04", "2026-03-06"),
        (15_000, 90_000, 0),
    ),
    Case(
        "CARVER-281-RESTORATION-ORDER",
        "Carver 281: two provisions, $100 each a day, none waived",
        (
            "CARVER-281",
            ["CARVER-281-PROHIBITED-ACTS", "CARVER-281-UTIL-PERMISSION"],
            "criminal",
            "2026-03-03",
            "2026-03-04",
        ),
        (20_000, 40_000, 0),
    ),
]


@pytest.mark.parametrize("case", params(RESTORATION_CASES))
def test_a_restoration_order_waives_no_accrued_fine(case: Case):
    chapter, provisions, track, order_on, through = case.given
    violation = {**VIOLATION, "chapter": chapter, "provisions": provisions}
    answer = api.call(
        "restoration-effect",
        {"violation": violation, "order_on": order_on, "through_on": through, "track": track},
    )
    assert (answer["before_order_cents"], answer["from_order_cents"], answer["waived_cents"]) == case.expected
    assert answer["explanation"]["rule_id"] == case.rule_id


def test_carver_136_restoration_deadlines_say_no_fine_is_waived():
    body = {
        "event": "restoration_order_received",
        "chapter": "CARVER-136",
        "issued_on": "2026-05-04",
        "on": "2026-05-06",
    }
    request = api.call("deadlines", body)["deadlines"][0]
    assert (request["latest_on"], request["facts"]["fines_waived"]) == ("2026-05-13", False)


ROW_CASES = [
    # given: (chapter, row, fee_mode); expected: (reachable, the least cost it decides)
    Case(
        "GARDNER-650-CONSULT-CAP-R5",
        "LITERAL: $1,500,001 to $1,000,000 is empty, never applies",
        ("GARDNER-650", 4, "LITERAL"),
        (False, None),
    ),
    Case(
        "GARDNER-650-CONSULT-CAP-R5",
        "INTENT: read as $1,500,001 to $2,000,000",
        ("GARDNER-650", 4, "INTENT"),
        (True, 150_000_001),
    ),
    Case(
        "GARDNER-650-CONSULT-CAP-INCR",
        "LITERAL: increments over $1M decide only above R4's $1,500,000",
        ("GARDNER-650", 5, "LITERAL"),
        (True, 150_000_001),
    ),
    Case(
        "GARDNER-650-CONSULT-CAP-INCR",
        "INTENT: increments over $2,000,000",
        ("GARDNER-650", 5, "INTENT"),
        (True, 200_000_001),
    ),
    Case(
        "CARVER-281-CONSULT-CAP-R2",
        "$100,001 to $500,000: from $100,000.01 (CONV-MONEY)",
        ("CARVER-281", 1, "LITERAL"),
        (True, 10_000_001),
    ),
    Case(
        "CARVER-281-CONSULT-CAP-R5",
        "$1,500,001 to $2,000,000 applies",
        ("CARVER-281", 4, "LITERAL"),
        (True, 150_000_001),
    ),
]


@pytest.mark.parametrize("case", params(ROW_CASES))
def test_whether_a_printed_fee_row_can_ever_apply(case: Case):
    chapter, index, mode = case.given
    answer = api.call("fee-table-rows", {"chapter": chapter, "settings": {"gardner650.fee_mode": mode}})
    row = answer["rows"][index]
    assert row["rule_id"] == case.rule_id
    assert (row["reachable"], row["applies_from_cents"]) == case.expected


PUBLICATION_CASES = [
    # expected: (amount of the publication part, its payee, the RDA's total with an amount)
    Case(
        "CARVER-281-RDA-PUBLICATION",
        "RDA: a separate payment to the designated newspaper, no amount here",
        {"chapter": "CARVER-281", "filing": "RDA"},
        (None, "the designated newspaper", 12_500),
    ),
    Case(
        "CARVER-281-RDA-PUBLICATION",
        "a government applicant's waiver leaves the newspaper's bill",
        {"chapter": "CARVER-281", "filing": "RDA", "government_applicant": True, "commission_waives": True},
        (None, "the designated newspaper", 0),
    ),
]


@pytest.mark.parametrize("case", params(PUBLICATION_CASES))
def test_the_rda_publication_cost_is_the_newspapers_bill(case: Case):
    answer = api.call("filing-fee", case.given)
    [part] = [p for p in answer["parts"] if p["rule_id"] == case.rule_id]
    assert (part["amount_cents"], part["payee"], answer["total_cents"]) == case.expected
    assert answer["unpriced"] == ["publication cost"] and part["none_reason"] == "set by the newspaper"
