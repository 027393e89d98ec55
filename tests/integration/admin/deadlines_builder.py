"""Deadline rows for the tests, computed by the bylaw engine and stored as the enforcement jobs store them."""

from __future__ import annotations

import datetime as dt
import uuid

from sqlalchemy import select

from backend.audit import acting_as
from backend.extensions import db
from backend.models import Deadline, Permit
from inspections.deadlines.core import Deadline as EngineDeadline


def permit(number: str) -> Permit:
    return db.session.scalar(select(Permit).where(Permit.number == number))


def store(p: Permit, engine: EngineDeadline) -> uuid.UUID:
    with acting_as("test:jobs"):
        row = Deadline(
            town_id=p.town_id,
            site_id=p.site_id,
            subject_type="permit",
            subject_id=p.id,
            kind=str(engine.kind),
            rule_id=engine.rule_id,
            citation=engine.citation[:80],
            label=engine.label[:300],
            binds=engine.binds,
            earliest_on=engine.earliest_on,
            latest_on=engine.latest_on,
            earliest_at=engine.earliest_at,
            latest_at=engine.latest_at,
            explanation=engine.explanation.line,
        )
        db.session.add(row)
        db.session.commit()
        return row.id


def status(deadline_id: uuid.UUID) -> str:
    db.session.expire_all()
    return db.session.get(Deadline, deadline_id).status


def at(year: int, month: int, day: int, hour: int = 15) -> dt.datetime:
    return dt.datetime(year, month, day, hour, tzinfo=dt.UTC)
