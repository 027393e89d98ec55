"""Tasks: the worker heartbeat (the enforcement issue adds the periodic bylaw jobs)."""
from __future__ import annotations

from functools import cache

from huey import crontab
from sqlalchemy import select

from backend.jobs import huey


@cache
def _app():  # type: ignore[no-untyped-def]
    from backend import create_app
    return create_app()


def record_success(name: str, max_age_seconds: int) -> None:
    """Upsert the last-success time of a job (read by /healthz)."""
    from backend.clock import now
    from backend.extensions import db
    from backend.models import JobHeartbeat
    beat = db.session.scalar(select(JobHeartbeat).where(JobHeartbeat.name == name))
    if beat is None:
        beat = JobHeartbeat(name=name)
        db.session.add(beat)
    beat.last_success_at, beat.max_age_seconds, beat.last_error = now(), max_age_seconds, None
    db.session.commit()


@huey.periodic_task(crontab(minute="*"))
def heartbeat() -> None:
    with _app().app_context():
        record_success("worker-heartbeat", _app().config["SETTINGS"].heartbeat_stale_seconds)


def _outbox_cycle() -> None:
    from backend.extensions import db
    from backend.outbox.jobs import run_cycle
    with _app().app_context():
        run_cycle(db.session)
        record_success("outbox", 300)


@huey.periodic_task(crontab(minute="*"))
def outbox_periodic() -> None:
    """Deliver due notifications and settle ambiguous ones (the outbox's safety net)."""
    _outbox_cycle()


@huey.task()
def outbox_kick() -> None:
    """Enqueued after a commit that added notifications, so they go out without waiting a minute."""
    _outbox_cycle()


@huey.periodic_task(crontab(minute="7"))
def bylaw_jobs() -> None:
    """Hourly: every periodic bylaw job for this instant (offense-days, citations, reminders, escalations).
    Each is idempotent, so the hourly run only adds what a new local day or a late-entered record brings."""
    from backend.clock import now
    from backend.jobs.runner import run_due
    with _app().app_context():
        run_due(now())
