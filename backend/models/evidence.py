"""Where a violation came from: the checklist item and inspection that opened it, and its evidence photos."""

from __future__ import annotations

import datetime as dt
import uuid

from sqlalchemy import JSON, Date, ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from backend.extensions import db
from backend.models.base import Audited, created_at, town_fk, uuid_pk


class ViolationOrigin(Audited, db.Model):
    """One per violation opened by a checklist: which item (so a later pass of it corrects the violation),
    which inspection or clock, from which local date it exists (offense day 1), flags, the engine's line."""

    __tablename__ = "violation_origins"
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    violation_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("violations.id"), unique=True)
    site_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("sites.id"), index=True)
    inspection_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("inspections.id"))
    item_id: Mapped[str] = mapped_column(String(80))
    checklist_key: Mapped[str] = mapped_column(String(120))
    clock_deadline_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("deadlines.id"))
    opened_on: Mapped[dt.date] = mapped_column(Date)
    flags: Mapped[list[str]] = mapped_column(JSON, default=list)
    explanation: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[dt.datetime] = created_at()


class ViolationPhoto(Audited, db.Model):
    """A photo of the inspection that found the violation, linked as its evidence."""

    __tablename__ = "violation_photos"
    __table_args__ = (UniqueConstraint("violation_id", "photo_id"),)
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    violation_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("violations.id"), index=True)
    photo_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("photos.id"), index=True)
    created_at: Mapped[dt.datetime] = created_at()


class InspectionEvaluation(Audited, db.Model):
    """What the bylaw engine concluded from a submitted inspection: flags (e.g. a measurement overriding the
    ticked answer), unanswered items, violations opened and clock lines. One per inspection."""

    __tablename__ = "inspection_evaluations"
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    inspection_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("inspections.id"), unique=True)
    checklist_key: Mapped[str] = mapped_column(String(120))
    flags: Mapped[list[str]] = mapped_column(JSON, default=list)
    unanswered: Mapped[list[str]] = mapped_column(JSON, default=list)
    violation_ids: Mapped[list[str]] = mapped_column(JSON, default=list)
    corrected_ids: Mapped[list[str]] = mapped_column(JSON, default=list)
    lines: Mapped[list[str]] = mapped_column(JSON, default=list)  # the engine's explanation lines
    created_at: Mapped[dt.datetime] = created_at()
