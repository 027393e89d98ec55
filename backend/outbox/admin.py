"""Operating the outbox: list, counts by status, and re-driving dead or failed notifications."""
from __future__ import annotations

import uuid
from collections import Counter

from apiflask import abort
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from backend.channels.errors import OPT_OUT_CODES
from backend.clock import now
from backend.models import Notification, Town
from backend.security import Principal, get_in_town

REDRIVABLE = ("dead", "failed")


class RedriveRefused(Exception):
    """The notification is not dead or failed, or its recipient opted out."""


def redrive(row: Notification) -> Notification:
    """Back to `pending` with a fresh set of attempts (the audit chain keeps the history)."""
    if row.status not in REDRIVABLE:
        raise RedriveRefused(f"only dead or failed notifications can be re-driven; this one is {row.status}")
    if row.error_code in OPT_OUT_CODES:
        raise RedriveRefused("the recipient opted out (replied STOP): this message must not be sent again")
    row.status, row.attempts, row.next_attempt_at, row.lease_until = "pending", 0, now(), None
    return row


def redrive_in_town(who: Principal, notification_id: uuid.UUID, session: Session) -> Notification:
    """POST /outbox/<id>/redrive: another town's notification is a 404, a refused one a 409."""
    row = get_in_town(Notification, notification_id)
    try:
        redrive(row)
    except RedriveRefused as exc:
        abort(409, str(exc), detail={"status": row.status, "error_code": row.error_code})
    session.commit()
    return row


def list_in_town(session: Session, town_id: uuid.UUID, status: str | None, limit: int,
                 offset: int) -> list[Notification]:
    stmt = select(Notification).where(Notification.town_id == town_id)
    if status:
        stmt = stmt.where(Notification.status == status)
    stmt = stmt.order_by(Notification.created_at.desc(), Notification.id).limit(limit).offset(offset)
    return list(session.scalars(stmt))


def status_counts(session: Session, town_slug: str | None = None) -> dict[str, Counter[str]]:
    """Town slug -> status -> count."""
    stmt = (select(Town.slug, Notification.status, func.count()).join(Town, Town.id == Notification.town_id)
            .group_by(Town.slug, Notification.status))
    if town_slug:
        stmt = stmt.where(Town.slug == town_slug)
    counts: dict[str, Counter[str]] = {}
    for slug, status, count in session.execute(stmt):
        counts.setdefault(slug, Counter())[status] = count
    return counts


def describe(row: Notification) -> list[tuple[str, object]]:
    """The row's delivery state, line by line, for `flask outbox show`."""
    return [("id", row.id), ("channel", row.channel), ("recipient", row.recipient), ("kind", row.template),
            ("status", row.status), ("attempts", row.attempts), ("error", row.error_code or "-"),
            ("provider id", row.provider_id or "-"),
            ("sent at", row.sent_at.isoformat() if row.sent_at else "-")]


def dead_ids(session: Session, town_slug: str | None = None) -> list[uuid.UUID]:
    stmt = select(Notification.id).where(Notification.status == "dead")
    if town_slug:
        stmt = stmt.join(Town, Town.id == Notification.town_id).where(Town.slug == town_slug)
    return list(session.scalars(stmt.order_by(Notification.created_at)))
