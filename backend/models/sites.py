"""Sites, their resource areas, and the permits that govern them."""
from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

from sqlalchemy import JSON, Boolean, Date, Float, ForeignKey, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from backend.extensions import db
from backend.models.base import Audited, created_at, town_fk, uuid_pk

PERMIT_KINDS = ("order_of_conditions", "land_disturbance", "earth_removal_full", "earth_removal_expedited",
                "determination")
CONDITION_KINDS = ("hours", "truck_route", "volume_limit", "special")


class Site(Audited, db.Model):
    __tablename__ = "sites"
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    name: Mapped[str] = mapped_column(String(200))
    address: Mapped[str] = mapped_column(String(300))
    map_lot: Mapped[str | None] = mapped_column(String(40))
    lat: Mapped[float] = mapped_column(Float)
    lon: Mapped[float] = mapped_column(Float)
    boundary: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # GeoJSON Polygon (WGS84)
    resource_areas: Mapped[dict[str, Any]] = mapped_column(JSON, default=lambda: {
        "type": "FeatureCollection", "features": []})
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[dt.datetime] = created_at()
    permits: Mapped[list[Permit]] = relationship(back_populates="site", order_by="Permit.issued_on")


class Permit(Audited, db.Model):
    """An order of conditions, land-disturbance permit, earth-removal permit or determination.

    `conditions` are structured items: {"id", "kind": hours|truck_route|volume_limit|special, "text", ...}.
    """

    __tablename__ = "permits"
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    site_id: Mapped[uuid.UUID] = mapped_column(ForeignKey("sites.id"), index=True)
    authority_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("authorities.id"))
    kind: Mapped[str] = mapped_column(String(40))
    chapter: Mapped[str] = mapped_column(String(20))
    number: Mapped[str] = mapped_column(String(60))
    issued_on: Mapped[dt.date | None] = mapped_column(Date)
    expires_on: Mapped[dt.date | None] = mapped_column(Date)
    recorded_on: Mapped[dt.date | None] = mapped_column(Date)
    permittee_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("parties.id"))
    operator_id: Mapped[uuid.UUID | None] = mapped_column(ForeignKey("parties.id"))
    conditions: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    notes: Mapped[str | None] = mapped_column(Text)
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    site: Mapped[Site] = relationship(back_populates="permits")
