"""The backend side of the Slack bot (`bot/`): configuration, the Bolt app mounted at /slack/events, the
implementations of the bot's Protocols, the Slack rendering of board notifications, thumbnails, the daily
digest, thread updates, and the admin API that links board members to Slack users.

`register_slack(app, settings)` is the one call the composition root makes. `install(app, config)` (re)builds
the Bolt app from a `BotConfig` (tests point it at the fake Slack server).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from apiflask import APIFlask
from slack_bolt import App
from slack_bolt.adapter.flask import SlackRequestHandler
from slack_sdk import WebClient

from backend.config import Settings
from bot.app import BotConfig, Workspace, build_app, web_client


@dataclass
class SlackRuntime:
    config: BotConfig
    bolt: App | None = None
    handler: SlackRequestHandler | None = None
    slugs: dict[str, Workspace] = field(default_factory=dict)  # configured workspaces by town slug

    def workspace_of(self, town_slug: str) -> Workspace | None:
        return self.slugs.get(town_slug)

    def client_for(self, town_slug: str) -> WebClient | None:
        """A Web API client with the town's bot token (None when the town has no workspace)."""
        ws = self.slugs.get(town_slug)
        return web_client(self.config, ws.bot_token) if ws else None


def install(app: APIFlask, config: BotConfig) -> SlackRuntime:
    from backend.slack.deps import build_deps
    runtime = SlackRuntime(config, slugs={ws.town_slug: ws for ws in config.workspaces.values()})
    if config.workspaces:
        runtime.bolt = build_app(build_deps(app, config), config)
        runtime.handler = SlackRequestHandler(runtime.bolt)
    app.extensions["slack"] = runtime
    return runtime


def register_slack(app: APIFlask, settings: Settings) -> None:
    from backend.slack import api, cli, delivery, updates
    from backend.slack.config import bot_config
    from backend.slack.routes import register_routes
    install(app, bot_config(settings))
    register_routes(app)
    delivery.install()
    updates.install()
    app.register_blueprint(api.bp)
    app.cli.add_command(cli.slack_cli)
