"""Pytest fixtures for the fake Slack and Twilio servers.

Register from the root conftest with
``pytest_plugins = ["tests.fakes.conftest_plugin"]`` (or star-import it).

Fixtures (all function-scoped, each test gets fresh servers):

* ``fake_slack`` -- a running :class:`~tests.fakes.slack_server.FakeSlack`.
* ``fake_twilio`` -- a running :class:`~tests.fakes.twilio_server.FakeTwilio`.
* ``fake_slack_client`` -- ``slack_sdk.WebClient`` for the default workspace
  token, ``timeout=2``, no retry handlers beyond slack_sdk's default.
* ``fake_twilio_client`` -- ``twilio.rest.Client`` for the default account
  over a :class:`~tests.fakes.twilio_http.RebasedTwilioHttpClient`
  (``timeout=2``), closed after the test.

At teardown a fake that crashed on a request fails the test.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from slack_sdk import WebClient
from twilio.rest import Client

from tests.fakes.slack_server import FakeSlack
from tests.fakes.twilio_http import RebasedTwilioHttpClient
from tests.fakes.twilio_server import FakeTwilio

__all__ = ["fake_slack", "fake_slack_client", "fake_twilio", "fake_twilio_client"]


@pytest.fixture
def fake_slack() -> Iterator[FakeSlack]:
    with FakeSlack() as fake:
        yield fake
    fake.check()


@pytest.fixture
def fake_twilio() -> Iterator[FakeTwilio]:
    with FakeTwilio() as fake:
        yield fake
    fake.check()


@pytest.fixture
def fake_slack_client(fake_slack: FakeSlack) -> WebClient:
    return WebClient(token=fake_slack.token, base_url=fake_slack.base_url, timeout=2)


@pytest.fixture
def fake_twilio_client(fake_twilio: FakeTwilio) -> Iterator[Client]:
    with RebasedTwilioHttpClient(fake_twilio.base_url, timeout=2) as http:
        yield Client(fake_twilio.account_sid, fake_twilio.auth_token, http_client=http)
