"""The dispatcher: claims due notifications, sends each through its channel once, records the outcome.

Claims are short transactions: PostgreSQL locks due rows with `FOR UPDATE SKIP LOCKED`, so concurrent
dispatchers take disjoint batches; every update is conditional on the row's version (SQLite's claim is that
conditional UPDATE). A claimed row carries a lease; a row still `sending` after its lease belonged to a
dispatcher that died between the provider call and its commit, so it goes to `reconcile`, never straight
back to `pending`. Each outcome is committed on its own, right after its provider call.
"""
from __future__ import annotations

import datetime as dt
import logging
import random
import uuid
from dataclasses import asdict, dataclass, field
from typing import Protocol

from sqlalchemy import or_, select
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from backend.audit import acting_as
from backend.channels.port import (
    AmbiguousError,
    DeliveryError,
    DeliveryResult,
    Message,
    PermanentError,
    words_of,
)
from backend.channels.registry import Channels
from backend.clock import now
from backend.models import Notification, Town
from backend.outbox.policy import DeliveryPolicy
from backend.outbox.render import to_message

log = logging.getLogger(__name__)
ACTOR = "outbox:dispatcher"


class ChannelHooks(Protocol):
    """A channel's own rules around a delivery (backend/sms registers SMS quiet hours and opt-outs).

    `before_send` may hold the row until an instant (no attempt spent), refuse it with a DeliveryError, or
    complete its payload (None: send now); `after_failure` sees every row that failed or died on an error.
    """

    def before_send(self, session: Session, row: Notification,
                    as_of: dt.datetime) -> dt.datetime | DeliveryError | None: ...

    def after_failure(self, session: Session, row: Notification, exc: DeliveryError) -> None: ...


HOOKS: dict[str, ChannelHooks] = {}  # channel name -> hooks, registered at start-up


@dataclass
class DispatchReport:
    recovered: int = 0
    sent: int = 0
    retried: int = 0
    reconcile: int = 0
    failed: int = 0
    dead: int = 0
    deferred: int = 0
    lost_lease: int = 0

    def as_dict(self) -> dict[str, int]:
        return asdict(self)


def dispatch(session: Session, channels: Channels, as_of: dt.datetime, policy: DeliveryPolicy,
             rng: random.Random | None = None, max_batches: int | None = None) -> DispatchReport:
    """One pass: recover expired leases, then deliver every row due at `as_of` (retries land after it)."""
    run = _Run(session, channels, as_of, policy, rng or random.Random())
    with acting_as(ACTOR):
        run.report.recovered = recover_expired(session, as_of)
        batches = 0
        while (max_batches is None or batches < max_batches) and (ids := claim(session, as_of, policy)):
            for notification_id in ids:
                run.deliver_isolated(notification_id)
            batches += 1
    return run.report


def claim(session: Session, as_of: dt.datetime, policy: DeliveryPolicy) -> list[uuid.UUID]:
    """Mark up to a batch of due rows `sending` under a lease and commit; returns their ids."""
    due = (select(Notification).where(Notification.status == "pending",
                                      or_(Notification.next_attempt_at.is_(None),
                                          Notification.next_attempt_at <= as_of))
           .order_by(Notification.next_attempt_at, Notification.id).limit(policy.batch_size))
    for _ in range(5):
        rows = list(session.scalars(skip_locked(session, due)))
        for row in rows:
            row.status, row.lease_until, row.attempts = "sending", as_of + policy.lease, row.attempts + 1
        ids = [row.id for row in rows]
        try:
            session.commit()
            return ids
        except StaleDataError:  # SQLite: another dispatcher claimed one of them first; take a fresh look
            session.rollback()
    return []


def recover_expired(session: Session, as_of: dt.datetime) -> int:
    """Rows left `sending` past their lease may have been sent: hand them to reconciliation."""
    stmt = select(Notification).where(Notification.status == "sending", Notification.lease_until < as_of)
    rows = list(session.scalars(skip_locked(session, stmt)))
    for row in rows:
        row.status, row.lease_until, row.next_attempt_at = "reconcile", None, as_of
        row.error_code = "lease_expired"
        row.last_error = "the dispatcher lost its lease mid-delivery (killed?); asking the provider"
    try:
        session.commit()
    except StaleDataError:
        session.rollback()
        return 0
    return len(rows)


def skip_locked(session: Session, stmt):  # type: ignore[no-untyped-def]
    return stmt.with_for_update(skip_locked=True) if session.get_bind().dialect.name == "postgresql" else stmt


@dataclass
class _Run:
    session: Session
    channels: Channels
    as_of: dt.datetime
    policy: DeliveryPolicy
    rng: random.Random
    report: DispatchReport = field(default_factory=DispatchReport)
    cooldown: dict[str, dt.datetime] = field(default_factory=dict)  # channel -> rate-limited until
    slugs: dict[uuid.UUID, str] = field(default_factory=dict)

    def deliver_isolated(self, notification_id: uuid.UUID) -> None:
        """One row, on its own: whatever it raises (a payload no template or hook can handle) dead-letters
        that row at once with its error, and the rest of the batch goes on."""
        try:
            self.deliver(notification_id)
        except Exception as exc:  # noqa: BLE001 - a poison row must not stop the others
            self.session.rollback()
            log.exception("outbox: notification %s cannot be handled; dead-lettered", notification_id)
            self._dead_letter(notification_id, exc)

    def _dead_letter(self, notification_id: uuid.UUID, exc: Exception) -> None:
        row = self.session.get(Notification, notification_id)
        if row is None or row.status != "sending":
            return
        self._note(row, "dead", PermanentError(f"cannot be handled: {exc!r}"[:1000], "poison"), None)
        self.report.dead += 1
        try:
            self.session.commit()
        except StaleDataError:
            self.session.rollback()

    def deliver(self, notification_id: uuid.UUID) -> None:
        row = self.session.get(Notification, notification_id)
        if row is None or row.status != "sending":
            return
        if self.cooldown.get(row.channel, self.as_of) > self.as_of:
            self._defer(row, self.cooldown[row.channel])
        else:
            self._attempt(row)
        try:
            self.session.commit()
        except StaleDataError:  # our lease expired and someone else settled the row; theirs stands
            self.session.rollback()
            self.report.lost_lease += 1
            log.warning("outbox: notification %s changed while we delivered it", notification_id)

    def _attempt(self, row: Notification) -> None:
        if self._held(row):
            return
        message = self._prepare(row)
        channel = self.channels.get(row.channel)
        if message is None:
            return
        if channel is None:
            self._fail(row, PermanentError(f"no channel named {row.channel!r}", "config:channel"))
            return
        row.sent_text, row.sent_blocks = words_of(channel, message)  # what is sent is what is kept
        try:
            result = channel.send(message)
        except DeliveryError as exc:
            self._settle_error(row, exc)
        except Exception as exc:  # noqa: BLE001 - an adapter bug after the request may have gone out
            log.exception("outbox: unexpected error delivering %s", row.id)
            self._to_reconcile(row, AmbiguousError(f"unexpected {exc!r}", "unexpected"))
        else:
            self._sent(row, result)

    def _held(self, row: Notification) -> bool:
        """The channel's hook held the row (quiet hours: back to pending until then) or refused it."""
        hook = HOOKS.get(row.channel)
        verdict = hook.before_send(self.session, row, self.as_of) if hook is not None else None
        if isinstance(verdict, DeliveryError):
            self._settle_error(row, verdict)
        elif verdict is not None:
            self._defer(row, verdict)
        return verdict is not None

    def _prepare(self, row: Notification) -> Message | None:
        """The message, or None after recording why it cannot be built (nothing was sent)."""
        try:
            return to_message(row, self._slug(row.town_id))
        except DeliveryError as exc:  # a builder may say "not yet" (e.g. the thread's parent is unposted)
            self._settle_error(row, exc)
        except Exception as exc:  # noqa: BLE001 - RenderError or a template bug: fail it visibly
            log.warning("outbox: cannot render %s: %r", row.id, exc)
            self._fail(row, PermanentError(str(exc) or repr(exc), "render"))
        return None

    def _settle_error(self, row: Notification, exc: DeliveryError) -> None:
        if isinstance(exc, PermanentError):
            self._fail(row, exc)
        elif isinstance(exc, AmbiguousError):
            self._to_reconcile(row, exc)
        else:
            self._retry(row, exc)
        hook = HOOKS.get(row.channel)
        if hook is not None and row.status in ("failed", "dead"):
            hook.after_failure(self.session, row, exc)

    def _sent(self, row: Notification, result: DeliveryResult) -> None:
        row.status, row.provider_id, row.sent_at, row.lease_until = "sent", result.provider_id, now(), None
        self.report.sent += 1

    def _fail(self, row: Notification, exc: DeliveryError) -> None:
        self._note(row, "failed", exc, None)
        self.report.failed += 1

    def _to_reconcile(self, row: Notification, exc: DeliveryError) -> None:
        self._note(row, "reconcile", exc, self.as_of + self.policy.settle)
        self.report.reconcile += 1

    def _retry(self, row: Notification, exc: DeliveryError) -> None:
        if row.attempts >= self.policy.max_attempts:
            self._note(row, "dead", exc, None)
            self.report.dead += 1
            return
        retry_at = self.as_of + self.policy.retry_delay(row.attempts, self.rng, exc.retry_after)
        if exc.retry_after is not None:
            self.cooldown[row.channel] = max(retry_at, self.cooldown.get(row.channel, retry_at))
        self._note(row, "pending", exc, retry_at)
        self.report.retried += 1

    def _defer(self, row: Notification, until: dt.datetime) -> None:
        """The provider asked this run to back off: give the claim back without spending an attempt."""
        row.status, row.lease_until, row.next_attempt_at = "pending", None, until
        row.attempts -= 1
        self.report.deferred += 1

    @staticmethod
    def _note(row: Notification, status: str, exc: DeliveryError, next_at: dt.datetime | None) -> None:
        row.status, row.lease_until, row.next_attempt_at = status, None, next_at
        row.error_code, row.last_error = exc.code, f"attempt {row.attempts}: {exc.reason}"[:2000]

    def _slug(self, town_id: uuid.UUID) -> str:
        if town_id not in self.slugs:
            town = self.session.get(Town, town_id)
            self.slugs[town_id] = town.slug if town else ""
        return self.slugs[town_id]
