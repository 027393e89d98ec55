"""Delineation fixtures built in the tests: one set of resource areas defined in EPSG:26986 (metres),
written as GeoJSON and as zipped shapefiles (pyshp, .prj from pyproj's ESRI WKT) in 4326, 26986 and 2249."""

from __future__ import annotations

import datetime as dt
import io
import json
import zipfile

import shapefile
from pyproj import CRS, Transformer

# Near the Carver demo sites; metres east/north on NAD83 / Massachusetts Mainland.
X0, Y0 = 251_700.0, 857_800.0
BVW_M = [(X0, Y0), (X0 + 61.3, Y0 + 4.2), (X0 + 70.05, Y0 + 48.77), (X0 + 12.5, Y0 + 55.5), (X0, Y0)]
POOL_M = [(X0 + 100, Y0), (X0 + 130, Y0), (X0 + 130, Y0 + 25), (X0 + 100, Y0 + 25), (X0 + 100, Y0)]
STREAM_M = [(X0 - 20, Y0 - 40), (X0 + 40, Y0 - 35.5), (X0 + 160.25, Y0 - 30)]
CODES = ("EPSG:4326", "EPSG:26986", "EPSG:2249")

AREAS = [  # (geometry kind, metres, GeoJSON properties, DBF record)
    (
        "Polygon",
        BVW_M,
        {"id": "BVW-1", "type": "bordering_vegetated_wetland", "name": "flagged A1-A12"},
        {"ID": "BVW-1", "TYPE": "bordering_vegetated_wetland", "NAME": "flagged A1-A12"},
    ),
    (
        "Polygon",
        POOL_M,
        {
            "id": "VP-1",
            "type": "vernal_pool",
            "volume_cuft": 1200.0,
            "hydroperiod_months": 3.0,
            "predatory_fish": False,
            "breeding_habitat": True,
        },
        {
            "ID": "VP-1",
            "TYPE": "vernal_pool",
            "VOL_CUFT": 1200.0,
            "HYDRO_MO": 3.0,
            "PRED_FISH": False,
            "BREEDING": True,
        },
    ),
    (
        "LineString",
        STREAM_M,
        {"id": "S-1", "type": "river_stream", "flow": "perennial"},
        {"ID": "S-1", "TYPE": "river_stream", "FLOW": "perennial"},
    ),
]


POLYGONS = [a for a in AREAS if a[0] == "Polygon"]


def transform(points, code: str) -> list[tuple[float, float]]:
    if code == "EPSG:26986":
        return list(points)
    t = Transformer.from_crs("EPSG:26986", code, always_xy=True)
    return [t.transform(x, y) for x, y in points]


def _geometry(kind: str, points) -> dict:
    coords = [list(p) for p in points]
    return {"type": kind, "coordinates": [coords] if kind == "Polygon" else coords}


def geojson(code: str, with_crs_member: bool = True, features: list | None = None) -> bytes:
    doc: dict = {
        "type": "FeatureCollection",
        "features": features
        if features is not None
        else [
            {"type": "Feature", "geometry": _geometry(kind, transform(m, code)), "properties": props}
            for kind, m, props, _ in AREAS
        ],
    }
    if with_crs_member and code != "EPSG:4326":
        doc["crs"] = {"type": "name", "properties": {"name": f"urn:ogc:def:crs:EPSG::{code.split(':')[1]}"}}
    return json.dumps(doc).encode()


FIELDS = [
    ("ID", "C", 40, 0),
    ("TYPE", "C", 60, 0),
    ("NAME", "C", 80, 0),
    ("FLOW", "C", 20, 0),
    ("VOL_CUFT", "N", 18, 3),
    ("HYDRO_MO", "N", 6, 2),
    ("PRED_FISH", "L", 1, 0),
    ("BREEDING", "L", 1, 0),
    ("LAST_HARV", "D", 8, 0),
]


def _write(writer: shapefile.Writer, kind: str, points, record: dict) -> None:
    if kind == "Polygon":
        ring = list(reversed(points)) if _ccw(points) else list(points)  # shapefile exteriors are clockwise
        writer.poly([ring])
    else:
        writer.line([list(points)])
    writer.record(**{name: record.get(name) for name, *_ in FIELDS})


def _ccw(points) -> bool:
    return sum((x2 - x1) * (y2 + y1) for (x1, y1), (x2, y2) in zip(points, points[1:], strict=False)) < 0


def shapefile_zip(
    code: str | None, areas=None, shape_type=shapefile.POLYGON, extra: dict | None = None
) -> bytes:
    """A zip of delineation.shp/.shx/.dbf (+ .prj unless code is None); default: the polygon AREAS.

    (A shapefile holds one geometry type: lines go in a POLYLINE shapefile of their own.)"""
    areas = POLYGONS if areas is None else areas
    shp, shx, dbf = io.BytesIO(), io.BytesIO(), io.BytesIO()
    writer = shapefile.Writer(shp=shp, shx=shx, dbf=dbf, shapeType=shape_type)
    for name, kind, size, decimal in FIELDS:
        writer.field(name, kind, size, decimal)
    for kind, points, _, record in areas:
        _write(writer, kind, transform(points, code or "EPSG:26986"), record)
    writer.close()
    members = {
        "delineation.shp": shp.getvalue(),
        "delineation.shx": shx.getvalue(),
        "delineation.dbf": dbf.getvalue(),
    }
    if code is not None:
        members["delineation.prj"] = CRS.from_user_input(code).to_wkt("WKT1_ESRI").encode()
    members.update(extra or {})
    return zip_of(members)


def zip_of(members: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return out.getvalue()


BOG = (
    "Polygon",
    POOL_M,
    {"id": "BOG-1", "type": "cranberry_bog", "last_cultivated_or_harvested": "2019-10-01"},
    {"ID": "BOG-1", "TYPE": "cranberry_bog", "LAST_HARV": dt.date(2019, 10, 1)},
)
