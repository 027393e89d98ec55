"""Every kind x channel x language rendered from the demo's facts, through the code the dispatcher sends with.

`text` is exactly what would be sent: the SMS body with its reference (as Twilio receives it), or the Slack
fallback text beside its blocks. Town staff approve texts from it before going live; the snapshot tests and
the README's A2P 10DLC sample messages come from it.
"""
from __future__ import annotations

import dataclasses
import uuid
from typing import Any

from backend.channels.port import words_of
from backend.channels.sms import TwilioSmsChannel
from backend.models import Notification
from backend.notifications.kinds import CATALOGUE, Channel, Kind
from backend.notifications.samples import BOARD_MESSAGES, slack_payload, sms_payload
from backend.outbox.render import to_message
from backend.slack.delivery import BUILDERS as RECORD_BUILDERS
from backend.slack.delivery import recorded_text
from backend.sms.segments import LANGUAGES, count
from bot import notifier

TOWN = "carver"
PREVIEW_TOWN_ID = uuid.UUID(int=0)


def preview(kinds: list[Kind] | None = None) -> list[dict[str, Any]]:
    """One entry per kind, channel and language (Slack speaks English), in catalogue order."""
    out: list[dict[str, Any]] = []
    for kind in kinds or list(CATALOGUE):
        for channel in CATALOGUE[kind].channels:
            for lang in LANGUAGES if channel == "sms" else ("en",):
                out.append(render(kind, channel, lang))
    return out


def render(kind: Kind, channel: Channel, lang: str) -> dict[str, Any]:
    payload = sms_payload(kind, lang) if channel == "sms" else slack_payload(kind)
    row = Notification(town_id=PREVIEW_TOWN_ID, channel=channel, template=str(kind), payload=payload,
                       recipient="+15085550104" if channel == "sms" else "C0BOARD", status="pending",
                       dedupe_key=f"{PREVIEW_TOWN_ID}:preview:{kind}:{channel}:{lang}")
    entry: dict[str, Any] = {"kind": kind.name.lower(), "stored_as": str(kind), "channel": channel,
                             "lang": lang}
    if channel == "sms":
        text, _ = words_of(TwilioSmsChannel, to_message(row, TOWN))
        segments = count(text)
        return entry | {"text": text, "segments": segments.count, "encoding": segments.encoding}
    text, blocks = _slack(row)
    return entry | {"text": text, "segments": None, "encoding": None, "blocks": blocks}


def _slack(row: Notification) -> tuple[str, list[dict[str, Any]] | None]:
    """Kinds the Slack module builds from the record render from the board message those records give."""
    if row.template in RECORD_BUILDERS and not row.template.startswith("board."):
        message = BOARD_MESSAGES[row.template]
        if row.template == "reminder.erc-review":
            message = dataclasses.replace(message, reminder=True)
        rendered = notifier.render_message(message)
        return recorded_text(row, rendered), rendered.blocks
    return words_of(object(), to_message(row, TOWN))
