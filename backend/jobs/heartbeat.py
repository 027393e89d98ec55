"""Job heartbeats: the last success (and last error) of each job, read by /healthz."""
from __future__ import annotations

from sqlalchemy import select

from backend.clock import now
from backend.extensions import db
from backend.models import JobHeartbeat


def record_success(name: str, max_age_seconds: int) -> None:
    """Upsert the last-success time of a job (read by /healthz)."""
    beat = db.session.scalar(select(JobHeartbeat).where(JobHeartbeat.name == name))
    if beat is None:
        beat = JobHeartbeat(name=name)
        db.session.add(beat)
    beat.last_success_at, beat.max_age_seconds, beat.last_error = now(), max_age_seconds, None
    db.session.commit()
