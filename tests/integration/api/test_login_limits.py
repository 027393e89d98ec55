"""Login limits: per account (LOGIN_RATE_LIMIT) and per client address (LOGIN_CLIENT_RATE_LIMIT, default 30 a
minute), the address taken from X-Forwarded-For only behind TRUSTED_PROXIES; an unknown email is verified
against a dummy hash, so it costs what a wrong password costs."""
from __future__ import annotations

import pytest

from backend import security
from backend.extensions import limiter


@pytest.fixture
def client_limit(app):
    settings = app.config["SETTINGS"]
    settings.login_client_rate_limit = "3 per minute"
    limiter.reset()
    yield
    settings.login_client_rate_limit = "10000 per minute"
    limiter.reset()


def _login(client, email: str, addr: str = "198.51.100.7", **headers):  # type: ignore[no-untyped-def]
    return client.post("/api/v1/auth/token", json={"email": email, "password": "wrong", "town": "carver"},
                       environ_base={"REMOTE_ADDR": addr}, headers=headers)


def test_one_client_trying_many_accounts_is_limited(world, client, client_limit):
    codes = [_login(client, f"nobody{n}@example.org").status_code for n in range(5)]
    assert codes == [401, 401, 401, 429, 429]
    assert _login(client, "someone@example.org", addr="198.51.100.8").status_code == 401  # another client


def test_a_forwarded_address_is_not_believed_without_trusted_proxies(world, client, client_limit):
    codes = [_login(client, f"x{n}@example.org", **{"X-Forwarded-For": f"203.0.113.{n}"}).status_code
             for n in range(4)]
    assert codes[-1] == 429  # all from the one real address


def test_an_unknown_email_is_checked_against_a_dummy_hash(world, client, monkeypatch):
    checked: list[str] = []
    real = security.check_password
    monkeypatch.setattr("backend.api.auth.check_password",
                        lambda stored, password: checked.append(stored) or real(stored, password))
    assert _login(client, "no.such.person@example.org").status_code == 401
    assert checked == [security.dummy_hash()] and checked[0].startswith("$argon2")


def test_behind_one_trusted_proxy_the_forwarded_address_and_scheme_count(tmp_path, monkeypatch):
    from backend import create_app
    monkeypatch.setenv("INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app({"app_env": "test", "database_url": f"sqlite:///{tmp_path / 'proxy.sqlite3'}",
                      "audit_hmac_key": "k", "secret_key": "s", "trusted_proxies": 1})
    seen = {}

    @app.get("/_whoami")
    def _whoami():  # type: ignore[no-untyped-def]
        from flask import request
        seen["addr"], seen["secure"] = request.remote_addr, request.is_secure
        return {}

    from backend.security import PUBLIC_ENDPOINTS
    monkeypatch.setattr("backend.security.PUBLIC_ENDPOINTS", PUBLIC_ENDPOINTS | {"_whoami"})
    resp = app.test_client().get("/_whoami", headers={"X-Forwarded-For": "203.0.113.9",
                                                      "X-Forwarded-Proto": "https"})
    assert seen == {"addr": "203.0.113.9", "secure": True}
    assert resp.headers["Strict-Transport-Security"].startswith("max-age=")
