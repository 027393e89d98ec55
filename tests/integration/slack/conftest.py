"""Slack fixtures: two town workspaces on the fake Slack server, the real Bolt app mounted in Flask, signed
requests as Slack sends them, and board members linked through the admin API.

`slack` installs a Bolt app built from a BotConfig pointed at the fake (process_before_response, an inline
executor, a recorded sleep for Retry-After) and the outbox's Slack delivery pointed at the same fake; both
are put back after the test.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import json
import time
import uuid
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import pytest
from sqlalchemy import select

from backend.audit import acting_as
from backend.extensions import db
from backend.models import Authority, Notification, Town
from backend.slack import install
from bot.app import BotConfig, Workspace
from tests.integration.enforcement.support_a import ERC_VOTE, draft_order, site_and_permit

SECRET = "8f742231b10e8888abcd99yyyzzz85a5"
CARVER_TEAM, UPTON_TEAM = "T0CARVER1", "T0UPTON1"
CARVER_TOKEN, UPTON_TOKEN = "xoxb-carver-test", "xoxb-upton-test"


class InlineExecutor(Executor):
    """Runs listeners and lazy listeners at once, so a response is complete when the test reads it."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:  # type: ignore[override]
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # noqa: BLE001 - handed to the future like a real executor would
            future.set_exception(exc)
        return future


def signature(body: str, timestamp: str, secret: str = SECRET) -> str:
    """Slack's request signature: v0=HMAC-SHA256(secret, "v0:{timestamp}:{body}")."""
    digest = hmac.new(secret.encode(), f"v0:{timestamp}:{body}".encode(), hashlib.sha256).hexdigest()
    return f"v0={digest}"


def signed_headers(body: str, *, secret: str = SECRET, age_seconds: int = 0) -> dict[str, str]:
    timestamp = str(int(time.time()) - age_seconds)
    return {"X-Slack-Request-Timestamp": timestamp, "X-Slack-Signature": signature(body, timestamp, secret),
            "Content-Type": "application/x-www-form-urlencoded"}


@dataclass
class SlackWorld:
    """The two workspaces, their channels and people, and helpers to act as Slack would."""

    app: Any
    client: Any
    fake: Any
    world: Any
    sleeps: list[float]
    channels: dict[str, str] = field(default_factory=dict)  # authority kind/town -> channel id
    people: dict[str, str] = field(default_factory=dict)  # name -> Slack user id

    # -- requests as Slack sends them ------------------------------------------------------------------------
    def post(self, form: dict[str, str], **signing: Any):  # type: ignore[no-untyped-def]
        body = urlencode(form)
        return self.client.post("/slack/events", data=body, headers=signed_headers(body, **signing))

    def command(self, user: str, text: str, team: str = CARVER_TEAM, **signing: Any):  # type: ignore[no-untyped-def]
        return self.post({"token": "legacy", "team_id": team, "team_domain": team.lower(),
                          "channel_id": "C0DM",
                          "channel_name": "directmessage", "user_id": self.people.get(user, user),
                          "user_name": user, "command": "/inspections", "text": text, "api_app_id": "A0FE",
                          "trigger_id": f"trigger-{uuid.uuid4().hex[:8]}"}, **signing)

    def click(self, user: str, action_id: str, value: str, message: dict[str, Any],
              team: str = CARVER_TEAM):  # type: ignore[no-untyped-def]
        payload = {"type": "block_actions", "team": {"id": team, "domain": team.lower()},
                   "user": {"id": self.people.get(user, user), "team_id": team}, "api_app_id": "A0FE",
                   "trigger_id": f"trigger-{uuid.uuid4().hex[:8]}", "channel": {"id": message["channel"]},
                   "container": {"type": "message", "channel_id": message["channel"],
                                 "message_ts": message["ts"]},
                   "message": {"ts": message["ts"], "type": "message"},
                   "actions": [{"type": "button", "action_id": action_id, "block_id": "fe_alert_actions",
                                "value": value, "action_ts": f"{time.time():.6f}"}]}
        return self.post({"payload": json.dumps(payload)})

    def submit(self, user: str, view: dict[str, Any], values: dict[str, Any],
               team: str = CARVER_TEAM):  # type: ignore[no-untyped-def]
        payload = {"type": "view_submission", "team": {"id": team, "domain": team.lower()},
                   "user": {"id": self.people.get(user, user), "team_id": team}, "api_app_id": "A0FE",
                   "view": {**view, "state": {"values": values}}}
        return self.post({"payload": json.dumps(payload)})

    # -- the outbox and the CLI ------------------------------------------------------------------------
    def dispatch(self) -> str:
        result = self.app.test_cli_runner().invoke(args=["outbox", "dispatch", "--once"])
        assert result.exit_code == 0, (result.output, result.exception)
        return result.output

    def cli(self, *args: str, code: int = 0) -> str:
        result = self.app.test_cli_runner().invoke(args=["slack", *args])
        assert result.exit_code == code, (result.output, result.exception)
        return result.output

    def posted(self, channel_key: str) -> list[dict[str, Any]]:
        return [m for m in self.fake.posted_messages if m["channel"] == self.channels[channel_key]]

    def link(self, town: str, role: str, board: str | None, slack_name: str, team: str) -> str:
        """Add the account to the workspace's directory, then propose and confirm through the admin API."""
        email, _ = self.world.account(town, role, board)
        slack_id = self.fake.add_user(email, team_id=team, name=slack_name)
        admin = self.world.headers(town, "town_admin")
        user_id = db.session.scalar(select(_user_id_col()).where(_user_email_col() == email))
        proposed = self.client.post("/api/v1/slack/links", json={"user_id": str(user_id)}, headers=admin)
        assert proposed.status_code == 201, proposed.json
        confirmed = self.client.post(f"/api/v1/slack/links/{proposed.json['id']}/confirm", headers=admin)
        assert confirmed.status_code == 200, confirmed.json
        self.people[slack_name] = slack_id
        return slack_id


def _user_id_col():  # type: ignore[no-untyped-def]
    from backend.models import User
    return User.id


def _user_email_col():  # type: ignore[no-untyped-def]
    from backend.models import User
    return User.email


def bot_config(fake: Any, sleeps: list[float], **over: Any) -> BotConfig:
    workspaces = {CARVER_TEAM: Workspace("carver", CARVER_TEAM, CARVER_TOKEN),
                  UPTON_TEAM: Workspace("upton", UPTON_TEAM, UPTON_TOKEN)}
    return BotConfig(**{"signing_secret": SECRET, "workspaces": workspaces, "api_url": fake.base_url,
                        "timeout": 2.0, "process_before_response": True, "executor": InlineExecutor(),
                        "sleep": sleeps.append} | over)


def _channels(fake: Any) -> dict[str, str]:
    """A post-only alert channel per board, in its own town's workspace."""
    channels = {}
    boards = db.session.execute(select(Authority, Town.slug).join(Town, Town.id == Authority.town_id)).all()
    with acting_as("test:slack"):
        for board, slug in boards:
            team = {"carver": CARVER_TEAM, "upton": UPTON_TEAM}.get(slug)
            if team is None:
                continue
            key = f"{slug}:{board.kind}"
            board.slack_channel = channels[key] = fake.add_channel(f"{board.kind}-alerts", team_id=team)
        db.session.commit()
    return channels


@pytest.fixture
def slack(app, client, world, fake_slack, fake_twilio, monkeypatch) -> SlackWorld:
    fake_slack.add_workspace(CARVER_TEAM, token=CARVER_TOKEN, name="Town of Carver")
    fake_slack.add_workspace(UPTON_TEAM, token=UPTON_TOKEN, name="Town of Upton")
    settings = app.config["SETTINGS"]
    for name, value in (("twilio_account_sid", fake_twilio.account_sid),
                        ("twilio_auth_token", fake_twilio.auth_token),
                        ("twilio_senders", {"*": "+15088660000"}), ("twilio_api_base", fake_twilio.base_url)):
        monkeypatch.setattr(settings, name, value)  # the orders' courtesy SMS go to the fake Twilio
    monkeypatch.setattr(settings, "slack_bot_tokens", {"carver": CARVER_TOKEN, "upton": UPTON_TOKEN})
    monkeypatch.setattr(settings, "slack_api_url", fake_slack.base_url)
    monkeypatch.setattr(settings, "channel_timeout_seconds", 2.0)
    sleeps: list[float] = []
    previous = app.extensions["slack"]
    install(app, bot_config(fake_slack, sleeps))
    yield SlackWorld(app, client, fake_slack, world, sleeps, channels=_channels(fake_slack))
    app.extensions["slack"] = previous


@pytest.fixture
def members(slack) -> SlackWorld:
    """Linked and confirmed: Carver's ERC member, Conservation agent and enforcing officer; Upton's member."""
    slack.link("carver", "board_member", "earth", "erc.ana", CARVER_TEAM)
    slack.link("carver", "agent", None, "carver.agent", CARVER_TEAM)
    slack.link("carver", "enforcing_officer", None, "carver.zeo", CARVER_TEAM)
    slack.link("upton", "board_member", None, "upton.member", UPTON_TEAM)
    return slack


@dataclass
class IssuedOrder:
    id: str
    site: dict[str, Any]
    permit: dict[str, Any]
    alert: dict[str, Any]  # the posted Slack message (with "channel")


def issue_cease_and_desist(s: SlackWorld) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """A CARVER-136 cease-and-desist at the gravel pit, issued by ERC vote (not dispatched yet)."""
    agent, erc = s.world.headers("carver", "agent"), s.world.headers("carver", "board_member", "earth")
    site, permit = site_and_permit(s.client, agent, "gravel")
    order = draft_order(s.client, agent, site, permit, "CARVER-136")
    issued = s.client.post(f"/api/v1/orders/{order['id']}/issue", headers=erc, json={
        "at": "2026-04-06T10:00:00-04:00", "authorization": ERC_VOTE, "fine_path": "criminal"})
    assert issued.status_code == 200, issued.json
    return order, site, permit


@pytest.fixture
def cd_order(members) -> IssuedOrder:
    """A CARVER-136 cease-and-desist at the gravel pit, issued by ERC vote and alerted to #erc-alerts."""
    s = members
    order, site, permit = issue_cease_and_desist(s)
    assert "sent" in s.dispatch()
    (alert,) = [m for m in s.posted("carver:earth_removal_committee")
                if m["text"].startswith("🚨 Urgent: Cease")]
    return IssuedOrder(order["id"], site, permit, alert)


def notifications(template: str | None = None) -> list[Notification]:
    db.session.commit()  # end the test's read transaction: see what the app and the CLI committed
    db.session.expire_all()
    stmt = select(Notification).order_by(Notification.created_at, Notification.dedupe_key)
    return list(db.session.scalars(stmt.where(Notification.template == template) if template else stmt))


def at(iso: str) -> dt.datetime:
    return dt.datetime.fromisoformat(iso)


@pytest.fixture
def installer(app, client, world, fake_slack, monkeypatch):  # type: ignore[no-untyped-def]
    """The app in install mode ("Add to Slack") against the fake; Carver's and Upton's workspaces exist in
    Slack but the app is installed in neither yet. Put back after the test."""
    from tests.integration.slack.install_support import Installer, install_mode
    fake_slack.add_workspace(CARVER_TEAM, name="Town of Carver")
    fake_slack.add_workspace(UPTON_TEAM, name="Town of Upton")
    sleeps: list[float] = []
    previous = app.extensions["slack"]
    install_mode(app, fake_slack, monkeypatch, sleeps)
    yield Installer(SlackWorld(app, client, fake_slack, world, sleeps, channels=_channels(fake_slack)))
    app.extensions["slack"] = previous
