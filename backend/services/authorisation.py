"""Who may act, from the bylaw engine's table (`inspections.authority.may_act`), for the acting user.

The user's roles for a chapter are their active memberships in the town whose board enforces that chapter
(or town-wide memberships with no board). A board member acts alone where the text lets one member act, and
otherwise only with the body's recorded vote (quorum and majority from the engine). The ERC's designee acts
on a recorded designation (`authorization.designation.reference`, e.g. the vote and minutes naming them).
Where the engine says more is required (a written delegation), `authorization.delegation` must name it.
The result is the record stored on the order (or meeting): role, rule, citation, reason, vote or designation.
"""

from __future__ import annotations

from typing import Any, NoReturn

from sqlalchemy import select

from backend.clock import now
from backend.extensions import db
from backend.models import Authority, Membership
from backend.security import Principal
from backend.services import refusal_words as words
from backend.services.bylaw_config import config_for
from inspections.authority import Action, Decision, Role, Vote, may_act
from inspections.errors import Invalid, Refused

ROLE_ORDER = (Role.ENFORCING_OFFICER, Role.AGENT, Role.BOARD_MEMBER, Role.TOWN_ADMIN, Role.DESIGNEE)
MAX_COUNT = 50


def _bad(field: str, message: str) -> NoReturn:
    raise Invalid(f"invalid authorization: {message}", detail={"json": {"authorization": {field: [message]}}})


def chapter_roles(who: Principal, chapter: str) -> set[Role]:
    rows = db.session.execute(
        select(Membership.role, Authority.chapters)
        .outerjoin(Authority, Membership.authority_id == Authority.id)
        .where(
            Membership.user_id == who.user.id, Membership.town_id == who.town_id, Membership.active.is_(True)
        )
    )
    return {
        Role(role)
        for role, chapters in rows
        if role in set(Role) and (chapters is None or chapter in chapters)
    }


def parse_vote(raw: Any) -> tuple[Vote, dict[str, Any]] | None:
    """{yes, no, abstain} or {yes, no?, present}: abstainers and unsplit others count as present."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        _bad("vote", "must be an object {yes, no, abstain} or {yes, present}")
    counts = {k: raw.get(k) for k in ("yes", "no", "abstain", "present")}
    for key, value in counts.items():
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT
        ):
            _bad("vote", f"{key} must be a whole number from 0 to {MAX_COUNT}")
    yes, no = counts["yes"], counts["no"] or 0
    if yes is None:
        _bad("vote", "yes is required")
    abstain = counts["abstain"] or 0
    if counts["present"] is not None:  # members present who neither voted yes nor no count as abstaining
        if counts["present"] - yes - no < abstain:
            _bad("vote", "present is less than the votes cast")
        abstain = counts["present"] - yes - no
    vote = Vote(yes=yes, no=no, abstain=abstain)
    names = raw.get("members_present")
    if names is not None and (
        not isinstance(names, list) or not all(isinstance(n, str) and 0 < len(n) <= 120 for n in names)
    ):
        _bad("vote", "members_present must be a list of names")
    record = {
        "yes": vote.yes,
        "no": vote.no,
        "abstain": vote.abstain,
        "present": vote.present,
        "majority_needed": vote.majority_needed,
        "members_present": names or [],
    }
    for key in ("meeting_id", "held_on", "minutes"):
        if isinstance(raw.get(key), str):
            record[key] = raw[key][:300]
    return vote, record


def _text(auth: dict[str, Any], key: str) -> str | None:
    value = auth.get(key)
    if value is None:
        return None
    ref = value.get("reference") if isinstance(value, dict) else value
    if not isinstance(ref, str) or not 3 <= len(ref.strip()) <= 500:
        _bad(key, f"{key} must name the instrument: a text of 3 to 500 characters (or {{reference: ...}})")
    return ref.strip()


def _decisions(
    who: Principal, chapter: str, action: Action, vote: Vote | None, designee: bool
) -> list[tuple[Role, Decision]]:
    roles = chapter_roles(who, chapter) | ({Role.DESIGNEE} if designee else set())
    cfg = config_for(who.town)
    return [
        (role, may_act(chapter, action, role, vote=vote if role is Role.BOARD_MEMBER else None, cfg=cfg))
        for role in ROLE_ORDER
        if role in roles
    ]


def authorise(
    who: Principal, chapter: str, action: Action | str, auth: dict[str, Any] | None
) -> dict[str, Any]:
    """The authorization record, or 403 with the engine's reason, rule id and citation."""
    auth = auth if isinstance(auth, dict) else {}
    parsed = parse_vote(auth.get("vote"))
    designation, delegation = _text(auth, "designation"), _text(auth, "delegation")
    decisions = _decisions(
        who, chapter, Action(action), parsed[0] if parsed else None, designation is not None
    )
    role, decision = next(((r, d) for r, d in decisions if d.allowed), (None, None))
    if role is None or decision is None:
        _refuse(who, chapter, action, decisions)
    assert role is not None and decision is not None
    if decision.requires and delegation is None:
        raise Refused(
            f"The bylaw also requires {', '.join(decision.requires)}: name it in the request's delegation",
            detail={"json": {"authorization": {"delegation": ["required"]}}, "rule_id": decision.rule_id},
        )
    vote = parsed[1] if parsed and role is Role.BOARD_MEMBER else None
    return _record(who, action, role, decision, vote, designation, delegation)


def _record(who: Principal, action: Action | str, role: Role, decision: Decision, vote: dict[str, Any] | None,
            designation: str | None, delegation: str | None) -> dict[str, Any]:
    return {"action": str(action), "role": str(role), "rule_id": decision.rule_id,
            "citation": decision.explanation.citation, "reason": decision.reason,
            "explanation": decision.explanation.line, "flags": list(decision.flags), "vote": vote,
            "designation": designation if role is Role.DESIGNEE else None,
            "delegation": delegation if decision.requires else None, "user_id": str(who.user.id),
            "user_name": who.user.name, "decided_at": now().isoformat()}


def _refuse(who: Principal, chapter: str, action: Action | str,
            decisions: list[tuple[Role, Decision]]) -> NoReturn:
    """A 403 in words (who may act instead); the engine's reason, rule and citation go in `detail`."""
    cfg = config_for(who.town)
    if not decisions:
        raise Refused(words.refusal(chapter, action, None, "", cfg),
                      detail={"chapter": chapter, "action": str(action)})
    # the board member's refusal (no vote, no quorum) is the most useful when present
    role, d = next(((r, d) for r, d in decisions if r is Role.BOARD_MEMBER), decisions[0])
    raise Refused(
        words.refusal(chapter, action, role, d.reason, cfg),
        detail={"rule_id": d.rule_id, "role": str(role), "reason": d.reason,
                "citation": d.explanation.citation, "explanation": d.explanation.line},
    )


def refuse_unless_possible(who: Principal, chapter: str, action: Action | str, designee: bool) -> None:
    """403 unless one of the caller's roles for `chapter` could take `action` (a board member with a
    carried vote of the body, the designee with a recorded designation): the check made before the body."""
    cfg = config_for(who.town)
    roles = chapter_roles(who, chapter) | ({Role.DESIGNEE} if designee else set())
    carried = Vote(yes=7)
    if any(may_act(chapter, action, role, vote=carried if role is Role.BOARD_MEMBER else None,
                   cfg=cfg).allowed for role in roles):
        return
    _refuse(who, chapter, action, _decisions(who, chapter, Action(action), None, designee))
