"""SMS to permittees: short links to the public notice page, opt-outs per (phone, town), delivery receipts.

All three are audited: a link is what a permittee was shown, an opt-out is their consent, a delivery receipt
says whether the courtesy text reached them (the legal notice is served by mail or hand regardless).
"""

from __future__ import annotations

import datetime as dt
import uuid

from sqlalchemy import JSON, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from backend.extensions import db
from backend.models.base import Audited, created_at, town_fk, uuid_pk
from backend.types import UTCDateTime

DELIVERY_STATUSES = (
    "accepted",
    "scheduled",
    "queued",
    "sending",
    "sent",
    "delivered",
    "undelivered",
    "failed",
    "read",
    "canceled",
    "receiving",
    "received",
)


class ShortLink(Audited, db.Model):
    """`/n/<id>`: one party's view of their violations (and order), printed in one SMS.

    `expires_at` is None while any of its violations is open; when the last one closes it becomes that
    closing + 30 days (recomputed by `backend.sms.links`). A revoked or expired link answers 404, exactly
    like an unknown id.

    `case_key` makes the link the one stable link of a case for its party ("violation:<id>", "order:<id>",
    or "party" for the texts that cover several cases at once); None for a one-off link (e.g. a permit's
    expiry reminder). Every text about the same case reuses it (`links.for_case`).
    """

    __tablename__ = "sms_short_links"
    __table_args__ = (Index("ix_sms_short_links_case", "town_id", "party_id", "case_key"),)
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    town_id: Mapped[uuid.UUID] = town_fk()
    party_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("parties.id"), index=True)
    site_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("sites.id"))  # a reminder's site
    violation_ids: Mapped[list[str]] = mapped_column(JSON, default=list)
    order_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("enforcement_orders.id"))
    purpose: Mapped[str] = mapped_column(String(60))  # the SMS template that first carried it
    case_key: Mapped[str | None] = mapped_column(String(80))
    notification_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("notifications.id"))
    created_at: Mapped[dt.datetime] = created_at()
    expires_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    revoked_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    revoked_reason: Mapped[str | None] = mapped_column(String(300))


class SmsOptOut(Audited, db.Model):
    """The SMS consent state of one phone number towards one town's sender (a Carver STOP is not Upton's).

    `opted_out_at` set: nothing is texted to that number for that town until it texts START (opted_in_at).
    `source` is the keyword received (STOP, QUIT, ...) or the provider code (twilio:21610).
    """

    __tablename__ = "sms_opt_outs"
    __table_args__ = (UniqueConstraint("town_id", "phone_e164"),)
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    phone_e164: Mapped[str] = mapped_column(String(20))
    opted_out_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    opted_in_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    source: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[dt.datetime] = created_at()


class SmsDeliveryEvent(Audited, db.Model):
    """One status callback from Twilio for one message (queued, sent, delivered, undelivered, failed…)."""

    __tablename__ = "sms_delivery_events"
    __table_args__ = (UniqueConstraint("message_sid", "status"),)
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    notification_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("notifications.id"), index=True)
    party_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("parties.id"), index=True)
    message_sid: Mapped[str] = mapped_column(String(64), index=True)
    status: Mapped[str] = mapped_column(String(20))
    error_code: Mapped[str | None] = mapped_column(String(20))
    outcome: Mapped[str | None] = mapped_column(String(20))  # opted_out | undeliverable | retry | gave_up
    to_number: Mapped[str] = mapped_column(String(20))
    received_at: Mapped[dt.datetime] = created_at()
