"""A town's Slack install: binding a workspace to the town whose admin installed it, turning it off when the
app is uninstalled or its token revoked, and the one question the rest asks: `town_slack(slug)`.

Binding rules (checked after Slack answers oauth.v2.access, before anything is stored):
* the admin who started the install must still be an active town admin of that town;
* an organisation-wide (Enterprise Grid) install is refused: the app serves one town's own workspace;
* a workspace already bound to another town stays with it (one workspace, one town);
* a town already bound to another active workspace must uninstall there first (one town, one workspace).
"""
from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from flask import current_app
from slack_bolt.error import BoltError
from slack_sdk.oauth.installation_store import Installation
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from backend.audit import acting_as
from backend.clock import now
from backend.extensions import db
from backend.models import Membership, Town, User
from backend.models.slack_install import TownWorkspace
from backend.slack.store import InstallBinding

log = logging.getLogger(__name__)
GONE = {"app_uninstalled": "uninstalled", "tokens_revoked": "revoked"}


class InstallRefused(BoltError):
    """The install is not stored; `message` is shown to the admin as is, `status` is the page's HTTP code."""

    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.message, self.status = message, status


def _admin(binding: InstallBinding) -> tuple[Town, User]:
    town, user = db.session.get(Town, binding.town_id), db.session.get(User, binding.user_id)
    admin = town is not None and user is not None and town.active and user.active and (
        user.is_platform_operator or db.session.scalar(select(Membership.id).where(
            Membership.user_id == user.id, Membership.town_id == town.id, Membership.role == "town_admin",
            Membership.active.is_(True)).limit(1)) is not None)
    if not admin:
        raise InstallRefused("Your account can no longer connect Slack for this town. Ask a town admin.", 403)
    return town, user  # type: ignore[return-value]


def _check(town: Town, installation: Installation) -> TownWorkspace | None:
    """The town's own row to reuse (or None), or InstallRefused."""
    if installation.is_enterprise_install or not installation.team_id or installation.enterprise_id:
        raise InstallRefused("Organisation-wide installs are not supported: add the app to the town's own "
                             "Slack workspace.", 422)
    taken = db.session.scalar(select(TownWorkspace).where(TownWorkspace.team_id == installation.team_id))
    if taken is not None and taken.town_id != town.id:
        raise InstallRefused("This Slack workspace is already connected to another town's records. Each "
                             "workspace serves one town; nothing was changed.")
    own = db.session.scalar(select(TownWorkspace).where(TownWorkspace.town_id == town.id))
    if own is not None and own.status == "active" and own.team_id != installation.team_id:
        raise InstallRefused(f"{town.name} is already connected to the Slack workspace “{own.team_name}”. "
                             "Remove the app from that workspace first, then add it here.")
    return own


def accept(binding: InstallBinding | None, installation: Installation,
           save: Callable[[Installation], None]) -> TownWorkspace:
    """Check the binding, store the tokens (`save`: the installation store's), bind the workspace; audited."""
    if binding is None:
        raise InstallRefused("The install link is not valid. Start again from the field app.", 401)
    town, user = _admin(binding)
    own = _check(town, installation)
    town_id, user_id, email, own_id = town.id, user.id, user.email, own.id if own else None
    db.session.commit()  # end the read: the store writes on its own connection
    save(installation)
    row = db.session.get(TownWorkspace, own_id) if own_id else TownWorkspace(town_id=town_id)
    row.team_id = str(installation.team_id)
    row.team_name = installation.team_name or row.team_id
    row.app_id, row.bot_user_id = installation.app_id or "", installation.bot_user_id
    row.scopes, row.installer_slack_user_id = ",".join(installation.bot_scopes or []), installation.user_id
    row.installed_by, row.installed_at, row.status, row.ended_at = user_id, now(), "active", None
    db.session.add(row)
    try:
        with acting_as(f"user:{email} via slack install"):
            db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise InstallRefused("This Slack workspace was just connected to another town; nothing was "
                             "changed.") from None
    log.info("slack: workspace %s installed for town %s", row.team_id, town_id)
    return row


def workspace_gone(team_id: str, reason: str) -> TownWorkspace | None:
    """Turn the town's Slack off after an uninstall or a revoked bot token; audited as `slack:<reason>`."""
    row = db.session.scalar(select(TownWorkspace).where(TownWorkspace.team_id == team_id))
    if row is None or row.status != "active":
        return row
    row.status, row.ended_at = GONE.get(reason, "revoked"), now()
    with acting_as(f"slack:{reason}"):
        db.session.commit()
    log.warning("slack: %s in workspace %s: the town's Slack is off until a town admin installs it again",
                reason, team_id)
    return row


@dataclass(frozen=True)
class TownSlack:
    """Is this town's Slack installed, how (mode), which workspace, since when, with which token."""

    town: str
    mode: str  # "installed" (Add to Slack) | "fixed" (SLACK_TOWNS / SLACK_BOT_TOKENS) | "off"
    installed: bool  # a bot token is there to use
    status: str  # active | uninstalled | revoked | token_unreadable | not_installed | configured | off
    team_id: str | None = None
    team_name: str | None = None
    bot_user_id: str | None = None
    installed_at: dt.datetime | None = None
    installed_by: str | None = None  # the town admin's e-mail
    ended_at: dt.datetime | None = None
    bot_token: str | None = field(default=None, repr=False)  # never in an API answer

    @property
    def token_hint(self) -> str | None:
        return f"{self.bot_token[:5]}…{self.bot_token[-4:]}" if self.bot_token else None


def town_slack(town_slug: str) -> TownSlack:
    """The answer for one town (needs an app context)."""
    runtime = current_app.extensions["slack"]
    if runtime.mode == "installed":
        return _installed(runtime, town_slug)
    token = runtime.delivery_tokens.get(town_slug) or runtime.delivery_tokens.get("*")
    workspace = runtime.workspaces.for_town(town_slug)
    if workspace is None and not token:
        return TownSlack(town_slug, runtime.mode, False, "off" if runtime.mode == "off" else "not_installed")
    return TownSlack(town_slug, "fixed", True, "configured", team_id=workspace.team_id if workspace else None,
                     bot_token=workspace.bot_token if workspace else token)


def _installed(runtime, town_slug: str) -> TownSlack:  # type: ignore[no-untyped-def]
    row = db.session.scalar(select(TownWorkspace).join(Town, Town.id == TownWorkspace.town_id)
                            .where(Town.slug == town_slug))
    if row is None:
        return TownSlack(town_slug, "installed", False, "not_installed")
    workspace = runtime.workspaces.for_town(town_slug) if row.status == "active" else None
    status = "token_unreadable" if row.status == "active" and workspace is None else row.status
    admin = db.session.get(User, row.installed_by)
    return TownSlack(town_slug, "installed", workspace is not None, status, row.team_id, row.team_name,
                     row.bot_user_id, row.installed_at, admin.email if admin else None, row.ended_at,
                     workspace.bot_token if workspace else None)
