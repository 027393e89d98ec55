"""Who may act: for each chapter and enforcement action, which role may take it, and under which rule.

Roles: "agent" (Conservation Agent / Planning Board agent), "board_member" (one member of the Commission,
Board or ERC; with a `Vote`, the body itself acting), "enforcing_officer" (the Zoning Enforcement Officer),
"town_admin" (the Town Administrator), "designee" (the ERC's designee).

A body acts by vote. The ERC needs a quorum of 4 of its 7 members (CARVER-136-ERC-QUORUM-4, except to
continue a hearing) and a majority of the members present (CARVER-136-ERC-MAJORITY, CONV-MAJORITY:
floor(present/2)+1 yes votes, abstainers count as present). The Commissions and the Planning Board have
no quorum in these texts; their votes are counted by CONV-MAJORITY.

The table is each pack's `[chapter.who_may_act]` (the literal text): e.g. in Carver 281 a single Commission
member may issue an enforcement order (CARVER-281-AUTH-EO); in Gardner any member may issue a § 21D citation
(GARDNER-650-CITATIONS-21D); § 21D tickets under Carver 247 and 136 are issued only by the Zoning
Enforcement Officer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum

from inspections.config import DEFAULT, BylawConfig
from inspections.explain import Explanation
from inspections.offenses import check_chapter
from inspections.rulepack import ChapterTable, GrantTable, load_rulebook, param


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


def _grant_of(rule_id: str, spec: GrantTable) -> Grant:
    roles = {Role(r) for r in spec.roles}
    if spec.roles_param:  # e.g. § 21D tickets: only the role the rule names (the Zoning Enforcement Officer)
        roles.add(Role(param(rule_id, spec.roles_param)))
    return Grant(rule_id, frozenset(roles), spec.member_alone, spec.body_vote, spec.quorum_exempt,
                 spec.requires, spec.config_key, spec.note, spec.role_note)


def _table() -> dict[tuple[str, Action], Grant]:
    """The who-may-act table: each pack's `[chapter.who_may_act]` grants, by (chapter, action)."""
    return {
        (key, Action(action)): _grant_of(spec.rule, spec)
        for key, pack in load_rulebook().packs.items()
        for action, spec in pack.chapter.who_may_act.items()
    }


def _table_of(chapter: str) -> ChapterTable:
    return load_rulebook().packs[check_chapter(chapter)].chapter


def general_authority(chapter: str) -> str:
    """The rule that gives the chapter's body its general power (the pack's `general_authority`)."""
    rule_id = _table_of(chapter).general_authority
    if rule_id is None:
        raise ValueError(f"pack {chapter} names no general_authority in its [chapter] table")
    return rule_id


def body(chapter: str) -> str:
    """The chapter's body in words ("the Conservation Commission")."""
    table = _table_of(chapter)
    return table.body or f"the {load_rulebook().packs[chapter].pack.enforcing_authority}"


class _ByChapter(Mapping[str, str]):
    """A read-only view by chapter key over the packs (kept for callers of the old module constants)."""

    def __init__(self, of: Callable[[str], str]) -> None:
        self._of = of

    def __getitem__(self, chapter: str) -> str:
        if chapter not in load_rulebook().packs:
            raise KeyError(chapter)
        return self._of(chapter)

    def __iter__(self) -> Iterator[str]:
        return iter(load_rulebook().packs)

    def __len__(self) -> int:
        return len(load_rulebook().packs)


GENERAL_AUTHORITY: Mapping[str, str] = _ByChapter(general_authority)
BODY: Mapping[str, str] = _ByChapter(body)


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
    if chapter != "CARVER-136":  # the ERC's own numbers, below: its pack's size, quorum and majority rules
        ok = vote.present > 0 and vote.yes >= vote.majority_needed
        return _decide(
            ok,
            general_authority(chapter),
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
        rule_id = general_authority(chapter)
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
        return _decide(True, grant.rule_id, f"any member of {body(chapter)} may act{note}", (), flags)
    if role is Role.BOARD_MEMBER and grant.body_vote:
        if vote is None:
            return _decide(False, grant.rule_id, f"{body(chapter)} acts by vote; one member alone may not")
        carried = vote_carries(chapter, vote, quorum_exempt=grant.quorum_exempt, seated=seated)
        if not carried.allowed:
            return carried
        return _decide(True, grant.rule_id, f"{body(chapter)} by vote ({carried.reason}){note}", (), flags)
    return _decide(False, grant.rule_id, f"{role} is not empowered for this action under {chapter}")
