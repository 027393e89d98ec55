"""POST /slack/events with the real Bolt app: Slack's signature and timestamp decide, before anything else."""
from __future__ import annotations

import json
from urllib.parse import urlencode

from backend.slack import install
from bot.app import NOT_A_TOWN, BotConfig, Workspace
from tests.integration.slack.conftest import (
    CARVER_TEAM,
    CARVER_TOKEN,
    SECRET,
    UPTON_TEAM,
    UPTON_TOKEN,
    bot_config,
    signed_headers,
)


def test_a_signed_command_is_answered_without_any_bearer_token(members):
    resp = members.command("erc.ana", "help")
    assert resp.status_code == 200
    assert resp.json["response_type"] == "ephemeral"
    assert "/inspections site" in json.dumps(resp.json["blocks"])


def test_a_wrong_signature_is_refused_with_401_and_nothing_runs(members):
    resp = members.command("erc.ana", "site gravel", secret="not-the-signing-secret")
    assert resp.status_code == 401 and resp.json == {"error": "invalid request"}


def test_a_replayed_request_older_than_five_minutes_is_refused_with_401(members):
    resp = members.command("erc.ana", "help", age_seconds=6 * 60)
    assert resp.status_code == 401


def test_a_body_changed_after_signing_is_refused_with_401(members):
    body = urlencode({"team_id": CARVER_TEAM, "user_id": members.people["erc.ana"], "command": "/inspections",
                      "text": "help"})
    headers = signed_headers(body)
    tampered = body.replace("help", "fines")
    assert members.client.post("/slack/events", data=tampered, headers=headers).status_code == 401


def test_missing_or_garbage_signature_headers_are_refused_with_401(members):
    body = urlencode({"team_id": CARVER_TEAM, "command": "/inspections", "text": "help"})
    for headers in ({}, {"X-Slack-Request-Timestamp": "yesterday", "X-Slack-Signature": "v0=zz"},
                    {"X-Slack-Request-Timestamp": "1", "X-Slack-Signature": ""}):
        resp = members.client.post("/slack/events", data=body,
                                   headers=headers | {"Content-Type": "application/x-www-form-urlencoded"})
        assert resp.status_code == 401, headers


def test_only_post_is_served(slack):
    assert slack.client.get("/slack/events").status_code == 405


def test_the_events_url_verification_challenge_is_answered(slack):
    body = json.dumps({"type": "url_verification", "token": "legacy", "challenge": "3eZbrw1aBm2rZgRNFdxV"})
    headers = signed_headers(body) | {"Content-Type": "application/json"}
    resp = slack.client.post("/slack/events", data=body, headers=headers)
    assert resp.status_code == 200 and resp.json == {"challenge": "3eZbrw1aBm2rZgRNFdxV"}


def test_a_workspace_no_town_configured_gets_no_answer_from_any_town(slack):
    resp = slack.command("U0SOMEONE", "site gravel", team="T0ELSEWHERE")
    assert resp.status_code == 200
    assert resp.get_data(as_text=True) == NOT_A_TOWN


def test_per_town_signing_secrets_cannot_be_used_for_another_towns_workspace(app, members):
    sleeps: list[float] = []
    install(app, bot_config(members.fake, sleeps, workspaces={
        CARVER_TEAM: Workspace("carver", CARVER_TEAM, CARVER_TOKEN, signing_secret="carver-own-secret"),
        UPTON_TEAM: Workspace("upton", UPTON_TEAM, UPTON_TOKEN, signing_secret="upton-own-secret")}))
    assert members.command("erc.ana", "help", secret="carver-own-secret").status_code == 200
    assert members.command("erc.ana", "help", secret=SECRET).status_code == 401  # app secret no longer serves
    forged = members.command("erc.ana", "site mechanic", team=UPTON_TEAM, secret="carver-own-secret")
    assert forged.status_code == 401


def test_with_slack_not_configured_the_url_answers_404(app, slack):
    install(app, BotConfig(signing_secret="", workspaces={}))
    resp = slack.command("erc.ana", "help")
    assert resp.status_code == 404 and "SLACK_TOWNS" in resp.json["message"]


def test_flask_slack_check_asks_slack_whether_each_token_is_its_towns(slack):
    assert slack.cli("check") == ("carver: OK: team T0CARVER1 (Town of Carver)\n"
                                  "upton: OK: team T0UPTON1 (Town of Upton)\n")
    slack.fake.revoke_token(UPTON_TOKEN)
    assert "upton: FAILED: token_revoked" in slack.cli("check", code=1)
