"""Every kind x channel x language rendered from the demo's facts, through the code the dispatcher sends with.

`text` is exactly what would be sent: the SMS body with its reference (as Twilio receives it), or the Slack
fallback text beside its blocks. Town staff approve texts from it before going live; the snapshot tests and
the README's A2P 10DLC sample messages come from it. Facts come from the demo (samples.py), else from the
kind module's own `sample`.
"""
from __future__ import annotations

import sys
import uuid
from typing import Any

from backend.channels.port import words_of
from backend.channels.sms import TwilioSmsChannel
from backend.models import Notification
from backend.notifications.catalogue import catalogue
from backend.notifications.registry import slack_words
from backend.notifications.samples import slack_payload, sms_payload
from backend.notifications.spec import Channel, Payload, Spec
from backend.outbox.render import to_message
from backend.sms.segments import LANGUAGES, count

TOWN = "carver"
PREVIEW_TOWN_ID = uuid.UUID(int=0)


class NoSample(LookupError):
    """A kind with no facts to preview: neither the demo's samples nor its module's `sample`."""


def preview(kinds: list[Spec] | None = None) -> list[dict[str, Any]]:
    """One entry per kind, channel and language (Slack speaks English), in catalogue order."""
    out: list[dict[str, Any]] = []
    for spec in kinds or list(catalogue().values()):
        for channel in spec.channels:
            for lang in LANGUAGES if channel == "sms" else ("en",):
                out.append(render(spec, channel, lang))
    return out


def facts(spec: Spec, channel: Channel, lang: str) -> Payload:
    found = sms_payload(spec.stored, lang) if channel == "sms" else slack_payload(spec.stored)
    if found is None and spec.sample is not None:
        found = dict(spec.sample)
        if channel == "sms":  # a completed kind's facts sit under "sms", as its `enrich` leaves them
            found = {"text": found.get("text"), "sms": found | {"language": lang}} if spec.completed else (
                found | {"language": lang})
    if found is None:
        raise NoSample(f"{spec.name}: no sample facts (backend/notifications/samples.py or its `sample`)")
    return found


def render(spec: Spec, channel: Channel, lang: str) -> dict[str, Any]:
    payload = facts(spec, channel, lang)
    entry: dict[str, Any] = {"kind": spec.name, "stored_as": spec.stored, "channel": channel, "lang": lang,
                             "urgency": spec.urgency}
    if channel == "sms":
        row = Notification(town_id=PREVIEW_TOWN_ID, channel=channel, template=spec.stored, payload=payload,
                           recipient="+15085550104", status="pending",
                           dedupe_key=f"{PREVIEW_TOWN_ID}:preview:{spec.stored}:{channel}:{lang}")
        text, _ = words_of(TwilioSmsChannel, to_message(row, TOWN))
        segments = count(text)
        return entry | {"text": text, "segments": segments.count, "encoding": segments.encoding}
    text, blocks = slack_words(spec, payload)
    return entry | {"text": text, "segments": None, "encoding": None, "blocks": blocks}



LANGUAGE_NAMES = {"en": "English", "es": "Spanish", "pt": "Portuguese"}


def summary(spec: Spec) -> str:
    """The first paragraph of the kind module's docstring: what the message is, for the reader of the doc."""
    module = next((m for name, m in list(sys.modules.items())
                   if name.endswith(f".{spec.name}") and hasattr(m, "KIND")), None)
    doc = (getattr(module, "__doc__", None) or "").strip()
    return " ".join(doc.split("\n\n")[0].split()) if doc else spec.name


def sms_samples_markdown(entries: list[dict[str, Any]]) -> str:
    """docs/sms-messages.md: every SMS the app sends, as a town registers them for A2P 10DLC (sample messages)
    and reviews them (segments and encoding per language), generated from the preview."""
    sms = [e for e in entries if e["channel"] == "sms"]
    lines = [
        "# Text messages (SMS) a permittee can receive",
        "",
        "Generated from the demo's facts by `flask --app backend notifications preview --markdown`;",
        "`tests/integration/notifications/test_sms_samples_doc.py` fails when this file is stale. These are",
        "the sample messages for a town's A2P 10DLC campaign registration. Each text ends with the",
        "channel's reference (`Ref XXXXXX`), which counts in its segments.",
        "",
        "| Message | Language | Segments | Encoding |",
        "|---|---|---|---|",
    ]
    lines += [f"| {e['kind']} | {LANGUAGE_NAMES[e['lang']]} | {e['segments']} | {e['encoding']} |"
              for e in sms]
    for e in sms:
        if e["lang"] == "en":
            lines += ["", f"## {e['kind']}", "", summary(catalogue()[e['kind']]), ""]
        lines += [f"{LANGUAGE_NAMES[e['lang']]} ({e['segments']} segment(s), {e['encoding']}):", "", "```",
                  e["text"], "```", ""]
    return "\n".join(lines).rstrip() + "\n"
