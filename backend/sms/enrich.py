"""Completing a reminder's SMS row at its first delivery attempt: the party's language, a link, the facts.

Shared by the reminder kinds (backend/notifications/kinds/): `complete` adds `payload["sms"]` once (the row
update is audited, so the outbox keeps exactly what the text was built from); `enrich_reminder` is the
deadline reminders' step (stabilization, 90-day report, inspection-event notice). A kind with facts of its
own (the daily accrual, the review meeting, the permit expiry) declares its step in its module.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from backend.clock import now
from backend.models import Deadline, Notification, Party, Town
from backend.sms import links
from backend.sms.messages import base_payload, party_of, reminder_facts, reminder_link

Found = tuple[links.ShortLink, dict[str, Any]] | None  # the link and the text's facts; None: unknown record


def complete(session: Session, row: Notification,
              find: Callable[[dict[str, Any], Party, Town], Found]) -> bool:
    """Add payload["sms"] to a reminder once (its first attempt): the party's language and contact, a link,
    and the facts `find` reads for its record. False when the party, the town or the record is unknown (the
    job's own text is sent)."""
    payload = dict(row.payload or {})
    if "sms" in payload:
        return True
    party, town = party_for_row(session, row), session.get(Town, row.town_id)
    found = find(payload, party, town) if party is not None and town is not None else None
    if found is None:
        return False
    link, facts = found
    if link.notification_id is None:  # a case's stable link names the first text that carried it
        link.notification_id = row.id
    payload["sms"] = base_payload(party, town, link) | facts | {"enriched_at": now().isoformat()}  # type: ignore[arg-type]
    row.payload = payload
    return True


def enrich_reminder(session: Session, row: Notification) -> bool:
    """A deadline reminder: the deadline's facts and a link to its site's notice page."""
    def find(payload: dict[str, Any], party: Party, town: Town) -> Found:
        deadline_id = as_uuid(payload.get("deadline_id"))
        deadline = session.get(Deadline, deadline_id) if deadline_id else None
        if deadline is None or deadline.town_id != row.town_id or deadline.latest_on is None:
            return None
        return reminder_link(session, deadline, party, row.template), reminder_facts(session, deadline, town)
    return complete(session, row, find)


def as_uuid(value: Any) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


def party_for_row(session: Session, row: Notification) -> Party | None:
    party = party_of(session, as_uuid((row.payload or {}).get("party_id")), row.town_id)
    if party is not None:
        return party
    return session.scalar(
        select(Party)
        .where(Party.town_id == row.town_id, Party.phone_e164 == row.recipient)
        .order_by(Party.created_at, Party.id)
        .limit(1)
    )
