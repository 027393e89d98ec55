"""Outbox row -> channel Message. The Slack and SMS issues register their templates here."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from backend.channels.port import Message
from backend.models import Notification

Renderer = Callable[[dict[str, Any]], str]
MessageBuilder = Callable[[Notification, str], Message]  # (row, town slug) -> the whole Slack message
_TEMPLATES: dict[str, Renderer] = {}
_SLACK_BUILDERS: dict[str, MessageBuilder] = {}


class RenderError(Exception):
    """The notification cannot be turned into text (unknown template, bad payload): nothing is sent."""


def register_template(name: str, renderer: Renderer) -> None:
    _TEMPLATES[name] = renderer


def register_slack_builder(name: str, builder: MessageBuilder) -> None:
    """A Slack template whose blocks, text and thread come from the row (backend/slack registers its own).
    The builder may raise RetryableError (e.g. the thread's parent is not posted yet) to be retried."""
    _SLACK_BUILDERS[name] = builder


def render_text(template: str, payload: dict[str, Any]) -> str:
    """A registered template's text, else the payload's `text` field."""
    renderer = _TEMPLATES.get(template)
    try:
        text = renderer(payload) if renderer else payload.get("text")
    except (KeyError, TypeError, ValueError) as exc:
        raise RenderError(f"template {template!r} cannot render this payload: {exc!r}") from exc
    if not isinstance(text, str) or not text.strip():
        raise RenderError(f"no renderer for template {template!r} and no payload text")
    return text


def to_message(row: Notification, town_slug: str) -> Message:
    builder = _SLACK_BUILDERS.get(row.template) if row.channel == "slack" else None
    if builder is not None:
        try:
            return builder(row, town_slug)
        except (KeyError, TypeError, ValueError) as exc:
            raise RenderError(f"template {row.template!r} cannot render this notification: {exc!r}") from exc
    payload = row.payload or {}
    blocks = payload.get("blocks") if isinstance(payload.get("blocks"), list) else None
    return Message(channel=row.channel, recipient=row.recipient, text=render_text(row.template, payload),
                   dedupe_key=row.dedupe_key, town=town_slug, blocks=blocks)
