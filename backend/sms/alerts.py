"""Telling the board when a permittee cannot be reached by SMS (so the notice goes by mail or hand).

One Slack intent per failed text and board: the boards enforcing the chapters of the records the text was
about (its order, violation or violations), else of the party's open violations, else of its permits, else
every board of the town. Unconfigured boards fail visibly in the outbox, as every board alert does.
"""

from __future__ import annotations

import hashlib
import uuid
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from backend.channels.undelivered import reason_words
from backend.models import Authority, EnforcementOrder, Notification, Party, Permit, Violation
from backend.notifications.catalogue import named as text_words
from backend.outbox.intents import enqueue
from backend.services.notify import board_recipient

TEMPLATE = "sms.unreachable"


def _ids(payload: dict[str, Any], *keys: str) -> list[uuid.UUID]:
    out = []
    for key in keys:
        values = payload.get(key)
        for value in values if isinstance(values, list) else [values]:
            try:
                out.append(uuid.UUID(str(value)))
            except ValueError:
                continue
    return out


def chapters_of(session: Session, town_id: uuid.UUID, about: dict[str, Any], party: Party | None) -> set[str]:
    found = {
        o.chapter
        for i in _ids(about, "order_id")
        if (o := session.get(EnforcementOrder, i)) and o.town_id == town_id
    }
    found |= {
        v.chapter
        for i in _ids(about, "violation_id", "violation_ids")
        if (v := session.get(Violation, i)) and v.town_id == town_id
    }
    if not found and party is not None:
        found = set(
            session.scalars(
                select(Violation.chapter).where(
                    Violation.town_id == town_id,
                    Violation.offender_id == party.id,
                    Violation.status != "closed",
                )
            )
        )
    if not found and party is not None:
        found = set(
            session.scalars(
                select(Permit.chapter).where(
                    Permit.town_id == town_id,
                    or_(Permit.permittee_id == party.id, Permit.operator_id == party.id),
                )
            )
        )
    return found


def boards_for(session: Session, town_id: uuid.UUID, chapters: set[str]) -> list[Authority]:
    boards = list(
        session.scalars(select(Authority).where(Authority.town_id == town_id).order_by(Authority.name))
    )
    chosen = [b for b in boards if chapters & set(b.chapters or [])]
    return chosen or boards


def tell_boards(
    session: Session,
    town_id: uuid.UUID,
    phone: str,
    party: Party | None,
    text: str,
    key: str,
    about: dict[str, Any] | None = None,
) -> int:
    """Enqueue the alert for each board concerned (dedupe: `key` + board); returns how many were written."""
    written = 0
    for board in boards_for(session, town_id, chapters_of(session, town_id, about or {}, party)):
        payload = {
            "text": text,
            "authority_id": str(board.id),
            "phone": phone,
            "party_id": str(party.id) if party else None,
        }
        recipient = board_recipient(board)
        digest = hashlib.sha256(f"{key}|{board.id}".encode()).hexdigest()[:24]
        enqueue(session, town_id, "slack", recipient, TEMPLATE, payload, f"{town_id}:sms-alert:{digest}")
        written += 1
    return written


def text_not_delivered(session: Session, row: Notification, party: Party | None, reason: str) -> int:
    """A text failed or died: the board makes sure the notice is served by mail or in hand. `reason` is
    `<code>: <why>` (e.g. `twilio:30006: landline ...`); the board reads it in words."""
    who = party.name if party is not None else row.recipient
    code, _, why = reason.partition(": ")
    which = text_words(row.template)
    text = (
        f"A text to {who} ({row.recipient}) could not be delivered: {reason_words(code, why or reason)}. "
        f"{which[:1].upper()}{which[1:]} did not reach them; make sure the notice is served by mail or in "
        "hand."
    )
    return tell_boards(
        session, row.town_id, row.recipient, party, text, f"sms-unreachable:{row.id}", row.payload or {}
    )


def opted_out(session: Session, town_id: uuid.UUID, phone: str, party: Party | None, at: str) -> int:
    """The permittee texted STOP: told once per opt-out (a later STOP while opted out says nothing)."""
    who = party.name if party is not None else phone
    text = (
        f"{who} ({phone}) texted STOP: no more SMS to this number until they text START. Notices go by "
        f"mail or in hand as always."
    )
    return tell_boards(session, town_id, phone, party, text, f"sms-stop:{phone}:{at}")
