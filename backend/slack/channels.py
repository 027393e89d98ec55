"""Each board's alert channel (`Authority.slack_channel`), set by a town admin and checked with Slack: the
channel must be in the town's own workspace and readable by the bot (`conversations.history`)."""
from __future__ import annotations

import uuid

from apiflask import abort
from flask import current_app
from slack_sdk.errors import SlackApiError
from sqlalchemy import select

from backend.clock import now
from backend.extensions import db
from backend.models import Authority
from backend.outbox import board_channels
from backend.security import Principal, get_in_town

UNREACHABLE = {"channel_not_found": "no such channel in the town's workspace",
               "not_in_channel": "the bot is not in that channel: invite it (/invite @fieldenforce)",
               "missing_scope": "the app lacks channels:history or groups:history: reinstall it from the "
                                "manifest"}


def boards(who: Principal) -> list[Authority]:
    return list(db.session.scalars(select(Authority).where(Authority.town_id == who.town_id)
                                   .order_by(Authority.name)))


def set_channel(who: Principal, authority_id: uuid.UUID, channel_id: str) -> Authority:
    board = get_in_town(Authority, authority_id)
    runtime = current_app.extensions["slack"]
    client = runtime.client_for(who.town.slug)
    if client is None:
        abort(409, runtime.not_connected(who.town.name))
    try:
        client.conversations_history(channel=channel_id, limit=1)
    except SlackApiError as exc:
        error = str(exc.response.get("error") or "error")
        if error in UNREACHABLE:
            abort(422, UNREACHABLE[error], detail={"json": {"channel_id": [UNREACHABLE[error]]}})
        abort(502, f"Slack refused the check: {error}")
    board.slack_channel = channel_id
    board_channels.wake(db.session(), board.town_id, board.kind, now())  # alerts that waited for it
    db.session.commit()
    return board
