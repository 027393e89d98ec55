"""Login limits hold across gunicorn workers and hosts: without REDIS_URL the per-account count lives in the
database (rate_limit_counts), so a second app instance on the same database, in another process, sees the
attempts the first one counted; never one process's memory."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from backend.extensions import db, limiter

OTHER_WORKER = textwrap.dedent("""
    import json, sys
    from backend import create_app
    cfg = json.loads(sys.argv[1])
    app = create_app(cfg)
    body = {"email": cfg["email"], "password": "wrong", "town": "carver"}
    print(app.test_client().post("/api/v1/auth/token", json=body).status_code)
""")


@pytest.fixture
def account_limit(app):
    settings = app.config["SETTINGS"]
    settings.login_rate_limit = "3 per minute"
    limiter.reset()
    yield "3 per minute"
    settings.login_rate_limit = "10000 per minute"
    limiter.reset()


def _other_worker(app, limit: str, email: str) -> int:
    settings = app.config["SETTINGS"]
    cfg = {"app_env": "test", "database_url": str(db.engine.url.render_as_string(hide_password=False)),
           "audit_hmac_key": "test-audit-key", "secret_key": "test-secret", "login_rate_limit": limit,
           "login_client_rate_limit": "10000 per minute", "photo_root": str(settings.photo_root),
           "email": email}
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    out = subprocess.run([sys.executable, "-c", OTHER_WORKER, json.dumps(cfg)], env=env, capture_output=True,
                         text=True, timeout=120, check=True)
    return int(out.stdout.strip().splitlines()[-1])


def test_two_app_instances_on_one_database_share_the_per_account_count(world, app, account_limit):
    email, _ = world.account("carver", "agent")
    client = app.test_client()
    codes = [client.post("/api/v1/auth/token", json={"email": email, "password": "wrong", "town": "carver"},
                         environ_base={"REMOTE_ADDR": f"198.51.100.{n}"}).status_code for n in range(3)]
    assert codes == [401, 401, 401]
    assert _other_worker(app, account_limit, email) == 429  # the fourth attempt, counted in another process
    assert _other_worker(app, account_limit, "someone.else@example.org") == 401  # per account, not global
