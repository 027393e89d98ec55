"""The daily job's bound on a catch-up: one violation whose start lies more than the town's
`accrual_max_catch_up_days` (default 60) unrecorded days back is not computed but held for staff (a wrong date
once meant 740,000 offense-days for one violation); staff check the date and release it (audited), and then it
accrues every day. Other violations of the same run are not held back."""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy import func, select

from backend.audit import acting_as
from backend.extensions import db
from backend.models import AuditEvent, OffenseDay, Town, Violation
from tests.integration.enforcement.support_b import create_violation, party, run_jobs, site

RUN_AT = "2026-04-06T20:00:00-04:00"


@pytest.fixture
def agent(world):
    return world.headers("carver", "agent")


def _violation(client, agent, observed_at: str) -> dict:
    s, p = site("Cedar Brook"), party("Cedar Brook Homes Inc.")
    provision = "CARVER-247-DESIGN-MAINTAIN"
    return create_violation(client, agent, s.id, p.id, "CARVER-247", provision, observed_at)


def _days(violation: dict) -> int:
    return db.session.scalar(select(func.count()).select_from(OffenseDay)
                             .where(OffenseDay.violation_id == uuid.UUID(violation["id"])))


def test_a_catch_up_longer_than_the_bound_is_held_for_staff_and_the_others_accrue(app, client, agent):
    old = _violation(client, agent, "2026-01-01T09:00:00-05:00")  # 96 local days to 2026-04-06
    fresh = _violation(client, agent, "2026-04-03T09:00:00-04:00")
    run_jobs(app, RUN_AT, "offense-days")
    assert (_days(old), _days(fresh)) == (0, 4)
    held = client.get(f"/api/v1/violations/{old['id']}", headers=agent).json
    assert held["accrual_held_at"] and held["accrual_held_days"] == 96
    events = db.session.scalar(select(func.count()).select_from(AuditEvent))
    run_jobs(app, RUN_AT, "offense-days")  # still held, and flagged once, not again each run
    assert _days(old) == 0 and db.session.scalar(select(func.count()).select_from(AuditEvent)) == events


def test_staff_release_a_held_catch_up_after_checking_the_date_and_it_accrues(app, client, agent, world):
    old = _violation(client, agent, "2026-01-01T09:00:00-05:00")
    run_jobs(app, RUN_AT, "offense-days")
    url = f"/api/v1/violations/{old['id']}/release-catch-up"
    board = world.headers("carver", "board_member", "planning")
    assert client.post(url, headers=board, json={}).status_code == 403  # staff release, not board members
    released = client.post(url, headers=agent, json={})
    assert released.status_code == 200 and released.json["accrual_released_at"], released.json
    assert released.json["accrual_held_at"] is None
    last = db.session.scalars(select(AuditEvent).order_by(AuditEvent.id.desc())).first()
    assert last.object_id == old["id"] and last.action == "update" and "accrual_released_at" in last.snapshot
    run_jobs(app, RUN_AT, "offense-days")
    assert _days(old) == 96
    assert client.post(url, headers=agent, json={}).status_code == 409  # nothing held any more


def test_a_corrected_date_is_taken_with_the_release(app, client, agent):
    old = _violation(client, agent, "2026-01-01T09:00:00-05:00")
    run_jobs(app, RUN_AT, "offense-days")
    resp = client.post(f"/api/v1/violations/{old['id']}/release-catch-up", headers=agent,
                       json={"observed_at": "2026-04-05T09:00:00-04:00"})
    assert resp.status_code == 200 and resp.json["observed_at"].startswith("2026-04-05T13:00")
    run_jobs(app, RUN_AT, "offense-days")
    assert _days(old) == 2


def test_the_bound_is_a_town_setting(app, client, agent):
    with acting_as("test:settings"):
        town = db.session.scalar(select(Town).where(Town.slug == "carver"))
        town.settings = dict(town.settings or {}) | {"accrual_max_catch_up_days": 100}
        db.session.commit()
    old = _violation(client, agent, "2026-01-01T09:00:00-05:00")
    run_jobs(app, RUN_AT, "offense-days")
    assert _days(old) == 96 and db.session.get(Violation, uuid.UUID(old["id"])).accrual_held_at is None
