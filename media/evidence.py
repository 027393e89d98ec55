"""Evidence checks the backend records beside each photo.  Pure helpers, no I/O.

* :func:`check_site` -- distance in US survey feet from the photo's position to the site boundary
  (GeoJSON, WGS84), measured in Massachusetts State Plane Mainland (NAD83, EPSG:26986, metres) and
  converted with the US survey foot (1200/3937 m).  The Island zone is not used: for Nantucket and
  Martha's Vineyard the Mainland zone's scale error (~1e-4 at that distance) is far below GPS error.
* :func:`check_time` -- camera time against the inspection time.
* Location disagreement comes from :func:`media.location.resolve_location`.
* Duplicates: the same ``IngestResult.sha256`` in another inspection of the town is a duplicate; the
  backend owns that query.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo

import shapely
from pyproj import Transformer
from shapely.geometry import Point, shape

from media.location import LocationProvenance

US_SURVEY_FEET_PER_METRE = 3937 / 1200  # 3.280833333...
DEFAULT_MARGIN_FT = 100.0
DEFAULT_MAX_TIME_GAP = timedelta(hours=12)
MASSACHUSETTS = ZoneInfo("America/New_York")


@lru_cache(maxsize=1)
def _to_state_plane() -> Transformer:
    return Transformer.from_crs("EPSG:4326", "EPSG:26986", always_xy=True)  # thread-safe since pyproj 3.1


@dataclass(frozen=True)
class SiteCheck:
    distance_ft: float  # 0 inside the boundary
    inside: bool
    margin_ft: float
    flagged: bool  # further than margin_ft outside


@dataclass(frozen=True)
class TimeCheck:
    gap: timedelta  # taken_at - inspection_at
    assumed_local: bool  # taken_at had no UTC offset and was read as Massachusetts wall-clock time
    flagged: bool  # |gap| > max_gap


def boundary_geometry(geojson: Mapping[str, Any]) -> shapely.Geometry:
    """A GeoJSON Geometry, Feature or FeatureCollection (WGS84 lon/lat) as one shapely geometry."""
    if geojson.get("type") == "FeatureCollection":
        return shapely.union_all([shape(f["geometry"]) for f in geojson["features"]])
    if geojson.get("type") == "Feature":
        return shape(geojson["geometry"])
    return shape(geojson)


def distance_to_boundary_ft(latitude: float, longitude: float, boundary: Mapping[str, Any]) -> float:
    """Feet from the point to the nearest part of the site (0 when inside)."""
    project = _to_state_plane().transform
    site = shapely.transform(boundary_geometry(boundary), project, interleaved=False)
    point = Point(project(longitude, latitude))
    return float(site.distance(point)) * US_SURVEY_FEET_PER_METRE


def check_site(
    latitude: float, longitude: float, boundary: Mapping[str, Any], *, margin_ft: float = DEFAULT_MARGIN_FT
) -> SiteCheck:
    distance = distance_to_boundary_ft(latitude, longitude, boundary)
    return SiteCheck(distance, distance == 0.0, margin_ft, distance > margin_ft)


def check_time(
    taken_at: datetime,
    inspection_at: datetime,
    *,
    max_gap: timedelta = DEFAULT_MAX_TIME_GAP,
    local_zone: ZoneInfo = MASSACHUSETTS,
) -> TimeCheck:
    """Compare camera time with the (aware) inspection time; naive ``taken_at`` is read in ``local_zone``."""
    if inspection_at.tzinfo is None:
        raise ValueError("inspection_at must be timezone-aware")
    assumed = taken_at.tzinfo is None
    aware = taken_at.replace(tzinfo=local_zone) if assumed else taken_at
    gap = aware - inspection_at
    return TimeCheck(gap, assumed, abs(gap) > max_gap)


def evidence_flags(
    *,
    site: SiteCheck | None = None,
    time: TimeCheck | None = None,
    location: LocationProvenance | None = None,
) -> tuple[str, ...]:
    """The checks above as flags for the photo record (duplicates are the backend's own query)."""
    flags = []
    if site is not None and site.flagged:
        flags.append("outside_site")
    if time is not None and time.flagged:
        flags.append("time_gap")
    if time is not None and time.assumed_local:
        flags.append("camera_time_assumed_local")
    if location is not None and location.disagree:
        flags.append("location_disagreement")
    if location is not None and location.source == "none":
        flags.append("no_location")
    return tuple(flags)
