""""Add to Slack" as a town admin does it, against the fake Slack: the app in install mode (SLACK_CLIENT_ID)
pointed at the fake, a browser (the Flask test client, which keeps Bolt's state cookie) and Slack's consent
page (the fake's /oauth/v2/authorize, which approves at once and redirects back with a code).
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlsplit

import requests

from backend.slack import install
from backend.slack.config import bot_config
from tests.integration.slack.conftest import SECRET, InlineExecutor, SlackWorld, signed_headers

PUBLIC = "http://localhost"  # the test client's host: the redirect URL Slack sends the browser back to


def install_mode(app: Any, fake: Any, monkeypatch: Any, sleeps: list[float]) -> None:
    """The app with SLACK_CLIENT_ID set (fixed tokens unset), Slack and its consent page on the fake."""
    settings = app.config["SETTINGS"]
    for name, value in (("slack_client_id", fake.client_id), ("slack_client_secret", fake.client_secret),
                        ("slack_signing_secret", SECRET), ("slack_api_url", fake.base_url),
                        ("public_base_url", PUBLIC), ("channel_timeout_seconds", 2.0),
                        ("slack_bot_tokens", {}), ("slack_towns", "")):
        monkeypatch.setattr(settings, name, value)
    install(app, bot_config(settings, app=app, process_before_response=True, executor=InlineExecutor(),
                            sleep=sleeps.append))


@dataclass
class Installer:
    """The steps of an install, each returning what the browser got."""

    slack: SlackWorld

    def start(self, town: str = "carver", role: str = "town_admin", accept: str = "application/json",
              as_town: str | None = None):  # type: ignore[no-untyped-def]
        headers = self.slack.world.headers(as_town or town, role) | {"Accept": accept}
        return self.slack.client.get(f"/slack/install?town={town}", headers=headers)

    def consent(self, authorize_url: str, team: str | None = None, **approve: Any) -> str:
        """The admin approves in Slack (in workspace `team`); returns where Slack sends the browser back."""
        if team is not None:
            self.slack.fake.approve_as(team, **approve)
        answer = requests.get(authorize_url, allow_redirects=False, timeout=5)
        assert answer.status_code == 302, answer.text
        return answer.headers["Location"]

    def back(self, location: str):  # type: ignore[no-untyped-def]
        """The browser follows Slack's redirect to the app (with its cookies)."""
        parts = urlsplit(location)
        assert f"{parts.scheme}://{parts.netloc}" == PUBLIC, location
        return self.slack.client.get(f"{parts.path}?{parts.query}")

    def run(self, town: str, team: str):  # type: ignore[no-untyped-def]
        started = self.start(town)
        assert started.status_code == 200, started.json
        return self.back(self.consent(started.json["authorize_url"], team))

    def event(self, team: str, event: dict[str, Any]):  # type: ignore[no-untyped-def]
        """An Events API callback from the workspace, signed as Slack signs it."""
        body = json.dumps({"token": "legacy", "team_id": team, "api_app_id": "A0FE", "type": "event_callback",
                           "event": event, "event_id": f"Ev{time.time_ns()}", "event_time": int(time.time())})
        headers = signed_headers(body) | {"Content-Type": "application/json"}
        return self.slack.client.post("/slack/events", data=body, headers=headers)


def query(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}
