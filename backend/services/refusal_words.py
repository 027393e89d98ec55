"""A who-may-act refusal in the words a person reads: no rule id, chapter key or role key in the message.

The engine's reason, rule id and citation stay in the refusal's `detail` (for the record and for support);
the message says who may act instead, in the bylaw's own terms. Used by the API's 403s and Slack's replies.
"""
from __future__ import annotations

import re
from typing import Any

from backend.services.bylaw_names import bylaw
from inspections.authority import BODY, Action, Role, Vote, may_act

# a rule id or chapter key (e.g. WRENFIELD-412-AUTH, AMB-09, CONV-MAJORITY)
RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+\b")

ACTION = {
    Action.ENFORCEMENT_ORDER: "issue or change an enforcement order",
    Action.CEASE_AND_DESIST: "issue, lift or supersede a cease-and-desist order",
    Action.RESTORATION_ORDER: "issue, lift or supersede a restoration order",
    Action.CITATION_21D: "issue a citation",
    Action.SCHEDULE_ERC_REVIEW: "schedule the review meeting",
    Action.HOLD_ERC_REVIEW: "hold the review meeting",
    Action.CONTINUE_HEARING: "continue the hearing",
    Action.CERTIFY_EMERGENCY: "certify an emergency",
    Action.COMPLETENESS_DETERMINATION: "decide whether the application is complete",
    Action.APPOINT_ERC_MEMBER: "appoint a committee member",
}
WHO = {
    Role.AGENT: "the agent", Role.ENFORCING_OFFICER: "the enforcing officer",
    Role.TOWN_ADMIN: "the town administrator", Role.DESIGNEE: "the designee (on a recorded designation)",
    Role.BOARD_MEMBER: "a board member",
}
ROLE = {
    Role.AGENT: "an agent", Role.BOARD_MEMBER: "a board member acting alone",
    Role.ENFORCING_OFFICER: "the enforcing officer", Role.TOWN_ADMIN: "a town administrator",
    Role.DESIGNEE: "a designee",
}


def action_words(action: Action | str) -> str:
    try:
        return ACTION[Action(action)]
    except ValueError:
        return "take this action"


def who_may(chapter: str, action: Action | str, cfg: Any) -> list[str]:
    """Who the engine's who-may-act table lets take the action under this town's configuration, in words."""
    out = []
    for role in (Role.ENFORCING_OFFICER, Role.AGENT, Role.TOWN_ADMIN, Role.BOARD_MEMBER, Role.DESIGNEE):
        if role is Role.BOARD_MEMBER:
            if may_act(chapter, action, role, cfg=cfg).allowed:
                out.append(f"any member of {BODY.get(chapter, 'the board')}")
            elif may_act(chapter, action, role, vote=Vote(yes=7), cfg=cfg).allowed:
                out.append(f"{BODY.get(chapter, 'the board')} by a vote that carries with a quorum present")
        elif may_act(chapter, action, role, cfg=cfg).allowed:
            out.append(WHO[role])
    return out


def refusal(chapter: str, action: Action | str, role: Role | str | None, reason: str, cfg: Any) -> str:
    """The 403's message: what you may not do, why when the engine says it in words, and who may."""
    if role is None:
        head = f"You hold no role under {bylaw(chapter)} in this town, so you may not {action_words(action)}"
    else:
        who = ROLE.get(Role(role), "your role")
        head = f"{who[0].upper()}{who[1:]} may not {action_words(action)} under {bylaw(chapter)}"
    why = in_words(reason) if role is not None else None
    allowed = who_may(chapter, action, cfg)
    tail = f"it is for {' or '.join(allowed)}" if allowed else "no one may under this town's configuration"
    vote = " Record the vote (yes, no, abstain) with the request." if role == Role.BOARD_MEMBER and any(
        "vote" in a for a in allowed) else ""
    return f"{head}{f' ({why})' if why else ''}; {tail}.{vote}"


def in_words(reason: str) -> str | None:
    """The engine's reason when it is plain words (a count, "acts by vote"); None when it names an id."""
    return None if RULE_ID.search(reason) else reason


_CITED = re.compile(RULE_ID.pattern + r"\s*\(([^()]*)\)")  # "<rule id> (~§ 412-4)"


def plain(text: str) -> str:
    """A service's message for a person: a rule id beside its citation gives way to the citation, a chapter
    key to the bylaw's name, any other id to "the bylaw"."""
    text = _CITED.sub(lambda m: m.group(1), text)
    return RULE_ID.sub(lambda m: _named(m.group(0)), text)


def _named(key: str) -> str:
    """A chapter key in words; any other id is "the bylaw"."""
    words = bylaw(key)
    return "the bylaw" if words == "this bylaw" else words
