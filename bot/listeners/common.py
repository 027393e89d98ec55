"""Who is asking: the town of the verified workspace and the linked board member, or a refusal to show."""
from __future__ import annotations

from dataclasses import dataclass

from bot.blocks import Rendered
from bot.deps import Deps, Member, TownRef
from bot.replies import refusal

NOT_CONNECTED = "this Slack workspace is not connected to a town."


@dataclass(frozen=True)
class Caller:
    town: TownRef
    member: Member
    team_id: str
    user_id: str


def identify(deps: Deps, team_id: str | None, user_id: str | None) -> Caller | Rendered:
    """Refuse unless the workspace is a configured town's and the user is a confirmed, active member of it."""
    town = deps.directory.town_for_team(team_id or "")
    if town is None:
        return refusal(NOT_CONNECTED)
    member = deps.directory.member_for(town, team_id or "", user_id or "")
    if member is None:
        return refusal(f"your Slack account is not linked to a board member of {town.name}. Ask the town "
                       "admin to link it by your e-mail address and confirm the link.")
    return Caller(town, member, team_id or "", user_id or "")
