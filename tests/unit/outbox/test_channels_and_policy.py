"""Channel registry, settings parsing, provider error classification and the backoff policy (no I/O)."""
from __future__ import annotations

import datetime as dt
import math
import random

import pytest
from twilio.base.exceptions import TwilioRestException

from backend.channels.console import ConsoleChannel
from backend.channels.port import AmbiguousError, PermanentError, RetryableError
from backend.channels.registry import build_channels
from backend.channels.slack import SlackChannel, api_error
from backend.channels.sms import TwilioSmsChannel, reference, rest_error
from backend.config import Settings
from backend.outbox.policy import DeliveryPolicy


def test_delivery_settings_come_from_the_environment():
    s = Settings.from_env({"SLACK_BOT_TOKENS": '{"carver": "xoxb-1", "*": "xoxb-any"}',
                           "TWILIO_SENDERS": '{"upton": "MG123"}', "TWILIO_ACCOUNT_SID": "AC1",
                           "TWILIO_AUTH_TOKEN": "tok", "TWILIO_API_BASE": "http://127.0.0.1:1",
                           "SLACK_API_URL": "http://127.0.0.1:2/api/", "CHANNEL_TIMEOUT_SECONDS": "2.5",
                           "OUTBOX_MAX_ATTEMPTS": "5"})
    assert s.slack_bot_tokens == {"carver": "xoxb-1", "*": "xoxb-any"}
    assert s.twilio_senders == {"upton": "MG123"}
    assert (s.twilio_account_sid, s.twilio_auth_token, s.twilio_api_base) == ("AC1", "tok", "http://127.0.0.1:1")
    assert (s.slack_api_url, s.channel_timeout_seconds, s.outbox_max_attempts) == ("http://127.0.0.1:2/api/",
                                                                                    2.5, 5)
    empty = Settings.from_env({})
    assert (empty.slack_bot_tokens, empty.channel_timeout_seconds, empty.outbox_max_attempts) == ({}, 10.0, 8)


@pytest.mark.parametrize("value", ['{"carver": ', '["xoxb"]', '{"carver": 12}'])
def test_a_malformed_token_map_is_refused_at_start_up_naming_the_variable(value):
    with pytest.raises(RuntimeError, match="SLACK_BOT_TOKENS"):
        Settings.from_env({"SLACK_BOT_TOKENS": value})


def test_without_credentials_every_channel_is_the_console():
    channels = build_channels(Settings())
    assert all(isinstance(channels.get(n), ConsoleChannel) for n in ("console", "slack", "sms"))
    assert channels.get("fax") is None


def test_credentials_select_the_slack_and_twilio_adapters_with_the_configured_timeout():
    s = Settings(slack_bot_tokens={"carver": "xoxb-1"}, twilio_account_sid="AC1", twilio_auth_token="t",
                 twilio_senders={"carver": "+15085550100"}, channel_timeout_seconds=3.0,
                 public_base_url="https://fe.example.org")
    channels = build_channels(s)
    slack, sms = channels.get("slack"), channels.get("sms")
    assert isinstance(slack, SlackChannel) and slack.timeout == 3.0
    assert isinstance(sms, TwilioSmsChannel) and sms.http.timeout == 3.0
    assert sms.status_callback == "https://fe.example.org/webhooks/twilio/status"
    channels.close()


@pytest.mark.parametrize("timeout", [0, -1, math.inf, math.nan, 121])
def test_a_provider_timeout_must_be_finite_and_positive(timeout):
    with pytest.raises(ValueError, match="CHANNEL_TIMEOUT_SECONDS"):
        build_channels(Settings(channel_timeout_seconds=timeout))


@pytest.mark.parametrize("status, data, headers, kind, code, retry_after", [
    (500, {"ok": False, "error": "internal_error"}, {}, RetryableError, "http:500", None),
    (503, "<html>", {}, RetryableError, "http:503", None),
    (504, "<html>", {}, AmbiguousError, "http:504", None),
    (429, {"error": "ratelimited"}, {"Retry-After": "12"}, RetryableError, "slack:ratelimited", 12),
    (429, {"error": "ratelimited"}, {"retry-after": ["3"]}, RetryableError, "slack:ratelimited", 3),
    (200, {"ok": False, "error": "channel_not_found"}, {}, PermanentError, "slack:channel_not_found", None),
    (200, {"ok": False, "error": "token_revoked"}, {}, PermanentError, "slack:token_revoked", None),
    (200, {"ok": False, "error": "fatal_error"}, {}, RetryableError, "slack:fatal_error", None),
    (200, {"ok": False, "error": "some_new_error"}, {}, RetryableError, "slack:some_new_error", None),
    (200, {"ok": False, "error": "Received a response in a non-JSON format: <html>"}, {}, AmbiguousError,
     "slack:unreadable", None),
    (404, "not found", {}, PermanentError, "http:404", None),
], ids=lambda v: str(v) if isinstance(v, (int, str)) and len(str(v)) < 30 else None)
def test_slack_answers_are_classified(status, data, headers, kind, code, retry_after):
    error = api_error(status, data, headers)
    assert type(error) is kind and error.code == code and error.retry_after == retry_after


@pytest.mark.parametrize("status, code, kind, label", [
    (400, 21610, PermanentError, "twilio:21610"),
    (400, 30034, PermanentError, "twilio:30034"),
    (400, 21211, PermanentError, "twilio:21211"),
    (401, 20003, PermanentError, "twilio:20003"),
    (404, None, PermanentError, "http:404"),
    (429, 20429, RetryableError, "twilio:20429"),
    (500, 20500, RetryableError, "twilio:20500"),
    (503, None, RetryableError, "http:503"),
    (504, None, AmbiguousError, "http:504"),
])
def test_twilio_answers_are_classified(status, code, kind, label):
    error = rest_error(TwilioRestException(status, "/Messages.json", "msg", code), retry_after=4.0)
    assert type(error) is kind and error.code == label
    assert error.retry_after == (4.0 if status == 429 else None)


def test_the_sms_reference_is_short_stable_and_key_specific():
    assert reference("carver:order:7") == reference("carver:order:7")
    assert len(reference("k")) == 6 and reference("k") != reference("k2") and reference("k").isalnum()


def test_backoff_grows_exponentially_with_jitter_and_is_capped():
    policy, rng = DeliveryPolicy(base_delay_seconds=30, max_delay_seconds=600), random.Random(7)
    for attempts, ceiling in ((1, 30), (2, 60), (3, 120), (5, 480), (6, 600), (20, 600)):
        delays = [policy.retry_delay(attempts, rng).total_seconds() for _ in range(50)]
        assert all(ceiling / 2 <= d <= ceiling for d in delays) and len(set(delays)) > 1


def test_a_retry_after_is_honoured_with_a_little_jitter_on_top():
    policy, rng = DeliveryPolicy(), random.Random(1)
    delays = [policy.retry_delay(1, rng, retry_after=20).total_seconds() for _ in range(50)]
    assert all(20 <= d <= 22 for d in delays)
    assert policy.retry_delay(1, rng, retry_after=0).total_seconds() >= 1


def test_the_lease_outlasts_a_whole_batch_of_timeouts_and_reconciliation_waits_for_late_requests():
    policy = DeliveryPolicy(timeout_seconds=10, batch_size=10)
    assert policy.lease > dt.timedelta(seconds=10 * 10) and policy.settle >= dt.timedelta(seconds=20)
    assert DeliveryPolicy.from_settings(Settings(outbox_max_attempts=0)).max_attempts == 1
