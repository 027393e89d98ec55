"""Who may act: for each chapter and enforcement action, which role may take it, and under which rule.

Roles: "agent" (Conservation Agent / Planning Board agent), "board_member" (one member of the Commission,
Board or ERC; with a `Vote`, the body itself acting), "enforcing_officer" (the Zoning Enforcement Officer),
"town_admin" (the Town Administrator), "designee" (the ERC's designee).

A body acts by vote. The ERC needs a quorum of 4 of its 7 members (CARVER-136-ERC-QUORUM-4, except to
continue a hearing) and a majority of the members present (CARVER-136-ERC-MAJORITY, CONV-MAJORITY:
floor(present/2)+1 yes votes, abstainers count as present). The Commissions and the Planning Board have
no quorum in these texts; their votes are counted by CONV-MAJORITY.

The table is the literal text: e.g. in Carver 281 a single Commission member may issue an enforcement
order (CARVER-281-AUTH-EO); in Gardner any member may issue a § 21D citation (GARDNER-650-CITATIONS-21D);
§ 21D tickets under Carver 247 and 136 are issued only by the Zoning Enforcement Officer.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from inspections.config import DEFAULT, BylawConfig
from inspections.explain import Explanation
from inspections.offenses import check_chapter
from inspections.rulepack import param


class Role(StrEnum):
    AGENT = "agent"
    BOARD_MEMBER = "board_member"
    ENFORCING_OFFICER = "enforcing_officer"
    TOWN_ADMIN = "town_admin"
    DESIGNEE = "designee"


class Action(StrEnum):
    ENFORCEMENT_ORDER = "enforcement_order"
    CEASE_AND_DESIST = "cease_and_desist"
    RESTORATION_ORDER = "restoration_order"
    CITATION_21D = "citation_21d"
    SCHEDULE_ERC_REVIEW = "schedule_erc_review"
    HOLD_ERC_REVIEW = "hold_erc_review"
    CONTINUE_HEARING = "continue_hearing"
    CERTIFY_EMERGENCY = "certify_emergency"
    COMPLETENESS_DETERMINATION = "completeness_determination"
    APPOINT_ERC_MEMBER = "appoint_erc_member"


@dataclass(frozen=True)
class Vote:
    """A recorded vote of the body; abstainers count as present (CONV-MAJORITY)."""

    yes: int
    no: int = 0
    abstain: int = 0

    def __post_init__(self) -> None:
        if min(self.yes, self.no, self.abstain) < 0:
            raise ValueError("vote counts cannot be negative")

    @property
    def present(self) -> int:
        return self.yes + self.no + self.abstain

    @property
    def majority_needed(self) -> int:
        return self.present // 2 + 1


@dataclass(frozen=True)
class Grant:
    """Who the text empowers for one action under one chapter."""

    rule_id: str
    roles: frozenset[Role] = frozenset()
    member_alone: bool = False  # any single member may act
    body_vote: bool = True  # the body may act by vote
    quorum_exempt: bool = False  # ERC: "except to continue a hearing in the absence of a quorum"
    requires: tuple[str, ...] = ()
    config_key: str | None = None  # the power exists only once the town configures this (AMB-09)
    note: str = ""
    role_note: str = ""  # said only when one of `roles` acts


@dataclass(frozen=True)
class Decision:
    allowed: bool
    rule_id: str
    reason: str
    explanation: Explanation
    requires: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()


A, R = Action, Role
_DELEGATED = ("a written delegation from the Planning Board (CARVER-247-DELEGATION-WRITTEN)",)
_DESIGNEE_NOTE = "the ERC's designee is its enforcement officer (~§ 136-11A)"


def _members_or_agent(rule_id: str, note: str = "", config_key: str | None = None) -> Grant:
    return Grant(rule_id, frozenset({R.AGENT}), member_alone=True, note=note, config_key=config_key)


def _board_or_delegated_agent(rule_id: str) -> Grant:
    return Grant(rule_id, frozenset({R.AGENT}), requires=_DELEGATED)


def _erc_or_designee(rule_id: str) -> Grant:
    return Grant(rule_id, frozenset({R.DESIGNEE}), role_note=_DESIGNEE_NOTE)


def _body_or_agent(rule_id: str) -> Grant:
    return Grant(rule_id, frozenset({R.AGENT}))


def _ticket_officer(rule_id: str) -> Grant:
    """§ 21D tickets: only the role the pack names (`issuer_role`, the Zoning Enforcement Officer)."""
    return Grant(rule_id, frozenset({R(param(rule_id, "issuer_role"))}), body_vote=False)


_FORM_D = "issued as an enforcement order (Form D)"


@cache
def _table() -> dict[tuple[str, Action], Grant]:
    return {
        ("CARVER-281", A.ENFORCEMENT_ORDER): _members_or_agent("CARVER-281-AUTH-EO"),
        ("CARVER-281", A.CEASE_AND_DESIST): _members_or_agent("CARVER-281-AUTH-EO", _FORM_D),
        ("CARVER-281", A.RESTORATION_ORDER): _members_or_agent("CARVER-281-RESTORATION-ORDER", _FORM_D),
        ("CARVER-281", A.CITATION_21D): _members_or_agent(
            "CARVER-281-ENF-TOOLS", config_key="carver281.noncriminal_schedule"
        ),
        ("CARVER-281", A.COMPLETENESS_DETERMINATION): _body_or_agent("CARVER-281-AGENT-COMPLETENESS"),
        ("CARVER-281", A.CERTIFY_EMERGENCY): Grant("CARVER-281-EMERG-NOTICE-24H"),
        ("CARVER-247", A.ENFORCEMENT_ORDER): _board_or_delegated_agent("CARVER-247-AUTH-ENF"),
        ("CARVER-247", A.CEASE_AND_DESIST): _board_or_delegated_agent("CARVER-247-ORDER-CEASE-DESIST"),
        ("CARVER-247", A.RESTORATION_ORDER): _board_or_delegated_agent("CARVER-247-ORDER-REMEDIATION"),
        ("CARVER-247", A.CITATION_21D): _ticket_officer("CARVER-247-NONCRIM-ZEO"),
        ("CARVER-247", A.COMPLETENESS_DETERMINATION): _board_or_delegated_agent("CARVER-247-AUTH-PB"),
        ("CARVER-136", A.ENFORCEMENT_ORDER): _erc_or_designee("CARVER-136-AUTH"),
        ("CARVER-136", A.CEASE_AND_DESIST): _erc_or_designee("CARVER-136-CD-ORDER"),
        ("CARVER-136", A.RESTORATION_ORDER): _erc_or_designee("CARVER-136-RESTORATION-ORDER"),
        ("CARVER-136", A.CITATION_21D): _ticket_officer("CARVER-136-NONCRIM-ZEO"),
        ("CARVER-136", A.SCHEDULE_ERC_REVIEW): _erc_or_designee("CARVER-136-CD-REVIEW-7D"),
        ("CARVER-136", A.HOLD_ERC_REVIEW): Grant("CARVER-136-CD-REVIEW-48H"),
        ("CARVER-136", A.CONTINUE_HEARING): Grant("CARVER-136-ERC-QUORUM-4", quorum_exempt=True),
        ("CARVER-136", A.COMPLETENESS_DETERMINATION): Grant("CARVER-136-REGS-CONTENT"),
        ("CARVER-136", A.APPOINT_ERC_MEMBER): Grant(
            "CARVER-136-ERC-APPOINTED-4",
            frozenset({R.TOWN_ADMIN}),
            body_vote=False,
            requires=("endorsement by the Select Board",),
        ),
        ("UPTON-280", A.ENFORCEMENT_ORDER): _body_or_agent("UPTON-280-AUTH"),
        ("UPTON-280", A.CEASE_AND_DESIST): _body_or_agent("UPTON-280-AUTH"),
        ("UPTON-280", A.RESTORATION_ORDER): _body_or_agent("UPTON-280-AUTH"),
        ("UPTON-280", A.CITATION_21D): _body_or_agent("UPTON-280-AUTH"),
        ("UPTON-280", A.CERTIFY_EMERGENCY): _body_or_agent("UPTON-280-EMERG-CERT"),
        ("UPTON-280", A.COMPLETENESS_DETERMINATION): Grant("UPTON-280-HEARING-21D"),
        ("GARDNER-650", A.ENFORCEMENT_ORDER): Grant("GARDNER-650-AUTH"),
        ("GARDNER-650", A.CEASE_AND_DESIST): Grant("GARDNER-650-AUTH"),
        ("GARDNER-650", A.RESTORATION_ORDER): Grant("GARDNER-650-RESTORE"),
        ("GARDNER-650", A.CITATION_21D): _members_or_agent("GARDNER-650-CITATIONS-21D"),
        ("GARDNER-650", A.CERTIFY_EMERGENCY): _body_or_agent("GARDNER-650-EMERG-CERT-10BD"),
        ("GARDNER-650", A.COMPLETENESS_DETERMINATION): Grant("GARDNER-650-HEARING-11D"),
    }


GENERAL_AUTHORITY = {
    "CARVER-281": "CARVER-281-AUTH-ISSUING",
    "CARVER-247": "CARVER-247-AUTH-PB",
    "CARVER-136": "CARVER-136-AUTH",
    "UPTON-280": "UPTON-280-AUTH",
    "GARDNER-650": "GARDNER-650-AUTH",
}
BODY = {
    "CARVER-281": "the Conservation Commission",
    "CARVER-247": "the Planning Board",
    "CARVER-136": "the Earth Removal Committee",
    "UPTON-280": "the Conservation Commission",
    "GARDNER-650": "the Conservation Commission",
}


def _decide(
    allowed: bool, rule_id: str, reason: str, requires: tuple[str, ...] = (), flags: tuple[str, ...] = ()
) -> Decision:
    return Decision(allowed, rule_id, reason, Explanation.of(rule_id, reason, flags), requires, flags)


def vote_carries(
    chapter: str, vote: Vote, *, quorum_exempt: bool = False, seated: int | None = None
) -> Decision:
    """Does the body's vote carry? ERC: size 7, quorum 4, majority of those present; others CONV-MAJORITY.

    `seated`: the ERC members in office when some seats are vacant (None: all seven). Vacancies are flagged;
    the quorum stays four members (CARVER-136-ERC-QUORUM-4), so a Committee with empty seats still acts
    (READ-136-QUORUM-VACANCY)."""
    if chapter != "CARVER-136":
        ok = vote.present > 0 and vote.yes >= vote.majority_needed
        return _decide(
            ok,
            GENERAL_AUTHORITY[check_chapter(chapter)],
            f"{vote.yes} yes of {vote.present} present; CONV-MAJORITY needs {vote.majority_needed}",
        )
    members, quorum = param("CARVER-136-ERC-SIZE-7", "members"), param("CARVER-136-ERC-QUORUM-4", "quorum")
    in_office = members if seated is None else seated
    if not 0 <= in_office <= members:
        raise ValueError(f"seated must be between 0 and {members}, got {seated}")
    vacant = members - in_office
    flags = ("VACANCY",) if vacant else ()
    seats = f" ({in_office} seated, {vacant} vacant)" if vacant else ""
    if vote.present > in_office:
        return _decide(False, "CARVER-136-ERC-SIZE-7",
                       f"{vote.present} present but the ERC has {in_office} members in office{seats}",
                       flags=flags)
    if vote.present < quorum and not quorum_exempt:
        return _decide(False, "CARVER-136-ERC-QUORUM-4", f"{vote.present} present, quorum is {quorum}{seats}",
                       flags=flags)
    ok = vote.yes >= vote.majority_needed
    return _decide(
        ok,
        "CARVER-136-ERC-MAJORITY",
        f"{vote.yes} yes of {vote.present} present; a majority of those present is {vote.majority_needed}"
        f"{seats}",
        flags=flags,
    )


def _grant(chapter: str, action: Action, cfg: BylawConfig) -> tuple[Grant | None, Decision | None]:
    grant = _table().get((chapter, action))
    if grant is None:
        rule_id = GENERAL_AUTHORITY[chapter]
        return None, _decide(
            False, rule_id, f"ch. {chapter} gives no one the power to take this action ({action})"
        )
    if grant.config_key and not cfg[grant.config_key]:
        why = f"the chapter has no noncriminal disposition; {grant.config_key} is not configured (AMB-09)"
        return None, _decide(False, grant.rule_id, why, flags=("AMB-09",))
    return grant, None


def may_act(
    chapter: str,
    action: Action | str,
    role: Role | str,
    *,
    vote: Vote | None = None,
    seated: int | None = None,
    cfg: BylawConfig = DEFAULT,
) -> Decision:
    """May `role` take `action` under `chapter`? With a `vote`, a board member acts for the body (`seated`:
    the ERC members in office when seats are vacant)."""
    chapter, action, role = check_chapter(chapter), Action(action), Role(role)
    grant, refusal = _grant(chapter, action, cfg)
    if grant is None:
        assert refusal is not None
        return refusal
    flags = ("AMB-09",) if grant.config_key else ()
    note = f"; {grant.note}" if grant.note else ""
    if role in grant.roles:
        role_note = f"; {grant.role_note}" if grant.role_note else ""
        return _decide(True, grant.rule_id, f"{role} may act{note}{role_note}", grant.requires, flags)
    if role is Role.BOARD_MEMBER and grant.member_alone:
        return _decide(True, grant.rule_id, f"any member of {BODY[chapter]} may act{note}", (), flags)
    if role is Role.BOARD_MEMBER and grant.body_vote:
        if vote is None:
            return _decide(False, grant.rule_id, f"{BODY[chapter]} acts by vote; one member alone may not")
        carried = vote_carries(chapter, vote, quorum_exempt=grant.quorum_exempt, seated=seated)
        if not carried.allowed:
            return carried
        return _decide(True, grant.rule_id, f"{BODY[chapter]} by vote ({carried.reason}){note}", (), flags)
    return _decide(False, grant.rule_id, f"{role} is not empowered for this action under {chapter}")
