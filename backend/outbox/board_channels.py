"""A board alert written before the board's Slack channel is set waits for it, then goes out.

`services.notify.board_recipient` addresses such an alert to `unconfigured:<board kind>`. Before each send
the dispatcher asks this hook: once the town has set that board's channel the row is re-addressed to it and
sent; until then it is held (no attempt spent, `error_code` says why, `flask outbox status` shows it) and
asked again after `WAIT`. Setting a channel (`backend/slack/channels.set_channel`) wakes the waiting rows.
"""
from __future__ import annotations

import datetime as dt
import uuid

from sqlalchemy import select
from sqlalchemy.orm import Session

from backend.channels.port import DeliveryError
from backend.models import Authority, Notification

UNCONFIGURED = "unconfigured:"
WAIT = dt.timedelta(hours=1)
WAITING_CODE = "slack:channel_unset"


class BoardChannelHooks:
    """`dispatcher.ChannelHooks` for the "slack" channel."""

    def before_send(self, session: Session, row: Notification,
                    as_of: dt.datetime) -> dt.datetime | DeliveryError | None:
        if not row.recipient.startswith(UNCONFIGURED):
            return None
        kind = row.recipient[len(UNCONFIGURED):]
        channel = session.scalar(select(Authority.slack_channel).where(
            Authority.town_id == row.town_id, Authority.kind == kind, Authority.slack_channel.is_not(None))
            .order_by(Authority.name).limit(1))
        if channel:
            row.recipient = channel
            return None
        row.error_code = WAITING_CODE
        row.last_error = f"waiting: the {kind.replace('_', ' ')}'s Slack channel is not set"
        return as_of + WAIT

    def after_failure(self, session: Session, row: Notification, exc: DeliveryError) -> None:
        return None


def wake(session: Session, town_id: uuid.UUID, kind: str, at: dt.datetime) -> int:
    """The board's channel was just set: its waiting alerts are due now (row by row: every change audited)."""
    rows = list(session.scalars(select(Notification).where(
        Notification.town_id == town_id, Notification.channel == "slack", Notification.status == "pending",
        Notification.recipient == f"{UNCONFIGURED}{kind}")))
    for row in rows:
        row.next_attempt_at = at
    return len(rows)


def install() -> None:
    from backend.outbox import dispatcher
    dispatcher.HOOKS.setdefault("slack", BoardChannelHooks())
