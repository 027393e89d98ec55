"""Tasks: the worker heartbeat (the enforcement issue adds the periodic bylaw jobs)."""
from __future__ import annotations

from functools import cache

from huey import crontab

from backend import create_app
from backend.clock import now
from backend.extensions import db
from backend.jobs import huey
from backend.jobs.heartbeat import record_success
from backend.jobs.runner import run_due
from backend.outbox.jobs import run_cycle


@cache
def _app():  # type: ignore[no-untyped-def]
    return create_app()


@huey.on_startup()
def _warm() -> None:
    """Build the app when the consumer starts, not on the first task: else the first board alert after a
    deploy or restart waits for the whole composition root (seconds)."""
    _app()


@huey.periodic_task(crontab(minute="*"))
def heartbeat() -> None:
    with _app().app_context():
        record_success("worker-heartbeat", _app().config["SETTINGS"].heartbeat_stale_seconds)


def _outbox_cycle() -> None:
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
    with _app().app_context():
        run_due(now())
