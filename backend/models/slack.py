"""Slack: which Slack user is which board member, who acknowledged an alert, which thumbnails were posted."""
from __future__ import annotations

import datetime as dt
import uuid

from sqlalchemy import ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from backend.extensions import db
from backend.models.base import Audited, created_at, town_fk, uuid_pk
from backend.types import UTCDateTime


class SlackLink(Audited, db.Model):
    """A user of the town linked to a Slack user of the town's workspace, found by e-mail
    (`users.lookupByEmail`) and confirmed by a town admin. Only a confirmed, unrevoked link lets the Slack
    user press buttons or run commands, and only with the user's active memberships in this town."""

    __tablename__ = "slack_links"
    __table_args__ = (UniqueConstraint("town_id", "user_id"), UniqueConstraint("team_id", "slack_user_id"))
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id"), index=True)
    team_id: Mapped[str] = mapped_column(String(20))
    slack_user_id: Mapped[str] = mapped_column(String(20))
    email: Mapped[str] = mapped_column(String(254))  # the address Slack matched
    proposed_by: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id"))
    proposed_at: Mapped[dt.datetime] = created_at()
    confirmed_by: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id"))
    confirmed_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    revoked_by: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id"))
    revoked_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)

    @property
    def status(self) -> str:
        if self.revoked_at is not None:
            return "revoked"
        return "confirmed" if self.confirmed_at is not None else "proposed"


class SlackAcknowledgement(Audited, db.Model):
    """A board member pressed Acknowledge on an order's alert: who, when, on which message."""

    __tablename__ = "slack_acknowledgements"
    __table_args__ = (UniqueConstraint("order_id", "user_id"),)
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    order_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("enforcement_orders.id"), index=True)
    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id"))
    slack_user_id: Mapped[str] = mapped_column(String(20))
    team_id: Mapped[str] = mapped_column(String(20))
    channel_id: Mapped[str] = mapped_column(String(40))
    message_ts: Mapped[str] = mapped_column(String(40))
    acknowledged_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)


class SlackThumbnail(Audited, db.Model):
    """A photo's EXIF-free thumbnail uploaded into an alert's thread (once per alert and photo)."""

    __tablename__ = "slack_thumbnails"
    __table_args__ = (UniqueConstraint("notification_id", "photo_id"),)
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    notification_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("notifications.id"), index=True)
    photo_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("photos.id"))
    team_id: Mapped[str] = mapped_column(String(20))
    channel_id: Mapped[str] = mapped_column(String(40))
    thread_ts: Mapped[str] = mapped_column(String(40))
    file_id: Mapped[str] = mapped_column(String(40))
    uploaded_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
