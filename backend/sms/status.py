"""Delivery receipts (Twilio status callbacks) and the texts that never reached their permittee.

Each callback is recorded once per (message, status). An `undelivered` or `failed` one settles the outbox row
by the error table (`errors`): 21610 opts the number out for the town; a permanent code fails the row; a
transient one sends it again with backoff until OUTBOX_MAX_ATTEMPTS, then it is dead. Failed and dead rows
tell the board (Slack) that the permittee cannot be reached by SMS. `undelivered_since` is what the board's
API and daily digest read.
"""

from __future__ import annotations

import datetime as dt
import random
import uuid
from collections.abc import Mapping
from dataclasses import dataclass

from flask import current_app
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from backend.channels import errors
from backend.clock import now
from backend.extensions import db
from backend.models import Notification, Party
from backend.models.sms import DELIVERY_STATUSES, SmsDeliveryEvent
from backend.outbox.policy import DeliveryPolicy
from backend.sms import alerts, optouts
from backend.sms.enrich import party_for_row

FAILED = ("undelivered", "failed")
GAVE_UP = ("failed", "dead")
RETRY_HORIZON = dt.timedelta(days=7)  # a text settles within days of its creation (backoff is capped at 1 h)


def notification_for(session: Session, sid: str) -> Notification | None:
    row = session.scalar(
        select(Notification).where(Notification.provider_id == sid, Notification.channel == "sms").limit(1)
    )
    if row is not None:
        return row
    earlier = session.scalar(
        select(SmsDeliveryEvent.notification_id).where(SmsDeliveryEvent.message_sid == sid).limit(1)
    )
    return session.get(Notification, earlier) if earlier else None


def receive(session: Session, form: Mapping[str, str]) -> SmsDeliveryEvent | None:
    """Record a callback and commit; once more if the outbox changed the row meanwhile (a stale version)."""
    for attempt in range(2):
        try:
            event = record_status(session, form)
            session.commit()
            return event
        except StaleDataError:
            session.rollback()
            if attempt:
                raise
    return None


def record_status(session: Session, form: Mapping[str, str]) -> SmsDeliveryEvent | None:
    """Record one callback (idempotent). None when it names no message of ours or no known status."""
    sid = (form.get("MessageSid") or form.get("SmsSid") or "")[:64]
    status = (form.get("MessageStatus") or form.get("SmsStatus") or "").lower()
    row = notification_for(session, sid) if sid and status in DELIVERY_STATUSES else None
    if row is None:
        return None
    existing = session.scalar(
        select(SmsDeliveryEvent).where(SmsDeliveryEvent.message_sid == sid, SmsDeliveryEvent.status == status)
    )
    if existing is not None:
        return existing
    party = party_for_row(session, row)
    code = (form.get("ErrorCode") or "").strip()[:20] or None
    event = SmsDeliveryEvent(
        town_id=row.town_id,
        notification_id=row.id,
        party_id=party.id if party else None,
        message_sid=sid,
        status=status,
        error_code=code,
        to_number=(form.get("To") or row.recipient)[:20],
    )
    try:
        with session.begin_nested():
            session.add(event)
    except IntegrityError:  # the same callback, delivered twice at once
        return session.scalar(
            select(SmsDeliveryEvent).where(
                SmsDeliveryEvent.message_sid == sid, SmsDeliveryEvent.status == status
            )
        )
    if status in FAILED:
        event.outcome = settle(session, row, sid, code, party)
    return event


def settle(session: Session, row: Notification, sid: str, code: str | None, party: Party | None) -> str:
    """What an undelivered/failed receipt does to the outbox row; returns the outcome recorded."""
    if row.provider_id != sid or row.status != "sent":
        return "superseded"  # a receipt for an earlier attempt, or the row was settled meanwhile
    label = f"twilio:{code}" if code else "twilio:undelivered"
    rule = errors.consequence(code)
    row.error_code, row.last_error = label, f"delivery receipt {sid}: {rule.why}"[:2000]
    if rule.effect is errors.Effect.OPT_OUT:
        optouts.opt_out(session, row.town_id, row.recipient, label)
        row.status, outcome = "failed", "opted_out"
    elif rule.effect is errors.Effect.UNDELIVERABLE:
        row.status, outcome = "failed", "undeliverable"
    elif row.attempts < _policy().max_attempts:
        row.status, row.next_attempt_at = (
            "pending",
            now() + _policy().retry_delay(row.attempts, random.Random()),
        )
        return "retry"
    else:
        row.status, outcome = "dead", "gave_up"
    row.next_attempt_at = None
    alerts.text_not_delivered(session, row, party, f"{label}: {rule.why}")
    return outcome


def _policy() -> DeliveryPolicy:
    return DeliveryPolicy.from_settings(current_app.config["SETTINGS"])


@dataclass(frozen=True)
class Undelivered:
    notification_id: uuid.UUID
    party_id: uuid.UUID | None
    party_name: str | None
    recipient: str
    template: str
    status: str  # failed | dead (the outbox row)
    error_code: str | None
    reason: str | None
    at: dt.datetime


def undelivered_since(
    town_id: uuid.UUID, since: dt.datetime, session: Session | None = None
) -> list[Undelivered]:
    """Texts of the town that failed or died (at send or by receipt) since `since`, oldest first."""
    session = session or db.session
    rows = session.scalars(
        select(Notification)
        .where(
            Notification.town_id == town_id,
            Notification.channel == "sms",
            Notification.status.in_(GAVE_UP),
            Notification.created_at >= since - RETRY_HORIZON,
        )
        .order_by(Notification.created_at, Notification.id)
    )
    out = []
    for row in rows:
        at = _settled_at(session, row)
        if at >= since:
            party = party_for_row(session, row)
            out.append(
                Undelivered(
                    row.id,
                    party.id if party else None,
                    party.name if party else None,
                    row.recipient,
                    row.template,
                    row.status,
                    row.error_code,
                    row.last_error,
                    at,
                )
            )
    return sorted(out, key=lambda u: (u.at, str(u.notification_id)))


def _settled_at(session: Session, row: Notification) -> dt.datetime:
    receipt = session.scalar(
        select(SmsDeliveryEvent.received_at)
        .where(SmsDeliveryEvent.notification_id == row.id, SmsDeliveryEvent.status.in_(FAILED))
        .order_by(SmsDeliveryEvent.received_at.desc())
        .limit(1)
    )
    return receipt or row.sent_at or row.created_at
