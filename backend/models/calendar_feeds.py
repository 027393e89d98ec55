"""Per-user iCalendar feed tokens (issue 19): only a hash of the secret is stored; revoking ends the URL."""

from __future__ import annotations

import datetime as dt
import uuid

from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from backend.extensions import db
from backend.models.base import Audited, created_at, town_fk, uuid_pk
from backend.types import UTCDateTime


class CalendarFeed(Audited, db.Model):  # type: ignore[name-defined]  # flask-sqlalchemy's dynamic base
    """A user's calendar subscription in one town: the SHA-256 of its secret token, when it was made, when it
    was revoked (a revoked or rotated feed is never answered again; rotating writes a new row)."""

    __tablename__ = "calendar_feeds"
    __audit_exclude__ = ("token_hash",)
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[dt.datetime] = created_at()
    revoked_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
