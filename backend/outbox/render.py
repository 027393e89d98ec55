"""Outbox row -> channel Message. Every kind of backend/notifications registers its renderer here at start-up
(checked by `backend.notifications.registry.verify`); a name nobody registered is a RenderError, never the
payload's text sent as it stands."""
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


def registered() -> tuple[frozenset[str], frozenset[str]]:
    """The names with a text renderer, and those with a whole-message Slack builder."""
    return frozenset(_TEMPLATES), frozenset(_SLACK_BUILDERS)


def render_text(template: str, payload: dict[str, Any]) -> str:
    """A registered template's text (RenderError for a name nobody registered)."""
    renderer = _TEMPLATES.get(template)
    if renderer is None:
        raise RenderError(f"no renderer registered for kind {template!r}: nothing is sent")
    try:
        text = renderer(payload)
    except (KeyError, TypeError, ValueError) as exc:
        raise RenderError(f"template {template!r} cannot render this payload: {exc!r}") from exc
    if not isinstance(text, str) or not text.strip():
        raise RenderError(f"kind {template!r} rendered no text from this payload")
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
