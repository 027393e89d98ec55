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


@pytest.mark.sqlite_only
def test_the_daily_job_and_an_agent_writing_at_once_both_succeed(world, app):
    """The jobs write through the same engine (its busy timeout is set on every SQLite connection): the
    offense-day job and an API writer overlapping inside their write transactions both succeed."""
    from tests.integration.enforcement.support_a import ERC_VOTE, draft_order, issue, site_and_permit
    from tests.integration.enforcement.support_b import at
    headers = world.headers("carver", "agent")
    client = app.test_client()
    order = draft_order(client, headers, *site_and_permit(client, headers, "gravel"), "CARVER-136")
    issued = issue(client, world.headers("carver", "board_member", "earth"), order, ERC_VOTE)
    assert issued.status_code == 200, issued.json  # an order in force: the job has offense-days to record
    pit = client.get("/api/v1/sites?q=gravel", headers=headers).json[0]
    body = {"site_id": pit["id"], "chapter": "CARVER-136", "provision": "CARVER-136-BUFFER-50FT",
            "description": "Excavation within 50 ft", "observed_at": "2026-04-06T09:00:00-04:00"}
    app.extensions["clock"].at = at("2026-04-09T20:00:00-04:00")
    outcomes: list[object] = []
    reached: list[str] = []  # both writers got inside their write transactions (the test overlaps them)
    both_have_read = threading.Barrier(2)
    writers = threading.local()

    def hold_after_reading_the_chain_head(_conn, _cursor, statement, *_args) -> None:
        if getattr(writers, "armed", False) and "FROM audit_heads" in statement:
            writers.armed = False
            reached.append(threading.current_thread().name)
            try:
                both_have_read.wait(2)
            except threading.BrokenBarrierError:
                pass

    def api_writer() -> None:
        writers.armed = True
        try:
            resp = app.test_client().post("/api/v1/violations", headers=headers, json=body)
            outcomes.append(resp.status_code)
        except BaseException as exc:  # noqa: BLE001 - surfaced below
            outcomes.append(exc)

    def job() -> None:
        writers.armed = True
        try:
            args = ["jobs", "run-due", "--as-of", "2026-04-09T20:00:00-04:00", "--job", "offense-days"]
            result = app.test_cli_runner().invoke(args=args)
            outcomes.append(("job", result.exit_code, result.output[-300:], repr(result.exception)))
        except BaseException as exc:  # noqa: BLE001 - surfaced below
            outcomes.append(exc)

    event.listen(db.engine, "after_cursor_execute", hold_after_reading_the_chain_head)
    try:
        threads = [threading.Thread(target=api_writer), threading.Thread(target=job)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
    finally:
        event.remove(db.engine, "after_cursor_execute", hold_after_reading_the_chain_head)
    assert len(reached) == 2, reached
    assert 201 in outcomes, outcomes
    (ran,) = [o for o in outcomes if isinstance(o, tuple)]
    assert ran[1] == 0 and "locked" not in ran[2], ran
    from backend.models import OffenseDay
    assert db.session.scalar(select(func.count()).select_from(OffenseDay)) > 0  # the job did write
    carver = db.session.scalar(select(Town).where(Town.slug == "carver"))
    db.session.expire_all()
    assert verify_town(db.session, carver.id, b"test-audit-key").ok
