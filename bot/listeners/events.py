"""Events API: the bot subscribes only to its own lifecycle. An uninstall, or a revoked bot token, deletes
the workspace's stored tokens (Bolt's own token-revocation listeners, when tokens come from an installation
store) and turns the town's Slack off (`TownDirectory.workspace_gone`)."""
from __future__ import annotations

from typing import Any

from slack_bolt import App

from bot.deps import Deps


def register(app: App, deps: Deps) -> None:
    @app.event("app_uninstalled")
    def _uninstalled(context: Any) -> None:
        if app.installation_store is not None:
            app.default_app_uninstalled_event_listener()(context=context)
        deps.directory.workspace_gone(context.team_id or "", "app_uninstalled")

    @app.event("tokens_revoked")
    def _revoked(event: dict[str, Any], context: Any) -> None:
        if app.installation_store is not None:
            app.default_tokens_revoked_event_listener()(event=event, context=context)
        if (event.get("tokens") or {}).get("bot"):  # only user tokens revoked: the bot still works
            deps.directory.workspace_gone(context.team_id or "", "tokens_revoked")
