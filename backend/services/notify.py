"""The one place enforcement code writes notification intents: the outbox's `enqueue`, in the caller's
transaction, under a dedupe key prefixed by the town. Swap the adapter here, nowhere else."""

from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy import select

from backend.extensions import db
from backend.models import Authority, Notification
from backend.outbox.intents import enqueue

SMS_TEXT_LIMIT = 480


def intent(
    town_id: uuid.UUID,
    channel: str,
    recipient: str,
    template: str,
    text: str,
    dedupe_key: str,
    **payload: Any,
) -> Notification:
    body = {"text": text} | payload
    return enqueue(db.session(), town_id, channel, recipient, template, body, f"{town_id}:{dedupe_key}")


def authority_for(town_id: uuid.UUID, chapter: str) -> Authority | None:
    boards = db.session.scalars(
        select(Authority).where(Authority.town_id == town_id).order_by(Authority.name)
    )
    return next((a for a in boards if chapter in (a.chapters or [])), None)


def alert_board(
    town_id: uuid.UUID, chapter: str, template: str, text: str, dedupe_key: str, **payload: Any
) -> Notification | None:
    """A Slack alert to the board enforcing `chapter` (unconfigured: fails visibly in the outbox)."""
    board = authority_for(town_id, chapter)
    if board is None:
        return None
    return intent(
        town_id, "slack", board_recipient(board), template, text, dedupe_key, authority_id=str(board.id),
        **payload
    )


def board_recipient(board: Authority) -> str:
    """The board's Slack channel (unconfigured: a recipient that fails visibly in the outbox)."""
    return board.slack_channel or f"unconfigured:{board.kind}"
