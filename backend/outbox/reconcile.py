"""Reconciliation: settle `reconcile` rows by asking the provider what it really sent.

Found (Slack: message metadata carries the dedupe key; Twilio: To + DateSent + the body's Ref marker) ->
`sent` with the provider's id, and no resend. Not found -> back to `pending` for another attempt (or `dead`
when attempts are spent). If the provider cannot be asked, the row stays in `reconcile` and is asked again
after a backoff. On PostgreSQL the row is locked while its provider is asked, so two reconcilers never
settle one row two ways.
"""
from __future__ import annotations

import datetime as dt
import logging
import random
import uuid
from dataclasses import asdict, dataclass

from sqlalchemy import or_, select
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from backend.audit import acting_as
from backend.channels.port import DeliveryError
from backend.channels.registry import Channels
from backend.clock import now
from backend.models import Notification, Town
from backend.outbox.dispatcher import recover_expired, skip_locked
from backend.outbox.policy import SKEW, DeliveryPolicy
from backend.outbox.render import RenderError, to_message

log = logging.getLogger(__name__)
ACTOR = "outbox:reconciler"


@dataclass
class ReconcileReport:
    recovered: int = 0
    found: int = 0
    requeued: int = 0
    dead: int = 0
    unsettled: int = 0

    def as_dict(self) -> dict[str, int]:
        return asdict(self)


def reconcile(session: Session, channels: Channels, as_of: dt.datetime, policy: DeliveryPolicy,
              rng: random.Random | None = None) -> ReconcileReport:
    """Settle every `reconcile` row due at `as_of` (after recovering expired leases)."""
    report, rng, seen = ReconcileReport(), rng or random.Random(), set[uuid.UUID]()
    with acting_as(ACTOR):
        report.recovered = recover_expired(session, as_of)
        while (row := _next_due(session, as_of, seen)) is not None:
            seen.add(row.id)
            _settle(session, row, channels, as_of, policy, rng, report)
            try:
                session.commit()
            except StaleDataError:
                session.rollback()
                log.warning("outbox: notification %s changed while it was reconciled", row.id)
    return report


def _next_due(session: Session, as_of: dt.datetime, seen: set[uuid.UUID]) -> Notification | None:
    stmt = (select(Notification).where(Notification.status == "reconcile",
                                       or_(Notification.next_attempt_at.is_(None),
                                           Notification.next_attempt_at <= as_of))
            .order_by(Notification.next_attempt_at, Notification.id).limit(1))
    if seen:
        stmt = stmt.where(Notification.id.not_in(seen))
    return session.scalar(skip_locked(session, stmt))


def _settle(session: Session, row: Notification, channels: Channels, as_of: dt.datetime,
            policy: DeliveryPolicy, rng: random.Random, report: ReconcileReport) -> None:
    try:
        provider_id = _ask_provider(session, row, channels)
    except Exception as exc:  # noqa: BLE001 - cannot ask now: stay in reconcile, ask again later
        if not isinstance(exc, (DeliveryError, RenderError)):
            log.exception("outbox: unexpected error reconciling %s", row.id)
        # in reconcile, lease_until ends reconciliation's bound (set at the first unanswered ask)
        row.lease_until = row.lease_until or as_of + policy.reconcile_bound
        if as_of >= row.lease_until:  # never left in reconcile: dead-letter it, for a person to check
            row.status, row.next_attempt_at, row.lease_until = "dead", None, None
            row.error_code = "reconcile_timeout"
            why = f"the provider could not be asked whether it was sent ({exc}); check there, then re-drive"
            row.last_error = f"not settled within {policy.reconcile_minutes:g} minutes: {why}"[:2000]
            report.dead += 1
            return
        row.next_attempt_at = min(row.lease_until, as_of + policy.retry_delay(
            row.attempts, rng, getattr(exc, "retry_after", None)))
        row.last_error = f"reconcile could not ask the provider: {exc}"[:2000]
        report.unsettled += 1
        return
    row.lease_until = None
    if provider_id:
        row.status, row.provider_id, row.sent_at, row.next_attempt_at = "sent", provider_id, now(), None
        row.last_error = f"{row.last_error or ''} | reconciled: the provider had it".strip(" |")[:2000]
        report.found += 1
    elif row.attempts >= policy.max_attempts:
        row.status, row.next_attempt_at = "dead", None
        row.last_error = f"{row.last_error or ''} | reconciled: not at the provider".strip(" |")[:2000]
        report.dead += 1
    else:
        row.status, row.next_attempt_at = "pending", as_of
        report.requeued += 1


def _ask_provider(session: Session, row: Notification, channels: Channels) -> str | None:
    channel = channels.get(row.channel)
    if channel is None:
        raise RenderError(f"no channel named {row.channel!r}")
    town = session.get(Town, row.town_id)
    message = to_message(row, town.slug if town else "")
    return channel.find_sent(message, row.created_at - SKEW)
