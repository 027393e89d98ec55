"""Violations, enforcement orders, offense-days and deadlines: the enforcement record."""
from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Date,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from backend.extensions import db
from backend.models.base import Audited, BulkSealed, created_at, town_fk, updated_at, uuid_pk
from backend.types import UTCDateTime

order_violations = Table(
    "order_violations", db.metadata,
    Column("order_id", ForeignKey("enforcement_orders.id"), primary_key=True),
    Column("violation_id", ForeignKey("violations.id"), primary_key=True, index=True),  # a violation's orders
)


class Violation(Audited, db.Model):
    __tablename__ = "violations"
    __table_args__ = (Index("ix_violations_town_id_offender_id", "town_id", "offender_id"),)  # the daily job
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    site_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("sites.id"), index=True)
    inspection_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("inspections.id"))
    permit_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("permits.id"))
    offender_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("parties.id"))
    chapter: Mapped[str] = mapped_column(String(20))
    provision: Mapped[str] = mapped_column(String(80))  # RULES.md id or "permit:<number>:<condition id>"
    citation: Mapped[str] = mapped_column(String(80))
    description: Mapped[str] = mapped_column(Text)
    observed_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    status: Mapped[str] = mapped_column(String(20), default="open")
    status_reason: Mapped[str | None] = mapped_column(Text)
    corrected_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    closed_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    status_authorization: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # who closed/reopened, by what
    # the daily job holds a catch-up longer than the town's bound (bad date?) until staff release it
    accrual_held_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    accrual_held_days: Mapped[int | None] = mapped_column(Integer)
    accrual_released_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    accrual_released_by: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id"))
    line_item: Mapped[int] = mapped_column(Integer, default=1)
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_by: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[dt.datetime] = created_at()
    updated_at: Mapped[dt.datetime] = updated_at()

    __mapper_args__ = {"version_id_col": version}
    __audit_omit_null__ = ("status_authorization", "accrual_held_at", "accrual_held_days",
                           "accrual_released_at", "accrual_released_by")


class EnforcementOrder(Audited, db.Model):
    """A cease-and-desist, restoration order or enforcement order, and how it was served."""

    __tablename__ = "enforcement_orders"
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    site_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("sites.id"), index=True)
    kind: Mapped[str] = mapped_column(String(30))
    chapter: Mapped[str] = mapped_column(String(20))
    status: Mapped[str] = mapped_column(String(20), default="draft")
    status_reason: Mapped[str | None] = mapped_column(Text)
    fine_path: Mapped[str | None] = mapped_column(String(20))  # criminal | noncriminal
    text: Mapped[str] = mapped_column(Text, default="")
    issued_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    issued_by: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id"))
    authorization: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # designation or vote
    served_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    service_method: Mapped[str | None] = mapped_column(String(30))  # certified_mail | hand_delivery | posting
    service_detail: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    lifted_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    status_authorization: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # who lifted/superseded
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[dt.datetime] = created_at()
    updated_at: Mapped[dt.datetime] = updated_at()
    violations: Mapped[list[Violation]] = relationship(secondary=order_violations)

    __mapper_args__ = {"version_id_col": version}
    __audit_omit_null__ = ("status_authorization",)


class OffenseDay(BulkSealed, db.Model):
    """A fact: the violation existed on this local date, under this provision, by this offender."""

    __tablename__ = "offense_days"
    __table_args__ = (UniqueConstraint("violation_id", "provision", "offender_id", "local_date"),)
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    violation_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("violations.id"), index=True)
    provision: Mapped[str] = mapped_column(String(80))
    offender_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("parties.id"), index=True)
    local_date: Mapped[dt.date] = mapped_column(Date)
    line_item: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[dt.datetime] = created_at()


class FineAccrual(BulkSealed, db.Model):
    """An amount attached to an offense-day: a court maximum (criminal) or an issued citation (noncriminal).

    status: exposure (criminal court maximum, never a debt) | proposed -> issued (a § 21D citation) | void.
    A changed input voids a row and adds revision + 1 (`replaces_id`); one row per revision and path.
    """

    __tablename__ = "fine_accruals"
    __table_args__ = (UniqueConstraint("offense_day_id", "path", "revision"),)
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    offense_day_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("offense_days.id"), index=True)
    order_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("enforcement_orders.id"), index=True)
    path: Mapped[str] = mapped_column(String(20))
    amount_cents: Mapped[int | None] = mapped_column(Integer)
    none_reason: Mapped[str | None] = mapped_column(Text)  # why the text gives no amount (AMB-29, AMB-46)
    sequence: Mapped[int | None] = mapped_column(Integer)  # CONV-ESCALATE n (noncriminal)
    rule_id: Mapped[str] = mapped_column(String(60))
    status: Mapped[str] = mapped_column(String(20), default="proposed")  # exposure|proposed|issued|void
    revision: Mapped[int] = mapped_column(Integer, default=1)
    ruleset_version: Mapped[str] = mapped_column(String(40))
    config_version: Mapped[str | None] = mapped_column(String(40))
    flags: Mapped[list[str]] = mapped_column(JSON, default=list)
    withhold: Mapped[bool] = mapped_column(Boolean, default=False)  # AMB-17: kept out of messages
    mail_by_on: Mapped[dt.date | None] = mapped_column(Date)  # EXT-21D-15D mailing deadline
    detail: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # issued: notice, payee, procedure
    issued_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    issued_by: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id"))
    voided_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    void_reason: Mapped[str | None] = mapped_column(Text)
    replaces_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("fine_accruals.id"))
    created_at: Mapped[dt.datetime] = created_at()


class Deadline(Audited, db.Model):
    __tablename__ = "deadlines"
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    site_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("sites.id"), index=True)
    subject_type: Mapped[str] = mapped_column(String(30))
    subject_id: Mapped[uuid.UUID] = mapped_column(index=True)
    kind: Mapped[str] = mapped_column(String(20))
    rule_id: Mapped[str] = mapped_column(String(60))
    citation: Mapped[str] = mapped_column(String(80))
    label: Mapped[str] = mapped_column(String(300))
    binds: Mapped[str] = mapped_column(String(40))
    earliest_on: Mapped[dt.date | None] = mapped_column(Date)
    latest_on: Mapped[dt.date | None] = mapped_column(Date)
    earliest_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    latest_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    status: Mapped[str] = mapped_column(String(20), default="open")  # open | met | missed | cancelled
    met_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    explanation: Mapped[str] = mapped_column(Text, default="")
    # a clock's record (issue 19): what must be done and on which part of the site, as the reminders say it
    action: Mapped[str | None] = mapped_column(String(200))
    area: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[dt.datetime] = created_at()

    __audit_omit_null__ = ("action", "area")
