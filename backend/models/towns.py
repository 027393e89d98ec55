"""Towns (tenants), their boards, people and access."""
from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from backend.extensions import db
from backend.models.base import Audited, created_at, town_fk, uuid_pk
from backend.types import UTCDateTime

ROLES = ("agent", "board_member", "enforcing_officer", "town_admin")
AUTHORITY_KINDS = ("conservation_commission", "planning_board", "earth_removal_committee")


class Town(Audited, db.Model):
    __tablename__ = "towns"
    id: Mapped[uuid.UUID] = uuid_pk()
    slug: Mapped[str] = mapped_column(String(40), unique=True)
    name: Mapped[str] = mapped_column(String(120))
    tz: Mapped[str] = mapped_column(String(40), default="America/New_York")
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    contact_phone: Mapped[str | None] = mapped_column(String(20))
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[dt.datetime] = created_at()

    @property
    def town_id(self) -> uuid.UUID:
        return self.id


class Authority(Audited, db.Model):
    """A board that enforces chapters: Conservation Commission, Planning Board, Earth Removal Committee."""

    __tablename__ = "authorities"
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    kind: Mapped[str] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(120))
    chapters: Mapped[list[str]] = mapped_column(JSON, default=list)
    slack_channel: Mapped[str | None] = mapped_column(String(40))


class User(db.Model):
    __tablename__ = "users"
    id: Mapped[uuid.UUID] = uuid_pk()
    email: Mapped[str] = mapped_column(String(254), unique=True)
    name: Mapped[str] = mapped_column(String(120))
    password_hash: Mapped[str] = mapped_column(String(255))
    is_platform_operator: Mapped[bool] = mapped_column(Boolean, default=False)
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[dt.datetime] = created_at()
    memberships: Mapped[list[Membership]] = relationship(back_populates="user")


class Membership(Audited, db.Model):
    """A user's role in one town (and board); one agent may serve two towns."""

    __tablename__ = "memberships"
    __table_args__ = (UniqueConstraint("user_id", "town_id", "role", "authority_id"),)
    id: Mapped[uuid.UUID] = uuid_pk()
    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id"), index=True)
    town_id: Mapped[uuid.UUID] = town_fk()
    role: Mapped[str] = mapped_column(String(30))
    authority_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("authorities.id"))
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    user: Mapped[User] = relationship(back_populates="memberships")


class ApiToken(db.Model):
    """A bearer token for one user in one town; only its SHA-256 is stored."""

    __tablename__ = "api_tokens"
    id: Mapped[uuid.UUID] = uuid_pk()
    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id"), index=True)
    town_id: Mapped[uuid.UUID] = town_fk()
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    device: Mapped[str | None] = mapped_column(String(120))
    created_at: Mapped[dt.datetime] = created_at()
    expires_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    revoked_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    user: Mapped[User] = relationship()


class Party(Audited, db.Model):
    """A permittee, operator or owner: who is told, and who is cited."""

    __tablename__ = "parties"
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    kind: Mapped[str] = mapped_column(String(20))
    name: Mapped[str] = mapped_column(String(200))
    mailing_address: Mapped[str | None] = mapped_column(String(400))
    phone_e164: Mapped[str | None] = mapped_column(String(20))
    language: Mapped[str] = mapped_column(String(5), default="en")
    sms_consent: Mapped[bool] = mapped_column(Boolean, default=False)
    sms_opted_out_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[dt.datetime] = created_at()
