"""The audit chain: every change appended, HMAC-linked, verified against the current rows."""
from __future__ import annotations

import json
import threading
import uuid

import pytest
from sqlalchemy import delete, insert, select, text, update

from backend.audit import acting_as
from backend.audit_verify import verify_town
from backend.extensions import db
from backend.models import AuditEvent, AuditHead, Party, Site, Town

KEY = b"test-audit-key"


def carver(world) -> Town:
    return db.session.scalar(select(Town).where(Town.slug == "carver"))


def test_a_good_chain_verifies_through_the_cli(world, app):
    result = app.test_cli_runner().invoke(args=["audit", "verify"])
    assert result.exit_code == 0, result.output
    assert "carver: 22 events, 22 rows: OK" in result.output  # the town, its 3 chapters, 3 boards, ...
    assert "carver: 1 Town rows match their events" in result.output  # progress, model by model
    assert "upton:" in result.output and "gardner:" in result.output


def test_every_change_appends_actor_action_and_snapshot(world, client):
    h = world.headers("carver", "agent")
    site = client.get("/api/v1/sites?q=gravel", headers=h).json[0]
    v = client.post("/api/v1/violations", headers=h, json={
        "site_id": site["id"], "chapter": "CARVER-136", "provision": "CARVER-136-BUFFER-50FT",
        "description": "Excavation at the lot line", "observed_at": "2026-04-06T10:00:00-04:00"}).json
    client.post(f"/api/v1/violations/{v['id']}/transition", headers=h, json={"to": "corrected"})
    events = db.session.scalars(select(AuditEvent).where(AuditEvent.object_id == v["id"])
                                .order_by(AuditEvent.seq)).all()
    assert [e.action for e in events] == ["create", "update"]
    assert events[0].actor == "user:carver.agent.conservation@example.org"
    assert json.loads(events[1].snapshot)["status"] == "corrected"
    assert verify_town(db.session, carver(world).id, KEY).ok


def test_an_edit_behind_the_apps_back_is_named(world, app):
    town = carver(world)
    party = db.session.scalar(select(Party).where(Party.town_id == town.id).order_by(Party.name))
    db.session.execute(text("UPDATE parties SET phone_e164 = '+15085559999' WHERE id = :id"),
                       {"id": party.id if db.engine.dialect.name == "postgresql" else party.id.hex})
    db.session.commit()
    report = verify_town(db.session, town.id, KEY)
    assert not report.ok
    assert f"Party {party.id} differs from its last audit event" in report.problem
    assert "phone_e164" in report.problem
    result = app.test_cli_runner().invoke(args=["audit", "verify", "--town", "carver"])
    assert result.exit_code == 1 and f"Party {party.id}" in result.output


def test_a_deleted_audit_event_breaks_the_chain(world):
    town = carver(world)
    site = db.session.scalar(select(Site).where(Site.town_id == town.id).limit(1))
    db.session.execute(text("DELETE FROM audit_events WHERE object_id = :oid"), {"oid": str(site.id)})
    db.session.commit()
    report = verify_town(db.session, town.id, KEY)
    assert not report.ok and "the chain has a gap" in report.problem


def test_a_row_inserted_behind_the_apps_back_is_named(world):
    town = carver(world)
    db.session.execute(text("INSERT INTO parties (id, town_id, kind, name, language, sms_consent, active, "
                            "created_at)"
                            " VALUES (:id, :town, 'owner', 'Ghost', 'en', false, true, :at)"),
                       {"id": "0" * 32,
                        "town": town.id.hex if db.engine.dialect.name == "sqlite" else town.id,
                        "at": "2026-04-06 14:00:00"})
    db.session.commit()
    report = verify_town(db.session, town.id, KEY)
    assert not report.ok and "00000000-0000-0000-0000-000000000000 has no audit event" in report.problem


def test_an_audit_row_rewritten_without_the_key_fails(world):
    town = carver(world)
    ev = db.session.scalar(select(AuditEvent).where(AuditEvent.town_id == town.id, AuditEvent.seq == 5))
    forged = json.loads(ev.snapshot) | {"name": "Forged"}
    db.session.execute(text("UPDATE audit_events SET snapshot = :s WHERE id = :id"),
                       {"s": json.dumps(forged), "id": ev.id})
    db.session.commit()
    report = verify_town(db.session, town.id, KEY)
    assert not report.ok and "seq 5" in report.problem and "HMAC does not verify" in report.problem


def _events_after(town_id, seq: int) -> list[dict]:
    events = AuditEvent.__table__
    rows = db.session.execute(select(events).where(events.c.town_id == town_id, events.c.seq > seq)
                              .order_by(events.c.seq))
    return [dict(r._mapping) for r in rows]


def _restore_to(town_id, seq: int, hmac: str) -> None:
    """What restoring yesterday's backup does to the chain: the events after `seq` gone, the head back."""
    events = AuditEvent.__table__
    db.session.execute(delete(events).where(events.c.town_id == town_id, events.c.seq > seq))
    db.session.execute(update(AuditHead.__table__).where(AuditHead.town_id == town_id)
                       .values(seq=seq, hmac=hmac))


def test_events_of_two_forks_relinked_in_another_order_fail_verification(world, app):
    """A backup restored and written to again forks the chain: both forks have a seq 20 and 21, each event
    signed. Splicing fork A's seq 20 before fork B's seq 21 (prev link rewritten, rows made to match) gives
    an order of events that never happened; it verifies only if an HMAC does not cover the previous link."""
    town = carver(world)
    head = db.session.get(AuditHead, town.id)
    fork_at, fork_hmac = head.seq, head.hmac
    with acting_as("test:fork-a"):
        db.session.add_all([Party(town_id=town.id, kind="owner", name=f"Fork A {i}") for i in (1, 2)])
        db.session.commit()
    fork_a = _events_after(town.id, fork_at)
    a_first = {c: v for c, v in db.session.execute(select(Party.__table__).where(
        Party.__table__.c.id == uuid.UUID(fork_a[0]["object_id"]))).one()._mapping.items()}
    db.session.execute(delete(Party.__table__).where(Party.__table__.c.name.like("Fork A %")))
    _restore_to(town.id, fork_at, fork_hmac)
    db.session.commit()
    with acting_as("test:fork-b"):
        db.session.add_all([Party(town_id=town.id, kind="owner", name=f"Fork B {i}") for i in (1, 2)])
        db.session.commit()
    assert verify_town(db.session, town.id, KEY).ok  # fork B on its own is a good chain
    fork_b = _events_after(town.id, fork_at)
    db.session.execute(delete(AuditEvent.__table__).where(AuditEvent.id == fork_b[0]["id"]))
    db.session.execute(insert(AuditEvent.__table__).values(**fork_a[0]))
    db.session.execute(update(AuditEvent.__table__).where(AuditEvent.id == fork_b[1]["id"])
                       .values(prev_hmac=fork_a[0]["hmac"]))
    parties = Party.__table__
    db.session.execute(delete(parties).where(parties.c.id == uuid.UUID(fork_b[0]["object_id"])))
    db.session.execute(insert(Party.__table__).values(**a_first))
    db.session.commit()
    result = app.test_cli_runner().invoke(args=["audit", "verify", "--town", "carver"])
    assert result.exit_code == 1, result.output
    assert f"seq {fork_at + 2} (create Party {fork_b[1]['object_id']}): HMAC does not verify" in result.output


def test_the_wrong_key_fails_verification(world):
    report = verify_town(db.session, carver(world).id, b"another key")
    assert not report.ok and "seq 1" in report.problem


def test_one_town_chain_is_independent_of_another(world):
    ids = {t.slug: t.id for t in db.session.scalars(select(Town))}
    seqs = {slug: db.session.scalars(select(AuditEvent.seq).where(AuditEvent.town_id == tid)
                                     .order_by(AuditEvent.seq)).all() for slug, tid in ids.items()}
    for slug, s in seqs.items():
        assert s == list(range(1, len(s) + 1)), slug


@pytest.mark.pg_only
def test_two_concurrent_writers_on_postgres_leave_one_unbroken_chain(world, app):
    town_id = carver(world).id
    errors: list[BaseException] = []
    barrier = threading.Barrier(2)

    def writer(n: int) -> None:
        try:
            with app.app_context(), acting_as(f"test:writer{n}"):
                barrier.wait()
                for i in range(40):
                    db.session.add(Party(town_id=town_id, kind="owner", name=f"writer{n}-{i}"))
                    db.session.commit()
                db.session.remove()
        except BaseException as exc:  # noqa: BLE001 - surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(n,)) for n in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors
    assert db.engine.dialect.name == "postgresql"
    db.session.expire_all()
    report = verify_town(db.session, town_id, KEY)
    assert report.ok, report.problem
    assert report.events == 22 + 80  # the seeded town (its row, 3 chapters, 3 boards, ...) and 80 parties
