"""The bylaw's own lines on a site, for the field app's map, and "measure to the line" (CONV-DIST).

`buffer_lines` draws, for one site, every distance line its resource areas make under the town's wetlands
bylaw (e.g. Carver 281's 65-, 100- and 200-ft lines, Gardner's no-disturbance, no-build and buffer zones) and,
where an earth-removal permit is in force, Carver 136's 50-ft undisturbed buffer inside every property line.
Each line is the edge of the area within X ft (the boundary buffered by X on EPSG:26986 in US survey feet,
READ-DIST-USFT), given both in WGS84 (to draw) and in plane feet (to measure on the phone exactly as here).

`measure` gives the distance from a fix to the nearest line, rounded by CONV-DIST (`round_ft`, the decimal
form, READ-DIST-TIE), and which side the fix is on; when the fix's accuracy radius (rounded up to 0.1 ft,
READ-DIST-ACCURACY) reaches the line, the answer is "indeterminate within ±N ft" and no side is given.
The field app's geo.js computes the same from the same plane coordinates; a test holds the two together.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import Any

import shapely
import shapely.geometry
from pyproj import Transformer
from shapely.geometry.base import BaseGeometry

from inspections.config import BylawConfig
from inspections.distance import METRES_PER_US_SURVEY_FOOT, metres_to_feet, round_accuracy_ft, round_ft
from inspections.planar import CRS_LONLAT, CRS_PLANE, to_plane_ft
from inspections.resource_areas import ResourceArea
from inspections.rulepack import param
from inspections.zone_rules import Activity, Bylaw, Zone, qualifies, reaches_for

QUAD_SEGS = 8  # a quarter circle in 8 segments: the drawn line is within 2% of the true buffer
ZONE_WORDS = {
    Zone.ZONE_65: "65-ft no-alteration zone", Zone.BOG_DWELLING_100: "100-ft no-dwelling line from the bog",
    Zone.JURIS_100: "100-ft buffer zone", Zone.JURIS_200: "200-ft riverfront zone",
    Zone.ZONE_200: "200-ft zone", Zone.ZONE_100: "100-ft buffer zone", Zone.NDZ: "no-disturbance zone",
    Zone.NBZ: "no-build zone", Zone.BZ: "buffer zone", Zone.RA: "resource area",
}
BYLAW_WORDS = {Bylaw.CARVER_281: "Carver wetlands bylaw", Bylaw.UPTON_280: "Upton wetlands bylaw",
               Bylaw.GARDNER_650: "Gardner wetlands bylaw"}
PROPERTY_LINE_RULE = "CARVER-136-BUFFER-50FT"


@dataclass(frozen=True)
class Line:
    """One line: the edge of the area within `distance_ft` of `source`."""

    key: str
    label: str
    rule_id: str
    distance_ft: Decimal
    inward: bool          # True for a property-line buffer: the protected strip is inside the parcel
    plane: BaseGeometry   # the area within the distance (a polygon), US survey feet, EPSG:26986

    def feature(self) -> dict[str, Any]:
        """GeoJSON for the map (WGS84 rings) with the plane rings the phone measures on."""
        rings = [[list(xy) for xy in ring.coords] for ring in _rings(self.plane)]
        return {"type": "Feature", "geometry": shapely.geometry.mapping(to_lonlat(self.plane.boundary)),
                "properties": {"kind": "buffer", "key": self.key, "label": self.label,
                               "distance_ft": float(self.distance_ft), "inward": self.inward,
                               "plane_rings_ft": rings}}


@dataclass(frozen=True)
class Measurement:
    line: Line | None
    distance_ft: Decimal | None
    accuracy_ft: Decimal
    inside: bool | None   # inside the area the line encloses (the buffer; for inward lines, the parcel core)
    indeterminate: bool

    @property
    def words(self) -> str:
        if self.line is None or self.distance_ft is None:
            return "No bylaw line on this site."
        if self.indeterminate:
            return f"Indeterminate within ±{self.accuracy_ft} ft of the {self.line.label}."
        side = "inside" if self.inside else "outside"
        return f"{self.distance_ft} ft {side} the {self.line.label}."


def buffer_lines(areas: Iterable[ResourceArea], bylaws: Sequence[Bylaw], *, assessed_on: dt.date,
                 config: BylawConfig, parcel: Mapping[str, Any] | None = None,
                 property_line_buffer: bool = False) -> list[Line]:
    """Every distance line of the site, nearest the areas first; one line per area and distance."""
    lines: dict[str, Line] = {}
    for area in areas:
        for bylaw in bylaws:
            verdict = qualifies(bylaw, area, assessed_on, config)
            if verdict is not None and not verdict.met:
                continue
            for reach in reaches_for(bylaw, area, Activity(), config):
                for feet in (f for f in (reach.min_ft, reach.max_ft) if f):
                    key = f"{area.id}:{feet}"
                    if key not in lines:
                        words = ZONE_WORDS.get(reach.zone, "line") if feet == reach.max_ft else "inner line"
                        label = (f"{_ft(feet)}-ft line of the {_area_words(area)} "
                                 f"({words}, {BYLAW_WORDS[bylaw]})")
                        lines[key] = Line(key, label, reach.rule_id, feet, False,
                                          area.plane_ft.buffer(float(feet), quad_segs=QUAD_SEGS))
    if property_line_buffer and parcel:
        feet = Decimal(str(param(PROPERTY_LINE_RULE, "distance_ft")))
        core = to_plane_ft(shapely.geometry.shape(parcel)).buffer(-float(feet), quad_segs=QUAD_SEGS)
        if not core.is_empty:
            lines["parcel"] = Line("parcel", f"{_ft(feet)}-ft undisturbed buffer along the property line "
                                   "(Carver earth removal bylaw)", PROPERTY_LINE_RULE, feet, True, core)
    return sorted(lines.values(), key=lambda line: (line.distance_ft, line.key))


def measure(lon: float, lat: float, accuracy_m: float, lines: Sequence[Line]) -> Measurement:
    """The nearest line to the fix, CONV-DIST rounded; indeterminate when the accuracy radius reaches it."""
    accuracy = round_accuracy_ft(metres_to_feet(accuracy_m))
    if not lines:
        return Measurement(None, None, accuracy, None, False)
    point = to_plane_ft(shapely.geometry.Point(lon, lat))
    nearest = min(lines, key=lambda line: (line.plane.boundary.distance(point), line.key))
    distance = round_ft(nearest.plane.boundary.distance(point))
    indeterminate = accuracy >= distance
    inside = None if indeterminate else bool(nearest.plane.intersects(point))
    return Measurement(nearest, distance, accuracy, inside, indeterminate)


def _rings(polygonal: BaseGeometry) -> list[Any]:
    parts = getattr(polygonal, "geoms", [polygonal])
    return [ring for part in parts for ring in (part.exterior, *part.interiors)]


def _ft(feet: Decimal) -> str:
    return f"{feet.normalize():f}"


def _area_words(area: ResourceArea) -> str:
    name = getattr(area.props, "name", None)
    kind = area.type.value.replace("_", " ")
    return f"{kind} ({name})" if name else kind


@cache
def _to_lonlat() -> Transformer:
    return Transformer.from_crs(CRS_PLANE, CRS_LONLAT, always_xy=True)


def to_lonlat(geometry: BaseGeometry) -> BaseGeometry:
    """Plane US survey feet back to WGS84 lon/lat (to draw)."""
    transformer = _to_lonlat()

    def unproject(x, y):  # type: ignore[no-untyped-def]
        return transformer.transform(x * METRES_PER_US_SURVEY_FOOT, y * METRES_PER_US_SURVEY_FOOT)

    return shapely.transform(geometry, unproject, interleaved=False)
