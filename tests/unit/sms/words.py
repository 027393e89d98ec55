"""The SMS body of a kind (its module's `sms` renderer) or of a keyword reply, for the unit tests."""
from __future__ import annotations

from typing import Any

from backend.notifications.catalogue import kind
from backend.sms.templates import REPLIES, language_of, reply
from inspections.catalogues import FINDINGS, translate


def render(name: str, payload: dict[str, Any], language: str) -> str:
    """`name` is a kind's name (violation_notice, daily_accrual, …) or a reply (sms.help, sms.stopped, …)."""
    if name in REPLIES:
        return reply(name, payload, language)
    renderer = kind(name).sms
    assert renderer is not None, f"{name} sends no SMS"
    if payload.get("finding"):  # the row carries the finding in the party's language (messages.py)
        payload = payload | {"finding": translate(FINDINGS, language_of(language), payload["finding"])}
    return renderer(payload, language_of(language))
