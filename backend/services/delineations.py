"""Importing a site's wetland delineation: all features valid, or nothing imported.

The upload (GeoJSON or a zipped shapefile) is read and reprojected to WGS84 by `delineation_files`, then
every feature is checked with `inspections.resource_areas.validate_feature`. One bad feature refuses the
file with a per-feature report. Accepted, the site's `resource_areas` map is replaced (or added to) and a
`Delineation` row keeps the source's hash, CRS and the imported collection as evidence.
"""
from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

import shapely
import shapely.geometry

from backend.extensions import db
from backend.models import Delineation, Site
from backend.security import Principal
from backend.services.delineation_files import (
    WGS84,
    FileRefused,
    Problem,
    RawFile,
    read_upload,
    reproject,
    resolve_crs,
)
from inspections.errors import Invalid
from inspections.resource_areas import ResourceArea, validate_feature


@dataclass(frozen=True)
class Upload:
    filename: str
    data: bytes
    crs: str | None = None
    mode: str = "replace"
    surveyor: str | None = None
    notes: str | None = None


def _refuse_file(exc: FileRefused) -> NoReturn:
    """Same shape as APIFlask's own validation errors of the multipart form."""
    raise Invalid(f"{exc.field}: {exc.message}", detail={"form_and_files": {exc.field: [exc.message]}})


def _refuse_features(problems: list[Problem], total: int) -> NoReturn:
    bad = len({p.index for p in problems})
    features = [p.as_dict() for p in sorted(problems, key=lambda p: (p.index or -1, p.path))]
    raise Invalid(f"{bad} of {total} features refused; nothing was imported", detail={"features": features})


def choose_crs(raw: RawFile, explicit: str | None) -> tuple[str, str]:
    """(EPSG code, where it came from). A declared CRS that disagrees with the explicit one is refused."""
    declared = resolve_crs(raw.declared_crs, "file") if raw.declared_crs else None
    if explicit:
        chosen = resolve_crs(explicit, "crs")
        if declared is not None and declared != chosen:
            raise FileRefused("crs", f"the file declares {declared} ({raw.declared_from}) but crs={chosen}")
        return chosen, "parameter"
    if declared is not None:
        return declared, raw.declared_from or "file"
    if raw.format == "geojson":
        return WGS84, "default"
    raise FileRefused("crs", "the shapefile has no .prj: include it in the zip or give crs "
                             "(EPSG:4326, EPSG:26986 or EPSG:2249)")


def _existing_ids(site: Site) -> set[str]:
    features = (site.resource_areas or {}).get("features") or []
    return {f["properties"]["id"] for f in features
            if isinstance(f, Mapping) and isinstance(f.get("properties"), Mapping)
            and isinstance(f["properties"].get("id"), str)}


def validate_all(features: list[Any], problems: list[Problem], taken: set[str]) -> list[ResourceArea]:
    """Validate every feature not already refused; append each problem; return the areas in file order."""
    refused = {p.index for p in problems}
    areas: list[ResourceArea] = []
    seen = set(taken)
    for index, feature in enumerate(features):
        if index in refused:
            continue
        check = validate_feature(feature if isinstance(feature, Mapping) else {}, index)
        problems.extend(Problem(e.message, e.index, e.feature_id, e.path) for e in check.errors)
        if check.area is None:
            continue
        if check.area.id in seen:
            why = ("already on the site's map (import with mode=replace)" if check.area.id in taken
                   else "duplicate id")
            problems.append(Problem(why, index, check.area.id, "properties.id"))
            continue
        seen.add(check.area.id)
        areas.append(check.area)
    return areas


def area_feature(area: ResourceArea) -> dict[str, Any]:
    """The stored form: RFC 7946 winding, WGS84 at full precision, properties as validated."""
    geometry = shapely.orient_polygons(area.lonlat) if area.is_area else area.lonlat
    return {"type": "Feature", "geometry": _lists(shapely.geometry.mapping(geometry)),
            "properties": area.props.model_dump(mode="json", exclude_none=True)}


def _lists(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_lists(v) for v in value]
    if isinstance(value, dict):
        return {k: _lists(v) for k, v in value.items()}
    return value


def import_delineation(who: Principal, site: Site, upload: Upload) -> Delineation:
    try:
        raw = read_upload(upload.filename, upload.data)
        source, source_from = choose_crs(raw, upload.crs)
    except FileRefused as exc:
        _refuse_file(exc)
    if not raw.features:
        _refuse_file(FileRefused("file", "the file holds no features"))
    problems = raw.problems + reproject(raw.features, source)
    areas = validate_all(raw.features, problems, _existing_ids(site) if upload.mode == "add" else set())
    if problems:
        _refuse_features(problems, len(raw.features))
    imported = {"type": "FeatureCollection", "features": [area_feature(a) for a in areas]}
    row = Delineation(town_id=who.town_id, site_id=site.id, source_name=upload.filename[:255] or "upload",
                      source_format=raw.format, source_crs=source, crs_detected_from=source_from,
                      source_sha256=hashlib.sha256(upload.data).hexdigest(), mode=upload.mode,
                      feature_count=len(areas), features=imported, surveyor=upload.surveyor,
                      notes=upload.notes, imported_by=who.user.id)
    kept = list((site.resource_areas or {}).get("features") or []) if upload.mode == "add" else []
    site.resource_areas = {"type": "FeatureCollection", "features": [*kept, *imported["features"]]}
    db.session.add(row)
    db.session.commit()
    return row
