"""Zone classification: where a point (with its accuracy) or a work polygon lies relative to a site's
resource areas, per bylaw, with the rule, citation and what each applicable zone requires.

Distances (CONV-DIST, AMB-05): horizontal, in US survey feet on EPSG:26986 (see `planar`), from the
resource-area BOUNDARY to the nearest point of the activity; 0 and "inside" when the activity is on or in a
polygon area; rounded half-even to 0.1 ft, then compared ("within X" is d <= X, or d < X with
`dist_inclusive` = false). Accuracy is a radius in feet (`Location.point(..., accuracy_ft=)`;
`planar.metres_to_feet` converts a phone's metres), rounded up to 0.1 ft. When shifting the position by up
to that radius changes the zone or the requirement, the result is INDETERMINATE and names the lines crossed
("indeterminate within ±N ft of the X-ft line") and the candidate zones, instead of a zone.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from enum import StrEnum
from typing import Any

import shapely
import shapely.geometry
import shapely.ops
from shapely.geometry.base import BaseGeometry

from inspections.config import DEFAULT, BylawConfig
from inspections.distance import TENTH, is_within, round_accuracy_ft, round_ft
from inspections.explain import Explanation
from inspections.planar import to_plane_ft
from inspections.resource_areas import ResourceArea
from inspections.zone_rules import (
    REQUIREMENT_RANK,
    ZONE_RANK,
    Activity,
    Bylaw,
    Reach,
    Requirement,
    Zone,
    qualifies,
    reaches_for,
)

NO_ZONE_RULE = {Bylaw.CARVER_281: "CARVER-281-JUR-100FT", Bylaw.UPTON_280: "UPTON-280-JURISDICTION",
                Bylaw.GARDNER_650: "GARDNER-650-JUR-PERMIT"}
ANY_ALTERATION = Activity()
TOWN_BYLAWS = {"Carver": (Bylaw.CARVER_281,), "Upton": (Bylaw.UPTON_280,), "Gardner": (Bylaw.GARDNER_650,)}


class ResultKind(StrEnum):
    ZONE = "zone"
    INDETERMINATE = "indeterminate"


@dataclass(frozen=True)
class Location:
    """Where the activity is: a WGS84 point (with an accuracy radius in feet) or a work polygon."""

    lonlat: BaseGeometry
    plane_ft: BaseGeometry
    accuracy_ft: Decimal

    @classmethod
    def point(cls, lon: float, lat: float, accuracy_ft: float = 0.0) -> Location:
        return cls.of(shapely.geometry.Point(lon, lat), accuracy_ft)

    @classmethod
    def from_geojson(cls, geometry: Mapping[str, Any], accuracy_ft: float = 0.0) -> Location:
        return cls.of(shapely.geometry.shape(geometry), accuracy_ft)

    @classmethod
    def of(cls, lonlat: BaseGeometry, accuracy_ft: float = 0.0) -> Location:
        if lonlat.is_empty or not lonlat.is_valid:
            raise ValueError(f"invalid location geometry: {shapely.is_valid_reason(lonlat)}")
        return cls(lonlat, to_plane_ft(lonlat), round_accuracy_ft(accuracy_ft))


@dataclass(frozen=True)
class Measured:
    """An area with its reaches in this bylaw and the signed distance (negative inside) of the activity."""

    area: ResourceArea
    signed_ft: Decimal
    reaches: tuple[Reach, ...]


@dataclass(frozen=True)
class Finding:
    area_id: str
    rule_id: str
    zone: Zone
    requirement: Requirement
    distance_ft: Decimal
    inside: bool
    exempt: bool
    explanations: tuple[Explanation, ...]


@dataclass(frozen=True)
class ZoneLine:
    area_id: str
    line_ft: Decimal
    rule_id: str


@dataclass(frozen=True)
class ZoneResult:
    bylaw: Bylaw
    kind: ResultKind
    zone: Zone | None
    requirement: Requirement | None
    findings: tuple[Finding, ...]
    summary: Explanation
    notes: tuple[Explanation, ...] = ()
    accuracy_ft: Decimal = Decimal(0)
    candidates: tuple[Zone, ...] = ()
    candidate_requirements: tuple[Requirement, ...] = ()
    lines: tuple[ZoneLine, ...] = ()
    message: str = ""
    config_version: str = ""
    distances_ft: tuple[tuple[str, Decimal], ...] = ()  # (area id, d >= 0) for the areas this bylaw counts

    @property
    def explanations(self) -> tuple[Explanation, ...]:
        return (self.summary, *(e for f in self.findings for e in f.explanations), *self.notes)

    @property
    def active_findings(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if not f.exempt)

    @property
    def in_resource_area(self) -> bool | None:
        """On/inside a resource area this bylaw counts (None when the fix is indeterminate)."""
        if self.kind is ResultKind.INDETERMINATE:
            return None
        return any(f.inside for f in self.active_findings) or self.zone is Zone.RA

    @property
    def in_buffer_zone(self) -> bool | None:
        """In a regulated band around a resource area but in none (AMB-35's reading for Upton)."""
        if self.kind is ResultKind.INDETERMINATE:
            return None
        return bool(self.active_findings) and not self.in_resource_area


def signed_distance_ft(location: Location, area: ResourceArea) -> Decimal:
    """Rounded distance from the area's boundary; 0 on it; minus the depth inside (used with accuracy)."""
    geometry, where = area.plane_ft, location.plane_ft
    if not (area.is_area and geometry.intersects(where)):
        return round_ft(geometry.distance(where))
    if location.accuracy_ft == 0:
        return Decimal(0)
    return -round_ft(_depth(where.intersection(geometry), geometry.boundary))


def _depth(inside: BaseGeometry, boundary: BaseGeometry) -> float:
    """How far the part inside reaches from the boundary (a lower bound for polygons: vertices and poles)."""
    points = list(shapely.points(shapely.get_coordinates(inside)))
    for part in getattr(inside, "geoms", [inside]):
        if part.geom_type == "Polygon" and part.area > 0:
            points.append(shapely.ops.polylabel(part, tolerance=0.1))
    return float(max(boundary.distance(p) for p in points))


def _applies(reach: Reach, signed: Decimal, inclusive: bool) -> bool:
    if signed <= 0:
        return reach.inside
    beyond_min = reach.min_ft is None or not is_within(signed, reach.min_ft, inclusive)
    return beyond_min and is_within(signed, reach.max_ft, inclusive)


def _finding(m: Measured, reach: Reach, signed: Decimal, inclusive: bool) -> Finding:
    inside, distance = signed <= 0, max(signed, Decimal(0))
    upper, lower = ("≤", "<") if inclusive else ("<", "≤")
    where = "on/inside" if inside else (
        f"{reach.min_ft} {lower} d = {distance} {upper} {reach.max_ft} ft" if reach.min_ft is not None
        else f"d = {distance} {upper} {reach.max_ft} ft")
    exempt = reach.exempt_by is not None
    outcome = "exempt" if exempt else reach.requirement.value
    note = f" ({reach.note})" if reach.note else ""
    boundary_case = not inside and distance in (reach.max_ft, reach.min_ft)
    flags = (*reach.flags, *(("AMB-05",) if boundary_case else ()))
    arithmetic = f"{m.area.label} {where} → {reach.zone.value}: {outcome}{note}"
    main = Explanation.of(reach.rule_id, arithmetic, flags)
    extra = (reach.exempt_by,) if reach.exempt_by is not None else ()
    return Finding(m.area.id, reach.rule_id, reach.zone, reach.requirement, distance, inside, exempt,
                   (main, *reach.also, *extra))


def findings_at(measured: Sequence[Measured], inclusive: bool, shift: Decimal = Decimal(0)) -> list[Finding]:
    return [_finding(m, r, m.signed_ft + shift, inclusive) for m in measured for r in m.reaches
            if _applies(r, m.signed_ft + shift, inclusive)]


def strictest(bylaw: Bylaw, findings: Iterable[Finding]) -> tuple[Zone, Requirement]:
    active = [f for f in findings if not f.exempt]
    zones, reqs = ZONE_RANK[bylaw], REQUIREMENT_RANK
    zone = min((f.zone for f in active), key=zones.index, default=zones[-1])
    requirement = min((f.requirement for f in active), key=reqs.index, default=Requirement.NONE)
    return zone, requirement


def measure(location: Location, areas: Iterable[ResourceArea], bylaw: Bylaw, activity: Activity,
            assessed_on: dt.date, config: BylawConfig) -> tuple[list[Measured], list[Explanation]]:
    measured: list[Measured] = []
    notes: list[Explanation] = []
    for area in areas:
        verdict = qualifies(bylaw, area, assessed_on, config)
        if verdict is not None:
            notes.extend(verdict.explanations)
            if not verdict.met:
                continue
        reaches = tuple(reaches_for(bylaw, area, activity, config))
        if reaches:
            measured.append(Measured(area, signed_distance_ft(location, area), reaches))
    return measured, notes


def classify(location: Location, areas: Iterable[ResourceArea], bylaw: Bylaw, *, assessed_on: dt.date,
             activity: Activity = ANY_ALTERATION, config: BylawConfig = DEFAULT) -> ZoneResult:
    """One bylaw's zone for the activity: the strictest zone and requirement with every finding, or
    INDETERMINATE."""
    measured, notes = measure(location, areas, bylaw, activity, assessed_on, config)
    inclusive = config["dist_inclusive"]
    findings = findings_at(measured, inclusive)
    zone, requirement = strictest(bylaw, findings)
    result = ZoneResult(bylaw, ResultKind.ZONE, zone, requirement, tuple(findings),
                        _summary(bylaw, findings, measured, zone, requirement), tuple(notes),
                        location.accuracy_ft, config_version=config.version,
                        distances_ft=tuple((m.area.id, max(m.signed_ft, Decimal(0))) for m in measured))
    outcomes = _outcomes(bylaw, measured, inclusive, location.accuracy_ft)
    return _indeterminate(result, measured, inclusive, outcomes) if len(outcomes) > 1 else result


def classify_site(location: Location, areas: Sequence[ResourceArea], bylaws: Iterable[Bylaw], *,
                  assessed_on: dt.date, activity: Activity = ANY_ALTERATION,
                  config: BylawConfig = DEFAULT) -> tuple[ZoneResult, ...]:
    """One ZoneResult per bylaw (e.g. `TOWN_BYLAWS["Carver"]`)."""
    return tuple(classify(location, areas, b, assessed_on=assessed_on, activity=activity, config=config)
                 for b in bylaws)


def _summary(bylaw: Bylaw, findings: Sequence[Finding], measured: Sequence[Measured], zone: Zone,
             requirement: Requirement) -> Explanation:
    active = [f for f in findings if not f.exempt and f.zone == zone and f.requirement == requirement]
    active = active or [f for f in findings if not f.exempt and f.requirement == requirement]
    if active:
        return active[0].explanations[0]
    nearest = min(measured, key=lambda m: m.signed_ft, default=None)
    where = f"nearest {nearest.area.label} at {max(nearest.signed_ft, Decimal(0))} ft" if nearest else "none"
    arithmetic = f"no zone applies ({where}) → {zone.value}: {requirement.value}"
    return Explanation.of(NO_ZONE_RULE[bylaw], arithmetic)


def _shifts(measured: Sequence[Measured], radius: Decimal) -> set[Decimal]:
    shifts = {-radius, Decimal(0), radius}
    for m in measured:
        for reach in m.reaches:
            for line in reach.lines_ft:
                shifts |= {line - m.signed_ft + k * TENTH for k in (-1, 0, 1)}
    return {s for s in shifts if -radius <= s <= radius}


def _outcomes(bylaw: Bylaw, measured: Sequence[Measured], inclusive: bool,
              radius: Decimal) -> list[tuple[Zone, Requirement]]:
    if radius == 0:
        return []
    outcomes = {strictest(bylaw, findings_at(measured, inclusive, s)) for s in _shifts(measured, radius)}
    return sorted(outcomes, key=lambda o: (ZONE_RANK[bylaw].index(o[0]), REQUIREMENT_RANK.index(o[1])))


def _crossed(measured: Sequence[Measured], inclusive: bool, radius: Decimal) -> list[ZoneLine]:
    lines: dict[tuple[str, Decimal], ZoneLine] = {}
    for m in measured:
        for reach in (r for r in m.reaches if r.exempt_by is None):
            for line in reach.lines_ft:
                near, far = (_on_side(m.signed_ft + s, line, inclusive) for s in (-radius, radius))
                if near != far:
                    lines.setdefault((m.area.id, line), ZoneLine(m.area.id, line, reach.rule_id))
    return sorted(lines.values(), key=lambda z: (z.line_ft, z.area_id))


def _on_side(signed: Decimal, line: Decimal, inclusive: bool) -> bool:
    """On the inner side of a line: on/inside the area for the 0-ft line, "within" it otherwise."""
    return signed <= 0 if line == 0 else is_within(signed, line, inclusive)


def _indeterminate(result: ZoneResult, measured: Sequence[Measured], inclusive: bool,
                   outcomes: Sequence[tuple[Zone, Requirement]]) -> ZoneResult:
    """CONV-DIST: the accuracy circle spans a line that changes the answer -> no zone, the candidates."""
    radius, bylaw = result.accuracy_ft, result.bylaw
    lines = _crossed(measured, inclusive, radius)
    named = "; ".join(f"the {z.line_ft}-ft line of {z.area_id} ({z.rule_id})" for z in lines)
    message = f"indeterminate within ±{radius} ft of {named}"
    candidates = tuple(dict.fromkeys(zone for zone, _ in outcomes))
    requirements = tuple(sorted({r for _, r in outcomes}, key=REQUIREMENT_RANK.index))
    rule_id = lines[0].rule_id if lines else NO_ZONE_RULE[bylaw]
    summary = Explanation.of(rule_id, f"{message}: candidates {', '.join(z.value for z in candidates)}",
                             ("CONV-DIST",))
    return replace(result, kind=ResultKind.INDETERMINATE, zone=None, requirement=None, summary=summary,
                   candidates=candidates, candidate_requirements=requirements, lines=tuple(lines),
                   message=message)
