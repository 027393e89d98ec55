"""Slack installs ("Add to Slack"): which workspace each town installed the app into, and the tables of
slack_sdk's SQLAlchemy installation and OAuth state stores, on the app's own database.

The store's tables are slack_sdk's own (`SQLAlchemyInstallationStore.build_*_table`,
`SQLAlchemyOAuthStateStore.build_oauth_states_table`), declared on the app's metadata so Alembic and the
test fixtures know them; only the token columns differ: `SealedText` (encrypted with SLACK_TOKEN_KEYS, and
wide enough for any token Slack issues) instead of String(200).
"""
from __future__ import annotations

import datetime as dt
import uuid

from slack_sdk.oauth.installation_store.sqlalchemy import SQLAlchemyInstallationStore
from slack_sdk.oauth.state_store.sqlalchemy import SQLAlchemyOAuthStateStore
from sqlalchemy import ForeignKey, Integer, String, Table
from sqlalchemy.orm import Mapped, mapped_column

from backend.extensions import db
from backend.models.base import Audited, uuid_pk
from backend.sealing import SealedText
from backend.types import UTCDateTime

SECRET_COLUMNS = ("bot_token", "bot_refresh_token", "user_token", "user_refresh_token")
STATUSES = ("active", "uninstalled", "revoked")


def _sealed(table: Table) -> Table:
    for name in SECRET_COLUMNS:
        if name in table.c:
            table.c[name].type = SealedText()
    return table


slack_installations = _sealed(SQLAlchemyInstallationStore.build_installations_table(
    db.metadata, SQLAlchemyInstallationStore.default_installations_table_name))
slack_bots = _sealed(SQLAlchemyInstallationStore.build_bots_table(
    db.metadata, SQLAlchemyInstallationStore.default_bots_table_name))
slack_oauth_states = SQLAlchemyOAuthStateStore.build_oauth_states_table(
    db.metadata, SQLAlchemyOAuthStateStore.default_table_name)


class TownWorkspace(Audited, db.Model):
    """The Slack workspace a town admin installed the app into with "Add to Slack". One workspace serves one
    town and a town has one workspace (both unique): the team id of a request is what keeps one town's
    records out of another town's workspace. An uninstall or a revoked bot token turns it off (`status`);
    installing again turns it back on. The bot token itself is in the installation store, sealed."""

    __tablename__ = "slack_town_workspaces"
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("towns.id"), unique=True)
    team_id: Mapped[str] = mapped_column(String(32), unique=True)
    team_name: Mapped[str] = mapped_column(String(200))
    app_id: Mapped[str] = mapped_column(String(32))
    bot_user_id: Mapped[str | None] = mapped_column(String(32))
    scopes: Mapped[str] = mapped_column(String(1000), default="")
    installer_slack_user_id: Mapped[str | None] = mapped_column(String(32))
    installed_by: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id"))
    installed_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    status: Mapped[str] = mapped_column(String(20), default="active")  # STATUSES
    ended_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    version: Mapped[int] = mapped_column(Integer, default=1)

    __mapper_args__ = {"version_id_col": version}

