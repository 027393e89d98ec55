"""Town administration: account events, password resets, delineation imports, permittee submissions and
inspection tasks. All audited (they are evidence, or they change who may act)."""
from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

from sqlalchemy import JSON, Date, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from backend.extensions import db
from backend.models.base import Audited, created_at, town_fk, updated_at, uuid_pk
from backend.models.sites import Site
from backend.types import UTCDateTime

SUBMISSION_KINDS = ("weekly_self_inspection", "storm_inspection", "monthly_report", "erc_90_day_report",
                    "inspection_event_notice", "final_report", "certified_mail_receipt",
                    "reinspection_request")
RECEIVED_VIA = ("mail", "hand", "email", "portal", "sms_link")
TASK_REASONS = ("routine", "complaint", "reminder", "reinspection")
TASK_STATUSES = ("open", "done", "cancelled")


class AccountEvent(Audited, db.Model):
    """What happened to a (global, unaudited) user account, recorded in each town concerned.

    action: user_created | user_renamed | user_deactivated | user_reactivated | tokens_revoked |
    password_reset_used. Detail holds the facts (email, device, number of tokens revoked), never a secret.
    """

    __tablename__ = "account_events"
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id"), index=True)
    action: Mapped[str] = mapped_column(String(40))
    detail: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    actor_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[dt.datetime] = created_at()


class PasswordReset(Audited, db.Model):
    """A one-time password link issued by an admin: only the SHA-256 of the token is stored."""

    __tablename__ = "password_resets"
    __audit_exclude__ = ("token_hash",)
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    user_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    issued_by: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id"))
    expires_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    used_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    superseded_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[dt.datetime] = created_at()


class Invitation(Audited, db.Model):  # type: ignore[name-defined]  # Flask-SQLAlchemy's dynamic Model
    """A town admin's invitation to take a role in the town, accepted by the link's holder.

    The email may or may not have an account (the answer to the admin is the same either way): accepting
    creates the account with a password, or, for an existing account, asks its password. Only the SHA-256
    of the token is stored. status: pending (none of the times set) | accepted | withdrawn | expired.
    """

    __tablename__ = "invitations"
    __audit_exclude__ = ("token_hash",)
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    email: Mapped[str] = mapped_column(String(254), index=True)
    name: Mapped[str] = mapped_column(String(120))
    role: Mapped[str] = mapped_column(String(40))
    authority_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("authorities.id"))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    invited_by: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id"))
    expires_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    accepted_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    withdrawn_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    membership_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("memberships.id"))
    created_at: Mapped[dt.datetime] = created_at()


class Delineation(Audited, db.Model):
    """One accepted import of a site's resource areas: the source's hash and CRS, and the WGS84 result."""

    __tablename__ = "delineations"
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    site_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("sites.id"), index=True)
    source_name: Mapped[str] = mapped_column(String(255))
    source_format: Mapped[str] = mapped_column(String(20))  # geojson | shapefile
    source_crs: Mapped[str] = mapped_column(String(20))  # EPSG:4326 | EPSG:26986 | EPSG:2249
    crs_detected_from: Mapped[str] = mapped_column(String(20))  # parameter | prj | geojson_crs | default
    source_sha256: Mapped[str] = mapped_column(String(64))
    mode: Mapped[str] = mapped_column(String(10))  # replace | add
    feature_count: Mapped[int] = mapped_column(Integer)
    features: Mapped[dict[str, Any]] = mapped_column(JSON)  # the imported FeatureCollection, WGS84
    surveyor: Mapped[str | None] = mapped_column(String(200))
    notes: Mapped[str | None] = mapped_column(Text)
    imported_by: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[dt.datetime] = created_at()


class Submission(Audited, db.Model):
    """Something a permittee sent in: a report, notice, receipt or request, as staff received it.

    `period_start`/`period_end` are local dates (the month a report covers, the day an inspection was done);
    `event_on` is the date of an announced inspection event. `satisfied_deadline_ids` lists the deadlines
    this submission marked met. `documents`: [{"kind": "document"|"photo", "ref", "sha256", "title"}].
    """

    __tablename__ = "submissions"
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    site_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("sites.id"), index=True)
    permit_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("permits.id"), index=True)
    kind: Mapped[str] = mapped_column(String(40))
    received_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    received_via: Mapped[str] = mapped_column(String(20))
    received_by: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id"))
    from_party_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("parties.id"))
    from_name: Mapped[str | None] = mapped_column(String(200))
    period_start: Mapped[dt.date | None] = mapped_column(Date)
    period_end: Mapped[dt.date | None] = mapped_column(Date)
    event_on: Mapped[dt.date | None] = mapped_column(Date)
    documents: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    notes: Mapped[str | None] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(20), default="recorded")  # recorded | withdrawn
    status_reason: Mapped[str | None] = mapped_column(Text)
    satisfied_deadline_ids: Mapped[list[str]] = mapped_column(JSON, default=list)
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_by: Mapped[uuid.UUID] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[dt.datetime] = created_at()
    updated_at: Mapped[dt.datetime] = updated_at()

    __mapper_args__ = {"version_id_col": version}


class InspectionTask(Audited, db.Model):
    """Where an agent should go: by hand, from a reinspection request, or from a due deadline.

    `source` is manual | submission:<id> | deadline:<id>; automatic sources are unique so jobs may repeat.
    """

    __tablename__ = "inspection_tasks"
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    site_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("sites.id"), index=True)
    permit_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("permits.id"))
    assignee_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id"), index=True)
    due_on: Mapped[dt.date] = mapped_column(Date, index=True)
    reason: Mapped[str] = mapped_column(String(20))
    status: Mapped[str] = mapped_column(String(20), default="open")
    status_reason: Mapped[str | None] = mapped_column(Text)
    notes: Mapped[str | None] = mapped_column(Text)
    source: Mapped[str] = mapped_column(String(80), default="manual")
    dedupe_key: Mapped[str | None] = mapped_column(String(120), unique=True)
    inspection_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("inspections.id"))
    completed_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_by: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[dt.datetime] = created_at()
    updated_at: Mapped[dt.datetime] = updated_at()

    site: Mapped[Site] = relationship(lazy="joined")  # name and address for the field list

    __mapper_args__ = {"version_id_col": version}
