"""Town and member resolution for the bot: team id -> town, Slack user -> confirmed board member."""
from __future__ import annotations

import uuid
from collections.abc import Mapping

from apiflask import APIFlask
from sqlalchemy import select

from backend.extensions import db
from backend.models import Authority, Membership, Town, User
from backend.models.slack import SlackLink
from backend.slack.context import app_session, town_uuid
from bot.app import Workspace
from bot.deps import Member, TownRef


class Directory:
    """`bot.deps.TownDirectory` over the configured workspaces and the SlackLink table."""

    def __init__(self, app: APIFlask, workspaces: Mapping[str, Workspace]) -> None:
        self.app, self.workspaces = app, workspaces

    def town_for_team(self, team_id: str) -> TownRef | None:
        workspace = self.workspaces.get(team_id)
        if workspace is None:
            return None
        with app_session(self.app):
            town = db.session.scalar(select(Town).where(Town.slug == workspace.town_slug,
                                                        Town.active.is_(True)))
            return TownRef(str(town.id), town.slug, town.name, town.tz) if town else None

    def member_for(self, town: TownRef, team_id: str, slack_user_id: str) -> Member | None:
        with app_session(self.app):
            link = db.session.scalar(select(SlackLink).where(
                SlackLink.town_id == town_uuid(town), SlackLink.team_id == team_id,
                SlackLink.slack_user_id == slack_user_id, SlackLink.confirmed_at.is_not(None),
                SlackLink.revoked_at.is_(None)))
            user = db.session.get(User, link.user_id) if link else None
            if user is None or not user.active:
                return None
            return member_of(user, town_uuid(town), slack_user_id)


def member_of(user: User, town_id: uuid.UUID, slack_user_id: str = "") -> Member | None:
    """The user's active roles (and boards) in the town; None without any."""
    rows = db.session.execute(select(Membership.role, Authority.kind)
                              .outerjoin(Authority, Membership.authority_id == Authority.id)
                              .where(Membership.user_id == user.id, Membership.town_id == town_id,
                                     Membership.active.is_(True))).all()
    if not rows:
        return None
    roles = tuple(sorted({role for role, _kind in rows}))
    boards = tuple(sorted({kind for _role, kind in rows if kind}))
    return Member(str(user.id), user.name, roles, boards, slack_user_id)
