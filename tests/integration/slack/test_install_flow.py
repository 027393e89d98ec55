""""Add to Slack" end to end with the real Bolt OAuth flow and slack_sdk client against the fake Slack: the
town admin starts it, approves in Slack, the browser comes back with a code, the token is stored (sealed) for
the admin's town, and that workspace's signed requests are answered with it, in that town."""
from __future__ import annotations

import base64
import json

from sqlalchemy import select, text

from backend.extensions import db
from backend.models import AuditEvent, Town, User
from backend.models.slack_install import TownWorkspace
from bot.ids import BOT_SCOPES
from tests.integration.enforcement.support_a import site_and_permit
from tests.integration.slack.conftest import CARVER_TEAM, UPTON_TEAM
from tests.integration.slack.install_support import PUBLIC, query


def _bearer(request) -> str:  # type: ignore[no-untyped-def]
    return (request.header("Authorization") or "").removeprefix("Bearer ")


def test_a_town_admin_installs_the_app_and_the_workspace_is_answered_in_that_town(installer):
    s = installer.slack
    started = installer.start("carver")
    assert started.status_code == 200 and started.headers["Cache-Control"] == "no-store"
    url = started.json["authorize_url"]
    assert url.startswith(s.fake.base_address + "/oauth/v2/authorize?")
    asked = query(url)
    assert asked["client_id"] == s.fake.client_id
    assert asked["redirect_uri"] == f"{PUBLIC}/slack/oauth_redirect"
    assert asked["scope"].split(",") == list(BOT_SCOPES) and asked["state"]
    assert f"slack-app-oauth-state={asked['state']}" in started.headers["Set-Cookie"]

    back = installer.back(installer.consent(url, CARVER_TEAM))
    assert back.status_code == 200, back.get_data(as_text=True)
    page = back.get_data(as_text=True)
    assert "Slack is connected" in page and "Town of Carver" in page and CARVER_TEAM not in page
    (exchange,) = s.fake.requests_to("oauth.v2.access")
    basic = base64.b64decode(exchange.header("Authorization").removeprefix("Basic ")).decode()
    assert basic == f"{s.fake.client_id}:{s.fake.client_secret}"
    (installed,) = s.fake.installs
    token = installed["token"]
    assert _bearer(s.fake.requests_to("auth.test")[-1]) == token  # Bolt's check of the new token

    row = db.session.scalar(select(TownWorkspace))
    carver = db.session.scalar(select(Town).where(Town.slug == "carver"))
    admin_email, _ = s.world.account("carver", "town_admin")
    assert (row.town_id, row.team_id, row.team_name, row.status) == (carver.id, CARVER_TEAM, "Town of Carver",
                                                                       "active")
    assert db.session.get(User, row.installed_by).email == admin_email
    (created,) = db.session.scalars(select(AuditEvent).where(AuditEvent.object_type == "TownWorkspace")).all()
    assert (created.town_id, created.action, created.actor) == (carver.id, "create",
                                                                f"user:{admin_email} via slack install")
    stored = db.session.execute(text("SELECT bot_token FROM slack_bots")).scalars().all()
    assert len(stored) == 1 and token not in stored[0] and "xoxb" not in stored[0]  # sealed at rest

    site_and_permit(s.client, s.world.headers("carver", "agent"), "gravel")
    s.fake.clear_requests()
    s.link("carver", "board_member", "earth", "erc.ana", CARVER_TEAM)  # users.lookupByEmail: installed token
    answer = s.command("erc.ana", "site gravel")
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert "gravel" in json.dumps(answer.json).lower()
    used = {_bearer(r) for r in s.fake.requests if r.endpoint in ("auth.test", "users.lookupByEmail")}
    assert used == {token}


def test_the_install_status_is_shown_to_the_town_admin_never_the_token(installer):
    s = installer.slack
    admin = s.world.headers("carver", "town_admin")
    before = s.client.get("/api/v1/slack/installation", headers=admin)
    assert before.status_code == 200
    assert before.json | {"install_url": None} == {
        "mode": "installed", "installed": False, "status": "not_installed", "team_id": None,
        "team_name": None, "installed_at": None, "installed_by": None, "ended_at": None, "install_url": None}
    assert before.json["install_url"] == "/slack/install?town=carver"
    assert installer.run("carver", CARVER_TEAM).status_code == 200
    after = s.client.get("/api/v1/slack/installation", headers=admin)
    assert (after.json["installed"], after.json["status"], after.json["team_name"]) == (True, "active",
                                                                                        "Town of Carver")
    assert s.fake.installs[0]["token"] not in after.get_data(as_text=True)
    agent = s.client.get("/api/v1/slack/installation", headers=s.world.headers("carver", "agent"))
    assert agent.status_code == 403


def test_without_json_the_install_url_redirects_to_slack_with_the_state_cookie(installer):
    started = installer.start("carver", accept="text/html")
    assert started.status_code == 302
    assert started.headers["Location"].startswith(installer.slack.fake.base_address + "/oauth/v2/authorize?")
    assert "slack-app-oauth-state=" in started.headers["Set-Cookie"]


def test_upton_cannot_bind_carvers_workspace_and_carvers_install_is_untouched(installer):
    s = installer.slack
    assert installer.run("carver", CARVER_TEAM).status_code == 200
    carver_token = s.fake.installs[0]["token"]
    stored_before = db.session.execute(text("SELECT id, bot_token FROM slack_bots")).all()

    refused = installer.run("upton", CARVER_TEAM)  # Upton's admin approves in Carver's workspace
    assert refused.status_code == 409
    assert "already connected to another town" in refused.get_data(as_text=True)
    db.session.expire_all()
    rows = db.session.scalars(select(TownWorkspace)).all()
    assert [(r.team_id, r.status) for r in rows] == [(CARVER_TEAM, "active")]
    assert db.session.execute(text("SELECT id, bot_token FROM slack_bots")).all() == stored_before
    upton = s.client.get("/api/v1/slack/installation", headers=s.world.headers("upton", "town_admin"))
    assert upton.json["status"] == "not_installed"
    assert s.fake.installs[-1]["token"] == carver_token  # the same workspace's bot, not a new town's


def test_a_town_admin_can_start_only_for_the_town_of_the_session(installer):
    wrong = installer.start("carver", as_town="upton")
    assert wrong.status_code == 403 and "sign in to that town" in wrong.json["message"]
    assert installer.start("carver", role="agent").status_code == 403
    no_token = installer.slack.client.get("/slack/install?town=carver")
    assert no_token.status_code == 401
    bad = installer.start("Carver%20Town", as_town="carver")
    assert bad.status_code == 422 and "town" in bad.json["detail"]["query"]


def test_a_town_keeps_one_workspace_until_it_is_uninstalled_there(installer):
    assert installer.run("carver", CARVER_TEAM).status_code == 200
    second = installer.run("carver", UPTON_TEAM)  # Carver's admin approves in another workspace
    assert second.status_code == 409 and "Remove the app from that workspace first" in second.get_data(
        as_text=True)
    assert [r.team_id for r in db.session.scalars(select(TownWorkspace))] == [CARVER_TEAM]


def test_installing_again_in_the_same_workspace_keeps_it_and_its_token(installer):
    assert installer.run("carver", CARVER_TEAM).status_code == 200
    assert installer.run("carver", CARVER_TEAM).status_code == 200
    assert len({i["token"] for i in installer.slack.fake.installs}) == 1
    assert [(r.team_id, r.status) for r in db.session.scalars(select(TownWorkspace))] == [(CARVER_TEAM,
                                                                                          "active")]
