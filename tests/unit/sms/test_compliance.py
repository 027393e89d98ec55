"""Opt-out keywords and quiet hours (pure)."""

from __future__ import annotations

import datetime as dt

import pytest

from backend.channels.errors import Effect, consequence, known
from backend.sms.compliance import Keyword, QuietHours, keyword, release_at, urgent

NY = "America/New_York"
QUIET = QuietHours.parse("20:00-08:00")


@pytest.mark.parametrize(
    "body",
    [
        "STOP",
        "stop",
        " Stop ",
        "STOP.",
        "StopAll",
        "UNSUBSCRIBE",
        "CANCEL",
        "END",
        "QUIT",
        "REVOKE",
        "OPTOUT",
        "parar",
        "Sair",
    ],
)
def test_opt_out_words(body):
    assert keyword(body) is Keyword.STOP


@pytest.mark.parametrize("body", ["START", "unstop", "Yes"])
def test_opt_in_words(body):
    assert keyword(body) is Keyword.START


@pytest.mark.parametrize("body", ["HELP", "help!", "INFO", "Ayuda", "AJUDA"])
def test_help_words(body):
    assert keyword(body) is Keyword.HELP


@pytest.mark.parametrize("body", ["", None, "please stop the trucks", "STOP IT", "stopp", "ok", "🛑"])
def test_anything_else_is_not_a_keyword(body):
    assert keyword(body) is None


def _at(iso: str) -> dt.datetime:
    return dt.datetime.fromisoformat(iso)


@pytest.mark.parametrize(
    ("local", "released"),
    [
        ("2026-04-06T19:59:00-04:00", None),
        ("2026-04-06T20:00:00-04:00", "2026-04-07T08:00:00-04:00"),
        ("2026-04-06T23:30:00-04:00", "2026-04-07T08:00:00-04:00"),
        ("2026-04-07T00:10:00-04:00", "2026-04-07T08:00:00-04:00"),
        ("2026-04-07T07:59:59-04:00", "2026-04-07T08:00:00-04:00"),
        ("2026-04-07T08:00:00-04:00", None),
        ("2026-03-07T21:00:00-05:00", "2026-03-08T08:00:00-04:00"),
    ],
    ids=["before", "at-start", "evening", "after-midnight", "last-second", "at-end", "over-the-dst-change"],
)
def test_quiet_hours_hold_until_eight_local(local, released):
    got = release_at(_at(local).astimezone(dt.UTC), NY, QUIET)
    assert got == (None if released is None else _at(released).astimezone(dt.UTC))


def test_a_daytime_window_and_no_window():
    lunch = QuietHours.parse("12:00-13:00")
    assert release_at(_at("2026-04-06T12:30:00-04:00"), NY, lunch) == _at("2026-04-06T13:00:00-04:00")
    assert release_at(_at("2026-04-06T23:00:00-04:00"), NY, QuietHours.parse("off")) is None


@pytest.mark.parametrize("text", ["8pm-8am", "20:00", "25:00-08:00", "20:00-20:00"])
def test_garbled_quiet_hours_are_refused(text):
    with pytest.raises(ValueError):
        QuietHours.parse(text)


def test_only_an_explicit_urgent_flag_skips_quiet_hours():
    assert urgent({"urgent": True}) and not urgent({"urgent": "yes"}) and not urgent({}) and not urgent(None)


@pytest.mark.parametrize(
    ("code", "effect"),
    [
        (21610, Effect.OPT_OUT),
        ("twilio:21610", Effect.OPT_OUT),
        ("30034", Effect.UNDELIVERABLE),
        (30003, Effect.UNDELIVERABLE),
        (30005, Effect.UNDELIVERABLE),
        (30006, Effect.UNDELIVERABLE),
        (20429, Effect.RETRY),
        (30008, Effect.RETRY),
        (None, Effect.RETRY),
        ("http:503", Effect.RETRY),
    ],
    ids=["21610", "21610-label", "30034", "30003", "30005", "30006", "20429", "30008", "none", "5xx"],
)
def test_the_error_table(code, effect):
    assert consequence(code).effect is effect


def test_unknown_codes_have_no_rule_of_their_own():
    assert known("twilio:99999") is None and known("network") is None and known(30003) is not None
