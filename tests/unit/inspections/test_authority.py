"""Who may act, from the enforcement and administration clauses of the five texts (RULES.md §§ 1.8, 2.1,
2.5, 3.2, 3.6, 4.2, 4.6, 5.2, 5.6), with the ERC's quorum of 4 of 7 and majority of those present
(CONV-MAJORITY)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from inspections.authority import Action, Role, Vote, may_act, vote_carries
from inspections.config import DEFAULT


@dataclass(frozen=True)
class Act:
    rule_id: str
    name: str
    chapter: str
    action: Action
    role: Role
    allowed: bool
    vote: Vote | None = None
    requires: tuple[str, ...] = ()
    overrides: dict[str, Any] = field(default_factory=dict)


A, R = Action, Role
DELEGATION = ("a written delegation from the Planning Board (CARVER-247-DELEGATION-WRITTEN)",)
CASES = [
    # Carver 281: "Enforcement orders shall be issued by Commission members or the Conservation Agent"
    Act("CARVER-281-AUTH-EO", "281 enforcement order by one Commission member", "CARVER-281",
        A.ENFORCEMENT_ORDER,
        R.BOARD_MEMBER, True),
    Act("CARVER-281-AUTH-EO", "281 enforcement order by the Conservation Agent", "CARVER-281",
        A.ENFORCEMENT_ORDER,
        R.AGENT, True),
    Act("CARVER-281-AUTH-EO", "281 enforcement order by the ZEO is refused", "CARVER-281",
        A.ENFORCEMENT_ORDER,
        R.ENFORCING_OFFICER, False),
    Act("CARVER-281-AUTH-EO", "281 cease and desist (as an enforcement order) by a member", "CARVER-281",
        A.CEASE_AND_DESIST, R.BOARD_MEMBER, True),
    Act("CARVER-281-RESTORATION-ORDER", "281 restoration order by the agent", "CARVER-281",
        A.RESTORATION_ORDER,
        R.AGENT, True),
    Act("CARVER-281-ENF-TOOLS", "281 has no 21D citation (AMB-09)", "CARVER-281", A.CITATION_21D, R.AGENT,
        False),
    Act("CARVER-281-ENF-TOOLS", "281 21D citation once the town configures a schedule", "CARVER-281",
        A.CITATION_21D, R.AGENT, True, overrides={"carver281.noncriminal_schedule": (5000,)}),
    Act("CARVER-281-AGENT-COMPLETENESS", "281 completeness determined by the agent", "CARVER-281",
        A.COMPLETENESS_DETERMINATION, R.AGENT, True),
    Act("CARVER-281-AGENT-COMPLETENESS", "281 completeness: one member alone may not", "CARVER-281",
        A.COMPLETENESS_DETERMINATION, R.BOARD_MEMBER, False),
    Act("CARVER-281-AGENT-COMPLETENESS", "281 completeness by Commission vote 3-2", "CARVER-281",
        A.COMPLETENESS_DETERMINATION, R.BOARD_MEMBER, True, Vote(3, 2)),
    Act("CARVER-281-AUTH-ISSUING", "281 vote 2-2-1: 2 yes of 5 present is no majority (CONV-MAJORITY)",
        "CARVER-281", A.COMPLETENESS_DETERMINATION, R.BOARD_MEMBER, False, Vote(2, 2, 1)),
    Act("CARVER-281-EMERG-NOTICE-24H", "281 emergency certified by the Commission by vote", "CARVER-281",
        A.CERTIFY_EMERGENCY, R.BOARD_MEMBER, True, Vote(4, 1)),
    Act("CARVER-281-EMERG-NOTICE-24H", "281 emergency: the agent may not certify", "CARVER-281",
        A.CERTIFY_EMERGENCY, R.AGENT, False),
    Act("CARVER-281-AUTH-ISSUING", "281 has no ERC review", "CARVER-281", A.SCHEDULE_ERC_REVIEW, R.AGENT,
        False),
    # Carver 247: "The Planning Board or an authorized agent of the Board shall enforce"; tickets by the ZEO.
    Act("CARVER-247-AUTH-ENF", "247 order by the Board's agent (written delegation)", "CARVER-247",
        A.ENFORCEMENT_ORDER, R.AGENT, True, requires=DELEGATION),
    Act("CARVER-247-AUTH-ENF", "247 order: one Board member alone may not", "CARVER-247", A.ENFORCEMENT_ORDER,
        R.BOARD_MEMBER, False),
    Act("CARVER-247-AUTH-ENF", "247 order by Board vote 3-2", "CARVER-247", A.ENFORCEMENT_ORDER,
        R.BOARD_MEMBER,
        True, Vote(3, 2)),
    Act("CARVER-247-ORDER-CEASE-DESIST", "247 cease and desist by the agent (written delegation)",
        "CARVER-247",
        A.CEASE_AND_DESIST, R.AGENT, True, requires=DELEGATION),
    Act("CARVER-247-ORDER-CEASE-DESIST", "247 cease and desist by the ZEO is refused", "CARVER-247",
        A.CEASE_AND_DESIST, R.ENFORCING_OFFICER, False),
    Act("CARVER-247-ORDER-REMEDIATION", "247 remediation order by Board vote", "CARVER-247",
        A.RESTORATION_ORDER,
        R.BOARD_MEMBER, True, Vote(4, 0)),
    Act("CARVER-247-NONCRIM-ZEO", "S01 ticket by the ZEO", "CARVER-247", A.CITATION_21D, R.ENFORCING_OFFICER,
        True),
    Act("CARVER-247-NONCRIM-ZEO", "S01 ticket by the agent is rejected", "CARVER-247", A.CITATION_21D,
        R.AGENT, False),
    Act("CARVER-247-NONCRIM-ZEO", "S01 ticket by Board vote is rejected", "CARVER-247", A.CITATION_21D,
        R.BOARD_MEMBER, False, Vote(5, 0)),
    Act("CARVER-247-AUTH-PB", "247 completeness by the Board's agent (written delegation)", "CARVER-247",
        A.COMPLETENESS_DETERMINATION, R.AGENT, True, requires=DELEGATION),
    Act("CARVER-247-AUTH-PB", "247 has no emergency certification", "CARVER-247", A.CERTIFY_EMERGENCY,
        R.BOARD_MEMBER, False, Vote(5, 0)),
    # Carver 136: "the ERC or its designee"; quorum of four; majority of the members present.
    Act("CARVER-136-AUTH", "136 enforcement order by the ERC's designee", "CARVER-136", A.ENFORCEMENT_ORDER,
        R.DESIGNEE, True),
    Act("CARVER-136-AUTH", "136 enforcement order by ERC vote 4-0", "CARVER-136", A.ENFORCEMENT_ORDER,
        R.BOARD_MEMBER,
        True, Vote(4, 0)),
    Act("CARVER-136-ERC-QUORUM-4", "136 ERC vote 3-0: no quorum of 4", "CARVER-136", A.ENFORCEMENT_ORDER,
        R.BOARD_MEMBER, False, Vote(3, 0)),
    Act("CARVER-136-CD-ORDER", "136 ERC 3-2: 3 of 5 present is a majority", "CARVER-136", A.CEASE_AND_DESIST,
        R.BOARD_MEMBER, True, Vote(3, 2)),
    Act("CARVER-136-ERC-MAJORITY", "136 ERC 3-2-2: 3 of 7 present is no majority (abstainers count)",
        "CARVER-136", A.CEASE_AND_DESIST, R.BOARD_MEMBER, False, Vote(3, 2, 2)),
    Act("CARVER-136-ERC-MAJORITY", "136 ERC 3-1-2: 3 of 6 present, 4 needed", "CARVER-136",
        A.RESTORATION_ORDER,
        R.BOARD_MEMBER, False, Vote(3, 1, 2)),
    Act("CARVER-136-ERC-SIZE-7", "136 ERC: 8 present is more than its 7 members", "CARVER-136",
        A.ENFORCEMENT_ORDER,
        R.BOARD_MEMBER, False, Vote(4, 3, 1)),
    Act("CARVER-136-CD-ORDER", "136 cease and desist by the designee", "CARVER-136", A.CEASE_AND_DESIST,
        R.DESIGNEE,
        True),
    Act("CARVER-136-CD-ORDER", "136 cease and desist: one ERC member alone may not", "CARVER-136",
        A.CEASE_AND_DESIST, R.BOARD_MEMBER, False),
    Act("CARVER-136-CD-REVIEW-7D", "136 review meeting scheduled by the designee", "CARVER-136",
        A.SCHEDULE_ERC_REVIEW, R.DESIGNEE, True),
    Act("CARVER-136-CD-REVIEW-48H", "136 review held by the ERC, 3-1 with 4 present", "CARVER-136",
        A.HOLD_ERC_REVIEW, R.BOARD_MEMBER, True, Vote(3, 1)),
    Act("CARVER-136-CD-REVIEW-48H", "136 review cannot be held by the designee", "CARVER-136",
        A.HOLD_ERC_REVIEW,
        R.DESIGNEE, False),
    Act("CARVER-136-ERC-QUORUM-4", "136 review with 3 present: no quorum", "CARVER-136", A.HOLD_ERC_REVIEW,
        R.BOARD_MEMBER, False, Vote(2, 1)),
    Act("CARVER-136-ERC-MAJORITY", "136 review 2-2: 2 of 4 present is no majority", "CARVER-136",
        A.HOLD_ERC_REVIEW,
        R.BOARD_MEMBER, False, Vote(2, 2)),
    Act("CARVER-136-ERC-QUORUM-4", "136 continue a hearing with 3 present, 2-1 (quorum exception)",
        "CARVER-136",
        A.CONTINUE_HEARING, R.BOARD_MEMBER, True, Vote(2, 1)),
    Act("CARVER-136-RESTORATION-ORDER", "136 restoration order by the designee", "CARVER-136",
        A.RESTORATION_ORDER,
        R.DESIGNEE, True),
    Act("CARVER-136-NONCRIM-ZEO", "136 ticket by the ZEO", "CARVER-136", A.CITATION_21D, R.ENFORCING_OFFICER,
        True),
    Act("CARVER-136-NONCRIM-ZEO", "136 ticket by the designee is rejected", "CARVER-136", A.CITATION_21D,
        R.DESIGNEE, False),
    Act("CARVER-136-ERC-APPOINTED-4", "136 Town Administrator appoints a member, Select Board endorses",
        "CARVER-136", A.APPOINT_ERC_MEMBER, R.TOWN_ADMIN, True,
        requires=("endorsement by the Select Board",)),
    Act("CARVER-136-AUTH", "136 Town Administrator may not issue an enforcement order", "CARVER-136",
        A.ENFORCEMENT_ORDER, R.TOWN_ADMIN, False),
    # Upton: the Commission (by vote) or its agents; emergency certified by the Commission or its agent.
    Act("UPTON-280-AUTH", "Upton enforcement order by the agent", "UPTON-280", A.ENFORCEMENT_ORDER, R.AGENT,
        True),
    Act("UPTON-280-AUTH", "Upton enforcement order: one member alone may not", "UPTON-280",
        A.ENFORCEMENT_ORDER,
        R.BOARD_MEMBER, False),
    Act("UPTON-280-AUTH", "Upton cease and desist by Commission vote 3-2", "UPTON-280", A.CEASE_AND_DESIST,
        R.BOARD_MEMBER, True, Vote(3, 2)),
    Act("UPTON-280-AUTH", "Upton 21D citation by the agent", "UPTON-280", A.CITATION_21D, R.AGENT, True),
    Act("UPTON-280-AUTH", "Upton 21D citation by the ZEO is refused", "UPTON-280", A.CITATION_21D,
        R.ENFORCING_OFFICER, False),
    Act("UPTON-280-EMERG-CERT", "Upton emergency certified by the agent", "UPTON-280", A.CERTIFY_EMERGENCY,
        R.AGENT,
        True),
    Act("UPTON-280-HEARING-21D", "Upton completeness by Commission vote", "UPTON-280",
        A.COMPLETENESS_DETERMINATION,
        R.BOARD_MEMBER, True, Vote(4, 1)),
    Act("UPTON-280-HEARING-21D", "Upton completeness: the agent is not named", "UPTON-280",
        A.COMPLETENESS_DETERMINATION, R.AGENT, False),
    # Gardner: the Commission enforces; "the Commission, any member thereof, or its agent may issue
    # citations".
    Act("GARDNER-650-AUTH", "Gardner enforcement order by Commission vote", "GARDNER-650",
        A.ENFORCEMENT_ORDER,
        R.BOARD_MEMBER, True, Vote(4, 2)),
    Act("GARDNER-650-AUTH", "Gardner enforcement order: the agent is not named", "GARDNER-650",
        A.ENFORCEMENT_ORDER,
        R.AGENT, False),
    Act("GARDNER-650-RESTORE", "Gardner restoration order by Commission vote", "GARDNER-650",
        A.RESTORATION_ORDER,
        R.BOARD_MEMBER, True, Vote(3, 0)),
    Act("GARDNER-650-CITATIONS-21D", "Gardner citation by any one member", "GARDNER-650", A.CITATION_21D,
        R.BOARD_MEMBER, True),
    Act("GARDNER-650-CITATIONS-21D", "Gardner citation by the agent", "GARDNER-650", A.CITATION_21D, R.AGENT,
        True),
    Act("GARDNER-650-CITATIONS-21D", "Gardner citation by the ZEO is refused", "GARDNER-650", A.CITATION_21D,
        R.ENFORCING_OFFICER, False),
    Act("GARDNER-650-EMERG-CERT-10BD", "Gardner emergency certified by the agent", "GARDNER-650",
        A.CERTIFY_EMERGENCY, R.AGENT, True),
    Act("GARDNER-650-HEARING-11D", "Gardner completeness by Commission vote", "GARDNER-650",
        A.COMPLETENESS_DETERMINATION, R.BOARD_MEMBER, True, Vote(3, 1)),
]


@pytest.mark.parametrize("case", [pytest.param(c, id=c.name) for c in CASES])
def test_may_act(case: Act):
    cfg = DEFAULT.with_overrides(**{k.replace(".", "__"): v for k, v in case.overrides.items()})
    decision = may_act(case.chapter, case.action, case.role, vote=case.vote, cfg=cfg)
    assert (decision.allowed, decision.rule_id) == (case.allowed, case.rule_id), decision.reason
    assert decision.requires == case.requires
    assert decision.explanation.rule_id == case.rule_id and decision.reason


def test_roles_and_actions_are_accepted_as_plain_strings():
    assert may_act("CARVER-247", "citation_21d", "enforcing_officer").allowed
    with pytest.raises(ValueError):
        may_act("CARVER-247", "citation_21d", "police_chief")


def test_amb_09_flag_on_the_configured_281_citation_power():
    cfg = DEFAULT.with_overrides(carver281__noncriminal_schedule=(5000,))
    assert may_act("CARVER-281", A.CITATION_21D, R.AGENT, cfg=cfg).flags == ("AMB-09",)


@pytest.mark.parametrize("rule_id,vote,carries", [
    pytest.param("CARVER-136-ERC-MAJORITY", Vote(4, 0), True, id="4-0"),
    pytest.param("CARVER-136-ERC-MAJORITY", Vote(4, 3), True, id="4-3 of 7"),
    pytest.param("CARVER-136-ERC-MAJORITY", Vote(3, 3, 1), False, id="3-3-1 of 7 needs 4"),
    pytest.param("CARVER-136-ERC-QUORUM-4", Vote(3, 0), False, id="3 present"),
    pytest.param("CARVER-136-ERC-SIZE-7", Vote(8, 0), False, id="8 present"),
])
def test_erc_vote(rule_id, vote, carries):
    result = vote_carries("CARVER-136", vote)
    assert (result.allowed, result.rule_id) == (carries, rule_id)


def test_an_empty_vote_never_carries():
    assert not vote_carries("UPTON-280", Vote(0)).allowed
