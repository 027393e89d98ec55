"""In the transaction that changes the record: texts for a corrected violation or a lifted order, and the
expiry of notice links when a violation closes.

A session hook notes status changes of violations and orders at flush; just before the commit it writes the
SMS intents (dedupe keys per record version, so a retried commit writes nothing twice) and recomputes the
links that name a closed violation (closing + 30 days once all their violations are closed).
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from typing import Any

from flask import has_app_context
from sqlalchemy import event, inspect
from sqlalchemy.orm import Session

from backend.models import EnforcementOrder, Party, Violation
from backend.services.orders import parties_to_tell
from backend.sms import links, messages

PENDING = "sms.status_changes"
Change = tuple[str, uuid.UUID, str]


def install() -> None:
    hooks = (
        ("after_flush", _note),
        ("before_commit", _write),
        ("after_commit", _forget),
        ("after_rollback", _forget),
    )
    for name, hook in hooks:
        if not event.contains(Session, name, hook):
            event.listen(Session, name, hook)


def _changes(session: Session) -> list[Change]:
    """Status changes of violations and orders not yet flushed (their attribute history)."""
    records = [o for o in session.dirty if isinstance(o, (Violation, EnforcementOrder))]
    return [
        (type(o).__name__, o.id, str(o.status))
        for o in records
        if inspect(o).attrs.status.history.has_changes()
    ]


def _note(session: Session, _flush_context: Any) -> None:
    if changes := _changes(session):
        session.info.setdefault(PENDING, []).extend(changes)


def _forget(session: Session) -> None:
    """After the commit (its own flush noted changes already handled) or a rollback: start afresh."""
    if not session.in_nested_transaction():
        session.info.pop(PENDING, None)


def _write(session: Session) -> None:
    """before_commit runs before the commit's own flush: changes flushed earlier plus those still pending."""
    if not has_app_context():
        return
    changes: list[Change] = (session.info.pop(PENDING, None) or []) + _changes(session)
    if not changes:
        return
    closed: dict[uuid.UUID, list[uuid.UUID]] = defaultdict(list)
    for kind, obj_id, status in dict.fromkeys(changes):
        if kind == "Violation":
            violation = session.get(Violation, obj_id)
            if violation is not None and violation.status == status == "closed":
                closed[violation.town_id].append(violation.id)
            elif violation is not None and violation.status == status == "corrected":
                _corrected(session, violation)
        elif status == "lifted" and (order := session.get(EnforcementOrder, obj_id)) is not None:
            _lifted(session, order)
    for town_id, ids in closed.items():
        links.recompute(session, town_id, ids)
    session.flush()


def _corrected(session: Session, violation: Violation) -> None:
    party = session.get(Party, violation.offender_id) if violation.offender_id else None
    if party is not None and party.town_id == violation.town_id:
        messages.violation_corrected(session, violation, party)


def _lifted(session: Session, order: EnforcementOrder) -> None:
    for party in parties_to_tell(order):
        messages.order_lifted(session, order, party)
