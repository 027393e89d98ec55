"""`flask doctor` and GET /api/v1/admin/readiness on the test deployment (SQLite or PostgreSQL built by
create_all, short test keys, no Slack, no Twilio, no worker): each missing piece is named with what to do,
and the doctor exits 1."""
from __future__ import annotations

import datetime as dt

from backend.extensions import db
from backend.models import JobHeartbeat


def test_the_doctor_names_each_missing_piece_with_its_fix_and_exits_1(app, world):
    result = app.test_cli_runner().invoke(args=["doctor"])
    assert result.exit_code == 1, result.output
    out = result.output
    assert "FAIL database: reachable, schema at no migration applied" in out
    assert "fix: run the Procfile's release step: flask --app backend db upgrade" in out
    assert "FAIL AUDIT_HMAC_KEY: 14 bytes; at least 32 are needed" in out
    assert "FAIL jobs: never succeeded: worker-heartbeat, outbox, expire-clocks, offense-days" in out
    assert "FAIL slack: Slack is off" in out and "FAIL twilio: TWILIO_ACCOUNT_SID" in out
    assert "OK   photo store: the local PHOTO_ROOT: a probe object was written, read back and removed" in out
    for town in ("carver", "upton", "gardner"):
        assert f"\n{town}:\n" in out
    assert "OK   audit chain:" in out and "OK   admins: 1 active town admin\n" in out
    assert "test-audit-key" not in out and "test-secret" not in out
    assert out.rstrip().endswith("failed")


def test_a_stale_job_is_named_with_its_last_error(app, world):
    at = app.extensions["clock"].now()
    db.session.add(JobHeartbeat(name="offense-days", last_success_at=at - dt.timedelta(hours=5),
                                max_age_seconds=3 * 3600, last_error="OperationalError: disk full"))
    db.session.add(JobHeartbeat(name="worker-heartbeat", last_success_at=at - dt.timedelta(seconds=30),
                                max_age_seconds=180))
    db.session.commit()
    out = app.test_cli_runner().invoke(args=["doctor", "--town", "upton"]).output
    assert ("FAIL job offense-days: last success 5:00:00 ago (allowed 3:00:00); last error: "
            "OperationalError: disk full") in out
    assert "OK   job worker-heartbeat: last success 0:00:30 ago" in out
    assert "\ncarver:" not in out and "\nupton:" in out
    admin = world.headers("upton", "town_admin")
    [job] = [c for c in world.app.test_client().get("/api/v1/admin/readiness", headers=admin).json["checks"]
             if c["name"] == "job offense-days"]
    assert job["status"] == "fail" and "disk full" not in job["detail"]  # another town's records, maybe


def test_a_town_without_admin_or_a_board_for_a_chapter_is_not_ready(app):
    runner = app.test_cli_runner()
    assert runner.invoke(args=["towns", "add", "plympton", "--name", "Town of Plympton", "--pack",
                               "CARVER-281"]).exit_code == 0
    out = runner.invoke(args=["doctor", "--town", "plympton"]).output
    assert "FAIL admins: no active town admin" in out
    assert "fix: flask --app backend admin invite --town plympton" in out
    assert "WARN contact phone: not set" in out
    assert "OK   chapters: CARVER-281, each enforced by a board (Plympton Conservation Commission)" in out
    assert runner.invoke(args=["doctor", "--town", "nowhere"]).exit_code == 2


def test_the_readiness_api_is_for_town_admins_and_shows_only_their_town(world, client):
    admin = world.headers("carver", "town_admin")
    resp = client.get("/api/v1/admin/readiness", headers=admin)
    assert resp.status_code == 200, resp.json
    assert resp.json["ready"] is False
    assert {c["town"] for c in resp.json["checks"]} == {None, "carver"}
    failed = {c["name"] for c in resp.json["checks"] if c["status"] == "fail"}
    assert {"database", "AUDIT_HMAC_KEY", "slack", "twilio", "jobs"} <= failed
    assert all(c["fix"] for c in resp.json["checks"] if c["status"] == "fail")
    assert "test-audit-key" not in resp.get_data(as_text=True)
    agent = world.headers("carver", "agent")
    assert client.get("/api/v1/admin/readiness", headers=agent).status_code == 403


def test_a_chain_written_with_another_key_fails_the_doctor(app, world, monkeypatch):
    """The key in the environment is not the one the chain was written with: stop before going live."""
    monkeypatch.setattr(app.config["SETTINGS"], "audit_hmac_key", "a" * 64)
    out = app.test_cli_runner().invoke(args=["doctor", "--town", "gardner"]).output
    assert "OK   AUDIT_HMAC_KEY: set, 64 bytes" in out
    assert "FAIL audit chain: does not verify:" in out and "restore it from the off-platform copy" in out


def _pong_server():  # type: ignore[no-untyped-def]
    """A one-connection stand-in for Redis on loopback, for the real redis-py client: HELLO gets a RESP3 map,
    anything else (CLIENT SETINFO, PING) a +PONG, which is what the client checks PING against."""
    import socket
    import threading
    server = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        conn, _ = server.accept()
        with conn:
            while data := conn.recv(1024):
                conn.sendall(b"%1\r\n+proto\r\n:3\r\n" if b"HELLO" in data else b"+PONG\r\n")
    threading.Thread(target=serve, daemon=True).start()
    return server


def test_redis_is_checked_when_set(app, monkeypatch):
    settings = app.config["SETTINGS"]
    server = _pong_server()
    try:
        monkeypatch.setattr(settings, "redis_url", f"redis://127.0.0.1:{server.getsockname()[1]}/0")
        assert "OK   redis: reachable" in app.test_cli_runner().invoke(args=["doctor"]).output
    finally:
        server.close()
    monkeypatch.setattr(settings, "redis_url", "redis://127.0.0.1:1/0")  # nothing listens on port 1
    out = app.test_cli_runner().invoke(args=["doctor"]).output
    assert "FAIL redis: REDIS_URL set but not reachable (ConnectionError)" in out
