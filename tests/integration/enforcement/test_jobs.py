"""`flask jobs run-due --as-of ISO`: every job for that instant, in order, with heartbeats; safe to repeat."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from backend.extensions import db
from backend.jobs import runner
from backend.models import JobHeartbeat
from tests.integration.enforcement.support_b import (
    PLANNING_BOARD_VOTE,
    counts,
    create_violation,
    issued_order,
    party,
    run_jobs,
    site,
)

JOB_NAMES = ["expire-clocks", "offense-days", "citation-proposals", "reminders", "escalations"]


def invoke(app, *args: str):
    db.session.commit()
    return app.test_cli_runner().invoke(args=["jobs", "run-due", *args])


def test_every_job_runs_in_order_and_records_its_heartbeat(app, world):
    output = run_jobs(app, "2026-04-06T20:00:00-04:00")
    assert [line.split(":")[0] for line in output.splitlines()] == JOB_NAMES
    assert all(" ok " in line for line in output.splitlines())
    beats = {b.name: b for b in db.session.scalars(select(JobHeartbeat))}
    assert set(JOB_NAMES) <= set(beats) and all(beats[n].last_success_at is not None for n in JOB_NAMES)


def test_running_every_job_twice_for_the_same_instant_changes_nothing(app, client, world):
    agent, board = world.headers("carver", "agent"), world.headers("carver", "board_member", "planning")
    s, p = site("Cedar Brook"), party("Cedar Brook Homes Inc.")
    v = create_violation(
        client, agent, s.id, p.id, "CARVER-247", "CARVER-247-DESIGN-MAINTAIN", "2026-04-03T09:00:00-04:00"
    )
    issued_order(
        client,
        board,
        s.id,
        [v["id"]],
        "CARVER-247",
        "noncriminal",
        "2026-04-03T12:00:00-04:00",
        PLANNING_BOARD_VOTE,
    )
    run_jobs(app, "2026-04-06T20:00:00-04:00")
    before = counts()
    assert before["OffenseDay"] == 4 and before["FineAccrual"] == 4
    run_jobs(app, "2026-04-06T20:00:00-04:00")
    assert counts() == before


@pytest.mark.parametrize(
    "args,message",
    [
        pytest.param(["--as-of", "2026-04-06T20:00:00"], "give the offset", id="naive instant"),
        pytest.param(["--as-of", "next tuesday"], "not an ISO instant", id="garbage"),
        pytest.param(["--as-of", "2026-02-30T10:00:00Z"], "not an ISO instant", id="impossible date"),
        pytest.param([], "Missing option '--as-of'", id="missing"),
        pytest.param(
            ["--as-of", "2026-04-06T20:00:00Z", "--job", "rm -rf /"],
            "Invalid value for '--job'",
            id="unknown job",
        ),
    ],
)
def test_bad_arguments_are_refused_before_anything_runs(app, world, args, message):
    before = counts()
    result = invoke(app, *args)
    assert result.exit_code == 2 and message in result.output, result.output
    assert counts() == before


def test_one_job_failing_does_not_stop_the_others_and_is_recorded(app, world, monkeypatch):
    def broken(as_of):
        raise RuntimeError("reminder templates unavailable")

    jobs = tuple(runner.Job(j.name, broken) if j.name == "reminders" else j for j in runner.JOBS)
    monkeypatch.setattr(runner, "JOBS", jobs)
    result = invoke(app, "--as-of", "2026-04-06T20:00:00-04:00")
    assert result.exit_code == 1
    assert "reminders: FAILED RuntimeError: reminder templates unavailable" in result.output
    assert "escalations: ok" in result.output
    beat = db.session.get(JobHeartbeat, "reminders")
    assert beat.last_error == "RuntimeError: reminder templates unavailable" and beat.last_success_at is None


def test_one_job_may_be_run_alone(app, world):
    result = invoke(app, "--as-of", "2026-04-06T20:00:00Z", "--job", "reminders")
    assert result.exit_code == 0 and result.output.startswith("reminders: ok")
    assert [b.name for b in db.session.scalars(select(JobHeartbeat))] == ["reminders"]


@pytest.mark.pg_only
def test_two_runs_at_the_same_time_record_each_offense_day_once(app, client, world):
    import threading

    from backend.audit_verify import verify_town
    from backend.services.accrual import run_accrual
    from tests.integration.enforcement.support_b import at, outbox

    agent, board = world.headers("carver", "agent"), world.headers("carver", "board_member", "planning")
    s, p = site("Cedar Brook"), party("Cedar Brook Homes Inc.")
    ids = [
        create_violation(client, agent, s.id, p.id, "CARVER-247", provision, "2026-04-03T09:00:00-04:00")[
            "id"
        ]
        for provision in ("CARVER-247-DESIGN-MAINTAIN", "CARVER-247-DESIGN-NO-OFFSITE-SEDIMENT")
    ]
    issued_order(
        client,
        board,
        s.id,
        ids,
        "CARVER-247",
        "noncriminal",
        "2026-04-03T12:00:00-04:00",
        PLANNING_BOARD_VOTE,
    )
    db.session.commit()
    errors: list[BaseException] = []

    def run() -> None:
        try:
            with app.app_context():
                run_accrual(at("2026-04-06T20:00:00-04:00"), offenders_per_transaction=1)
                db.session.remove()
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert errors == []
    after = counts()
    assert (after["OffenseDay"], after["FineAccrual"], after["FineAccrual.void"]) == (8, 8, 0)
    assert [n.dedupe_key for n in outbox("sms", "accrual.offense_days")] == [f"sms:accrual:{p.id}:2026-04-06"]
    report = verify_town(db.session, p.town_id, b"test-audit-key")
    assert report.ok, report.problem
