"""The Slack side of outbox delivery that every board kind shares: where a reply threads, and the bot token.

The kinds themselves (their blocks, fallback text and the records they read) live in
backend/notifications/kinds/. A reply whose parent is not posted yet is retried (RetryableError); when the
parent failed for good, the reply is posted at the top level instead.
"""
from __future__ import annotations

import uuid

from flask import current_app
from sqlalchemy import select

from backend.channels.port import RetryableError
from backend.extensions import db
from backend.models import Notification

SETTLED_FAILED = frozenset({"failed", "dead"})


def order_alert_key(town_id: uuid.UUID, order_id: uuid.UUID) -> str:
    """The orders service's dedupe key of an order's board alert (see services/notify.py)."""
    return f"{town_id}:order-issued:{order_id}"


def thread_ts(row: Notification, parent_key: str | None) -> str | None:
    """The ts to reply under; None to post at the top level; RetryableError while the parent is pending."""
    if not parent_key:
        return None
    parent = db.session.scalar(select(Notification).where(Notification.dedupe_key == parent_key))
    if parent is None or parent.town_id != row.town_id or parent.status in SETTLED_FAILED:
        return None
    if parent.status == "sent" and parent.provider_id and ":" in parent.provider_id:
        channel, ts = parent.provider_id.rsplit(":", 1)
        return ts if channel == row.recipient else None
    raise RetryableError("the message this replies to is not posted yet", "slack:thread_pending")


def installed_token(town_slug: str) -> str | None:
    """The bot token the town installed with Add to Slack (None: not installed, or uninstalled)."""
    workspace = current_app.extensions["slack"].workspace_of(town_slug)
    return workspace.bot_token if workspace else None
