"""Rows the daily job writes in bulk are sealed: one chain event per few thousand rows holds the SHA-256 of
each row's snapshot, and `flask audit verify` finds an edited, deleted or smuggled row exactly as it would
with an event per row. A sealed row later changed through the app is verified against its own later event."""

from __future__ import annotations

import json
import uuid

from sqlalchemy import func, select, text

from backend.audit import acting_as, canonical, row_digest, sealed_rows, snapshot
from backend.audit_verify import verify_town
from backend.extensions import db
from backend.models import AuditEvent, FineAccrual, Notification, OffenseDay, Town
from backend.services import bulk
from backend.services.accrual import run_accrual
from tests.integration.enforcement.support_b import (
    PLANNING_BOARD_VOTE,
    at,
    create_violation,
    issued_order,
    party,
    site,
)

KEY = b"test-audit-key"


def _a_week_of_offense_days(client, world) -> Town:
    """Cedar Brook Homes: one violation under a noncriminal cease-and-desist, a week of the daily job."""
    return _cease_and_desist_and_a_week(client, world)[0]


def _cease_and_desist_and_a_week(client, world) -> tuple[Town, dict]:
    agent, board = world.headers("carver", "agent"), world.headers("carver", "board_member", "planning")
    cedar, homes = site("Cedar Brook"), party("Cedar Brook Homes Inc.")
    v = create_violation(client, agent, cedar.id, homes.id, "CARVER-247", "CARVER-247-DESIGN-MAINTAIN",
                         "2026-04-01T09:00:00-04:00")
    order = issued_order(client, board, cedar.id, [v["id"]], "CARVER-247", "noncriminal",
                         "2026-04-01T12:00:00-04:00", PLANNING_BOARD_VOTE)
    for day in range(1, 8):
        run_accrual(at(f"2026-04-0{day}T20:00:00-04:00"))
    return db.session.scalar(select(Town).where(Town.slug == "carver")), order


def _sql_id(value: uuid.UUID) -> object:
    return value if db.engine.dialect.name == "postgresql" else value.hex


def test_each_bulk_row_names_its_seal_and_the_seal_holds_the_digest_of_its_snapshot(client, world):
    town = _a_week_of_offense_days(client, world)
    days = db.session.scalars(select(OffenseDay).where(OffenseDay.town_id == town.id)).all()
    accruals = db.session.scalars(select(FineAccrual).where(FineAccrual.town_id == town.id)).all()
    assert len(days) == 7 and len(accruals) == 7
    for row in (*days, *accruals):
        assert row.audit_seal_id is not None
        seal = db.session.scalar(select(AuditEvent).where(AuditEvent.object_id == str(row.audit_seal_id)))
        assert (seal.action, seal.object_type) == ("seal", type(row).__name__)
        assert sealed_rows(seal)[str(row.id)] == row_digest(canonical(snapshot(row)))
        assert db.session.scalar(select(func.count()).select_from(AuditEvent)
                                 .where(AuditEvent.object_id == str(row.id))) == 0  # no event per row
    body = json.loads(db.session.scalar(select(AuditEvent.snapshot).where(AuditEvent.action == "seal")))
    assert body["count"] == len(body["rows"]) == 1  # one offense-day a day
    assert verify_town(db.session, town.id, KEY).ok


def test_a_sealed_offense_day_edited_behind_the_apps_back_is_named(client, world):
    town = _a_week_of_offense_days(client, world)
    day = db.session.scalars(select(OffenseDay).order_by(OffenseDay.local_date)).first()
    db.session.execute(text("UPDATE offense_days SET local_date = '2026-03-31' WHERE id = :id"),
                       {"id": _sql_id(day.id)})
    db.session.commit()
    report = verify_town(db.session, town.id, KEY)
    assert not report.ok
    assert f"OffenseDay {day.id} differs from the row sealed by audit event" in report.problem


def test_a_sealed_citation_deleted_behind_the_apps_back_is_named(client, world):
    town = _a_week_of_offense_days(client, world)
    accrual_id = db.session.scalars(select(FineAccrual.id).order_by(FineAccrual.id)).first()
    db.session.execute(text("DELETE FROM fine_accruals WHERE id = :id"), {"id": _sql_id(accrual_id)})
    db.session.commit()
    report = verify_town(db.session, town.id, KEY)
    assert not report.ok
    assert f"FineAccrual {accrual_id} is missing but its last audit event" in report.problem
    assert "is a seal" in report.problem


def test_a_row_smuggled_in_under_an_existing_seal_is_named(client, world):
    town = _a_week_of_offense_days(client, world)
    day = db.session.scalars(select(OffenseDay).order_by(OffenseDay.local_date)).first()
    forged = uuid.uuid4()
    db.session.execute(text(
        "INSERT INTO offense_days (id, town_id, violation_id, provision, offender_id, local_date, "
        "line_item, created_at, audit_seal_id) SELECT :new, town_id, violation_id, provision, offender_id, "
        "'2026-03-30', line_item, created_at, audit_seal_id FROM offense_days WHERE id = :id"),
        {"new": _sql_id(forged), "id": _sql_id(day.id)})
    db.session.commit()
    report = verify_town(db.session, town.id, KEY)
    assert not report.ok and f"OffenseDay {forged} has no audit event" in report.problem


def test_a_seal_whose_digest_is_rewritten_without_the_key_fails(client, world):
    town = _a_week_of_offense_days(client, world)
    seal = db.session.scalars(select(AuditEvent).where(AuditEvent.action == "seal")
                              .order_by(AuditEvent.seq)).first()
    body = json.loads(seal.snapshot)
    oid = next(iter(body["rows"]))
    body["rows"][oid] = "0" * 64
    db.session.execute(text("UPDATE audit_events SET snapshot = :s WHERE id = :id"),
                       {"s": canonical(body), "id": seal.id})
    db.session.commit()
    report = verify_town(db.session, town.id, KEY)
    assert not report.ok and f"audit event seq {seal.seq} (seal " in report.problem
    assert "HMAC does not verify" in report.problem


def test_a_sealed_citation_voided_through_the_app_is_verified_against_its_void_event(client, world):
    town = _a_week_of_offense_days(client, world)
    accrual = db.session.scalars(select(FineAccrual).order_by(FineAccrual.id)).first()
    with acting_as("test:officer"):
        accrual.status, accrual.void_reason = "void", "test: entered in error"
        db.session.commit()
    events = db.session.scalars(select(AuditEvent).where(AuditEvent.object_id == str(accrual.id))).all()
    assert [e.action for e in events] == ["update"]
    assert verify_town(db.session, town.id, KEY).ok


def test_the_job_writes_one_seal_per_table_town_and_chunk_not_one_event_per_row(client, world, monkeypatch):
    monkeypatch.setattr(bulk, "CHUNK", 3)
    town = _a_week_of_offense_days(client, world)  # 7 days: each day's run writes one row a table
    count_seals = select(func.count()).select_from(AuditEvent).where(AuditEvent.action == "seal")
    before = db.session.scalar(count_seals)
    rows = [(None, town.id, "sms", f"+1508555{n:04d}", "t", {"n": n}, f"seal-test-{n}") for n in range(7)]
    rows = [(uuid.UUID(i), *row[1:]) for i, row in zip(bulk.new_ids(7), rows, strict=True)]
    with acting_as("test:bulk"):
        keys = ("id", "town_id", "channel", "recipient", "template", "payload", "dedupe_key")
        written = bulk.write_rows(db.session, Notification, keys, rows,
                                  const={"status": "pending", "attempts": 0, "version": 1,
                                         "created_at": at("2026-04-08T09:00:00-04:00")})
        db.session.commit()
    assert written == list(range(7))
    seals = db.session.scalars(select(AuditEvent).where(AuditEvent.action == "seal",
                                                        AuditEvent.object_type == "Notification")
                               .order_by(AuditEvent.seq)).all()
    assert [len(sealed_rows(e)) for e in seals[-3:]] == [3, 3, 1]
    assert db.session.scalar(count_seals) == before + 3
    assert verify_town(db.session, town.id, KEY).ok


def test_the_evidence_packet_prints_each_seal_with_the_digests_of_the_cases_rows(client, world):
    _, order = _cease_and_desist_and_a_week(client, world)
    board = world.headers("carver", "board_member", "planning")
    resp = client.get(f"/api/v1/orders/{order['id']}/evidence.pdf", headers=board)
    assert resp.status_code == 200, resp.data[:200]
    days = db.session.scalars(select(OffenseDay)).all()
    accruals = db.session.scalars(select(FineAccrual)).all()
    assert len(days) == 7 and len(accruals) == 7
    for row in (*days, *accruals):
        seal = db.session.scalar(select(AuditEvent).where(AuditEvent.object_id == str(row.audit_seal_id)))
        assert seal.hmac.encode() in resp.data  # the seal's link is printed (uncompressed text)
        assert sealed_rows(seal)[str(row.id)].encode() in resp.data  # and the row's digest
