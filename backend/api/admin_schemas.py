"""Schemas of town records (sites, parties, permits with conditions) and delineation imports."""
from __future__ import annotations

from typing import Any

from apiflask import Schema
from apiflask.fields import (
    UUID,
    AwareDateTime,
    Boolean,
    Date,
    Dict,
    File,
    Float,
    Integer,
    List,
    Nested,
    String,
)
from apiflask.validators import Length, OneOf, Range, Regexp
from marshmallow import ValidationError, validates_schema

from backend.api.bounds import ScheduledDay
from backend.models.sites import CONDITION_KINDS, PERMIT_KINDS

PARTY_KINDS = ("permittee", "operator", "owner", "applicant", "contractor", "engineer")
LANGUAGES = ("en", "es", "pt")
NOT_BLANK = Regexp(r"\S", error="must not be blank")
HH_MM = Regexp(r"^([01]\d|2[0-3]):[0-5]\d$", error="HH:MM, 24-hour")


def words(most: int, **kwargs: Any) -> String:
    return String(validate=[Length(1, most), NOT_BLANK], **kwargs)


def note(most: int = 4000, **kwargs: Any) -> String:
    return String(validate=Length(0, most), **kwargs)


# --- sites, parties, permits ---------------------------------------------------------------------------

class SiteIn(Schema):
    name = words(200, required=True)
    address = words(300, required=True)
    map_lot = note(40, load_default=None, allow_none=True)
    lat = Float(required=True, validate=Range(-90, 90))
    lon = Float(required=True, validate=Range(-180, 180))
    boundary = Dict(load_default=None, allow_none=True, metadata={"description": "GeoJSON Polygon, WGS84"})


class SitePatch(Schema):
    name = words(200)
    address = words(300)
    map_lot = note(40, allow_none=True)
    lat = Float(validate=Range(-90, 90))
    lon = Float(validate=Range(-180, 180))
    boundary = Dict(allow_none=True)
    active = Boolean(metadata={"description": "false deactivates (never deletes)"})


class AdminSiteOut(Schema):
    id = UUID()
    name = String()
    address = String()
    map_lot = String(allow_none=True)
    lat = Float()
    lon = Float()
    boundary = Dict(allow_none=True)
    resource_areas = Dict()
    active = Boolean()
    created_at = AwareDateTime()


class PartyIn(Schema):
    kind = String(required=True, validate=OneOf(PARTY_KINDS))
    name = words(200, required=True)
    mailing_address = note(400, load_default=None, allow_none=True)
    phone = note(40, load_default=None, allow_none=True,
                 metadata={"description": "any US form; stored E.164"})
    language = String(load_default="en", validate=OneOf(LANGUAGES))
    sms_consent = Boolean(load_default=False)


class PartyPatch(Schema):
    kind = String(validate=OneOf(PARTY_KINDS))
    name = words(200)
    mailing_address = note(400, allow_none=True)
    phone = note(40, allow_none=True)
    language = String(validate=OneOf(LANGUAGES))
    sms_consent = Boolean()
    active = Boolean()


class PartyOut(Schema):
    id = UUID()
    kind = String()
    name = String()
    mailing_address = String(allow_none=True)
    phone_e164 = String(allow_none=True)
    language = String()
    sms_consent = Boolean()
    sms_opted_out_at = AwareDateTime(allow_none=True)
    active = Boolean()
    created_at = AwareDateTime()


class ConditionIn(Schema):
    """hours: start/end (days optional); volume_limit: a yearly or total cubic-yard cap; others: text."""

    id = String(required=True, validate=[Length(1, 40), Regexp(r"^[A-Za-z0-9._-]+$")])
    kind = String(required=True, validate=OneOf(CONDITION_KINDS))
    text = words(4000, required=True)
    days = note(40)
    start = String(validate=HH_MM)
    end = String(validate=HH_MM)
    route = note(1000)
    cubic_yards_per_year = Integer(validate=Range(1, 100_000_000))
    cubic_yards_total = Integer(validate=Range(1, 100_000_000))
    self_inspection_interval_days = Integer(validate=Range(1, 365))

    @validates_schema
    def _by_kind(self, data: dict, **_: object) -> None:
        if data["kind"] == "hours" and not (data.get("start") and data.get("end")):
            raise ValidationError("hours conditions need start and end (HH:MM)", "start")
        if data["kind"] == "hours" and data["start"] >= data["end"]:
            raise ValidationError("end must be after start", "end")
        capped = data.get("cubic_yards_per_year") or data.get("cubic_yards_total")
        if data["kind"] == "volume_limit" and not capped:
            raise ValidationError("volume limits need cubic_yards_per_year or cubic_yards_total",
                                  "cubic_yards_per_year")


def _unique_condition_ids(conditions: list[dict] | None) -> None:
    ids = [c["id"] for c in conditions or []]
    if len(ids) != len(set(ids)):
        raise ValidationError("condition ids must be unique within the permit", "conditions")


class PermitPatch(Schema):
    authority_id = UUID(allow_none=True)
    kind = String(validate=OneOf(PERMIT_KINDS))
    chapter = words(20)
    number = words(60)
    issued_on = ScheduledDay(allow_none=True)
    expires_on = ScheduledDay(allow_none=True)
    recorded_on = ScheduledDay(allow_none=True)
    permittee_id = UUID(allow_none=True)
    operator_id = UUID(allow_none=True)
    conditions = List(Nested(ConditionIn), validate=Length(0, 200))
    notes = note(20000, allow_none=True)
    active = Boolean()

    @validates_schema
    def _conditions(self, data: dict, **_: object) -> None:
        _unique_condition_ids(data.get("conditions"))


class PermitIn(PermitPatch):
    site_id = UUID(required=True)
    kind = String(required=True, validate=OneOf(PERMIT_KINDS))
    chapter = words(20, required=True)
    number = words(60, required=True)

    class Meta:
        exclude = ("active",)


class AdminPermitOut(Schema):
    id = UUID()
    site_id = UUID()
    authority_id = UUID(allow_none=True)
    kind = String()
    chapter = String()
    number = String()
    issued_on = Date(allow_none=True)
    expires_on = Date(allow_none=True)
    recorded_on = Date(allow_none=True)
    permittee_id = UUID(allow_none=True)
    operator_id = UUID(allow_none=True)
    conditions = List(Dict())
    notes = String(allow_none=True)
    active = Boolean()


class RecordQuery(Schema):
    include_inactive = Boolean(load_default=False)
    site_id = UUID(load_default=None)
    limit = Integer(validate=Range(1, 500), load_default=100)
    offset = Integer(validate=Range(0, 10_000_000), load_default=0)


class DelineationForm(Schema):
    file = File(required=True, metadata={"description": "GeoJSON, or a .zip of .shp/.shx/.dbf/.prj"})
    crs = note(100, load_default=None, metadata={"description": "EPSG:4326, EPSG:26986 or EPSG:2249"})
    mode = String(load_default="replace", validate=OneOf(("replace", "add")))
    surveyor = note(200, load_default=None)
    notes = note(4000, load_default=None)


class DelineationOut(Schema):
    id = UUID()
    site_id = UUID()
    source_name = String()
    source_format = String()
    source_crs = String()
    crs_detected_from = String()
    source_sha256 = String()
    mode = String()
    feature_count = Integer()
    features = Dict()
    surveyor = String(allow_none=True)
    notes = String(allow_none=True)
    imported_by = UUID(allow_none=True)
    created_at = AwareDateTime()
