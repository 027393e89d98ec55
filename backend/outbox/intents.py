"""Notification intents: `enqueue` writes one outbox row in the caller's transaction, once per dedupe key."""
from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy import select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from backend.clock import now
from backend.models import Notification
from backend.outbox import CHANNELS


def enqueue(session: Session, town_id: uuid.UUID, channel: str, recipient: str, template: str,
            payload: dict[str, Any], dedupe_key: str) -> Notification:
    """Add a pending notification, or return the existing row with this dedupe key (a no-op).

    Nothing is committed here. A duplicate key never breaks the caller's transaction: the insert runs in a
    savepoint, so a concurrent writer's row only rolls back that savepoint.
    """
    _check(channel, recipient, template, payload, dedupe_key)
    existing = _find(session, dedupe_key)
    if existing is not None:
        return _same_town(existing, town_id)
    row = Notification(town_id=town_id, channel=channel, recipient=recipient, template=template,
                       payload=payload, dedupe_key=dedupe_key, status="pending", attempts=0,
                       next_attempt_at=now())
    return insert_or_get(session, row)


def insert_or_get(session: Session, row: Notification) -> Notification:
    """Insert `row` in a savepoint; on a unique-key clash return the row that won instead."""
    session.flush()  # the caller's own pending writes must not fail inside our savepoint
    _begin_real_transaction(session)
    try:
        with session.begin_nested():
            session.add(row)
    except IntegrityError:
        existing = _find(session, row.dedupe_key)
        if existing is None:
            raise
        return _same_town(existing, row.town_id)
    return row


def _find(session: Session, dedupe_key: str) -> Notification | None:
    return session.scalar(select(Notification).where(Notification.dedupe_key == dedupe_key))


def _same_town(row: Notification, town_id: uuid.UUID) -> Notification:
    if row.town_id != town_id:
        raise ValueError(f"dedupe key {row.dedupe_key!r} belongs to another town; prefix keys by town")
    return row


def _begin_real_transaction(session: Session) -> None:
    """pysqlite opens its transaction lazily at the first DML, and a SAVEPOINT outside one would commit on
    release. A no-op UPDATE opens it first, so the savepoint nests inside the caller's transaction."""
    conn = session.connection()
    if conn.dialect.name == "sqlite" and not conn.connection.dbapi_connection.in_transaction:  # type: ignore
        conn.execute(text("UPDATE notifications SET status = status WHERE 1 = 0"))


def _check(channel: str, recipient: str, template: str, payload: dict[str, Any], dedupe_key: str) -> None:
    problems = {
        "channel": channel not in CHANNELS,
        "recipient": not recipient or len(recipient) > 120,
        "template": not template or len(template) > 60,
        "payload": not isinstance(payload, dict),
        "dedupe_key": not dedupe_key or len(dedupe_key) > 200,
    }
    bad = [name for name, wrong in problems.items() if wrong]
    if bad:
        raise ValueError(f"invalid notification intent: {', '.join(bad)}")
