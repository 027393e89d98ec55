"""Stored deadlines of a town: by site, by the authority whose chapter they belong to, due within N days."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

from sqlalchemy import false, or_, select

from backend.clock import now
from backend.extensions import db
from backend.models import Authority, Deadline, Site
from backend.models.towns import AUTHORITY_KINDS
from backend.security import Principal, get_in_town
from inspections.calendar import end_of_day, local_date
from inspections.errors import Invalid


def _chapters(who: Principal, authority: str) -> set[str]:
    try:
        boards = [get_in_town(Authority, uuid.UUID(authority))]
    except ValueError:
        if authority not in AUTHORITY_KINDS:
            raise Invalid(
                "unknown authority",
                detail={"query": {"authority": [f"an authority id, or one of {', '.join(AUTHORITY_KINDS)}"]}},
            ) from None
        boards = list(
            db.session.scalars(
                select(Authority).where(Authority.town_id == who.town_id, Authority.kind == authority)
            )
        )
    return {c for b in boards for c in (b.chapters or [])}


def due_at(row: Deadline) -> dt.datetime | None:
    return row.latest_at or (end_of_day(row.latest_on) if row.latest_on else None)


def list_deadlines(who: Principal, query: dict[str, Any]) -> list[Deadline]:
    stmt = select(Deadline).where(Deadline.town_id == who.town_id)
    if query["site_id"] is not None:
        stmt = stmt.where(Deadline.site_id == get_in_town(Site, query["site_id"]).id)
    if query["authority"] is not None:
        chapters = sorted(_chapters(who, query["authority"]))
        stmt = stmt.where(or_(*[Deadline.rule_id.like(f"{c}-%") for c in chapters]) if chapters else false())
    if query["status"] != "all":
        stmt = stmt.where(Deadline.status == query["status"])
    if query["due_within_days"] is not None:
        last = local_date(now()) + dt.timedelta(days=query["due_within_days"])
        stmt = stmt.where(Deadline.latest_on.is_not(None), Deadline.latest_on <= last)
    stmt = stmt.order_by(Deadline.latest_on.is_(None), Deadline.latest_on, Deadline.created_at, Deadline.id)
    rows = list(db.session.scalars(stmt.limit(query["limit"])))
    at = now()
    for row in rows:
        due = due_at(row)
        row.overdue = row.status == "open" and due is not None and due < at  # type: ignore[attr-defined]
    return rows
