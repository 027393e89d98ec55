"""Lifecycle, fault-queue and self-check behaviour shared by the fakes."""

from __future__ import annotations

import threading
import time
import urllib.request

import pytest
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from twilio.rest import Client

from tests.fakes.slack_server import FakeSlack
from tests.fakes.twilio_http import RebasedTwilioHttpClient
from tests.fakes.twilio_server import FakeTwilio


def test_stop_releases_a_hanging_request_promptly() -> None:
    fake = FakeSlack().start()
    fake.hang_next("auth.test", seconds=60)
    client = WebClient(token=fake.token, base_url=fake.base_url, timeout=5)
    outcome: list[object] = []

    def call() -> None:
        try:
            outcome.append(client.auth_test().status_code)
        except (SlackApiError, OSError) as exc:  # released mid-shutdown: any clean end will do
            outcome.append(exc)

    caller = threading.Thread(target=call)
    caller.start()
    deadline = time.monotonic() + 2
    while not fake.requests and time.monotonic() < deadline:
        time.sleep(0.01)
    assert [r.fault for r in fake.requests] == ["hang"]

    started = time.monotonic()
    fake.stop()
    caller.join(3)
    assert time.monotonic() - started < 2
    assert not caller.is_alive() and len(outcome) == 1
    fake.check()


def test_stop_closes_idle_keep_alive_connections() -> None:
    fake = FakeTwilio().start()
    port = fake.port
    with RebasedTwilioHttpClient(fake.base_url, timeout=1) as http:
        Client(fake.account_sid, fake.auth_token, http_client=http).messages.list()
        started = time.monotonic()
        fake.stop()
        assert time.monotonic() - started < 1
    with pytest.raises(OSError):
        urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=0.5)


def test_faults_are_validated_queued_and_consumed_in_order(fake_slack: FakeSlack) -> None:
    with pytest.raises(ValueError, match="unknown endpoint"):
        fake_slack.fail_next("chat.postMesage")
    fake_slack.error_next("auth.test", "account_inactive", times=2)
    fake_slack.fail_next("auth.test", status=503)
    assert fake_slack.pending_faults() == {"auth.test": 3}
    client = WebClient(token=fake_slack.token, base_url=fake_slack.base_url, timeout=1)

    outcomes = []
    for _ in range(4):
        try:
            outcomes.append(client.auth_test().status_code)
        except SlackApiError as exc:
            outcomes.append(exc.response.status_code)
    assert outcomes == [200, 200, 503, 200]
    assert [r.fault for r in fake_slack.requests] == ["error", "error", "fail", None]
    assert fake_slack.pending_faults() == {}


def test_twilio_faults_default_to_message_create(fake_twilio: FakeTwilio) -> None:
    fake_twilio.error_next(code=21408)
    fake_twilio.fail_next(endpoint="messages.list", status=503)
    assert fake_twilio.pending_faults() == {"messages.create": 1, "messages.list": 1}


def test_a_crash_inside_the_fake_is_reported() -> None:
    def boom(*_args: object) -> dict:
        raise RuntimeError("bug in the fake")

    with FakeSlack() as fake:
        fake._methods["auth.test"] = boom
        client = WebClient(token=fake.token, base_url=fake.base_url, timeout=1)
        with pytest.raises(SlackApiError) as excinfo:
            client.auth_test()
        assert excinfo.value.response.status_code == 500
    with pytest.raises(AssertionError, match="bug in the fake"):
        fake.check()
