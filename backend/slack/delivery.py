"""The Slack side of outbox delivery: whole messages (blocks, fallback, thread) for the board templates.

Registered with `backend.outbox.render.register_slack_builder` when the app starts:

* `order_issued` (orders service): the order alert with Acknowledge / Schedule review / View photos;
* `review_meeting_scheduled` (meetings service) and `reminder.erc-review` (reminders job): the review
  notice with its operator-notice, posting and 7-day checks and the quorum, in the order alert's thread;
* `reminder.stabilization` (reminders job): the stabilization reminder;
* `board.*` (bot.ids.Template): content carried in the payload (digest, thread updates, …); a payload's
  `thread_of` names the dedupe key of the message to reply under.

For the services' templates the fallback text is the words they stored with the intent (escaped): the
record of what was said; the blocks add the detail. Other templates keep their plain text. A reply whose
parent is not posted yet is retried (RetryableError); when the parent failed for good, the reply is posted
at the top level instead.
"""
from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Callable
from typing import TypeVar

from flask import current_app
from sqlalchemy import select

from backend.channels.port import Message, RetryableError
from backend.extensions import db
from backend.models import Deadline, EnforcementOrder, Notification
from backend.models.meetings import Meeting
from backend.outbox.render import register_slack_builder
from backend.slack import alerts
from bot import notifier
from bot.blocks import Rendered
from bot.ids import Template
from bot.text import esc

SETTLED_FAILED = frozenset({"failed", "dead"})
T = TypeVar("T")


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


def recorded_text(row: Notification, rendered: Rendered) -> str:
    """The words the enforcement service stored with the intent (the record of what was said), escaped for
    Slack; the rendered fallback when the intent carries none."""
    text = (row.payload or {}).get("text")
    return esc(text) if isinstance(text, str) and text.strip() else rendered.text


def message(row: Notification, town_slug: str, rendered: Rendered, parent_key: str | None,
            text: str | None = None) -> Message:
    return Message(channel=row.channel, recipient=row.recipient, text=text or rendered.text,
                   dedupe_key=row.dedupe_key, town=town_slug, blocks=rendered.blocks,
                   thread_ts=thread_ts(row, parent_key))


def _get(model: type[T], row: Notification, key: str) -> T:
    """The payload's record, in the notification's own town (else KeyError: nothing is sent)."""
    obj = db.session.get(model, uuid.UUID(str((row.payload or {})[key])))
    if obj is None or getattr(obj, "town_id", None) != row.town_id:
        raise KeyError(f"{model.__name__} {(row.payload or {})[key]} not found in this town")
    return obj


def order_issued(row: Notification, town_slug: str) -> Message:
    order = _get(EnforcementOrder, row, "order_id")
    rendered = notifier.render_message(alerts.order_alert(order))
    return message(row, town_slug, rendered, None, recorded_text(row, rendered))


def _review(row: Notification, town_slug: str, reminder: bool) -> Message:
    meeting = _get(Meeting, row, "meeting_id")
    rendered = notifier.render_message(alerts.review_notice(meeting, reminder=reminder))
    parent = order_alert_key(row.town_id, meeting.order_id)
    return message(row, town_slug, rendered, parent, recorded_text(row, rendered))


def stabilization(row: Notification, town_slug: str) -> Message:
    deadline = _get(Deadline, row, "deadline_id")
    as_of = (row.payload or {}).get("as_of")  # the job's instant: its day counts, never the sending time
    day = dt.datetime.fromisoformat(as_of) if isinstance(as_of, str) else row.created_at
    rendered = notifier.render_message(alerts.stabilization_reminder(deadline, day))
    return message(row, town_slug, rendered, None, recorded_text(row, rendered))


def board_template(row: Notification, town_slug: str) -> Message:
    blocks, text = notifier.render(row.template, row.payload or {})
    parent = (row.payload or {}).get("thread_of")
    return message(row, town_slug, Rendered(blocks, text), parent if isinstance(parent, str) else None)


BUILDERS: dict[str, Callable[[Notification, str], Message]] = {
    "order_issued": order_issued,
    "review_meeting_scheduled": lambda row, slug: _review(row, slug, reminder=False),
    "reminder.erc-review": lambda row, slug: _review(row, slug, reminder=True),
    "reminder.stabilization": stabilization,
    **{str(template): board_template for template in Template},
}


def installed_token(town_slug: str) -> str | None:
    """The bot token the town installed with Add to Slack (None: not installed, or uninstalled)."""
    workspace = current_app.extensions["slack"].workspace_of(town_slug)
    return workspace.bot_token if workspace else None


def install() -> None:
    for name, builder in BUILDERS.items():
        register_slack_builder(name, builder)
