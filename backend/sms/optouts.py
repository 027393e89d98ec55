"""Opt-outs per (phone, town): STOP to Carver's sender silences Carver's texts to that number, not Upton's.

The state lives in `SmsOptOut`; every party of that town with that number mirrors it in
`Party.sms_opted_out_at`, which the enforcement jobs already check before they write an SMS intent. START
clears both (it does not grant consent a party never gave: `Party.sms_consent` is the town's record).
"""

from __future__ import annotations

import uuid

from sqlalchemy import select
from sqlalchemy.orm import Session

from backend.clock import now
from backend.models import Party
from backend.models.sms import SmsOptOut


def state(session: Session, town_id: uuid.UUID, phone: str) -> SmsOptOut | None:
    return session.scalar(
        select(SmsOptOut).where(SmsOptOut.town_id == town_id, SmsOptOut.phone_e164 == phone)
    )


def is_opted_out(session: Session, town_id: uuid.UUID, phone: str) -> bool:
    row = state(session, town_id, phone)
    return row is not None and row.opted_out_at is not None


def parties_with(session: Session, town_id: uuid.UUID, phone: str) -> list[Party]:
    return list(
        session.scalars(
            select(Party)
            .where(Party.town_id == town_id, Party.phone_e164 == phone)
            .order_by(Party.created_at, Party.id)
        )
    )


def opt_out(session: Session, town_id: uuid.UUID, phone: str, source: str) -> SmsOptOut:
    """Record the opt-out (idempotent: a second STOP keeps the first instant). Flushed, not committed."""
    at, row = now(), state(session, town_id, phone)
    if row is None:
        row = SmsOptOut(town_id=town_id, phone_e164=phone, source=source[:40], opted_out_at=at)
        session.add(row)
    elif row.opted_out_at is None:
        row.opted_out_at, row.opted_in_at, row.source = at, None, source[:40]
    for party in parties_with(session, town_id, phone):
        if party.sms_opted_out_at is None:
            party.sms_opted_out_at = row.opted_out_at
    session.flush()
    return row


def opt_in(session: Session, town_id: uuid.UUID, phone: str, source: str) -> SmsOptOut | None:
    """START: texts to this number from this town may resume. None when it never opted out."""
    row = state(session, town_id, phone)
    if row is None:
        return None
    if row.opted_out_at is not None:
        row.opted_out_at, row.opted_in_at, row.source = None, now(), source[:40]
    for party in parties_with(session, town_id, phone):
        party.sms_opted_out_at = None
    session.flush()
    return row


def language_of(session: Session, town_id: uuid.UUID, phone: str) -> str:
    """The language of the town's parties with this number when they agree, else English."""
    languages = {p.language for p in parties_with(session, town_id, phone)}
    return languages.pop() if len(languages) == 1 else "en"
