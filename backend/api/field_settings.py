"""GET /api/v1/boards: the town's boards and which the caller sits on (the board screens filter by it).
GET /api/v1/field-settings: the town's rules the field app applies on the phone (which checklist items must
be answered, the GPS accuracy an evidence photo needs), readable by every role (the admin's settings screen
is for town administrators only). Cached offline by the service worker like any read."""
from __future__ import annotations

from apiflask import APIBlueprint
from sqlalchemy import select

from backend.extensions import db
from backend.models import Authority, Membership, Town
from backend.security import principal, require_roles
from backend.services.town_settings import APP_SETTINGS

bp = APIBlueprint("field_settings", __name__, url_prefix="/api/v1", tag="Field app")
FIELD_KEYS = ("checklist_every_item_required", "photo_accuracy_max_m")


@bp.get("/field-settings")
@bp.doc(security="BearerAuth", summary="The town's rules for the field app (required items, photo accuracy)")
@require_roles("agent", "board_member", "enforcing_officer", "town_admin")
def field_settings() -> dict:
    stored = dict(db.session.get_one(Town, principal().town_id).settings or {})
    return {key: stored.get(key, APP_SETTINGS[key].default) for key in FIELD_KEYS}


@bp.get("/boards")
@bp.doc(security="BearerAuth", summary="The town's boards, their chapters, and which the caller sits on")
@require_roles("agent", "board_member", "enforcing_officer", "town_admin")
def boards() -> list[dict]:
    me = principal()
    mine = set(db.session.scalars(select(Membership.authority_id).where(
        Membership.user_id == me.user.id, Membership.town_id == me.town_id, Membership.active.is_(True))))
    rows = db.session.scalars(select(Authority).where(Authority.town_id == me.town_id)
                              .order_by(Authority.name))
    return [{"id": str(a.id), "name": a.name, "chapters": list(a.chapters or []), "mine": a.id in mine}
            for a in rows]
