"""Operations on where: zone classification of a point or a work geometry, resource-area maps, abutters
and the copies a filing sends."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import shapely
import shapely.geometry
from pydantic import Field

from inspections import notice_recipients
from inspections.api.out import ExplanationOut, FeetOut, FindingOut
from inspections.api.registry import Day, Feet, In, InputError, Out, Part, operation
from inspections.config import BylawConfig
from inspections.distance import metres_to_feet
from inspections.planar import in_massachusetts
from inspections.resource_areas import area_from_feature, validate_collection
from inspections.zone_rules import Activity, ActivityKind, Bylaw
from inspections.zones import Location, classify_site

PLACES = "zones and places"
MAX_VERTICES = 20_000
GeoJson = dict[str, Any]


class PointIn(Part):
    lon: float = Field(ge=-73.6, le=-69.8, description="WGS84 longitude (Massachusetts)")
    lat: float = Field(ge=41.1, le=43.0, description="WGS84 latitude (Massachusetts)")
    accuracy_ft: Feet | None = Field(None, description="the fix's accuracy radius, feet")
    accuracy_m: Annotated[float, Field(ge=0, le=300_000)] | None = Field(
        None, description="the same in metres, as a phone's Geolocation API reports it"
    )


class ActivityIn(Part):
    kind: ActivityKind = ActivityKind.ALTERATION
    agricultural_use: bool = False
    on_lawn_or_developed: bool = False


class ZoneIn(In):
    bylaws: list[Bylaw] = Field(min_length=1, max_length=3)
    resource_areas: GeoJson = Field(description="the site's resource areas, a GeoJSON FeatureCollection")
    point: PointIn | None = None
    geometry: GeoJson | None = Field(None, description="a work area or line, GeoJSON, WGS84")
    assessed_on: Day = Field(description="the application or inspection date (cranberry bog look-back)")
    activity: ActivityIn = Field(default_factory=ActivityIn)


class ZoneFindingOut(Out):
    area_id: str
    rule_id: str
    zone: str
    requirement: str
    distance_ft: FeetOut
    inside: bool
    exempt: bool
    explanations: list[ExplanationOut]


class ZoneLineOut(Out):
    area_id: str
    line_ft: FeetOut
    rule_id: str


class ZoneResultOut(Out):
    bylaw: str
    kind: str = Field(description="zone | indeterminate (the accuracy spans a line that changes the answer)")
    zone: str | None
    requirement: str | None
    message: str
    summary: ExplanationOut
    findings: list[ZoneFindingOut]
    notes: list[ExplanationOut]
    accuracy_ft: FeetOut
    candidates: list[str]
    candidate_requirements: list[str]
    lines: list[ZoneLineOut]
    in_resource_area: bool | None
    in_buffer_zone: bool | None
    config_version: str


class ZonesOut(Out):
    results: list[ZoneResultOut]


def _vertices(value: Any, limit: int) -> int:
    """How many [x, y] positions a GeoJSON value holds, counting no further than `limit` + 1."""
    count, stack = 0, [value]
    while stack and count <= limit:
        item = stack.pop()
        if isinstance(item, list) and item and all(isinstance(v, int | float) for v in item):
            count += 1
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
    return count


def _areas(collection: GeoJson) -> Any:
    if len(collection.get("features") or []) > 500:
        raise InputError.of("resource_areas.features", "at most 500 resource areas")
    if _vertices(collection.get("features"), 10 * MAX_VERTICES) > 10 * MAX_VERTICES:
        raise InputError.of("resource_areas.features", f"at most {10 * MAX_VERTICES} vertices in all")
    check = validate_collection(collection)
    if not check.ok:
        raise InputError(
            {f"resource_areas.features.{e.index}.{e.path}".rstrip("."): [e.message] for e in check.errors}
        )
    return check.areas


def _location(facts: ZoneIn) -> Location:
    if (facts.point is None) == (facts.geometry is None):
        raise InputError.of("point", "give either point or geometry")
    if facts.point is not None:
        p = facts.point
        if p.accuracy_ft is not None and p.accuracy_m is not None:
            raise InputError.of("point.accuracy_m", "give the accuracy in feet or in metres, not both")
        accuracy = p.accuracy_ft if p.accuracy_m is None else metres_to_feet(p.accuracy_m)
        return Location.point(p.lon, p.lat, accuracy or 0.0)
    try:
        shape = shapely.geometry.shape(facts.geometry)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
        raise InputError.of("geometry", f"not a GeoJSON geometry: {exc}") from exc
    if shapely.get_num_coordinates(shape) > MAX_VERTICES or not in_massachusetts(shape):
        raise InputError.of("geometry", f"at most {MAX_VERTICES} vertices, WGS84 inside Massachusetts")
    try:
        return Location.of(shape)
    except ValueError as exc:
        raise InputError.of("geometry", str(exc)) from exc


@operation("zone", PLACES, ZoneIn, ZonesOut)
def zone(facts: ZoneIn, cfg: BylawConfig) -> Any:
    """Where a point (with its accuracy) or a work geometry lies under each bylaw: zone, requirement, rules.

    Distances follow CONV-DIST; when the accuracy spans a line that changes the answer the result is
    "indeterminate within ±N ft of the X-ft line" with the candidate zones, never a guessed zone."""
    areas, location = _areas(facts.resource_areas), _location(facts)
    activity = Activity(
        facts.activity.kind, facts.activity.agricultural_use, facts.activity.on_lawn_or_developed
    )
    bylaws = tuple(dict.fromkeys(facts.bylaws))
    return {
        "results": classify_site(
            location, areas, bylaws, assessed_on=facts.assessed_on, activity=activity, config=cfg
        )
    }


class FeatureIn(In):
    feature: GeoJson = Field(description="one resource area, a GeoJSON Feature")


class AreaOut(Out):
    id: str
    type: str
    label: str
    is_area: bool
    plane_area_sq_ft: float | None
    properties: dict[str, Any]


@operation("resource-area", PLACES, FeatureIn, AreaOut)
def resource_area(facts: FeatureIn, cfg: BylawConfig) -> Any:
    """One resource-area feature as the engine reads it, or every reason it cannot be read."""
    if _vertices(facts.feature.get("geometry"), MAX_VERTICES) > MAX_VERTICES:
        raise InputError.of("feature.geometry", f"at most {MAX_VERTICES} vertices")
    try:
        area = area_from_feature(facts.feature)
    except ValueError as exc:
        raise InputError.of("feature", str(exc)) from exc
    return {
        "id": area.id,
        "type": area.type.value,
        "label": area.label,
        "is_area": area.is_area,
        "plane_area_sq_ft": round(area.plane_ft.area, 1) if area.is_area else None,
        "properties": area.props.model_dump(mode="json"),
    }


class AbutterIn(In):
    rule_id: Literal[
        "CARVER-281-ABUTTER-DEF-100FT", "UPTON-280-ABUTTER-300FT", "CARVER-136-DEF-ABUTTERS-300FT"
    ]
    distance_ft: Feet = Field(description="from the applicant's (or site's) property line")
    directly_opposite: bool = False


@operation("abutter", PLACES, AbutterIn, FindingOut)
def abutter(facts: AbutterIn, cfg: BylawConfig) -> Any:
    """Is a parcel an abutter entitled to notice (abutters to abutters within 100 or 300 ft, CONV-DIST)?"""
    return notice_recipients.is_abutter(
        facts.rule_id, facts.distance_ft, directly_opposite=facts.directly_opposite, cfg=cfg
    )


class CopiesIn(In):
    kind: Literal["upton_owner", "carver247_application"]
    filing_kind: Literal["NOI", "ANOI", "ANRAD", "RFD"] | None = None
    requester_is_owner: bool | None = None


class CopyOut(Out):
    rule_id: str
    sender: str
    recipient: str
    document: str
    due: str | None = Field(description="null: the text states no time for this copy")
    explanation: ExplanationOut


class CopiesOut(Out):
    copies: list[CopyOut]


@operation("copies", PLACES, CopiesIn, CopiesOut)
def copies(facts: CopiesIn, cfg: BylawConfig) -> Any:
    """Who must receive a copy of what (Upton RFD owner mailings; Carver 247 application copies)."""
    if facts.kind == "carver247_application":
        return {"copies": notice_recipients.carver247_application_copies()}
    if facts.filing_kind is None or facts.requester_is_owner is None:
        field = "filing_kind" if facts.filing_kind is None else "requester_is_owner"
        raise InputError.of(field, "required for upton_owner")
    return {
        "copies": notice_recipients.upton_owner_copies(
            facts.filing_kind, requester_is_owner=facts.requester_is_owner
        )
    }
