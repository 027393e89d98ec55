"""The bot's Protocols (`bot.deps`) implemented with the backend: assembled here for `build_app`.

    TownDirectory -> directory.Directory   (team id -> town; Slack user -> confirmed, active member)
    Records       -> records.Records       (/inspections: sites, open violations, deadlines, fines)
    Alerts        -> actions.AlertActions  (acknowledge an order's alert, its evidence photos)
    Reviews       -> actions.ReviewActions (the ERC review meeting, through services.meetings)
    Thumbnails    -> thumbnails.StoredThumbnails (used by the thumbnail job, not by listeners)
"""
from __future__ import annotations

from apiflask import APIFlask

from backend.slack.actions import AlertActions, ReviewActions
from backend.slack.directory import Directory
from backend.slack.records import Records
from bot.app import BotConfig
from bot.deps import Deps


def build_deps(app: APIFlask, config: BotConfig) -> Deps:
    return Deps(directory=Directory(app, config.workspaces), records=Records(app), alerts=AlertActions(app),
                reviews=ReviewActions(app))
