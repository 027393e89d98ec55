"""Real geometry for the zone tests, built independently of the code under test.

Shapes are laid out in a local frame in feet on NAD83 / Massachusetts Mainland (EPSG:26986, metres), with
1 US survey foot = 1200/3937 m (the unit inspections.planar documents), then converted to WGS84 lon/lat with
pyproj, exactly as a GIS would deliver them. Most areas lie west of x = 0 with their east edge on x = 0, so a
point at (d, 0) is d feet from the boundary.
"""
from __future__ import annotations

from typing import Any

from pyproj import Transformer

M_PER_US_FT = 1200 / 3937
_FWD = Transformer.from_crs("EPSG:4326", "EPSG:26986", always_xy=True)
_INV = Transformer.from_crs("EPSG:26986", "EPSG:4326", always_xy=True)
TOWN_ORIGINS = {"Carver": (-70.76, 41.88), "Upton": (-71.60, 42.17), "Gardner": (-71.99, 42.57)}


class Frame:
    """A local frame in feet around a town's origin."""

    def __init__(self, town: str) -> None:
        self.origin_m = _FWD.transform(*TOWN_ORIGINS[town])

    def lonlat(self, x_ft: float, y_ft: float) -> tuple[float, float]:
        ox, oy = self.origin_m
        return _INV.transform(ox + x_ft * M_PER_US_FT, oy + y_ft * M_PER_US_FT)

    def ring(self, corners: list[tuple[float, float]]) -> list[list[float]]:
        pts = [list(self.lonlat(x, y)) for x, y in corners]
        return [*pts, pts[0]]

    def rect(self, x0: float, y0: float, x1: float, y1: float) -> dict[str, Any]:
        return {"type": "Polygon", "coordinates": [self.ring([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])]}

    def line(self, points: list[tuple[float, float]]) -> dict[str, Any]:
        return {"type": "LineString", "coordinates": [list(self.lonlat(x, y)) for x, y in points]}

    def west_of_axis(self, width: float = 400, half_height: float = 300) -> dict[str, Any]:
        """A polygon whose east edge is the line x = 0, from y = -half_height to +half_height."""
        return self.rect(-width, -half_height, 0, half_height)


def feature(geometry: dict[str, Any], **properties: Any) -> dict[str, Any]:
    return {"type": "Feature", "geometry": geometry, "properties": properties}
