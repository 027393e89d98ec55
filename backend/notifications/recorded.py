"""Renderers of kinds whose words are the text the service wrote with the intent
(the record of what was said).

A payload without a text is a ValueError: the row fails visibly, nothing is sent.
"""
from __future__ import annotations

from typing import Any

from backend.notifications.spec import SlackRenderer
from bot.blocks import place_links, recorded_note


def recorded_text(payload: dict[str, Any]) -> str:
    """The intent's own `text`, exactly."""
    text = payload.get("text")
    if not isinstance(text, str) or not text.strip():
        raise ValueError("no payload text: the intent carries no words to send")
    return text


def people_citations(text: str) -> str:
    """The engine's `~§ 247-7C` (a section of the town's bylaw) as people write it: `bylaw § 247-7C` (the
    service's text names the town first)."""
    return text.replace("~§", "bylaw §")


def sms(payload: dict[str, Any], lang: str) -> str:
    """The intent's text as the service wrote it (its language is the one the service wrote in), citations
    as people write them."""
    return people_citations(recorded_text(payload))


def links(payload: dict[str, Any]) -> list[Any]:
    """The record's and the site's map links a kind's `resolve` read from the records (payload["links"])."""
    found = payload.get("links")
    if not isinstance(found, dict):
        return []
    lat, lon = found.get("lat"), found.get("lon")
    return place_links(found.get("record_url") or None, str(found.get("record_label") or "Open the record"),
                       float(lat) if isinstance(lat, int | float) else None,
                       float(lon) if isinstance(lon, int | float) else None)


def slack(payload: dict[str, Any]) -> tuple[str, list[dict[str, Any]] | None]:
    """The intent's text as the fallback, with the service's own blocks when it wrote some; else, when the
    kind's `resolve` found the record and its site, the words above their links."""
    blocks = payload.get("blocks")
    text = people_citations(recorded_text(payload))
    if isinstance(blocks, list):
        return text, blocks
    linked = links(payload)
    return text, recorded_note(text, None, linked) if linked else None


def reminder(title: str) -> SlackRenderer:
    """A recorded Slack reminder: the service's words under a header naming what is due (real blocks, not a
    plain-text message); the fallback is the service's text."""
    def render(payload: dict[str, Any]) -> tuple[str, list[dict[str, Any]] | None]:
        text = people_citations(recorded_text(payload))
        blocks = payload.get("blocks")
        return text, blocks if isinstance(blocks, list) else recorded_note(text, title, links(payload))
    return render
