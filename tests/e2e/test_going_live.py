"""Going live from nothing, as README "Going live" says, on a fresh database with APP_ENV=production and no
demo seed: release, `towns add`, `admin invite`, the invited admin sets a password and enters a site, a
permittee and a permit, invites an agent, the agent files an inspection whose failed item opens a violation
(CARVER-247-DESIGN-MAINTAIN); then Slack ("Add to Slack", each board's channel) and Twilio are configured and
the worker runs. `flask doctor` names each missing piece before it is configured and passes after (the fake
Slack and Twilio servers answer for the real ones)."""
from __future__ import annotations

import datetime as dt
import os
import re
import secrets
import subprocess
import sys
import uuid
from pathlib import Path
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

import pytest
import requests
from cryptography.fernet import Fernet

from backend import audit, create_app
from backend.config import Settings
from backend.extensions import db
from tests.integration.test_migrations_and_types import fresh_db  # noqa: F401  (the fixture)

ROOT = Path(__file__).resolve().parents[2]
PUBLIC = "https://localhost"  # the test client's host, over https as in production
TEAM = "T0CARVER9"
SERVICE = "MG" + "c" * 32
WEBHOOK = PUBLIC + "/webhooks/twilio/sms"
PASSWORD = "correct horse battery staple"
CARVER = ["towns", "add", "carver", "--name", "Town of Carver", "--pack", "CARVER-281", "--pack",
          "CARVER-247", "--pack", "CARVER-136", "--contact-phone", "508-866-3400"]


@pytest.fixture
def deploy(fresh_db, tmp_path, monkeypatch):  # noqa: F811
    """Start the app as the platform does, from its settings (each call: a restart with more settings)."""
    monkeypatch.setattr(audit, "_KEY", dict(audit._KEY))  # the process-wide fallback key: put back after
    monkeypatch.setenv("INSTANCE_PATH", str(tmp_path / "instance"))
    keys = {"secret_key": secrets.token_hex(32), "audit_hmac_key": secrets.token_hex(32)}
    apps = []

    def start(**more):  # type: ignore[no-untyped-def]
        settings = Settings(app_env="production", database_url=fresh_db, photo_root=str(tmp_path / "photos"),
                            public_base_url=PUBLIC, channel_timeout_seconds=2.0,
                            sms_quiet_hours="off",  # the worker runs on the wall clock: any hour of the test
                            **keys, **more)
        app = create_app(settings)
        app.extensions.pop("outbox.kick", None)  # the worker delivers (below), not an inline Huey task
        apps.append(app)
        return app

    def release() -> None:
        """The Procfile's release step, in its own process as the platform runs it."""
        env = dict(os.environ, APP_ENV="production", DATABASE_URL=fresh_db, SECRET_KEY=keys["secret_key"],
                   AUDIT_HMAC_KEY=keys["audit_hmac_key"], INSTANCE_PATH=str(tmp_path / "instance"))
        flask = str(Path(sys.executable).parent / "flask")
        for step in (["db", "upgrade"], ["checklists", "sync"]):
            done = subprocess.run([flask, "--app", "backend", *step], cwd=ROOT, env=env, capture_output=True,
                                  text=True, timeout=300)
            assert done.returncode == 0, done.stderr

    start.release = release  # type: ignore[attr-defined]
    yield start
    for app in apps:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


def doctor(app, exit_code: int) -> str:
    result = app.test_cli_runner().invoke(args=["doctor"])
    assert result.exit_code == exit_code, result.output
    return result.output


def cli(app, *args: str) -> str:
    result = app.test_cli_runner().invoke(args=list(args))
    assert result.exit_code == 0, result.output
    return result.output


def set_password(client, link_output: str) -> None:
    token = re.search(r"#token=(\S+)", link_output).group(1)
    assert client.post("/api/v1/public/password-reset", json={"token": token, "password": PASSWORD}
                       ).status_code == 204


def accept_invitation(client, link: str) -> None:
    """The invited agent opens the link and chooses a password (a new account)."""
    token = re.search(r"#token=(\S+)", link).group(1)
    assert client.post("/api/v1/public/invitation", json={"token": token, "password": PASSWORD}
                       ).status_code == 201


def login(client, email: str) -> dict:
    resp = client.post("/api/v1/auth/token", json={"email": email, "password": PASSWORD, "town": "carver"})
    assert resp.status_code == 201, resp.json
    return {"Authorization": f"Bearer {resp.json['token']}"}


def post(client, url: str, headers: dict, body: dict) -> dict:
    resp = client.post(url, headers=headers, json=body)
    assert resp.status_code in (200, 201), resp.json
    return resp.json


def day_one(client, admin: dict) -> tuple[dict, dict, dict]:
    """The admin's first records: a site, its permittee, a Planning Board land-disturbance permit."""
    boards = {b["kind"]: b for b in client.get("/api/v1/slack/channels", headers=admin).json}
    return (boards, *site_and_permit(client, admin, boards, "Cedar Brook subdivision", "LDP-2026-02"))


def site_and_permit(client, admin: dict, boards: dict, name: str, number: str) -> tuple[dict, dict]:
    site = post(client, "/api/v1/admin/sites", admin, {
        "name": name, "address": "Rochester Rd, Carver, MA 02330", "map_lot": "Map 61 Lot 7",
        "lat": 41.86, "lon": -70.78})
    builder = post(client, "/api/v1/admin/parties", admin, {
        "kind": "permittee", "name": "Cedar Brook Homes Inc.", "phone": "(508) 555-0104", "language": "en",
        "sms_consent": True, "mailing_address": "9 Main St, Carver MA"})
    today = dt.datetime.now(ZoneInfo("America/New_York")).date()
    permit = post(client, "/api/v1/admin/permits", admin, {
        "site_id": site["id"], "authority_id": boards["planning_board"]["id"], "kind": "land_disturbance",
        "chapter": "CARVER-247", "number": number, "permittee_id": builder["id"],
        "issued_on": str(today - dt.timedelta(days=30)), "expires_on": str(today + dt.timedelta(days=700)),
        "conditions": []})
    return site, permit


def file_inspection(client, agent: dict, site: dict, permit: dict) -> dict:
    """The agent's inspection: erosion controls failed; the violation opens on submit."""
    iid = str(uuid.uuid4())
    started = (dt.datetime.now(dt.UTC) - dt.timedelta(hours=1)).isoformat()
    post(client, "/api/v1/inspections", agent, {
        "id": iid, "site_id": site["id"], "permit_id": permit["id"], "entry_basis": "permit_on_file",
        "started_at": started, "responses": [
            {"item_id": "controls-in-place", "answer": "fail", "note": "silt fence breached at NE corner"}]})
    assert post(client, f"/api/v1/inspections/{iid}/submit", agent, {})["status"] == "submitted"
    [violation] = client.get(f"/api/v1/violations?site_id={site['id']}", headers=agent).json
    return violation


def add_to_slack(app, admin: dict, fake_slack) -> None:
    """The town admin's "Add to Slack": the app's install link, Slack's consent, back to the app."""
    browser = app.test_client()
    started = browser.get("/slack/install?town=carver", headers=admin | {"Accept": "application/json"},
                          base_url=PUBLIC)
    assert started.status_code == 200, started.json
    fake_slack.approve_as(TEAM)
    consent = requests.get(started.json["authorize_url"], allow_redirects=False, timeout=5)
    back = urlsplit(consent.headers["Location"])
    assert f"{back.scheme}://{back.netloc}" == PUBLIC
    landed = browser.get(f"{back.path}?{back.query}", base_url=PUBLIC)
    assert landed.status_code == 200, landed.get_data(as_text=True)


def worker_runs(app) -> None:
    """What the Procfile's worker and scheduler do: a heartbeat, an outbox cycle, the hourly bylaw jobs."""
    from backend.jobs.tasks import record_success
    from backend.outbox.jobs import run_cycle
    with app.app_context():
        record_success("worker-heartbeat", app.config["SETTINGS"].heartbeat_stale_seconds)
        run_cycle(db.session)
        record_success("outbox", 300)
    cli(app, "jobs", "run-due", "--as-of", dt.datetime.now(dt.UTC).isoformat())


def test_going_live_from_nothing_on_a_fresh_production_database(deploy, fake_slack, fake_twilio):
    deploy.release()
    app = deploy()
    out = doctor(app, 1)
    assert "OK   database: reachable, migrated to head" in out and "no towns yet" in out
    assert "OK   AUDIT_HMAC_KEY: set, 64 bytes" in out and "WARN redis: REDIS_URL not set" in out
    with app.app_context():
        assert app.test_cli_runner().invoke(args=["seed-demo"]).exit_code == 2

    assert "created carver (Town of Carver)" in cli(app, *CARVER)
    out = doctor(app, 1)
    assert "FAIL admins: no active town admin" in out and "OK   audit chain: 7 events" in out

    set_password(app.test_client(), cli(app, "admin", "invite", "--town", "carver", "--email",
                                        "clerk@carver.example", "--name", "Town Clerk"))
    client = app.test_client()
    admin = login(client, "clerk@carver.example")
    boards, site, permit = day_one(client, admin)
    invited = post(client, "/api/v1/admin/users", admin, {
        "email": "agent@carver.example", "name": "Field Agent", "role": "agent",
        "authority_id": boards["planning_board"]["id"]})
    accept_invitation(client, invited["invitation_url"])
    violation = file_inspection(client, login(client, "agent@carver.example"), site, permit)
    assert (violation["provision"], violation["status"]) == ("CARVER-247-DESIGN-MAINTAIN", "open")

    out = doctor(app, 1)
    assert "OK   admins: 1 active town admin\n" in out
    assert "FAIL slack: Slack is off" in out and "FAIL twilio: TWILIO_ACCOUNT_SID" in out
    assert "FAIL jobs: never succeeded: worker-heartbeat, outbox" in out

    fake_slack.add_workspace(TEAM, name="Town of Carver")
    app = deploy(slack_client_id=fake_slack.client_id, slack_client_secret=fake_slack.client_secret,
                 slack_signing_secret=secrets.token_hex(16), slack_token_keys=Fernet.generate_key().decode(),
                 slack_api_url=fake_slack.base_url, twilio_account_sid=fake_twilio.account_sid,
                 twilio_auth_token=fake_twilio.auth_token, twilio_senders={"carver": SERVICE},
                 twilio_api_base=fake_twilio.base_url)
    out = doctor(app, 1)
    assert "OK   slack: the Slack app is configured: Add to Slack" in out
    assert "FAIL slack: not connected (not installed)" in out and "Add to Slack" in out
    assert "FAIL twilio: the Messaging Service is not in this Twilio account" in out

    add_to_slack(app, admin, fake_slack)
    out = doctor(app, 1)
    assert "OK   slack: connected to the workspace “Town of Carver”" in out
    assert "FAIL slack channel of Carver Planning Board: not set" in out

    client = app.test_client()
    channels = {}
    for kind, board in boards.items():
        channels[kind] = fake_slack.add_channel(f"{kind.replace('_', '-')}-alerts", team_id=TEAM,
                                                bot_member=False)
        put = client.put(f"/api/v1/slack/channels/{board['id']}", headers=admin,
                         json={"channel_id": channels[kind]})
        assert put.status_code == 200, put.json
    fake_twilio.add_messaging_service(SERVICE, "+15088660000", inbound_request_url="https://old.example/sms")
    out = doctor(app, 1)
    assert "FAIL slack channel of Carver Planning Board: the bot is not in #planning-board-alerts" in out
    assert "/invite @fieldenforce" in out
    wrong = "https://old.example/sms"
    assert f"FAIL twilio: the Messaging Service's incoming webhook is {wrong}, not {WEBHOOK}" in out

    for channel in channels.values():
        fake_slack.invite_bot(channel)
    fake_twilio.add_messaging_service(SERVICE, "+15088660000", inbound_request_url=WEBHOOK)
    out = doctor(app, 1)
    assert "FAIL" in out and "FAIL slack" not in out and "FAIL twilio" not in out
    assert "OK   slack channel of Carver Planning Board: #planning-board-alerts, the bot is a member" in out

    worker_runs(app)
    out = doctor(app, 0)
    assert "FAIL" not in out and out.rstrip().endswith("ready to go live")
    ready = client.get("/api/v1/admin/readiness", headers=admin)
    assert ready.status_code == 200 and ready.json["ready"] is True
    assert [m["to"] for m in fake_twilio.sent_messages] == ["+15085550104"]  # the violation notice went out
    assert "not delivered" not in out  # the alert written before Slack waited for its channel, then went out

    site, permit = site_and_permit(client, admin, boards, "Wenham Rd lots", "LDP-2026-03")
    later = file_inspection(client, login(client, "agent@carver.example"), site, permit)
    worker_runs(app)
    earlier, alert = fake_slack.messages(channels["planning_board"])
    assert earlier["text"].startswith("Violation opened at ")
    assert alert["text"].startswith("Violation opened at Wenham Rd lots (Carver bylaw § 247-7B(7))")
    assert later["status"] == "open"
