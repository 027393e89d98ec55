"""The Slack app manifest matches the bot, and SLACK_TOWNS, the install settings (SLACK_CLIENT_ID…) and the
token keys are validated at start-up (no I/O)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from cryptography.fernet import Fernet

from backend import sealing
from backend.config import Settings
from backend.slack.config import SlackConfigError, bot_config, check_installs, install_keys, parse_towns
from bot.ids import BOT_SCOPES, COMMAND

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


def test_the_manifest_is_ready_for_add_to_slack_with_the_scopes_the_install_asks_for():
    manifest = yaml.safe_load(MANIFEST.read_text())
    assert tuple(manifest["oauth_config"]["scopes"]["bot"]) == BOT_SCOPES
    (redirect,) = manifest["oauth_config"]["redirect_urls"]
    assert redirect.startswith("https://") and redirect.endswith("/slack/oauth_redirect")
    settings = manifest["settings"]
    assert (settings["org_deploy_enabled"], settings["token_rotation_enabled"]) == (False, False)
    assert {"app_uninstalled", "tokens_revoked"} <= set(settings["event_subscriptions"]["bot_events"])


INSTALLS = {"slack_client_id": "111.222", "slack_client_secret": "s", "slack_signing_secret": "sig"}


@pytest.mark.parametrize("change, message", [
    ({"slack_client_secret": ""}, "set SLACK_CLIENT_SECRET"),
    ({"slack_signing_secret": ""}, "set SLACK_SIGNING_SECRET"),
    ({"slack_towns": '{"carver": {"team_id": "T0CARVER1", "bot_token": "x"}}'}, "unset SLACK_TOWNS"),
    ({"slack_bot_tokens": {"carver": "xoxb-1"}}, "unset SLACK_BOT_TOKENS"),
], ids=["no secret", "no signing secret", "fixed towns too", "fixed tokens too"])
def test_install_settings_are_complete_and_do_not_mix_with_fixed_tokens(change, message):
    check_installs(Settings(**INSTALLS))
    with pytest.raises(SlackConfigError, match=message):
        check_installs(Settings(**(INSTALLS | change)))


def test_without_a_client_id_the_fixed_tokens_path_is_unchanged():
    check_installs(Settings(slack_towns='{"carver": {"team_id": "T0CARVER1", "bot_token": "x"}}',
                            slack_bot_tokens={"carver": "x"}))
    assert bot_config(Settings(slack_signing_secret="s")).oauth_flow is None


class _App:
    extensions: dict = {}
    instance_path = "/nonexistent"


@pytest.mark.parametrize("keys, message", [
    ("not-a-key", "key 1 is not a Fernet key"),
    (f"{Fernet.generate_key().decode()}, short", "key 2 is not a Fernet key"),
], ids=["garbage", "second key short"])
def test_a_malformed_token_key_stops_the_start_naming_it(keys, message):
    with pytest.raises(SlackConfigError, match=message):
        install_keys(_App(), Settings(slack_token_keys=keys))


def test_production_with_installs_requires_the_token_keys():
    with pytest.raises(SlackConfigError, match="requires SLACK_TOKEN_KEYS"):
        install_keys(_App(), Settings(app_env="production", **INSTALLS))


def test_sealing_opens_with_any_listed_key_and_seals_with_the_first():
    old, new = Fernet.generate_key().decode(), Fernet.generate_key().decode()
    sealed_old = sealing.parse_keys(old).encrypt(b"xoxb-1").decode()
    ring = sealing.parse_keys(f"{new},{old}")
    assert ring.decrypt(sealed_old.encode()) == b"xoxb-1"
    assert Fernet(new.encode()).decrypt(ring.rotate(sealed_old.encode())) == b"xoxb-1"


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
    settings = Settings.from_env({"SLACK_SIGNING_SECRET": "s3cr3t", "SLACK_TOWNS": towns,
                                  "SLACK_CLIENT_ID": " 111.222 ", "SLACK_CLIENT_SECRET": "cs",
                                  "SLACK_TOKEN_KEYS": "k1,k2"})
    assert (settings.slack_signing_secret, settings.slack_towns) == ("s3cr3t", towns)
    assert (settings.slack_client_id, settings.slack_client_secret, settings.slack_token_keys) == (
        "111.222", "cs", "k1,k2")
