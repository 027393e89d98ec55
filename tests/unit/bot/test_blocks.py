"""Every board message, pinned as Block Kit JSON plus its plain-text fallback; record text never becomes a
mention or a link; every message names its rule id and citation."""
from __future__ import annotations

import json
import re

import pytest

from bot import blocks, digest
from bot.blocks import Rendered
from bot.messages import (
    DailyDigest,
    OrderAlert,
    ReviewNotice,
    StabilizationReminder,
    ThreadUpdate,
    dump,
    load,
)
from tests.unit.bot import samples
from tests.unit.bot.snapshot import assert_snapshot


def _mrkdwn_texts(node: object) -> list[str]:
    """Every mrkdwn `text` inside a Block Kit structure."""
    found: list[str] = []
    if isinstance(node, dict):
        if node.get("type") == "mrkdwn":
            found.append(node["text"])
        for value in node.values():
            found += _mrkdwn_texts(value)
    elif isinstance(node, list):
        for item in node:
            found += _mrkdwn_texts(item)
    return found


BUILDERS = {OrderAlert: blocks.order_alert, ReviewNotice: blocks.review_notice,
            StabilizationReminder: blocks.stabilization_reminder, DailyDigest: digest.daily_digest,
            ThreadUpdate: blocks.thread_update}


def render_message(message: object) -> Rendered:
    return BUILDERS[type(message)](message)  # type: ignore[operator]


@pytest.mark.parametrize("name", sorted(samples.ALL))
def test_each_message_matches_its_reviewed_snapshot(name):
    rendered = render_message(samples.ALL[name])
    assert_snapshot(name, {"text": rendered.text, "blocks": rendered.blocks})


@pytest.mark.parametrize("name", sorted(samples.ALL))
def test_rendering_from_the_stored_payload_gives_the_same_message(name):
    message = samples.ALL[name]
    payload = json.loads(json.dumps(dump(message)))  # as it comes back from the outbox's JSON column
    assert render_message(load(type(message), payload)) == render_message(message)


@pytest.mark.parametrize("name", sorted(samples.ALL))
def test_no_record_text_can_mention_anyone_or_make_a_link(name):
    """The only links are the ones the message makes: the site on OpenStreetMap and the record in the app."""
    ours = re.compile(r"<https://www\.openstreetmap\.org/\?mlat=[-\d.]+&mlon=[-\d.]+#map=17/[-\d./]+"
                      r"\|[-\d., ]+>"
                      r"|<https://enforce\.example\.org/#/(order|site)/[\w-]+\|Open the (order|site)>")
    rendered = render_message(samples.ALL[name])
    for text in [rendered.text, *_mrkdwn_texts(rendered.blocks)]:
        text = ours.sub("", text)
        assert "<" not in text and ">" not in text, text


def test_the_hostile_note_is_shown_escaped_not_dropped():
    rendered = render_message(samples.HOSTILE_ORDER)
    body = json.dumps(rendered.blocks, ensure_ascii=False)
    escaped = "&lt;!channel&gt; see &lt;https://evil.example|the docs&gt; &amp; ask &lt;@U0BOSS&gt; &gt; now"
    assert escaped in body
    assert "&lt;!channel&gt;" in rendered.text


@pytest.mark.parametrize("name", sorted(samples.ALL))
def test_every_message_cites_the_bylaw_as_people_write_it_and_keeps_rule_ids_out_of_what_people_read(name):
    """Rule ids may stay in machine fields (block_id, action_id, value, links); never in the fallback or in a
    block's visible text."""
    rendered = render_message(samples.ALL[name])
    blocks = json.dumps(rendered.blocks, ensure_ascii=False)
    visible = "\n".join(_visible_texts(rendered.blocks))
    for text in (rendered.text, visible):
        assert not [i for i in ("CARVER-136-", "CARVER-247-", "UPTON-280-", "~§", "EXT-OML") if i in text], (
            text)
        assert not re.search(r"\d{4}-\d\d-\d\d", text), f"a date as people write it: {text}"
    if name == "daily_digest_empty":  # nothing happened: the digest cites no rule; its audit head is a block
        assert "Audit" not in rendered.text and "Audit chain head: event" in blocks
        return
    assert re.search(r"(Carver|Upton) bylaw § \d", rendered.text), rendered.text
    assert re.search(r"(Carver|Upton) bylaw § \d", visible), "the blocks cite the bylaw for the board"


MACHINE_KEYS = {"block_id", "action_id", "value", "url", "image_url", "type", "style", "callback_id"}


def _visible_texts(node: object) -> list[str]:
    """Every string a person sees in blocks: all but the machine fields; links reduced to their label."""
    if isinstance(node, dict):
        return [t for k, v in node.items() if k not in MACHINE_KEYS for t in _visible_texts(v)]
    if isinstance(node, list):
        return [t for v in node for t in _visible_texts(v)]
    return [re.sub(r"<https?://[^|>]*\|([^>]*)>", r"\1", node)] if isinstance(node, str) else []


def test_the_order_alert_offers_exactly_the_buttons_that_apply():
    def buttons(msg):
        actions = render_message(msg).blocks[-1]
        return [e["action_id"] for e in actions["elements"]]

    assert buttons(samples.ORDER) == ["fe_acknowledge", "fe_schedule_review", "fe_view_photos"]
    assert buttons(samples.HOSTILE_ORDER) == ["fe_acknowledge"]  # no review window, no photos


def test_an_empty_review_window_says_why_and_offers_no_scheduling():
    from dataclasses import replace
    window = replace(samples.ORDER.review_window, empty_reason="no valid meeting time: the earliest is after "
                     "the last allowed day")
    rendered = render_message(replace(samples.ORDER, review_window=window))
    assert "no valid meeting time" in json.dumps(rendered.blocks)
    assert "fe_schedule_review" not in json.dumps(rendered.blocks)


def test_long_record_text_is_clipped_within_slack_limits():
    from dataclasses import replace
    long = replace(samples.ORDER, provisions=tuple(samples.ORDER.provisions[0] for _ in range(40)),
                   operator="x" * 5000)
    rendered = render_message(long)
    for block in rendered.blocks:
        text = (block.get("text") or {}).get("text", "")
        assert len(text) <= 3000
        for field in block.get("fields") or []:
            assert len(field["text"]) <= 2000
    assert len(rendered.text) <= 3000
