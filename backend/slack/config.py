"""Slack configuration, validated at start-up. Two ways to give each town its workspace:

Installed ("Add to Slack", one app distributed to every town's workspace):
    SLACK_CLIENT_ID, SLACK_CLIENT_SECRET = the app's credentials (Basic Information > App Credentials)
    SLACK_SIGNING_SECRET = the app's signing secret
    SLACK_TOKEN_KEYS = Fernet keys that seal the installed bot tokens (backend/sealing.py)
Each town admin then clicks "Add to Slack" (backend/slack/oauth.py); tokens live in the database, sealed.

Fixed (SLACK_CLIENT_ID unset: one workspace, or a town running its own copy of the app):
    SLACK_SIGNING_SECRET = the Slack app's signing secret (Basic Information > App Credentials)
    SLACK_TOWNS = {"carver": {"team_id": "T0123ABCD", "bot_token": "xoxb-…", "signing_secret": "…"}, …}

`bot_token` may be left out when SLACK_BOT_TOKENS (the outbox's delivery tokens) has one for the town;
`signing_secret` only when the town runs its own copy of the app. A workspace belongs to one town only: the
same team id under two towns is refused, because the team id is what keeps one town's data out of another's
workspace. SLACK_TOWNS empty: the bot is off and /slack/events answers 404. The two ways do not mix: with
SLACK_CLIENT_ID set, SLACK_TOWNS and SLACK_BOT_TOKENS must be empty.
"""
from __future__ import annotations

import json
import re
from typing import Any

from apiflask import APIFlask

from backend import sealing
from backend.config import Settings
from bot.app import BotConfig, Workspace

_TEAM = re.compile(r"^[TE][A-Z0-9]{2,19}$")
_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
_KEYS = {"team_id", "bot_token", "signing_secret"}


class SlackConfigError(RuntimeError):
    pass


def _entry(slug: str, raw: Any, tokens: dict[str, str]) -> Workspace:
    if not _SLUG.match(slug) or not isinstance(raw, dict) or set(raw) - _KEYS:
        raise SlackConfigError(f"SLACK_TOWNS[{slug!r}] must be an object with keys {sorted(_KEYS)}")
    team_id = str(raw.get("team_id") or "")
    if not _TEAM.match(team_id):
        raise SlackConfigError(f"SLACK_TOWNS[{slug!r}].team_id must be a Slack team id like T0123ABCD")
    token = str(raw.get("bot_token") or tokens.get(slug) or "")
    if not token:
        raise SlackConfigError(f"no bot token for {slug!r}: set SLACK_TOWNS[{slug!r}].bot_token "
                               "or SLACK_BOT_TOKENS")
    return Workspace(slug, team_id, token, str(raw.get("signing_secret") or ""))


def parse_towns(text: str, tokens: dict[str, str]) -> dict[str, Workspace]:
    """Workspaces by team id."""
    if not text.strip():
        return {}
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SlackConfigError(f"SLACK_TOWNS is not JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise SlackConfigError('SLACK_TOWNS must be an object like {"carver": {"team_id": "T…"}}')
    by_team: dict[str, Workspace] = {}
    for slug, raw in data.items():
        ws = _entry(str(slug), raw, tokens)
        if ws.team_id in by_team:
            other = by_team[ws.team_id].town_slug
            raise SlackConfigError(f"workspace {ws.team_id} is configured for both {other!r} and {slug!r}; "
                                   "a workspace belongs to one town")
        by_team[ws.team_id] = ws
    return by_team


def check_installs(settings: Settings) -> None:
    """With SLACK_CLIENT_ID set: the secret and signing secret are required and fixed tokens are refused."""
    if not settings.slack_client_id:
        return
    missing = [n for n, v in (("SLACK_CLIENT_SECRET", settings.slack_client_secret),
                              ("SLACK_SIGNING_SECRET", settings.slack_signing_secret)) if not v]
    if missing:
        raise SlackConfigError(f"SLACK_CLIENT_ID is set (towns install with Add to Slack): set "
                               f"{', '.join(missing)}")
    fixed = [n for n, v in (("SLACK_TOWNS", settings.slack_towns.strip()),
                            ("SLACK_BOT_TOKENS", settings.slack_bot_tokens)) if v]
    if fixed:
        raise SlackConfigError(f"SLACK_CLIENT_ID is set (tokens come from each town's install): unset "
                               f"{' and '.join(fixed)}, or unset SLACK_CLIENT_ID to keep fixed tokens")


def install_keys(app: APIFlask, settings: Settings) -> None:
    """The keys that seal installed bot tokens: SLACK_TOKEN_KEYS, required in production with installs."""
    text = settings.slack_token_keys
    if not text.strip():
        if settings.app_env == "production":
            if settings.slack_client_id:
                raise SlackConfigError("APP_ENV=production with SLACK_CLIENT_ID requires SLACK_TOKEN_KEYS")
            return
        text = sealing.instance_key(app.instance_path, "slack_token_key")
    try:
        sealing.install(app, sealing.parse_keys(text))
    except sealing.SealingKeyError as exc:
        raise SlackConfigError(str(exc)) from exc


def bot_config(settings: Settings, app: APIFlask | None = None, **overrides: Any) -> BotConfig:
    """The bot's configuration; with SLACK_CLIENT_ID set (and the app, whose database holds the installs),
    Bolt's OAuth flow instead of fixed workspaces."""
    check_installs(settings)
    if settings.slack_client_id and app is not None and "oauth_flow" not in overrides:
        from backend.slack.oauth import build_flow
        overrides["oauth_flow"] = build_flow(app, settings)
    workspaces = parse_towns(settings.slack_towns, settings.slack_bot_tokens)
    unsigned = [ws.town_slug for ws in workspaces.values() if not ws.signing_secret]
    if unsigned and not settings.slack_signing_secret:
        raise SlackConfigError(f"SLACK_SIGNING_SECRET is required (towns without their own secret: "
                               f"{unsigned})")
    return BotConfig(signing_secret=settings.slack_signing_secret, workspaces=workspaces,
                     api_url=settings.slack_api_url, timeout=settings.channel_timeout_seconds, **overrides)
