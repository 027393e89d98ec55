"""Plane geometry in feet for the distance rules (CONV-DIST, AMB-05).

Inputs are WGS84 lon/lat (GeoJSON order). They are projected with pyproj to NAD83 / Massachusetts Mainland
(EPSG:26986, metres) and the coordinates are then expressed in **US survey feet** (1 ft = 1200/3937 m, the
foot of the Massachusetts state plane, EPSG:2249), so every distance of this package is a horizontal
grid distance in US survey feet (READ-DIST-USFT). (The international foot, 0.3048 m, differs by 2 ppm:
0.0002 ft per 100 ft.)

Distances are computed from full-precision coordinates, then rounded and compared by CONV-DIST's one rule,
`inspections.distance` (`round_ft`, `is_within` are re-exported here for the callers that import them here).
"""
from __future__ import annotations

from functools import cache

import shapely
from pyproj import Transformer
from shapely.geometry.base import BaseGeometry

from inspections.distance import (
    METRES_PER_US_SURVEY_FOOT,
    TENTH,
    is_within,
    metres_to_feet,
    round_accuracy_ft,
    round_ft,
)

__all__ = ["CRS_LONLAT", "CRS_PLANE", "METRES_PER_US_SURVEY_FOOT", "TENTH", "in_massachusetts", "is_within",
           "metres_to_feet", "round_accuracy_ft", "round_ft", "to_plane_ft"]

CRS_LONLAT = "EPSG:4326"
CRS_PLANE = "EPSG:26986"
# Massachusetts, with a margin: EPSG:26986 is not meant for coordinates outside the Commonwealth.
MA_BOUNDS_LONLAT = (-73.6, 41.1, -69.8, 43.0)


@cache
def _to_plane() -> Transformer:
    return Transformer.from_crs(CRS_LONLAT, CRS_PLANE, always_xy=True)


def to_plane_ft(geometry: BaseGeometry) -> BaseGeometry:
    """A WGS84 lon/lat geometry as EPSG:26986 coordinates in US survey feet."""
    transformer = _to_plane()

    def project(x, y):  # type: ignore[no-untyped-def]
        east_m, north_m = transformer.transform(x, y)
        return east_m / METRES_PER_US_SURVEY_FOOT, north_m / METRES_PER_US_SURVEY_FOOT

    return shapely.transform(geometry, project, interleaved=False)


def in_massachusetts(geometry: BaseGeometry) -> bool:
    west, south, east, north = MA_BOUNDS_LONLAT
    minx, miny, maxx, maxy = geometry.bounds
    return bool(west <= minx and maxx <= east and south <= miny and maxy <= north)
