"""The notification catalogue: one module per kind, found by discovery; every kind is registered on each of
its channels (checked at start-up), an unknown kind is refused rather than sent as the payload's text, a kind
added as one module (a fixture package named by NOTIFICATION_KIND_PACKAGES) appears in the preview and
renders, and every kind x channel x language renders from the demo's facts exactly as the snapshot a person
reviewed."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from backend.models import Notification
from backend.notifications import registry
from backend.notifications.catalogue import PACKAGES_ENV, catalogue, kind
from backend.notifications.preview import render
from backend.notifications.samples import sms_payload
from backend.outbox import render as outbox_render
from backend.sms.segments import LANGUAGES

ROOT = Path(__file__).resolve().parents[3]
SNAPSHOTS = Path(__file__).parent / "snapshots"
CASES = [pytest.param(name, channel, lang, id=f"{name}-{channel}-{lang}")
         for name, spec in catalogue().items() for channel in spec.channels
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


def _assert_matches_snapshot(entry: dict) -> None:
    name, channel, lang = entry["kind"], entry["channel"], entry["lang"]
    assert entry["text"] == _snapshot(f"{name}.{channel}.{lang}.txt", entry["text"] + "\n")[:-1]
    if channel == "sms":
        assert re.search(r"\nRef [A-Z2-7]{6}\Z", entry["text"]), "the body ends with the channel's reference"
        assert entry["segments"] >= 1 and entry["encoding"] in ("GSM-7", "UCS-2")
    elif entry["blocks"] is not None:
        blocks = json.dumps(entry["blocks"], indent=2, ensure_ascii=False, sort_keys=True) + "\n"
        assert blocks == _snapshot(f"{name}.slack.blocks.json", blocks)


def test_every_kind_is_one_module_registered_on_each_of_its_channels_at_start_up(monkeypatch):
    for test_kind in ("t", "test.notice"):  # registered by tests/conftest.py for the outbox's own tests
        monkeypatch.delitem(outbox_render._TEMPLATES, test_kind)
    monkeypatch.setattr(registry, "HARNESS_NAMES", frozenset())
    assert registry.problems() == []
    kinds_dir = ROOT / "backend" / "notifications" / "kinds"
    assert set(catalogue()) == {p.stem for p in kinds_dir.glob("*.py") if not p.stem.startswith("_")}


@pytest.mark.parametrize("name, channel, lang", CASES)
def test_every_kind_renders_exactly_its_reviewed_snapshot(name, channel, lang):
    entry = render(kind(name), channel, lang)

    assert entry["text"].strip() and "(rendered at send)" not in entry["text"]
    _assert_matches_snapshot(entry)
    if channel == "slack" and (kind(name).words("slack") == "rendered" or "reminder" in kind(name).stored):
        assert entry["blocks"], "a rendered Slack kind and every reminder post real blocks"


@pytest.mark.parametrize("name",
                         [n for n, s in catalogue().items() if s.sms and s.words("sms") == "rendered"])
def test_a_rendered_sms_kind_speaks_the_partys_language(name):
    english, spanish = render(kind(name), "sms", "en")["text"], render(kind(name), "sms", "es")["text"]
    assert english != spanish


def test_a_kind_nobody_registered_stops_the_app_at_start_up(monkeypatch):
    monkeypatch.delitem(outbox_render._TEMPLATES, "reminder.permit-expiry")
    monkeypatch.setitem(outbox_render._TEMPLATES, "reminder.unheard-of", lambda payload: "x")

    with pytest.raises(registry.CatalogueError) as refused:
        registry.verify()

    assert "reminder.permit-expiry: no sms renderer registered" in str(refused.value)
    assert "reminder.unheard-of: has a renderer but is not a kind" in str(refused.value)


def test_an_unregistered_kind_is_never_sent_as_the_payloads_english_text():
    row = Notification(channel="sms", recipient="+15085550104", template="reminder.unheard-of",
                       payload=sms_payload("reminder.permit-expiry", "pt"), dedupe_key="k")

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
    assert notice["text"] == render(kind("violation_notice"), "sms", "pt")["text"]


def test_the_preview_refuses_a_kind_that_does_not_exist(_app):
    result = _app.test_cli_runner().invoke(args=["notifications", "preview", "--kind", "no_such_kind"])

    assert result.exit_code == 2 and "no kind no_such_kind" in result.output


def test_a_kind_added_as_one_module_is_discovered_previewed_and_rendered(tmp_path):
    """tests/fixtures/notification_kinds/site_visit_reminder.py, named by the setting, in a fresh process."""
    env = dict(os.environ, **{PACKAGES_ENV: "tests.fixtures.notification_kinds"}, APP_ENV="test",
               INSTANCE_PATH=str(tmp_path / "instance"), DATABASE_URL=f"sqlite:///{tmp_path / 'fe.sqlite3'}")
    env.pop("TEST_DATABASE_URL", None)
    flask = str(Path(sys.executable).parent / "flask")
    done = subprocess.run([flask, "--app", "backend", "notifications", "preview", "--json", "--kind",
                           "site_visit_reminder"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)

    assert done.returncode == 0, done.stderr
    entries = json.loads(done.stdout)
    assert {(e["channel"], e["lang"]) for e in entries} == {("sms", "en"), ("sms", "es"), ("sms", "pt"),
                                                            ("slack", "en")}
    for entry in entries:
        assert entry["stored_as"] == "reminder.site-visit" and "Cedar Brook" in entry["text"]
        _assert_matches_snapshot(entry)
    assert "site_visit_reminder" not in catalogue(), "without the setting the fixture kind is no kind"


NOT_FOR_PEOPLE = {  # our words and machine keys, never in a text a person reads (issue 18 item 5)
    "the engine's '~§'": re.compile(r"~§"),
    "'offense-day'": re.compile(r"(?i)offense-days?"),
    "a rule id": re.compile(r"\b[A-Z]+-\d{3}-[A-Z0-9]|\bEXT-[A-Z]"),
    "a chapter key": re.compile(r"\b(CARVER|UPTON|GARDNER|[A-Z]{3,})-\d{3}\b"),
    "a UUID": re.compile(r"(?i)\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b"),
    "a 12-hex run": re.compile(r"(?i)(?<![0-9a-z])[0-9a-f]{12,}(?![0-9a-z])"),
    "an unfilled placeholder": re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}"),
}


@pytest.mark.parametrize("name, channel, lang", CASES)
def test_no_text_a_person_reads_carries_our_notation_an_id_or_a_placeholder(name, channel, lang):
    """Every SMS body and Slack fallback text of the preview (ids may stay in links and in blocks' machine
    fields)."""
    text = render(kind(name), channel, lang)["text"]
    readable = re.sub(r"https?://\S+", "<link>", text)
    found = [what for what, pattern in NOT_FOR_PEOPLE.items() if pattern.search(readable)]
    assert found == [], f"{name} {channel} {lang}: {found} in {text!r}"


MACHINE_FIELDS = {"block_id", "action_id", "value", "url", "image_url", "callback_id", "private_metadata",
                  "type", "style"}
IN_BLOCKS = {k: v for k, v in NOT_FOR_PEOPLE.items() if k != "a 12-hex run"}  # the digest's audit head is a
# block's (issue 18 item 5): a board keeps it with the minutes


def visible_texts(node: object) -> list[str]:
    """Every string of a block a person reads (section, context and header text, fields, button labels, alt
    text): all but the machine fields; a link `<url|label>` reads as its label."""
    if isinstance(node, dict):
        return [t for k, v in node.items() if k not in MACHINE_FIELDS for t in visible_texts(v)]
    if isinstance(node, list):
        return [t for v in node for t in visible_texts(v)]
    return [re.sub(r"<https?://[^|>]*(?:\|([^>]*))?>", r"\1", node)] if isinstance(node, str) else []


@pytest.mark.parametrize("name", [n for n, s in catalogue().items() if s.slack])
def test_no_slack_block_shows_a_person_our_notation_an_id_or_an_iso_date(name):
    """Ids stay inside links, block_id, action_id and a button's value; what a board member reads in the
    blocks cites the bylaw as people write it, with dates as people write them."""
    blocks = render(kind(name), "slack", "en")["blocks"] or []
    for text in visible_texts(blocks):
        found = [what for what, pattern in IN_BLOCKS.items() if pattern.search(text)]
        assert found == [], f"{name}: {found} in {text!r}"
        assert not re.search(r"\b\d{4}-\d\d-\d\d\b", text), f"{name}: an ISO date in {text!r}"


def test_the_block_walk_reads_what_a_person_sees_and_skips_machine_fields():
    blocks = [{"type": "section", "block_id": "CARVER-136-CD-ORDER", "text": {"type": "mrkdwn",
               "text": "<https://x.example/CARVER-136-X|Open the order> CARVER-136-BUFFER-50FT"}},
              {"type": "actions", "elements": [{"type": "button", "action_id": "fe_ack",
                                                "value": "UPTON-280-A",
                                                "text": {"type": "plain_text", "text": "Ack GARDNER-650"}}]}]
    texts = visible_texts(blocks)
    assert texts == ["Open the order CARVER-136-BUFFER-50FT", "Ack GARDNER-650"]
    assert [[w for w, p in IN_BLOCKS.items() if p.search(t)] for t in texts] == [
        ["a rule id", "a chapter key"], ["a chapter key"]]


ABOUT_A_SITE = ("order_alert", "board_order_alert", "review_meeting_scheduled", "review_meeting_reminder",
                "board_review_notice", "stabilization_reminder", "board_stabilization_reminder",
                "violation_opened", "escalation", "report_reminder", "event_notice_reminder",
                "permit_expiry_reminder")


@pytest.mark.parametrize("name", ABOUT_A_SITE)
def test_every_slack_alert_about_a_site_links_its_record_and_the_site_on_a_map(name):
    blocks = json.dumps(render(kind(name), "slack", "en")["blocks"], ensure_ascii=False)
    assert re.search(r"<https://enforce\.example\.org/#/(order|site)/[0-9a-f-]{36}\|Open the (order|site)>",
                     blocks), f"{name}: no link to the record"
    assert re.search(r"<https://www\.openstreetmap\.org/\?mlat=-?[\d.]+&mlon=-?[\d.]+#map=17/", blocks), (
        f"{name}: no link to the site on the map")


def test_the_hygiene_patterns_catch_what_they_name():
    bad = ("(~§ 136-7C)", "offense-days recorded", "CARVER-136-CD-ORDER", "under CARVER-136 await",
           "7d7c2b0e-5a3c-4c59-9a63-0d6f0b3f1a10", "head 9f86d081884c", "up to {amount}")
    for text, pattern in zip(bad, NOT_FOR_PEOPLE.values(), strict=True):
        assert pattern.search(text), text
    assert not any(p.search("Carver bylaw § 136-7C, permit ERC-2026-04, Ref HDZGSW, 5/15/2026")
                   for p in NOT_FOR_PEOPLE.values())


def test_an_urgent_kind_says_so_first_in_its_slack_fallback_and_header():
    entry = render(kind("order_alert"), "slack", "en")
    assert entry["text"].startswith("🚨 Urgent: Cease-and-desist order effective immediately at Plymouth St")
    assert entry["blocks"][0]["text"]["text"].startswith("🚨 Urgent: ")
    routine = render(kind("review_meeting_scheduled"), "slack", "en")
    assert "Urgent" not in routine["text"] and "Urgent" not in routine["blocks"][0]["text"]["text"]


def test_the_order_alerts_fallback_has_what_where_the_fine_path_and_window_and_links_the_record_and_map():
    entry = render(kind("order_alert"), "slack", "en")
    for fact in ("Cease-and-desist order", "Plymouth St gravel pit, 44 Plymouth St, Carver",
                 "Excavation within 50 ft of the BVW (Carver bylaw § 136-5)",
                 "a court can fine up to $100.00 for each day it continues (a maximum, not a bill)",
                 "Review meeting between Wed, Apr 8, 2026, 10:00 AM EDT and Mon, Apr 13, 2026, 11:59 PM EDT"):
        assert fact in entry["text"], fact
    blocks = json.dumps(entry["blocks"], ensure_ascii=False)
    assert "https://www.openstreetmap.org/?mlat=41.902000&mlon=-70.765000" in blocks
    assert "https://enforce.example.org/#/order/7d7c2b0e-5a3c-4c59-9a63-0d6f0b3f1a10|Open the order" in blocks
