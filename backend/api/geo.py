"""GeoJSON (RFC 7946) layers for GIS: sites and violations, with the bearer token as any other route."""
from __future__ import annotations

from apiflask import APIBlueprint
from flask import Response, json
from sqlalchemy import select

from backend.extensions import db
from backend.models import Site, Violation
from backend.security import principal, require_roles

bp = APIBlueprint("geo", __name__, url_prefix="/api/v1", tag="GIS")
READERS = ("agent", "board_member", "enforcing_officer", "town_admin")


def _geojson(features: list[dict]) -> Response:
    body = json.dumps({"type": "FeatureCollection", "features": features})
    return Response(body, mimetype="application/geo+json")


def _point(lon: float, lat: float) -> dict:
    return {"type": "Point", "coordinates": [round(lon, 7), round(lat, 7)]}


@bp.get("/sites.geojson")
@bp.doc(security="BearerAuth", summary="Sites as GeoJSON points (boundary in properties when known)")
@require_roles(*READERS)
def sites_geojson() -> Response:
    sites = db.session.scalars(select(Site).where(Site.town_id == principal().town_id, Site.active.is_(True)))
    return _geojson([{"type": "Feature", "id": str(s.id), "geometry": s.boundary or _point(s.lon, s.lat),
                      "properties": {"name": s.name, "address": s.address, "map_lot": s.map_lot}}
                     for s in sites])


@bp.get("/violations.geojson")
@bp.doc(security="BearerAuth", summary="Open and corrected violations at their site's position")
@require_roles(*READERS)
def violations_geojson() -> Response:
    rows = db.session.execute(select(Violation, Site).join(Site, Site.id == Violation.site_id).where(
        Violation.town_id == principal().town_id, Violation.status.in_(("open", "corrected"))))
    return _geojson([{"type": "Feature", "id": str(v.id), "geometry": _point(s.lon, s.lat),
                      "properties": {"site": s.name, "chapter": v.chapter, "provision": v.provision,
                                     "citation": v.citation, "status": v.status,
                                     "observed_at": v.observed_at.isoformat()}}
                     for v, s in rows])
