"""After "Add to Slack": the outbox posts with the town's installed token; an uninstall or a revoked bot
token (signed events from Slack) turns the town's Slack off, audited and shown to the town admin, until it is
installed again; `flask slack check` reports each town."""
from __future__ import annotations

import datetime as dt
import json

from sqlalchemy import select, text

from backend.extensions import db
from backend.models import AuditEvent, Notification, Town
from backend.models.slack_install import TownWorkspace
from bot.app import NOT_A_TOWN
from tests.integration.slack.conftest import CARVER_TEAM, SECRET, issue_cease_and_desist, signed_headers


def _alert() -> Notification:
    db.session.expire_all()
    return db.session.scalar(select(Notification).where(Notification.channel == "slack",
                                                        Notification.template == "order_issued"))


def _row() -> TownWorkspace:
    db.session.expire_all()
    return db.session.scalar(select(TownWorkspace))


def test_the_outbox_posts_the_order_alert_with_the_towns_installed_token(installer):
    s = installer.slack
    assert installer.run("carver", CARVER_TEAM).status_code == 200
    token = s.fake.installs[0]["token"]
    issue_cease_and_desist(s)
    assert "sent" in s.dispatch()
    (alert,) = [m for m in s.posted("carver:earth_removal_committee")
                if m["text"].startswith("🚨 Urgent: Cease")]
    posts = s.fake.requests_to("chat.postMessage")
    (post,) = [r for r in posts if r.params.get("channel") == alert["channel"]]
    assert post.header("Authorization") == f"Bearer {token}"


def test_an_uninstall_turns_the_towns_slack_off_audited_and_shown_to_the_admin(installer, app):
    s = installer.slack
    assert installer.run("carver", CARVER_TEAM).status_code == 200
    s.link("carver", "board_member", "earth", "erc.ana", CARVER_TEAM)
    s.fake.uninstall(CARVER_TEAM)  # a workspace admin removes the app; Slack tells the app
    assert installer.event(CARVER_TEAM, {"type": "app_uninstalled"}).status_code == 200

    row = _row()
    assert (row.status, row.ended_at) == ("uninstalled", app.extensions["clock"].now())
    assert db.session.execute(text("SELECT count(*) FROM slack_bots")).scalar() == 0  # Bolt's own cleanup
    assert db.session.execute(text("SELECT count(*) FROM slack_installations")).scalar() == 0
    carver = db.session.scalar(select(Town.id).where(Town.slug == "carver"))
    last = db.session.scalars(select(AuditEvent).where(AuditEvent.town_id == carver,
                                                       AuditEvent.object_type == "TownWorkspace")
                              .order_by(AuditEvent.seq)).all()[-1]
    assert (last.actor, last.action, json.loads(last.snapshot)["status"]) == ("slack:app_uninstalled",
                                                                              "update", "uninstalled")
    admin = s.world.headers("carver", "town_admin")
    shown = s.client.get("/api/v1/slack/installation", headers=admin).json
    assert (shown["installed"], shown["status"], shown["team_name"]) == (False, "uninstalled",
                                                                         "Town of Carver")
    assert shown["ended_at"] == "2026-04-06T14:00:00+00:00"

    answer = s.command("erc.ana", "site gravel")
    assert answer.status_code == 200 and answer.get_data(as_text=True) == NOT_A_TOWN
    issue_cease_and_desist(s)
    s.dispatch()
    alert = _alert()
    assert alert.status in ("failed", "dead") and "not installed" in alert.last_error

    assert installer.run("carver", CARVER_TEAM).status_code == 200  # the town admin adds it again
    assert _row().status == "active" and _row().ended_at is None
    assert s.command("erc.ana", "help").json["response_type"] == "ephemeral"


def test_a_revoked_bot_token_turns_it_off_a_revoked_user_token_does_not(installer):
    assert installer.run("carver", CARVER_TEAM).status_code == 200
    installer_id = installer.slack.fake.installs[0]["installer"]
    user_only = {"type": "tokens_revoked", "tokens": {"oauth": [installer_id], "bot": []}}
    assert installer.event(CARVER_TEAM, user_only).status_code == 200
    assert _row().status == "active"
    bot = {"type": "tokens_revoked", "tokens": {"oauth": [], "bot": ["UB000000001"]}}
    assert installer.event(CARVER_TEAM, bot).status_code == 200
    assert _row().status == "revoked"
    assert db.session.execute(text("SELECT count(*) FROM slack_bots")).scalar() == 0


def test_an_unsigned_uninstall_event_is_refused_and_changes_nothing(installer):
    s = installer.slack
    assert installer.run("carver", CARVER_TEAM).status_code == 200
    body = json.dumps({"team_id": CARVER_TEAM, "type": "event_callback",
                       "event": {"type": "app_uninstalled"}})
    forged = signed_headers(body, secret="not-" + SECRET) | {"Content-Type": "application/json"}
    assert s.client.post("/slack/events", data=body, headers=forged).status_code == 401
    assert _row().status == "active"
    assert db.session.execute(text("SELECT count(*) FROM slack_bots")).scalar() == 1


def test_flask_slack_check_reports_every_town_installed_or_not(installer):
    s = installer.slack
    assert installer.run("carver", CARVER_TEAM).status_code == 200
    out = s.cli("check", code=1)
    assert "carver: OK: team T0CARVER1 (Town of Carver)\n" in out
    assert "upton: NOT INSTALLED: not_installed\n" in out


def test_the_daily_digest_goes_only_to_towns_that_installed_the_app(installer, app):
    s = installer.slack
    assert installer.run("carver", CARVER_TEAM).status_code == 200
    app.extensions["clock"].at = dt.datetime(2026, 4, 7, 12, 0, tzinfo=dt.UTC)
    assert s.cli("digest", "--as-of", "2026-04-07T08:00:00-04:00") == "digests 3\n"  # Carver's 3 boards
    s.dispatch()
    posted = s.posted("carver:earth_removal_committee")
    assert [m["text"].split(",")[0] for m in posted] == ["Daily digest for Carver Earth Removal Committee"]
    assert s.posted("upton:conservation_commission") == []
