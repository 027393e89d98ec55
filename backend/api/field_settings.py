"""GET /api/v1/field-settings: the town's rules the field app applies on the phone (which checklist items must
be answered, the GPS accuracy an evidence photo needs), readable by every role (the admin's settings screen
is for town administrators only). Cached offline by the service worker like any read."""
from __future__ import annotations

from apiflask import APIBlueprint

from backend.extensions import db
from backend.models import Town
from backend.security import principal, require_roles
from backend.services.town_settings import APP_SETTINGS

bp = APIBlueprint("field_settings", __name__, url_prefix="/api/v1", tag="Field app")
FIELD_KEYS = ("checklist_every_item_required", "photo_accuracy_max_m")


@bp.get("/field-settings")
@bp.doc(security="BearerAuth", summary="The town's rules for the field app (required items, photo accuracy)")
@require_roles("agent", "board_member", "enforcing_officer", "town_admin")
def field_settings() -> dict:
    stored = dict(db.session.get(Town, principal().town_id).settings or {})
    return {key: stored.get(key, APP_SETTINGS[key].default) for key in FIELD_KEYS}
