"""Shared by the board (Slack) kinds: renderers over a `bot.messages` dataclass in the payload, and the steps
that read such a message from the records at send time (`resolve`) and find the message a reply threads under.
"""
from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any, TypeVar

from backend.extensions import db
from backend.models import Deadline, Notification, Permit, Site, Violation
from backend.notifications.recorded import people_citations
from backend.notifications.spec import Payload, SlackRenderer
from backend.slack.delivery import order_alert_key
from bot.blocks import Rendered
from bot.messages import dump, load
from bot.text import esc

M = TypeVar("M")
T = TypeVar("T")
BOARD = "board"  # the payload key of a message read from the records (resolve), beside the service's text


def message(cls: type[M], build: Callable[[M], Rendered]) -> SlackRenderer:
    """The payload is the message itself (the board.* kinds): its blocks and its own fallback."""
    def render(payload: Payload) -> tuple[str, list[dict[str, Any]] | None]:
        rendered = build(load(cls, payload))
        return rendered.text, rendered.blocks
    return render


def recorded_with(cls: type[M], build: Callable[[M], Rendered]) -> SlackRenderer:
    """The message read from the records is under payload["board"]; the fallback is the words the service
    stored with the intent (the record of what was said), escaped for Slack, else the message's own."""
    def render(payload: Payload) -> tuple[str, list[dict[str, Any]] | None]:
        rendered = build(load(cls, payload[BOARD]))
        text = payload.get("text")
        if isinstance(text, str) and text.strip():
            return esc(people_citations(text)), rendered.blocks
        return rendered.text, rendered.blocks
    return render


def with_board(row: Notification, message_of_records: Any) -> Payload:
    """The row's payload with the message read from the records (not stored: read again at each attempt)."""
    return dict(row.payload or {}) | {BOARD: dump(message_of_records)}


def record(model: type[T], row: Notification, key: str) -> T:
    """The payload's record, in the notification's own town (else KeyError: nothing is sent)."""
    obj = db.session.get(model, uuid.UUID(str((row.payload or {})[key])))
    if obj is None or getattr(obj, "town_id", None) != row.town_id:
        raise KeyError(f"{model.__name__} {(row.payload or {})[key]} not found in this town")
    return obj


SITE_OF = (("violation_id", Violation), ("deadline_id", Deadline), ("permit_id", Permit))


def site_links(row: Notification) -> Payload:
    """A recorded alert about a site (a violation, a deadline, a permit): the payload with the links to the
    site's record in the web app and to the site on OpenStreetMap, read at send time. A record that cannot be
    found leaves the words without links (they are sent all the same)."""
    from backend.slack.alerts import app_url
    payload = dict(row.payload or {})
    site = _site_of(row, payload)
    if site is None:
        return payload
    return payload | {"links": {"record_url": app_url(f"site/{site.id}"), "record_label": "Open the site",
                                "lat": site.lat, "lon": site.lon}}


def _site_of(row: Notification, payload: Payload) -> Site | None:
    for key, model in SITE_OF:
        try:
            obj = record(model, row, key) if payload.get(key) else None
        except (KeyError, ValueError):
            obj = None
        site_id = getattr(obj, "site_id", None)
        if site_id is not None:
            site = db.session.get(Site, site_id)
            return site if site is not None and site.town_id == row.town_id else None
    return None


def thread_of_payload(row: Notification, payload: Payload) -> str | None:
    """A payload's `thread_of`: the dedupe key of the message to reply under."""
    parent = payload.get("thread_of")
    return parent if isinstance(parent, str) else None


def under_order_alert(row: Notification, payload: Payload) -> str:
    """A review message replies under its order's alert."""
    return order_alert_key(row.town_id, uuid.UUID(str(payload[BOARD]["order_id"])))
