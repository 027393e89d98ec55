"""The Slack app manifest matches the bot, and SLACK_TOWNS is validated at start-up (no I/O)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from backend.config import Settings
from backend.slack.config import SlackConfigError, bot_config, parse_towns
from bot.ids import COMMAND

MANIFEST = Path(__file__).resolve().parents[3] / "slack" / "manifest.yml"


def test_the_manifest_declares_the_command_scopes_and_one_url_for_everything():
    manifest = yaml.safe_load(MANIFEST.read_text())
    (command,) = manifest["features"]["slash_commands"]
    assert command["command"] == COMMAND
    urls = {command["url"], manifest["settings"]["interactivity"]["request_url"],
            manifest["settings"]["event_subscriptions"]["request_url"]}
    assert len(urls) == 1 and urls.pop().endswith("/slack/events")
    scopes = set(manifest["oauth_config"]["scopes"]["bot"])
    assert {"chat:write", "commands", "files:write", "users:read", "users:read.email"} <= scopes


def _towns(**towns: dict) -> str:
    return json.dumps(towns)


def test_towns_are_keyed_by_team_with_tokens_from_slack_bot_tokens_when_not_given():
    upton = {"team_id": "T0UPTON1", "bot_token": "xoxb-u", "signing_secret": "own"}
    towns = parse_towns(_towns(carver={"team_id": "T0CARVER1"}, upton=upton), {"carver": "xoxb-c"})
    assert {t: (w.town_slug, w.bot_token, w.signing_secret) for t, w in towns.items()} == {
        "T0CARVER1": ("carver", "xoxb-c", ""), "T0UPTON1": ("upton", "xoxb-u", "own")}
    assert parse_towns("", {}) == {} and parse_towns("  ", {}) == {}


@pytest.mark.parametrize("text, message", [
    ("{not json", "not JSON"),
    ('["carver"]', "must be an object"),
    (_towns(carver={"team_id": "carver"}), "team id like"),
    (_towns(carver={"team_id": "T0CARVER1"}), "no bot token"),
    (_towns(carver={"team_id": "T0CARVER1", "bot_token": "x", "channel": "C1"}), "keys"),
    (_towns(carver={"team_id": "T0SAME1", "bot_token": "a"}, upton={"team_id": "T0SAME1", "bot_token": "b"}),
     "a workspace belongs to one town"),
    (_towns(**{"Carver Town": {"team_id": "T0CARVER1", "bot_token": "a"}}), "must be an object"),
])
def test_a_bad_slack_towns_value_stops_the_start_with_the_reason(text, message):
    with pytest.raises(SlackConfigError, match=message):
        parse_towns(text, {})


def test_the_app_signing_secret_is_required_unless_every_town_has_its_own():
    settings = Settings(slack_towns=_towns(carver={"team_id": "T0CARVER1", "bot_token": "x"}))
    with pytest.raises(SlackConfigError, match="SLACK_SIGNING_SECRET"):
        bot_config(settings)
    settings.slack_towns = _towns(carver={"team_id": "T0CARVER1", "bot_token": "x", "signing_secret": "own"})
    assert bot_config(settings).workspaces["T0CARVER1"].signing_secret == "own"


def test_settings_read_the_slack_variables_from_the_environment():
    towns = _towns(carver={"team_id": "T1"})
    settings = Settings.from_env({"SLACK_SIGNING_SECRET": "s3cr3t", "SLACK_TOWNS": towns})
    assert (settings.slack_signing_secret, settings.slack_towns) == ("s3cr3t", towns)
