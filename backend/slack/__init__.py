"""The backend side of the Slack bot (`bot/`): configuration, the Bolt app mounted at /slack/events, "Add to
Slack" (Bolt's OAuth flow with slack_sdk's installation store), the implementations of the bot's Protocols,
the Slack rendering of board notifications, thumbnails, the daily digest, thread updates, and the admin API
that links board members to Slack users.

`register_slack(app, settings)` is the one call the composition root makes. `install(app, config)` (re)builds
the Bolt app from a `BotConfig` (tests point it at the fake Slack server).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from apiflask import APIFlask
from slack_bolt import App
from slack_bolt.adapter.flask import SlackRequestHandler
from slack_bolt.oauth import OAuthFlow
from slack_sdk import WebClient

from backend.config import Settings
from backend.slack.workspaces import FixedWorkspaces, InstalledWorkspaces, Workspaces
from bot.app import BotConfig, Workspace, build_app, web_client


@dataclass
class SlackRuntime:
    config: BotConfig
    workspaces: Workspaces
    bolt: App | None = None
    handler: SlackRequestHandler | None = None
    delivery_tokens: Mapping[str, str] = field(default_factory=dict)  # SLACK_BOT_TOKENS (fixed mode)

    @property
    def mode(self) -> str:
        """"installed" (Add to Slack), "fixed" (SLACK_TOWNS), or "off"."""
        if self.config.oauth_flow is not None:
            return "installed"
        return "fixed" if self.config.workspaces else "off"

    @property
    def oauth_flow(self) -> OAuthFlow | None:
        return self.config.oauth_flow

    @property
    def enabled(self) -> bool:
        return self.handler is not None

    def connected(self, town_slug: str) -> bool:
        return self.workspaces.connected(town_slug)

    def workspace_of(self, town_slug: str) -> Workspace | None:
        return self.workspaces.for_town(town_slug)

    def not_connected(self, town_name: str) -> str:
        """Why a town has no workspace, for its admin."""
        if self.mode == "installed":
            return f"{town_name} has no Slack workspace connected: a town admin adds it with Add to Slack"
        return f"{town_name} has no Slack workspace configured (SLACK_TOWNS)"

    def client_for(self, town_slug: str) -> WebClient | None:
        """A Web API client with the town's bot token (None when the town has no workspace)."""
        ws = self.workspaces.for_town(town_slug)
        return web_client(self.config, ws.bot_token) if ws else None


def install(app: APIFlask, config: BotConfig,
            delivery_tokens: Mapping[str, str] | None = None) -> SlackRuntime:
    from backend.slack.deps import build_deps
    workspaces: Workspaces = FixedWorkspaces(config.workspaces)
    if config.oauth_flow is not None:
        workspaces = InstalledWorkspaces(config.oauth_flow.settings.installation_store)
    runtime = SlackRuntime(config, workspaces, delivery_tokens=dict(delivery_tokens or {}))
    if config.workspaces or config.oauth_flow is not None:
        runtime.bolt = build_app(build_deps(app, runtime), config)
        runtime.handler = SlackRequestHandler(runtime.bolt)
    app.extensions["slack"] = runtime
    return runtime


def register_slack(app: APIFlask, settings: Settings) -> None:
    from backend.slack import api, cli, install_routes, updates
    from backend.slack.config import bot_config, install_keys
    from backend.slack.routes import register_routes
    install_keys(app, settings)
    install(app, bot_config(settings, app=app), settings.slack_bot_tokens)
    register_routes(app)
    install_routes.register(app)
    updates.install()
    app.register_blueprint(api.bp)
    app.cli.add_command(cli.slack_cli)
