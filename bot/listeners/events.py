"""Events API: the bot subscribes only to its own lifecycle (uninstall, token revocation) and logs it."""
from __future__ import annotations

import logging
from typing import Any

from slack_bolt import App

from bot.deps import Deps

log = logging.getLogger(__name__)


def register(app: App, deps: Deps) -> None:
    @app.event("app_uninstalled")
    def _uninstalled(event: dict[str, Any], context: Any) -> None:
        log.warning("slack: the app was uninstalled from workspace %s; remove it from SLACK_TOWNS",
                    context.team_id)

    @app.event("tokens_revoked")
    def _revoked(event: dict[str, Any], context: Any) -> None:
        log.warning("slack: tokens revoked in workspace %s; reinstall, update SLACK_TOWNS", context.team_id)
