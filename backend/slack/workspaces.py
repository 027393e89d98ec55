"""Which Slack workspace (and bot token) serves which town: fixed in the environment, or installed.

    FixedWorkspaces      SLACK_TOWNS (+ SLACK_BOT_TOKENS): the single-workspace option, or a town running
                         its own copy of the app
    InstalledWorkspaces  "Add to Slack": the town's `TownWorkspace` row (status active) and the bot token in
                         slack_sdk's installation store

Both answer the same three questions, so the bot, the admin API, the jobs and the outbox do not care which.
Every method needs an app context (the installed kind reads the database).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from slack_sdk.oauth.installation_store import InstallationStore
from sqlalchemy import select
from sqlalchemy.orm import Session

from backend.extensions import db
from backend.models import Town
from backend.models.slack_install import TownWorkspace
from bot.app import Workspace


class Workspaces(Protocol):
    def town_of(self, team_id: str) -> str | None:
        """The slug of the town this team id serves, or None."""
        ...

    def for_town(self, town_slug: str) -> Workspace | None:
        """The town's workspace with its bot token, or None (not configured, not installed, uninstalled)."""
        ...

    def connected(self, town_slug: str, session: Session | None = None) -> bool:
        """Cheap: does the town have a working workspace (no token read)?"""
        ...


class FixedWorkspaces:
    def __init__(self, by_team: Mapping[str, Workspace]) -> None:
        self.by_team = dict(by_team)
        self.by_town = {ws.town_slug: ws for ws in self.by_team.values()}

    def town_of(self, team_id: str) -> str | None:
        workspace = self.by_team.get(team_id)
        return workspace.town_slug if workspace else None

    def for_town(self, town_slug: str) -> Workspace | None:
        return self.by_town.get(town_slug)

    def connected(self, town_slug: str, session: Session | None = None) -> bool:
        return town_slug in self.by_town


class InstalledWorkspaces:
    def __init__(self, store: InstallationStore) -> None:
        self.store = store

    def _row(self, session: Session, **where: str) -> tuple[TownWorkspace, Town] | None:
        stmt = (select(TownWorkspace, Town).join(Town, Town.id == TownWorkspace.town_id)
                .where(TownWorkspace.status == "active", Town.active.is_(True)))
        if "team_id" in where:
            stmt = stmt.where(TownWorkspace.team_id == where["team_id"])
        if "slug" in where:
            stmt = stmt.where(Town.slug == where["slug"])
        found = session.execute(stmt).first()
        return (found[0], found[1]) if found else None

    def _workspace(self, found: tuple[TownWorkspace, Town] | None) -> Workspace | None:
        if found is None:
            return None
        row, town = found
        bot = self.store.find_bot(enterprise_id=None, team_id=row.team_id)
        return Workspace(town.slug, row.team_id, bot.bot_token) if bot and bot.bot_token else None

    def town_of(self, team_id: str) -> str | None:
        found = self._row(db.session, team_id=team_id) if team_id else None
        return found[1].slug if found else None

    def for_town(self, town_slug: str) -> Workspace | None:
        return self._workspace(self._row(db.session, slug=town_slug))

    def connected(self, town_slug: str, session: Session | None = None) -> bool:
        return self._row(session or db.session, slug=town_slug) is not None
