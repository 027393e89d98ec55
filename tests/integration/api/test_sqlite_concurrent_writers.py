"""No 5xx on bad timing: two writers through the API at once on SQLite queue on the database's write lock
(pysqlite begins the transaction at the first write and waits for the lock within the busy timeout), never
`database is locked` and a 500. The test holds each writer for up to 2 s just after it read the town's audit
chain head (SELECT ... FOR UPDATE is a no-op on SQLite), so the two requests overlap inside their write
transactions; both must succeed and leave one unbroken chain. A guard: main already passes it
(`BEGIN IMMEDIATE` for every transaction was tried: it deadlocks readers that hold a session open
while another connection writes)."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import event, func, select

from backend.audit_verify import verify_town
from backend.extensions import db
from backend.models import Town, Violation


@pytest.mark.sqlite_only
def test_two_agents_recording_violations_at_once_never_get_a_500(world, app):
    headers = world.headers("carver", "agent")
    client = app.test_client()
    pit = client.get("/api/v1/sites?q=gravel", headers=headers).json[0]
    body = {"site_id": pit["id"], "chapter": "CARVER-136", "provision": "CARVER-136-BUFFER-50FT",
            "description": "Excavation within 50 ft", "observed_at": "2026-04-06T10:00:00-04:00"}
    statuses: list[int] = []
    errors: list[BaseException] = []
    both_have_read = threading.Barrier(2)
    writers = threading.local()

    def hold_after_reading_the_chain_head(_conn, _cursor, statement, *_args) -> None:
        if getattr(writers, "armed", False) and "FROM audit_heads" in statement:
            writers.armed = False
            try:  # a writer holding the lock makes the other wait before it reads: time out, go on
                both_have_read.wait(2)
            except threading.BrokenBarrierError:
                pass

    def writer() -> None:
        writers.armed = True
        try:
            resp = app.test_client().post("/api/v1/violations", headers=headers, json=body)
            statuses.append(resp.status_code)
        except BaseException as exc:  # noqa: BLE001 - surfaced below
            errors.append(exc)

    event.listen(db.engine, "after_cursor_execute", hold_after_reading_the_chain_head)
    try:
        threads = [threading.Thread(target=writer) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
    finally:
        event.remove(db.engine, "after_cursor_execute", hold_after_reading_the_chain_head)
    assert not errors, errors
    assert statuses == [201, 201], statuses
    db.session.expire_all()
    assert db.session.scalar(select(func.count()).select_from(Violation)) == 2
    carver = db.session.scalar(select(Town).where(Town.slug == "carver"))
    report = verify_town(db.session, carver.id, b"test-audit-key")
    assert report.ok, report.problem
