"""Outbox fixtures: towns, delivery settings pointed at the local Slack/Twilio fakes, CLI helpers."""
from __future__ import annotations

import datetime as dt
import uuid
from dataclasses import dataclass

import pytest
from sqlalchemy import select

from backend.audit import acting_as
from backend.extensions import db
from backend.models import Notification, Town
from backend.outbox.intents import enqueue

SLACK_CHANNEL = "C00000001"  # the fake's default workspace's #general
PERMITTEE = "+15085550123"
CARVER_NUMBER = "+15088660000"


@pytest.fixture
def towns(app):
    """Two bare towns (carver, upton): enough for delivery tests that need no users."""
    with acting_as("test:towns"):
        made = {slug: Town(slug=slug, name=slug.title()) for slug in ("carver", "upton")}
        db.session.add_all(made.values())
        db.session.commit()
    return {slug: town.id for slug, town in made.items()}


@pytest.fixture
def settings(app, monkeypatch):
    """The app's Settings with a short provider timeout; changes are undone after the test."""
    s = app.config["SETTINGS"]
    # The fakes hang for 5 s; 0.5 s took real answers on a loaded machine for hangs.
    monkeypatch.setattr(s, "channel_timeout_seconds", 2.0)
    monkeypatch.setattr(s, "outbox_max_attempts", 4)
    return s


@pytest.fixture
def slack(settings, fake_slack, monkeypatch):
    monkeypatch.setattr(settings, "slack_bot_tokens", {"carver": fake_slack.token})
    monkeypatch.setattr(settings, "slack_api_url", fake_slack.base_url)
    return fake_slack


@pytest.fixture
def twilio(settings, fake_twilio, monkeypatch):
    monkeypatch.setattr(settings, "twilio_account_sid", fake_twilio.account_sid)
    monkeypatch.setattr(settings, "twilio_auth_token", fake_twilio.auth_token)
    monkeypatch.setattr(settings, "twilio_senders", {"carver": CARVER_NUMBER})
    monkeypatch.setattr(settings, "twilio_api_base", fake_twilio.base_url)
    return fake_twilio


@dataclass
class Outbox:
    """Drive the outbox the way operators do (the `flask outbox` CLI) and read rows back."""

    app: object

    def add(self, town_id: uuid.UUID, channel: str, recipient: str, key: str,
            text: str = "Notice") -> uuid.UUID:
        with acting_as("test:enqueue"):
            row = enqueue(db.session, town_id, channel, recipient, "test.notice", {"text": text}, key)
            db.session.commit()
        return row.id

    def cli(self, *args: str, code: int = 0) -> str:
        result = self.app.test_cli_runner().invoke(args=["outbox", *args])
        assert result.exit_code == code, (result.output, result.exception)
        return result.output

    def dispatch(self) -> str:
        return self.cli("dispatch", "--once")

    def reconcile(self) -> str:
        return self.cli("reconcile")

    def row(self, notification_id: uuid.UUID) -> Notification:
        db.session.expire_all()
        return db.session.get(Notification, notification_id)

    def statuses(self) -> list[str]:
        db.session.expire_all()
        return list(db.session.scalars(select(Notification.status).order_by(Notification.dedupe_key)))

    def advance(self, **delta: float) -> None:
        self.app.extensions["clock"].advance(**delta)

    def advance_to(self, instant: dt.datetime) -> None:
        clock = self.app.extensions["clock"]
        clock.at = max(clock.at, instant)


@pytest.fixture
def outbox(app):
    return Outbox(app)
