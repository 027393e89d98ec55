"""Outbox notifications, the audit chain, and job heartbeats."""
from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

from sqlalchemy import JSON, Float, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from backend.extensions import db
from backend.models.base import BulkSealed, created_at, town_fk, uuid_pk
from backend.types import UTCDateTime


class Notification(BulkSealed, db.Model):
    """An outbox row, written in the same transaction as its cause, unique by dedupe key.

    status: pending -> sending -> sent | pending (retry) | reconcile | failed | dead; see backend/outbox.
    """

    __tablename__ = "notifications"
    __table_args__ = (Index("ix_notifications_status_next_attempt_at", "status", "next_attempt_at"),)
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    channel: Mapped[str] = mapped_column(String(20))  # console | slack | sms
    recipient: Mapped[str] = mapped_column(String(120))
    template: Mapped[str] = mapped_column(String(60))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    dedupe_key: Mapped[str] = mapped_column(String(200), unique=True)
    status: Mapped[str] = mapped_column(String(20), default="pending")
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    last_error: Mapped[str | None] = mapped_column(Text)
    provider_id: Mapped[str | None] = mapped_column(String(120))
    sent_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[dt.datetime] = created_at()
    lease_until: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)  # while sending: the claim's end
    error_code: Mapped[str | None] = mapped_column(String(60))  # e.g. twilio:21610, slack:channel_not_found
    # The exact words handed to the provider at the latest attempt (SMS body; Slack fallback text + blocks)
    sent_text: Mapped[str | None] = mapped_column(Text)
    sent_blocks: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=1)  # every update is conditional on it
    __mapper_args__ = {"version_id_col": version}


class AuditEvent(db.Model):
    """One link of a town's chain: hmac = HMAC(key, prev_hmac || canonical event)."""

    __tablename__ = "audit_events"
    __table_args__ = (UniqueConstraint("town_id", "seq"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    town_id: Mapped[uuid.UUID] = town_fk()
    seq: Mapped[int] = mapped_column(Integer)
    at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    actor: Mapped[str] = mapped_column(String(120))
    action: Mapped[str] = mapped_column(String(10))  # create | update | delete
    object_type: Mapped[str] = mapped_column(String(40))
    object_id: Mapped[str] = mapped_column(String(64), index=True)
    snapshot: Mapped[str] = mapped_column(Text)  # RFC 8785 canonical JSON of the new state
    schema_version: Mapped[int] = mapped_column(Integer)
    prev_hmac: Mapped[str] = mapped_column(String(64))
    hmac: Mapped[str] = mapped_column(String(64))


class AuditHead(db.Model):
    """The head of each town's chain; locked FOR UPDATE while appending (PostgreSQL)."""

    __tablename__ = "audit_heads"
    town_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("towns.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, default=0)
    hmac: Mapped[str] = mapped_column(String(64))


class JobHeartbeat(db.Model):
    """Last success of the worker heartbeat and of each periodic job (read by /healthz)."""

    __tablename__ = "job_heartbeats"
    name: Mapped[str] = mapped_column(String(60), primary_key=True)
    last_success_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    last_error: Mapped[str | None] = mapped_column(Text)
    max_age_seconds: Mapped[int] = mapped_column(Integer, default=180)
    updated_at: Mapped[dt.datetime] = created_at()




class RateLimitCount(db.Model):  # type: ignore[name-defined]  # flask_sqlalchemy's dynamic base
    """A fixed-window count of the login limits when REDIS_URL is not set (backend/ratelimit_db.py): shared by
    every worker and host on the database, never one process's memory. Not town data, not audited."""

    __tablename__ = "rate_limit_counts"
    key: Mapped[str] = mapped_column(String(300), primary_key=True)
    count: Mapped[int] = mapped_column(Integer)
    expires_at: Mapped[float] = mapped_column(Float)  # seconds since the epoch, as the `limits` library keeps
