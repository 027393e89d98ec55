"""Town and member resolution for the bot: team id -> town, Slack user -> confirmed board member; and the
town's Slack turned off when the app is uninstalled from its workspace."""
from __future__ import annotations

import logging
import uuid

from apiflask import APIFlask
from sqlalchemy import select

from backend.extensions import db
from backend.models import Authority, Membership, Town, User
from backend.models.slack import SlackLink
from backend.slack import installs
from backend.slack.context import app_session, town_uuid
from backend.slack.workspaces import Workspaces
from bot.deps import Member, TownRef

log = logging.getLogger(__name__)


class Directory:
    """`bot.deps.TownDirectory` over the town's workspace (fixed or installed) and the SlackLink table."""

    def __init__(self, app: APIFlask, workspaces: Workspaces, installed: bool) -> None:
        self.app, self.workspaces, self.installed = app, workspaces, installed

    def town_for_team(self, team_id: str) -> TownRef | None:
        with app_session(self.app):
            slug = self.workspaces.town_of(team_id)
            town = slug and db.session.scalar(select(Town).where(Town.slug == slug, Town.active.is_(True)))
            return TownRef(str(town.id), town.slug, town.name, town.tz) if town else None

    def workspace_gone(self, team_id: str, reason: str) -> None:
        if not self.installed:
            log.warning("slack: %s in workspace %s; remove it from SLACK_TOWNS (or install the app again and "
                        "update its token)", reason, team_id)
            return
        with app_session(self.app):
            installs.workspace_gone(team_id, reason)

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
