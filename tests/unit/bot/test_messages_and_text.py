"""The payload form of board messages (what the outbox stores) and Slack escaping, with no I/O."""
from __future__ import annotations

import datetime as dt
import json
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.messages import OrderAlert, ThreadUpdate, dump, load
from bot.text import clip, esc, fmt_at, fmt_on
from tests.unit.bot import samples


@pytest.mark.parametrize("name", sorted(samples.ALL))
def test_every_message_survives_the_json_round_trip(name):
    message = samples.ALL[name]
    assert load(type(message), json.loads(json.dumps(dump(message)))) == message


def test_a_payload_missing_a_field_is_refused_by_name():
    payload = dump(samples.LIFTED)
    del payload["rule"]
    with pytest.raises(KeyError, match="ThreadUpdate.rule"):
        load(ThreadUpdate, payload)


@pytest.mark.parametrize("field, value, error", [
    ("at", "2026-04-20T19:00:00", ValueError),  # naive: no offset
    ("at", "yesterday", ValueError),
    ("at", 1776726000, TypeError),
    ("site", ["not", "text"], TypeError),
    ("rule", "CARVER-136-CD-ORDER", TypeError),
    ("by", 7, TypeError),
])
def test_a_payload_with_a_wrong_type_is_refused(field, value, error):
    payload = dump(samples.LIFTED) | {field: value}
    with pytest.raises(error):
        load(ThreadUpdate, payload)


def test_counts_are_not_booleans_and_lists_must_be_lists():
    payload = dump(samples.ORDER)
    with pytest.raises(TypeError):
        load(OrderAlert, payload | {"photo_count": True})
    with pytest.raises(TypeError):
        load(OrderAlert, payload | {"provisions": {"rule": "x"}})


def test_a_naive_instant_cannot_be_dumped():
    naive = replace(samples.LIFTED, at=dt.datetime(2026, 4, 20, 19, 0))  # noqa: DTZ001 - on purpose
    with pytest.raises(ValueError, match="naive"):
        dump(naive)


@given(st.text())
def test_escaped_text_never_carries_slack_control_characters_and_unescapes_to_the_original(text):
    escaped = esc(text)
    assert "<" not in escaped and ">" not in escaped
    assert escaped.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&") == text


def test_escaping_follows_slacks_three_rules_only():
    expected = "&lt;!here&gt; &amp; &lt;@U123&gt; *bold* _it_ `code`"
    assert esc("<!here> & <@U123> *bold* _it_ `code`") == expected
    assert esc(None) == ""


def test_clipping_never_cuts_an_escape_in_half():
    assert clip("abc&amp;def", 6) == "abc…"
    assert clip("abcdef", 6) == "abcdef"
    assert clip("abcdefg", 6) == "abcde…"


def test_times_are_the_towns_local_time_and_naive_ones_are_refused():
    winter = dt.datetime(2026, 1, 5, 15, 0, tzinfo=dt.UTC)
    assert fmt_at(winter, "America/New_York") == "Mon, Jan 5, 2026, 10:00 AM EST"
    assert fmt_at(winter.replace(hour=4), "America/New_York") == "Sun, Jan 4, 2026, 11:00 PM EST"
    assert fmt_on(dt.date(2026, 4, 8)) == "Wed, Apr 8, 2026"
    assert fmt_at(None, "America/New_York") == "—"
    with pytest.raises(ValueError):
        fmt_at(dt.datetime(2026, 1, 5, 15, 0), "America/New_York")  # noqa: DTZ001 - on purpose
