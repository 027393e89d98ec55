"""Redis down: with REDIS_URL pointing at a closed port, logins and the public notice page still answer (the
limits fall back to per-process memory, logged), and /healthz reports Redis as unreachable."""
from __future__ import annotations

import socket

import pytest


def _closed_port() -> int:
    with socket.socket() as s:  # bound, then closed: nothing listens there
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def redis_down_app(tmp_path, monkeypatch):
    from backend import create_app
    from backend.audit import acting_as
    from backend.demo import seed_demo
    from backend.extensions import db, limiter
    monkeypatch.setenv("INSTANCE_PATH", str(tmp_path / "instance"))
    before = dict(vars(limiter))  # the one Limiter is re-bound to this app's (dead) Redis: restore it after
    app = create_app({"app_env": "test", "database_url": f"sqlite:///{tmp_path / 'down.sqlite3'}",
                      "audit_hmac_key": "k", "secret_key": "s",
                      "redis_url": f"redis://127.0.0.1:{_closed_port()}/0"})
    with app.app_context():
        db.create_all()
        with acting_as("test:seed"):
            rows = seed_demo()
    yield app, {(town, role): (email, pw) for email, pw, town, role in rows if pw}
    with app.app_context():
        db.engine.dispose()
    vars(limiter).clear()
    vars(limiter).update(before)


def test_login_and_the_notice_page_answer_while_redis_is_down(redis_down_app, caplog):
    app, accounts = redis_down_app
    client = app.test_client()
    email, password = accounts[("carver", "agent")]
    ok = client.post("/api/v1/auth/token", json={"email": email, "password": password, "town": "carver"})
    assert ok.status_code == 201, ok.get_data(as_text=True)
    wrong = client.post("/api/v1/auth/token", json={"email": email, "password": "nope", "town": "carver"})
    assert wrong.status_code == 401
    page = client.get("/n/Zz9kQ2mP4x")
    assert page.status_code in (404, 410), page.status_code


def test_healthz_reports_redis_unreachable(redis_down_app):
    app, _ = redis_down_app
    resp = app.test_client().get("/healthz")
    assert resp.status_code == 503
    assert resp.json["checks"]["redis"] == {"ok": False, "error": "ConnectionError"}


def test_readiness_answers_and_names_redis_while_it_is_down(redis_down_app):
    """The town admin's readiness page is no 500 either: it reports Redis as a failed check."""
    app, accounts = redis_down_app
    client = app.test_client()
    email, password = accounts[("carver", "town_admin")]
    token = client.post("/api/v1/auth/token", json={"email": email, "password": password, "town": "carver"})
    assert token.status_code == 201, token.get_data(as_text=True)
    resp = client.get("/api/v1/admin/readiness", headers={"Authorization": f"Bearer {token.json['token']}"})
    assert resp.status_code == 200, resp.get_data(as_text=True)
    assert resp.json["ready"] is False
    assert "redis" in resp.get_data(as_text=True).lower()
