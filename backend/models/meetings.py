"""ERC review meetings of cease-and-desist orders: notice, posting, the meeting, attendance and votes."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column, object_session

from backend.extensions import db
from backend.models.base import Audited, created_at, town_fk, updated_at, uuid_pk
from backend.models.enforcement import EnforcementOrder
from backend.types import UTCDateTime

MEETING_STATUSES = ("scheduled", "held", "cancelled")


class Meeting(Audited, db.Model):
    """A review meeting of an order (Carver ~§ 136-9). Times outside the bylaw / Open Meeting Law window are
    refused unless an override reason is given; then `flagged` is set and `flags` says why (audited)."""

    __tablename__ = "meetings"
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    order_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("enforcement_orders.id"), index=True)
    kind: Mapped[str] = mapped_column(String(30), default="erc_cd_review")
    scheduled_for: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    posted_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    operator_notified_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    held_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    attendance: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # {"members_present": [...], ...}
    votes: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)  # motion, counts, carried, rule
    window: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # earliest/latest, binding rule, lines
    status: Mapped[str] = mapped_column(String(20), default="scheduled")
    flagged: Mapped[bool] = mapped_column(Boolean, default=False)
    flags: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)  # {stage, reason, window, rule}
    authorization: Mapped[dict[str, Any]] = mapped_column(
        JSON, default=dict
    )  # who scheduled it, on what basis
    created_by: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id"))
    recorded_by: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id"))
    # the place (issue 19): where the meeting is held, and optionally a link to attend remotely (https)
    address: Mapped[str | None] = mapped_column(String(300))
    room: Mapped[str | None] = mapped_column(String(120))
    remote_url: Mapped[str | None] = mapped_column(String(500))
    moves: Mapped[int | None] = mapped_column(Integer)  # times rescheduled; the calendar event's SEQUENCE
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[dt.datetime] = created_at()
    updated_at: Mapped[dt.datetime] = updated_at()

    __mapper_args__ = {"version_id_col": version}
    __audit_omit_null__ = ("address", "room", "remote_url", "moves")

    @property
    def chapter(self) -> str:
        """The bylaw whose who-may-act table governs the meeting: its order's (the review of an order)."""
        session = object_session(self)
        order = session.get(EnforcementOrder, self.order_id) if session is not None else None
        if order is None:
            raise LookupError(f"meeting {self.id}: its order is not in this session")
        return order.chapter
