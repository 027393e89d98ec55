"""Thread updates: when a violation is corrected, closed or reopened, or an order is lifted or revised, a
reply goes into the thread of the board message that announced it, in the same transaction as the change.

A session hook notes those status changes at flush and, just before the commit, writes one
`board.thread_update` intent per change (dedupe key: record and version, so a retried commit writes
nothing twice). Only for a town whose workspace is configured, and only when the announcing message
exists: no thread, no update.
"""
from __future__ import annotations

import uuid
from typing import Any

from flask import current_app, has_app_context
from sqlalchemy import event, inspect, select
from sqlalchemy.orm import Session

from backend.clock import now
from backend.models import EnforcementOrder, Notification, Site, Town, Violation, order_violations
from backend.outbox.intents import enqueue
from backend.slack.delivery import order_alert_key
from bot.ids import Template
from bot.messages import RuleRef, ThreadUpdate, dump

PENDING = "slack.thread_updates"
VIOLATION_CHANGES = {"corrected": ("corrected", "Violation corrected"),
                     "closed": ("closed", "Violation closed"),
                     "open": ("reopened", "Violation reopened")}
ORDER_CHANGES = {"lifted": ("order_lifted", "Order lifted"),
                 "superseded": ("order_revised", "Order superseded by a revised order"),
                 "revised": ("order_revised", "Order text revised")}
Change = tuple[type, uuid.UUID, str]


def install() -> None:
    for name, hook in (("after_flush", _note), ("before_commit", _write), ("after_rollback", _forget)):
        if not event.contains(Session, name, hook):
            event.listen(Session, name, hook)


def _status_change(obj: Any) -> str | None:
    state = inspect(obj)
    if state.attrs.status.history.has_changes():
        return str(obj.status)
    issued_order = isinstance(obj, EnforcementOrder) and obj.status == "issued"
    if issued_order and state.attrs.text.history.has_changes():
        return "revised"
    return None


def _note(session: Session, _flush_context: Any) -> None:
    changes: list[Change] = []
    for obj in session.dirty:
        if isinstance(obj, (Violation, EnforcementOrder)) and (new := _status_change(obj)) is not None:
            changes.append((type(obj), obj.id, new))
    if changes:
        session.info.setdefault(PENDING, []).extend(changes)


def _forget(session: Session) -> None:
    session.info.pop(PENDING, None)


def _write(session: Session) -> None:
    changes: list[Change] = session.info.pop(PENDING, None) or []
    if not changes or not has_app_context():
        return
    runtime = current_app.extensions.get("slack")
    if runtime is None or not runtime.enabled:
        return
    for model, obj_id, new in dict.fromkeys(changes):
        obj = session.get(model, obj_id)
        town = session.get(Town, obj.town_id) if obj is not None else None
        if town is not None and runtime.workspaces.connected(town.slug, session):
            _enqueue_update(session, town, obj, new)


def _parent(session: Session, obj: Violation | EnforcementOrder) -> Notification | None:
    keys = [order_alert_key(obj.town_id, obj.id)] if isinstance(obj, EnforcementOrder) else [
        *(order_alert_key(obj.town_id, o.id) for o in _orders_of(session, obj)),
        f"{obj.town_id}:violation-opened:{obj.id}"]
    for key in keys:
        row = session.scalar(select(Notification).where(Notification.dedupe_key == key))
        if row is not None and row.channel == "slack":
            return row
    return None


def _orders_of(session: Session, v: Violation) -> list[EnforcementOrder]:
    link = order_violations.c
    stmt = (select(EnforcementOrder).join(order_violations, link.order_id == EnforcementOrder.id)
            .where(link.violation_id == v.id).order_by(EnforcementOrder.issued_at))
    return list(session.scalars(stmt))


def _content(obj: Violation | EnforcementOrder, new: str) -> tuple[str, str, str, RuleRef] | None:
    if isinstance(obj, Violation):
        if new not in VIOLATION_CHANGES:
            return None
        kind, headline = VIOLATION_CHANGES[new]
        return kind, headline, obj.status_reason or obj.description, RuleRef(obj.provision, obj.citation)
    if new not in ORDER_CHANGES:
        return None
    kind, headline = ORDER_CHANGES[new]
    auth = obj.authorization or {}
    rule = RuleRef(str(auth.get("rule_id") or obj.chapter), str(auth.get("citation") or obj.chapter))
    return kind, headline, obj.status_reason or "", rule


def _enqueue_update(session: Session, town: Town, obj: Violation | EnforcementOrder, new: str) -> None:
    content, parent = _content(obj, new), _parent(session, obj)
    if content is None or parent is None:
        return
    kind, headline, detail, rule = content
    site = session.get(Site, obj.site_id)
    where = site.name if site else "the site"
    update = ThreadUpdate(kind, town.name, town.tz, where, headline, detail, rule, now())
    payload = {**dump(update), "thread_of": parent.dedupe_key,
               "text": f"{headline}: {update.site} ({rule.rule_id}, {rule.citation})"}
    key = f"{town.id}:slack-update:{type(obj).__name__.lower()}:{obj.id}:v{obj.version}"
    enqueue(session, town.id, "slack", parent.recipient, Template.THREAD_UPDATE.value, payload, key)
