"""Plane geometry in feet for the distance rules (CONV-DIST, AMB-05).

Inputs are WGS84 lon/lat (GeoJSON order). They are projected with pyproj to NAD83 / Massachusetts Mainland
(EPSG:26986, metres) and the coordinates are then expressed in **US survey feet** (1 ft = 1200/3937 m, the
foot of the Massachusetts state plane, EPSG:2249), so every distance of this package is a horizontal grid
distance in US survey feet. (The international foot, 0.3048 m, differs by 2 ppm: 0.0002 ft per 100 ft.)

Distances are computed from full-precision coordinates, then rounded half-even to 0.1 ft (`round_ft`), and
only the rounded value is compared with a bylaw distance (`is_within`).
"""
from __future__ import annotations

from decimal import ROUND_CEILING, ROUND_HALF_EVEN, Decimal
from functools import cache

import shapely
from pyproj import Transformer
from shapely.geometry.base import BaseGeometry

CRS_LONLAT = "EPSG:4326"
CRS_PLANE = "EPSG:26986"
METRES_PER_US_SURVEY_FOOT = 1200 / 3937
TENTH = Decimal("0.1")
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
    return west <= minx and maxx <= east and south <= miny and maxy <= north


def metres_to_feet(metres: float) -> float:
    """For a phone fix whose accuracy is reported in metres (the Geolocation API's `accuracy`)."""
    return metres / METRES_PER_US_SURVEY_FOOT


def round_ft(feet: float) -> Decimal:
    """CONV-DIST: round half-even to 0.1 ft (from the shortest repr of the float, so 64.95 is a tie)."""
    return Decimal(repr(float(feet))).quantize(TENTH, rounding=ROUND_HALF_EVEN)


def round_accuracy_ft(feet: float) -> Decimal:
    """An accuracy radius is rounded UP to 0.1 ft, so a rounded radius never hides a line it crosses."""
    if feet < 0:
        raise ValueError(f"accuracy must be >= 0 ft, got {feet}")
    return Decimal(repr(float(feet))).quantize(TENTH, rounding=ROUND_CEILING)


def is_within(distance_ft: Decimal, limit_ft: Decimal | int, inclusive: bool = True) -> bool:
    """CONV-DIST / AMB-05: "within X feet" is d <= X by default (`dist_inclusive`); d < X otherwise."""
    return distance_ft <= limit_ft if inclusive else distance_ft < limit_ft
