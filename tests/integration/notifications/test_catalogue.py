"""The notification catalogue: every kind is registered on each of its channels (checked at start-up), an
unknown kind is refused rather than sent as the payload's text, and every kind x channel x language renders
from the demo's facts exactly as the snapshot a person reviewed."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from backend.models import Notification
from backend.notifications import registry
from backend.notifications.kinds import CATALOGUE, Kind
from backend.notifications.preview import render
from backend.notifications.samples import sms_payload
from backend.outbox import render as outbox_render
from backend.sms.segments import LANGUAGES

SNAPSHOTS = Path(__file__).parent / "snapshots"
CASES = [pytest.param(kind, channel, lang, id=f"{kind.name.lower()}-{channel}-{lang}")
         for kind, spec in CATALOGUE.items() for channel in spec.channels
         for lang in (LANGUAGES if channel == "sms" else ("en",))]


@pytest.fixture(autouse=True)
def _ctx(_app):
    with _app.app_context():
        yield


def _snapshot(name: str, actual: str) -> str:
    path = SNAPSHOTS / name
    if os.environ.get("UPDATE_SNAPSHOTS") == "1":
        path.write_text(actual, encoding="utf-8")
    assert path.exists(), f"no snapshot {name}: review the words, then write it with UPDATE_SNAPSHOTS=1"
    return path.read_text(encoding="utf-8")


def test_every_kind_has_a_renderer_on_each_of_its_channels_at_start_up(monkeypatch):
    for test_kind in ("t", "test.notice"):  # registered by tests/conftest.py for the outbox's own tests
        monkeypatch.delitem(outbox_render._TEMPLATES, test_kind)
    monkeypatch.setattr(registry, "HARNESS_NAMES", frozenset())
    assert registry.problems() == []
    assert {str(k) for k in Kind} == {str(k) for k in CATALOGUE}


@pytest.mark.parametrize("kind, channel, lang", CASES)
def test_every_kind_renders_exactly_its_reviewed_snapshot(kind, channel, lang):
    entry = render(kind, channel, lang)

    assert entry["text"].strip() and "(rendered at send)" not in entry["text"]
    assert entry["text"] == _snapshot(f"{entry['kind']}.{channel}.{lang}.txt", entry["text"] + "\n")[:-1]
    if channel == "sms":
        assert re.search(r"\nRef [A-Z2-7]{6}\Z", entry["text"]), "the body ends with the channel's reference"
        assert entry["segments"] >= 1 and entry["encoding"] in ("GSM-7", "UCS-2")
    if CATALOGUE[kind].words[channel] == "rendered" and channel == "slack":
        assert entry["blocks"], "a rendered Slack kind posts blocks"
        blocks = json.dumps(entry["blocks"], indent=2, ensure_ascii=False, sort_keys=True) + "\n"
        assert blocks == _snapshot(f"{entry['kind']}.slack.blocks.json", blocks)


@pytest.mark.parametrize("kind", [k for k, s in CATALOGUE.items() if s.words.get("sms") == "rendered"],
                         ids=lambda k: k.name.lower())
def test_a_rendered_sms_kind_speaks_the_partys_language(kind):
    english, spanish = render(kind, "sms", "en")["text"], render(kind, "sms", "es")["text"]
    assert english != spanish


def test_a_kind_nobody_registered_stops_the_app_at_start_up(monkeypatch):
    monkeypatch.delitem(outbox_render._TEMPLATES, str(Kind.PERMIT_EXPIRY_REMINDER))
    monkeypatch.setitem(outbox_render._TEMPLATES, "reminder.unheard-of", lambda payload: "x")

    with pytest.raises(registry.CatalogueError) as refused:
        registry.verify()

    assert "reminder.permit-expiry: no sms renderer" in str(refused.value)
    assert "reminder.unheard-of: has a renderer but is not a kind" in str(refused.value)


def test_an_unregistered_kind_is_never_sent_as_the_payloads_english_text():
    row = Notification(channel="sms", recipient="+15085550104", template="reminder.unheard-of",
                       payload=sms_payload(str(Kind.PERMIT_EXPIRY_REMINDER), "pt"), dedupe_key="k")

    with pytest.raises(outbox_render.RenderError, match="no renderer registered"):
        outbox_render.to_message(row, "carver")


SMS_KINDS = ("violation_notice", "daily_accrual", "order_issued", "order_lifted", "violation_corrected",
             "review_meeting_reminder", "stabilization_reminder", "deadline_reminder",
             "permit_expiry_reminder")
SLACK_KINDS = ("order_alert", "violation_opened", "review_meeting_scheduled", "review_meeting_reminder",
               "stabilization_reminder", "thread_update", "daily_digest", "settings_changed")


def test_the_preview_command_prints_every_kind_channel_and_language_as_json(_app):
    result = _app.test_cli_runner().invoke(args=["notifications", "preview", "--json"])

    assert result.exit_code == 0, result.output
    entries = json.loads(result.output)
    assert len(entries) == len(CASES)
    seen = {(e["kind"], e["channel"], e["lang"]) for e in entries}
    assert {(k, "sms", lang) for k in SMS_KINDS for lang in LANGUAGES} <= seen
    assert {(k, "slack", "en") for k in SLACK_KINDS} <= seen
    for e in entries:
        assert {"kind", "channel", "lang", "text", "segments", "encoding"} <= set(e)
        assert ("blocks" in e) == (e["channel"] == "slack")
    notice = next(e for e in entries if (e["kind"], e["lang"]) == ("violation_notice", "pt"))
    assert notice["text"] == render(Kind.VIOLATION_NOTICE, "sms", "pt")["text"]
