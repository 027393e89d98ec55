"""One outbox cycle for the worker (Huey task) and `flask outbox dispatch` without --once."""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager

from flask import current_app
from sqlalchemy.orm import Session

from backend.channels.registry import Channels, build_channels
from backend.clock import now
from backend.config import Settings
from backend.outbox.dispatcher import DispatchReport, dispatch
from backend.outbox.policy import DeliveryPolicy
from backend.outbox.reconcile import ReconcileReport, reconcile


def settings() -> Settings:
    return current_app.config["SETTINGS"]  # type: ignore[no-any-return]


@contextmanager
def open_channels() -> Iterator[Channels]:
    channels = build_channels(settings())
    try:
        yield channels
    finally:
        channels.close()


def run_cycle(session: Session, as_of: dt.datetime | None = None) -> tuple[ReconcileReport, DispatchReport]:
    """Settle ambiguous sends first (so they are not resent), then deliver what is due. Safe to overlap."""
    policy, at = DeliveryPolicy.from_settings(settings()), as_of or now()
    with open_channels() as channels:
        settled = reconcile(session, channels, at, policy)
        delivered = dispatch(session, channels, at, policy)
    return settled, delivered
