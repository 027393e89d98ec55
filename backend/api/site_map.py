"""GET /api/v1/sites/<id>/map: the site's map layers as one GeoJSON call (cached offline with the site);
GET /api/v1/sites/<id>/measure: the engine's "measure to the line" for a fix (the phone does the same
offline)."""
from __future__ import annotations

import uuid

from apiflask import APIBlueprint
from apiflask.fields import Field, Float
from apiflask.validators import Range
from flask import Response, json

from backend.models import Site
from backend.security import get_in_town, require_roles
from backend.services.site_map import measure_at, site_layers

bp = APIBlueprint("site_map", __name__, url_prefix="/api/v1/sites", tag="Site maps")
READERS = ("agent", "board_member", "enforcing_officer", "town_admin")
FIX: dict[str, Field | type] = {"lat": Float(required=True, validate=Range(41.1, 43.0)),
       "lon": Float(required=True, validate=Range(-73.6, -69.8)),
       "accuracy_m": Float(load_default=0.0, validate=Range(0, 10_000))}


@bp.get("/<uuid:site_id>/map")
@bp.doc(security="BearerAuth", summary="The site's boundary, resource areas, buffer lines, photo pins")
@require_roles(*READERS)
def site_map(site_id: uuid.UUID) -> Response:
    body = json.dumps(site_layers(get_in_town(Site, site_id)))
    return Response(body, mimetype="application/geo+json")


@bp.get("/<uuid:site_id>/measure")
@bp.input(FIX, location="query", arg_name="fix")
@bp.doc(security="BearerAuth", summary="Distance from a fix to the nearest bylaw line (CONV-DIST)")
@require_roles(*READERS)
def measure_to_line(site_id: uuid.UUID, fix: dict) -> dict:
    return measure_at(get_in_town(Site, site_id), fix["lat"], fix["lon"], fix["accuracy_m"])
