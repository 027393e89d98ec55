"""The bot's Protocols (`bot.deps`) implemented with the backend: assembled here for `build_app`.

    TownDirectory -> directory.Directory   (team id -> town; Slack user -> confirmed, active member;
                                            uninstalled -> the town's Slack off)
    Records       -> records.Records       (/inspections: sites, open violations, deadlines, fines)
    Alerts        -> actions.AlertActions  (acknowledge an order's alert, its evidence photos)
    Reviews       -> actions.ReviewActions (the ERC review meeting, through services.meetings)
    Thumbnails    -> thumbnails.StoredThumbnails (used by the thumbnail job, not by listeners)
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from apiflask import APIFlask

from backend.slack.actions import AlertActions, ReviewActions
from backend.slack.directory import Directory
from backend.slack.records import Records
from bot.deps import Deps

if TYPE_CHECKING:
    from backend.slack import SlackRuntime


def build_deps(app: APIFlask, runtime: SlackRuntime) -> Deps:
    directory = Directory(app, runtime.workspaces, installed=runtime.mode == "installed")
    return Deps(directory=directory, records=Records(app), alerts=AlertActions(app),
                reviews=ReviewActions(app))
