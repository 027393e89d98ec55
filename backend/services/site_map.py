"""A site's map layers in one GeoJSON document (boundary, resource areas, the engine's buffer lines, photo
pins) and "measure to the line" on the server, both from `inspections.site_lines`."""
from __future__ import annotations

from typing import Any

from sqlalchemy import select

from backend.clock import now
from backend.extensions import db
from backend.models import Authority, Inspection, Photo, Site, Town
from backend.services.fine_config import town_config
from backend.services.zones import wetlands_bylaw
from inspections import api
from inspections.resource_areas import validate_collection
from inspections.site_lines import Line, Measurement, buffer_lines, measure

PROVENANCE_WORDS = {"exif": "position from the photo's own data",
                    "device": "position from the phone at capture",
                    "manual": "position entered by hand", "none": "no position"}


def lines_of(site: Site) -> list[Line]:
    town = db.session.get_one(Town, site.town_id)
    chapters = [c for a in db.session.scalars(select(Authority).where(Authority.town_id == town.id))
                for c in (a.chapters or [])]
    bylaw = wetlands_bylaw(town, chapters)
    areas = validate_collection(site.resource_areas or {}).areas
    buffered = {c["key"] for c in api.call("chapters", {})["chapters"] if c["property_line_buffer"]}
    earth_removal = any(p.active and p.chapter in buffered for p in site.permits)
    return buffer_lines(areas, [bylaw] if bylaw else [], assessed_on=now().date(), config=town_config(town),
                        parcel=site.boundary, property_line_buffer=earth_removal)


def site_layers(site: Site) -> dict[str, Any]:
    features: list[dict[str, Any]] = []
    if site.boundary:
        features.append({"type": "Feature", "geometry": site.boundary,
                         "properties": {"kind": "boundary", "label": "Site boundary"}})
    for area in (site.resource_areas or {}).get("features", []):
        props = area.get("properties") or {}
        kind = str(props.get("type", "resource area")).replace("_", " ")
        name = f" ({props['name']})" if props.get("name") else ""
        label = f"{kind.capitalize()}{name}"
        features.append({"type": "Feature", "geometry": area.get("geometry"),
                         "properties": {"kind": "area", "label": label}})
    features += [line.feature() for line in lines_of(site)]
    pinned = (select(Photo).join(Inspection, Inspection.id == Photo.inspection_id)
              .where(Inspection.site_id == site.id)
              .where(Photo.lat.is_not(None))  # type: ignore[arg-type]  # an untyped column
              .order_by(Photo.taken_at).limit(500))
    features += [_photo_pin(p) for p in db.session.scalars(pinned)]
    return {"type": "FeatureCollection", "features": features}


def _photo_pin(photo: Photo) -> dict[str, Any]:
    return {"type": "Feature", "geometry": {"type": "Point", "coordinates": [photo.lon, photo.lat]},
            "properties": {"kind": "photo",
                           "taken_at": photo.taken_at.isoformat() if photo.taken_at else None,
                           "accuracy_m": photo.accuracy_m,
                           "provenance": PROVENANCE_WORDS.get(photo.provenance, photo.provenance)}}


def measure_at(site: Site, lat: float, lon: float, accuracy_m: float) -> dict[str, Any]:
    m: Measurement = measure(lon, lat, accuracy_m, lines_of(site))
    return {"line": m.line.label if m.line else None, "rule_id": m.line.rule_id if m.line else None,
            "distance_ft": float(m.distance_ft) if m.distance_ft is not None else None,
            "accuracy_ft": float(m.accuracy_ft), "inside": m.inside, "indeterminate": m.indeterminate,
            "words": m.words}
