"""The rule packs a town has adopted: the chapters of its bylaws the product enforces for it.

A row per (town, pack), audited like every record of the town: adopting a chapter is part of the town's
chain from its first event on. A pack is never deleted; a town that stops enforcing one deactivates it.
"""
from __future__ import annotations

import datetime as dt
import uuid

from sqlalchemy import Boolean, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from backend.extensions import db
from backend.models.base import Audited, created_at, town_fk, uuid_pk


class TownPack(Audited, db.Model):  # type: ignore[name-defined]  # flask_sqlalchemy's dynamic base
    __tablename__ = "town_packs"
    __table_args__ = (UniqueConstraint("town_id", "pack"),)
    id: Mapped[uuid.UUID] = uuid_pk()
    town_id: Mapped[uuid.UUID] = town_fk()
    pack: Mapped[str] = mapped_column(String(40))  # a rule pack's key (the engine lists them)
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    adopted_at: Mapped[dt.datetime] = created_at()
