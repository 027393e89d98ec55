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
