"""Shared column helpers and the audited-model mixin."""
from __future__ import annotations

import datetime as dt
import uuid

from sqlalchemy import ForeignKey, Uuid
from sqlalchemy.orm import Mapped, mapped_column

from backend.clock import now
from backend.types import UTCDateTime


def uuid_pk() -> Mapped[uuid.UUID]:
    return mapped_column(Uuid, primary_key=True, default=uuid.uuid4)


def town_fk() -> Mapped[uuid.UUID]:
    return mapped_column(ForeignKey("towns.id"), index=True)


def created_at() -> Mapped[dt.datetime]:
    return mapped_column(UTCDateTime, default=now)


def updated_at() -> Mapped[dt.datetime]:
    return mapped_column(UTCDateTime, default=now, onupdate=now)


class Audited:
    """Marker: every insert, update and delete of this model appends to its town's audit chain."""

    __audit_exclude__: tuple[str, ...] = ()
    # columns added after rows were audited: left out of the snapshot while null, so a row's snapshot (and
    # `audit verify`) is what it was before the column existed until the column is first set
    __audit_omit_null__: tuple[str, ...] = ()


class BulkSealed(Audited):
    """Audited, and also written in bulk by the daily jobs: such a row names the chain event that sealed it
    (`backend.audit.seal`); a row written one at a time leaves it empty and has events of its own."""

    audit_seal_id: Mapped[uuid.UUID | None] = mapped_column(Uuid, default=None)
