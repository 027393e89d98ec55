"""Suite-wide fixtures: no test may reach the internet; loopback only."""
from __future__ import annotations

import ipaddress
import socket

import pytest
from hypothesis import HealthCheck, settings

pytest_plugins = ["tests.fakes.conftest_plugin"]

# The machine running the suite is shared and noisy: Hypothesis's timing checks (input generation "too slow",
# per-example deadlines) measure the neighbours, not the code. Correctness checks all stay on.
settings.register_profile("shared-machine", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("shared-machine")

_real_connect = socket.socket.connect
_real_connect_ex = socket.socket.connect_ex


def _is_local(address: object) -> bool:
    if isinstance(address, (str, bytes)):  # unix socket path
        return True
    host = address[0] if isinstance(address, tuple) else address
    if host in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _guarded(real):
    def connect(self, address):
        if self.family in (socket.AF_INET, socket.AF_INET6) and not _is_local(address):
            raise ConnectionRefusedError(f"test tried to reach the network: {address!r}")
        return real(self, address)
    return connect


@pytest.fixture(autouse=True)
def _no_internet(monkeypatch):
    monkeypatch.setattr(socket.socket, "connect", _guarded(_real_connect))
    monkeypatch.setattr(socket.socket, "connect_ex", _guarded(_real_connect_ex))
    yield


# --- database-backed fixtures ------------------------------------------------------------------------
# Tests that use `app` (directly or through `client`, `world`, ...) are marked `db` and run on SQLite and,
# in a second pass (`make test` with TEST_DATABASE_URL), on PostgreSQL. `pg_only` tests run only there.
import datetime as dt  # noqa: E402
import os  # noqa: E402
import secrets  # noqa: E402
from dataclasses import dataclass  # noqa: E402

from sqlalchemy import create_engine, text  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

DB_FIXTURES = {"app", "client", "world", "db_url"}


def pytest_collection_modifyitems(config, items):
    for item in items:
        if DB_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.db)
    if not os.environ.get("TEST_DATABASE_URL"):  # PostgreSQL-only tests belong to the PostgreSQL pass
        deselected = [i for i in items if i.get_closest_marker("pg_only")]
        if deselected:
            config.hook.pytest_deselected(items=deselected)
            items[:] = [i for i in items if not i.get_closest_marker("pg_only")]
    else:  # and SQLite-only tests (its single writer lock) to the SQLite pass
        deselected = [i for i in items if i.get_closest_marker("sqlite_only")]
        if deselected:
            config.hook.pytest_deselected(items=deselected)
            items[:] = [i for i in items if not i.get_closest_marker("sqlite_only")]


def _worker() -> str:
    return os.environ.get("PYTEST_XDIST_WORKER", "gw")


@pytest.fixture(scope="session")
def db_url(tmp_path_factory):
    base = os.environ.get("TEST_DATABASE_URL")
    if not base:
        yield f"sqlite:///{tmp_path_factory.mktemp('db') / f'test-{_worker()}.sqlite3'}"
        return
    from backend.config import normalise_database_url
    url = make_url(normalise_database_url(base))
    name = f"{url.database}_{_worker()}_{secrets.token_hex(3)}"
    admin = create_engine(url.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    yield url.set(database=name).render_as_string(hide_password=False)
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture(scope="session")
def _app(db_url, tmp_path_factory):
    os.environ.setdefault("INSTANCE_PATH", str(tmp_path_factory.mktemp("instance")))
    from backend import create_app
    from backend.clock import FixedClock
    from backend.extensions import db
    app = create_app({"app_env": "test", "database_url": db_url,
                      "audit_hmac_key": "test-audit-key", "login_rate_limit": "10000 per minute",
                      "login_client_rate_limit": "10000 per minute",
                      "secret_key": "test-secret", "photo_root": str(tmp_path_factory.mktemp("photos"))})
    app.config["TESTING"] = True
    from backend.jobs import huey
    huey.immediate = True  # tasks run inline, in the test's app context
    app.extensions["clock"] = FixedClock(dt.datetime(2026, 4, 6, 14, 0, tzinfo=dt.UTC))
    with app.app_context():
        db.create_all()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def app(_app, tmp_path):
    from backend.clock import FixedClock
    from backend.extensions import db
    from media.storage import LocalPhotoStore
    _app.extensions["clock"] = FixedClock(dt.datetime(2026, 4, 6, 14, 0, tzinfo=dt.UTC))
    _app.extensions["photo_store"] = LocalPhotoStore(tmp_path / "photos")  # each test its own evidence store
    ctx = _app.app_context()
    ctx.push()
    yield _app
    db.session.rollback()
    db.session.remove()
    _truncate(db)
    ctx.pop()


def _truncate(db):
    tables = [t.name for t in reversed(db.metadata.sorted_tables)]
    with db.engine.begin() as conn:
        if db.engine.dialect.name == "postgresql":
            conn.execute(text("TRUNCATE " + ", ".join(f'"{t}"' for t in tables) + " CASCADE"))
        else:
            for t in tables:
                conn.execute(text(f'DELETE FROM "{t}"'))


@pytest.fixture
def client(app):
    return app.test_client()


@dataclass
class World:
    """The seeded demo: accounts by (town, role) and a helper to log in."""

    app: object
    accounts: dict

    def token(self, town: str, role: str, board: str | None = None) -> str:
        email, password = self.account(town, role, board)
        client = self.app.test_client()
        resp = client.post("/api/v1/auth/token", json={"email": email, "password": password, "town": town})
        assert resp.status_code == 201, resp.json
        return resp.json["token"]

    def account(self, town: str, role: str, board: str | None = None) -> tuple[str, str]:
        for (t, r, email), password in self.accounts.items():
            if t == town and r == role and (board is None or f".{board}" in email):
                return email, password
        raise KeyError((town, role, board))

    def headers(self, town: str, role: str, board: str | None = None) -> dict:
        return {"Authorization": f"Bearer {self.token(town, role, board)}"}


@pytest.fixture
def world(app):
    from backend.audit import acting_as
    from backend.demo import seed_demo
    with acting_as("test:seed"):
        rows = seed_demo()
    accounts = {(town, role, email): pw for email, pw, town, role in rows if pw}
    return World(app, accounts)


@pytest.fixture(autouse=True)
def _test_kinds(monkeypatch):
    """The outbox's own tests carry ad hoc kinds ("t", "test.notice") whose words are the intent's text:
    registered for the test only (a real kind is declared in backend/notifications/kinds.py)."""
    from backend.notifications import registry
    from backend.notifications.recorded import recorded_text
    from backend.outbox import render
    names = ("t", "test.notice")
    for name in names:
        monkeypatch.setitem(render._TEMPLATES, name, recorded_text)
    monkeypatch.setattr(registry, "HARNESS_NAMES", frozenset(names))
