"""Standing instructions: an officer's direction that an order's daily § 21D citations issue themselves."""
from __future__ import annotations

import datetime as dt
import uuid

from sqlalchemy import ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from backend.extensions import db
from backend.models.base import Audited, created_at, town_fk, uuid_pk
from backend.types import UTCDateTime


class StandingInstruction(Audited, db.Model):
    """Recorded on an order: while active, the daily job issues the order's proposed citations in the name of
    `given_by` acting as `issuer_role` (checked again with the bylaw engine at every issue).

    A revoked instruction stays as evidence (revoked_at, revoked_by, revoke_reason); at most one is active.
    """

    __tablename__ = "standing_instructions"
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    order_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("enforcement_orders.id"), index=True)
    given_by: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id"))
    issuer_role: Mapped[str] = mapped_column(String(30))
    rule_id: Mapped[str] = mapped_column(String(60))  # who-may-act rule that allowed it
    delivery: Mapped[str] = mapped_column(String(20), default="mail")
    note: Mapped[str | None] = mapped_column(Text)
    given_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    revoked_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    revoked_by: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id"))
    revoke_reason: Mapped[str | None] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[dt.datetime] = created_at()

    __mapper_args__ = {"version_id_col": version}
