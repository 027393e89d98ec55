"""/healthz reports the database, the worker heartbeat and each periodic job; stale is 503."""
from __future__ import annotations

import hashlib
import io

from backend.channels.console import ConsoleChannel, Message
from backend.jobs import build_huey
from backend.jobs.tasks import record_success


def test_healthz_is_503_until_the_worker_beats(client):
    resp = client.get("/healthz")
    assert resp.status_code == 503 and resp.json["checks"]["database"] == {"ok": True}
    assert resp.json["checks"]["worker-heartbeat"]["ok"] is False


def test_healthz_is_200_with_a_fresh_heartbeat_and_503_when_stale(app, client):
    record_success("worker-heartbeat", max_age_seconds=180)
    record_success("offense-days", max_age_seconds=26 * 3600)
    resp = client.get("/healthz")
    assert resp.status_code == 200 and resp.json["ok"] is True
    app.extensions["clock"].advance(seconds=181)
    resp = client.get("/healthz")
    assert resp.status_code == 503
    assert resp.json["checks"]["worker-heartbeat"]["ok"] is False
    assert resp.json["checks"]["offense-days"]["ok"] is True


def test_heartbeat_task_records_success(app, client, monkeypatch):
    from backend.jobs import tasks
    monkeypatch.setattr(tasks, "_app", lambda: app)
    tasks.heartbeat.call_local()
    beat = client.get("/healthz").json["checks"]["worker-heartbeat"]
    assert beat["ok"] is True and beat["age_seconds"] == 0


def test_huey_uses_sqlite_by_default_and_redis_when_configured(tmp_path):
    sqlite = build_huey({"INSTANCE_PATH": str(tmp_path)})
    assert type(sqlite).__name__ == "SqliteHuey" and (tmp_path / "huey.sqlite3").exists()
    redis = build_huey({"REDIS_URL": "redis://127.0.0.1:6379/15"})
    assert type(redis).__name__ == "RedisHuey"


def test_console_channel_prints_the_message():
    out = io.StringIO()
    result = ConsoleChannel(out).send(Message("sms", "+15085550101", "Violation notice", "k1"))
    assert out.getvalue() == "[sms → +15085550101] Violation notice\n"
    assert result.provider_id == "console:" + hashlib.sha256(b"k1").hexdigest()[:32]


