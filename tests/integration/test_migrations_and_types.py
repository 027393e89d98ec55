"""Migrations build the schema the models describe; instants round-trip aware on both databases."""
from __future__ import annotations

import datetime as dt
import os
import secrets
import subprocess
import sys
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from backend.config import normalise_database_url

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def fresh_db(db_url, tmp_path):
    if db_url.startswith("sqlite"):
        yield f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
        return
    url = make_url(db_url)
    name = f"fresh_{secrets.token_hex(4)}"
    admin = create_engine(url.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    yield url.set(database=name).render_as_string(hide_password=False)
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


def _flask(args: list[str], database_url: str, tmp_path: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, DATABASE_URL=database_url, INSTANCE_PATH=str(tmp_path / "inst"), APP_ENV="test")
    flask = Path(sys.executable).parent / "flask"
    return subprocess.run([str(flask), "--app", "backend", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)


def test_migrations_upgrade_a_fresh_database_to_exactly_the_models(fresh_db, tmp_path):
    up = _flask(["db", "upgrade"], fresh_db, tmp_path)
    assert up.returncode == 0, up.stderr
    check = _flask(["db", "check"], fresh_db, tmp_path)
    assert check.returncode == 0 and "No new upgrade operations detected" in check.stdout + check.stderr, \
        check.stdout + check.stderr


def test_seed_demo_is_refused_in_production(fresh_db, tmp_path):
    env = dict(os.environ, DATABASE_URL=fresh_db, INSTANCE_PATH=str(tmp_path / "inst"), APP_ENV="production",
               SECRET_KEY="s" * 32, AUDIT_HMAC_KEY="k" * 32)  # production refuses keys under 32 bytes
    flask = Path(sys.executable).parent / "flask"
    result = subprocess.run([str(flask), "--app", "backend", "seed-demo"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and "refused" in result.stderr


@pytest.mark.parametrize("given", [
    pytest.param(dt.datetime(2026, 3, 8, 1, 59, tzinfo=ZoneInfo("America/New_York")), id="EST before DST"),
    pytest.param(dt.datetime(2026, 3, 8, 3, 0, tzinfo=ZoneInfo("America/New_York")), id="EDT after DST"),
    pytest.param(dt.datetime(2026, 11, 1, 1, 30, fold=1, tzinfo=ZoneInfo("America/New_York")),
                 id="repeated hour"),
    pytest.param(dt.datetime(2026, 6, 30, 23, 59, 59, 999999, tzinfo=dt.UTC), id="UTC microseconds"),
])
def test_aware_instants_round_trip_as_the_same_instant(app, given):
    from backend.extensions import db
    from backend.models import Town
    town = Town(slug=f"t{secrets.token_hex(3)}", name="T", created_at=given)
    db.session.add(town)
    db.session.commit()
    town_id = town.id
    db.session.expire_all()
    back = db.session.get(Town, town_id).created_at
    assert back.tzinfo is not None and back.utcoffset() == dt.timedelta(0)
    # PEP 495: datetimes in a fold never compare equal across zones, so compare the instants.
    assert back.timestamp() == given.timestamp()
    assert back.replace(tzinfo=None) == given.astimezone(dt.UTC).replace(tzinfo=None)  # to the microsecond


def test_naive_datetimes_are_refused(app):
    from backend.extensions import db
    from backend.models import Town
    town = Town(slug="naive", name="Naive", created_at=dt.datetime(2026, 1, 1, 12, 0))  # noqa: DTZ001
    db.session.add(town)
    with pytest.raises(Exception, match="naive datetime"):
        db.session.commit()
    db.session.rollback()


def test_postgres_urls_use_psycopg3():
    assert normalise_database_url("postgres://u:p@h:5432/d") == "postgresql+psycopg://u:p@h:5432/d"
    assert normalise_database_url("postgresql://u@h/d") == "postgresql+psycopg://u@h/d"
    assert normalise_database_url("sqlite:///x.db") == "sqlite:///x.db"
