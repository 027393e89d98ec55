"""The Slack side of notifications: a template + payload -> (blocks, text), and thumbnails into a thread.

`render(template, payload)` is what the outbox's Slack delivery calls for the `board.*` templates (see
`backend/slack/__init__.py`, which registers them). `post_thumbnail` uploads one EXIF-free thumbnail into the
alert's thread with `files_upload_v2`; the backend calls it again later for a photo whose derivative was still
pending when the alert went out.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from slack_sdk import WebClient

from bot import blocks, digest, messages
from bot.blocks import Rendered
from bot.ids import Template

_RENDERERS: dict[str, tuple[type[Any], Callable[[Any], Rendered]]] = {
    Template.ORDER_ALERT: (messages.OrderAlert, blocks.order_alert),
    Template.ERC_REVIEW_NOTICE: (messages.ReviewNotice, blocks.review_notice),
    Template.STABILIZATION_REMINDER: (messages.StabilizationReminder, blocks.stabilization_reminder),
    Template.DAILY_DIGEST: (messages.DailyDigest, digest.daily_digest),
    Template.THREAD_UPDATE: (messages.ThreadUpdate, blocks.thread_update),
}
TEMPLATES = tuple(_RENDERERS)


class UnknownTemplate(KeyError):
    pass


def render_message(message: Any) -> Rendered:
    """Blocks and fallback of a message dataclass."""
    for cls, build in _RENDERERS.values():
        if isinstance(message, cls):
            return build(message)
    raise UnknownTemplate(type(message).__name__)


def template_of(message: Any) -> str:
    for name, (cls, _build) in _RENDERERS.items():
        if isinstance(message, cls):
            return name
    raise UnknownTemplate(type(message).__name__)


def render(template: str, payload: dict[str, Any]) -> tuple[list[dict[str, Any]], str]:
    """(blocks, text) of a notification; KeyError/TypeError/ValueError when the payload does not fit."""
    if template not in _RENDERERS:
        raise UnknownTemplate(template)
    cls, build = _RENDERERS[template]
    rendered = build(messages.load(cls, payload))
    return rendered.blocks, rendered.text


def post_thumbnail(client: WebClient, *, channel: str, thread_ts: str, photo_id: str, content: bytes,
                   caption: str) -> str:
    """Upload one thumbnail JPEG into a thread; returns the Slack file id. Errors are slack_sdk's."""
    response = client.files_upload_v2(channel=channel, thread_ts=thread_ts, content=content,
                                      filename=f"photo-{photo_id[:8]}.jpg", title=caption[:250],
                                      alt_txt=caption[:1000])
    return str(response["file"]["id"])
