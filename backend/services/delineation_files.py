"""Reading delineation files: GeoJSON or a zipped shapefile, their CRS, and reprojection to WGS84.

No database here. Problems are collected as `Problem`s (per feature when they concern one feature) so the
caller can refuse the whole file with every reason at once.

Supported CRS: WGS84 (EPSG:4326 / OGC:CRS84), NAD83 Massachusetts Mainland in metres (EPSG:26986) and in
US survey feet (EPSG:2249). The CRS comes from the explicit `crs` parameter, the shapefile's .prj, or the
GeoJSON `crs` member; a GeoJSON file without one is WGS84 (RFC 7946). A shapefile without .prj needs `crs`.
"""
from __future__ import annotations

import codecs
import datetime as dt
import io
import json
import math
import zipfile
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import shapefile
from pyproj import CRS, Transformer
from pyproj.exceptions import CRSError

from backend.services.shapefile_fields import feature_properties

WGS84 = "EPSG:4326"
SUPPORTED_CRS = ("EPSG:4326", "EPSG:26986", "EPSG:2249")
MAX_UNZIPPED_BYTES = 64 * 1024 * 1024
MAX_ZIP_MEMBERS = 64


@dataclass(frozen=True)
class Problem:
    message: str
    index: int | None = None
    feature_id: str | None = None
    path: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"index": self.index, "feature_id": self.feature_id, "path": self.path,
                "message": self.message}


class FileRefused(Exception):
    """The file as a whole cannot be read (not per feature): a 422 naming the field."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(message)
        self.field, self.message = field_name, message


@dataclass
class RawFile:
    format: str  # geojson | shapefile
    features: list[dict[str, Any]]
    declared_crs: str | None  # as written in the .prj or GeoJSON crs member
    declared_from: str | None  # prj | geojson_crs
    problems: list[Problem] = field(default_factory=list)


def resolve_crs(text: str, where: str) -> str:
    """A CRS description (EPSG code, URN, WKT) -> one of SUPPORTED_CRS, or FileRefused naming it."""
    try:
        crs = CRS.from_user_input(text[:20000])
    except CRSError:
        supported = ", ".join(SUPPORTED_CRS)
        raise FileRefused(where, f"unreadable CRS {text[:80]!r}; supported: {supported}") from None
    for code in SUPPORTED_CRS:
        if crs.equals(_crs(code), ignore_axis_order=True):
            return code
    epsg = crs.to_epsg(min_confidence=70)
    if epsg is not None and f"EPSG:{epsg}" in SUPPORTED_CRS:
        return f"EPSG:{epsg}"
    name = f"EPSG:{epsg}" if epsg else crs.name
    raise FileRefused(where, f"unsupported CRS {name}; supported: WGS84 (EPSG:4326), NAD83 Massachusetts "
                             "Mainland metres (EPSG:26986) or US feet (EPSG:2249)")


@cache
def _crs(code: str) -> CRS:
    return CRS.from_user_input(code)


@cache
def _transformer(source: str) -> Transformer:
    return Transformer.from_crs(source, WGS84, always_xy=True)


def read_upload(filename: str, data: bytes) -> RawFile:
    """Dispatch on content: a zip is a shapefile bundle; anything else must be GeoJSON."""
    if not data:
        raise FileRefused("file", "the file is empty")
    if data[:4] == b"PK\x03\x04":
        return read_shapefile_zip(data)
    if filename.lower().endswith((".shp", ".shx", ".dbf", ".prj")):
        raise FileRefused("file", "upload the shapefile as one .zip holding its .shp, .shx, .dbf and .prj")
    return read_geojson(data)


def read_geojson(data: bytes) -> RawFile:
    try:
        doc = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise FileRefused("file", f"not a GeoJSON file (invalid JSON: {exc})") from None
    except RecursionError:
        raise FileRefused("file", "not a GeoJSON file (nested too deeply)") from None
    if isinstance(doc, dict) and doc.get("type") == "Feature":
        doc = {"type": "FeatureCollection", "features": [doc], "crs": doc.get("crs")}
    if not isinstance(doc, dict) or doc.get("type") != "FeatureCollection":
        raise FileRefused("file", "GeoJSON must be a FeatureCollection (or a single Feature)")
    if not isinstance(doc.get("features"), list):
        raise FileRefused("file", "GeoJSON `features` must be a list")
    declared = _geojson_crs(doc.get("crs"))
    features = [dict(f) if isinstance(f, dict) else f for f in doc["features"]]
    for feature in features:
        if isinstance(feature, dict):
            feature.pop("crs", None)
    return RawFile("geojson", features, declared, "geojson_crs" if declared else None)


def _geojson_crs(member: Any) -> str | None:
    """The 2008 GeoJSON `crs` member: {"type": "name", "properties": {"name": ...}} (or the old EPSG form)."""
    if member is None:
        return None
    props = member.get("properties") if isinstance(member, dict) else None
    if isinstance(props, dict) and isinstance(props.get("name"), str):
        return props["name"]
    if isinstance(props, dict) and isinstance(props.get("code"), int):
        return f"EPSG:{props['code']}"
    raise FileRefused("file", "GeoJSON `crs` member not understood; use "
                              '{"type": "name", "properties": {"name": "EPSG:2249"}} or the `crs` parameter')


def _zip_members(data: bytes) -> dict[str, bytes]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile as exc:
        raise FileRefused("file", f"not a readable zip file ({exc})") from None
    infos = [i for i in archive.infolist() if not i.is_dir() and "__MACOSX" not in i.filename]
    if len(infos) > MAX_ZIP_MEMBERS or sum(i.file_size for i in infos) > MAX_UNZIPPED_BYTES:
        raise FileRefused("file", "zip too large: at most 64 files and 64 MB uncompressed")
    shps = [i for i in infos if i.filename.lower().endswith(".shp")]
    if len(shps) != 1:
        raise FileRefused("file", f"the zip must hold exactly one .shp file (found {len(shps)})")
    stem = shps[0].filename[:-4].lower()
    wanted = {i.filename[len(stem) + 1:].lower(): i for i in infos
              if i.filename.lower().startswith(stem + ".")}
    try:
        return {ext: archive.read(info) for ext, info in wanted.items()
                if ext in ("shp", "shx", "dbf", "prj", "cpg")}
    except (zipfile.BadZipFile, RuntimeError, NotImplementedError, OSError) as exc:
        raise FileRefused("file", f"cannot read the zip ({exc})") from None


def read_shapefile_zip(data: bytes) -> RawFile:
    parts = _zip_members(data)
    missing = [ext for ext in ("shp", "shx", "dbf") if ext not in parts]
    if missing:
        raise FileRefused("file", f"the zip lacks the shapefile's {', '.join('.' + m for m in missing)}")
    encoding = parts["cpg"].decode("ascii", "replace").strip() if "cpg" in parts else "utf-8"
    declared = parts["prj"].decode("utf-8", "replace").strip() if "prj" in parts else None
    features, problems = _shapefile_features(parts, encoding)
    return RawFile("shapefile", features, declared or None, "prj" if declared else None, problems)


def _shapefile_features(parts: dict[str, bytes], encoding: str) -> tuple[list[dict[str, Any]], list[Problem]]:
    try:
        reader = shapefile.Reader(shp=io.BytesIO(parts["shp"]), shx=io.BytesIO(parts["shx"]),
                                  dbf=io.BytesIO(parts["dbf"]), encoding=_codec(encoding),
                                  encodingErrors="replace")
        rows = [(sr.shape, sr.record.as_dict()) for sr in reader.iterShapeRecords()]
    except Exception as exc:  # pyshp raises bare Exceptions, struct errors and more on a damaged file
        raise FileRefused("file", f"damaged shapefile ({type(exc).__name__}: {str(exc)[:200]})") from None
    features, problems = [], []
    for index, (shape, record) in enumerate(rows):
        props = feature_properties(record)
        if shape.shapeType == shapefile.NULL:
            problems.append(Problem("the shape has no geometry", index, _fid(props), "geometry"))
            features.append({"type": "Feature", "geometry": None, "properties": props})
            continue
        features.append({"type": "Feature", "geometry": _plain(shape.__geo_interface__), "properties": props})
    return features, problems


def _codec(name: str) -> str:
    """The .cpg names the DBF's code page (UTF-8, 1252, ISO-8859-1...); unknown -> UTF-8."""
    name = {"1252": "cp1252", "ansi 1252": "cp1252", "88591": "latin-1"}.get(name.lower(), name)
    try:
        return codecs.lookup(name).name
    except LookupError:
        return "utf-8"


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, dt.date):
        return value.isoformat()
    return value


def _fid(props: Any) -> str | None:
    value = props.get("id") if isinstance(props, dict) else None
    return value if isinstance(value, str) else None


def reproject(features: list[Any], source: str) -> list[Problem]:
    """Rewrite each feature's coordinates to WGS84 lon/lat in place (z dropped); problems per feature."""
    problems = []
    for index, feature in enumerate(features):
        geometry = feature.get("geometry") if isinstance(feature, dict) else None
        if not isinstance(geometry, dict) or "coordinates" not in geometry:
            continue
        try:
            geometry["coordinates"] = _convert(geometry["coordinates"], source)
        except (TypeError, ValueError, IndexError) as exc:
            problems.append(Problem(str(exc), index, _fid(feature.get("properties")), "geometry.coordinates"))
    return problems


def _convert(coords: Any, source: str, depth: int = 0) -> Any:
    """Positions nest at most 3 arrays deep (a MultiPolygon); anything deeper is not GeoJSON."""
    if not isinstance(coords, (list, tuple)) or depth > 3:
        raise ValueError("coordinates must be arrays of positions, nested as GeoJSON says")
    if coords and all(isinstance(c, (int, float)) and not isinstance(c, bool) for c in coords):
        if len(coords) < 2:
            raise ValueError("a position needs x and y")
        return _position(float(coords[0]), float(coords[1]), source)
    return [_convert(c, source, depth + 1) for c in coords]


def _position(x: float, y: float, source: str) -> list[float]:
    if source == WGS84:
        if not (-180 <= x <= 180 and -90 <= y <= 90):
            raise ValueError(f"({x}, {y}) is not lon/lat: is the file in state plane? Give its CRS "
                             "(.prj, GeoJSON crs member or the crs parameter: EPSG:26986 or EPSG:2249)")
        return [x, y]
    lon, lat = _transformer(source).transform(x, y)
    if not (math.isfinite(lon) and math.isfinite(lat)):
        raise ValueError(f"({x}, {y}) cannot be projected from {source}")
    return [round(lon, 10), round(lat, 10)]
