"""Wake the worker right after a commit that added notifications (the per-minute task is the safety net).

`install(app, settings)` registers the session hooks once per process and, outside APP_ENV=test, sets
`app.extensions["outbox.kick"]` to enqueue the Huey dispatch task. A failed kick is only logged: the
commit already happened and the periodic task will deliver.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from flask import current_app, has_app_context
from sqlalchemy import event
from sqlalchemy.orm import Session

from backend.config import Settings
from backend.models import Notification

log = logging.getLogger(__name__)
FLAG = "outbox.new_notifications"


def install(app: Any, settings: Settings, enqueue_dispatch_task: Callable[[], object]) -> None:
    """`enqueue_dispatch_task`: the job that runs the dispatcher (`backend.jobs.tasks.outbox_kick`)."""
    for name, hook in (("after_flush", _note), ("after_commit", _kick), ("after_rollback", _forget)):
        if not event.contains(Session, name, hook):
            event.listen(Session, name, hook)
    if settings.app_env != "test":
        app.extensions.setdefault("outbox.kick", enqueue_dispatch_task)


def _note(session: Session, _flush_context: Any) -> None:
    if any(isinstance(obj, Notification) for obj in session.new):
        session.info[FLAG] = True


def _forget(session: Session) -> None:
    if not session.in_nested_transaction():  # a savepoint's rollback keeps the outer transaction's rows
        session.info.pop(FLAG, None)


def _kick(session: Session) -> None:
    if session.in_nested_transaction():  # a savepoint was released; the real commit comes later
        return
    if not session.info.pop(FLAG, False) or not has_app_context():
        return
    kick = current_app.extensions.get("outbox.kick")
    if kick is None:
        return
    try:
        kick()
    except Exception:  # noqa: BLE001 - never fail a committed request for a wake-up call
        log.warning("outbox: could not wake the worker; the periodic task will deliver", exc_info=True)
