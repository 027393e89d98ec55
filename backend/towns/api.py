"""/api/v1/platform/towns: platform operators create towns and see what each has (the API twin of
`flask towns add|list|show`). A platform operator is a property of the account, not a role in a town: any
town's token of a platform operator may call these routes; nobody else may, whatever their town roles."""
from __future__ import annotations

from apiflask import APIBlueprint, Schema, abort
from apiflask.fields import UUID, Boolean, Dict, Integer, List, Nested, String
from apiflask.validators import Length

from backend.audit import acting_as
from backend.extensions import db
from backend.models import Town
from backend.security import principal, require_platform_operator
from backend.towns.service import (
    TownInfo,
    TownRefused,
    TownRequest,
    all_towns,
    create_town,
    describe,
    find_town,
)

bp = APIBlueprint("platform_towns", __name__, url_prefix="/api/v1/platform", tag="Platform")


class TownIn(Schema):
    slug = String(required=True, validate=Length(2, 40), metadata={"example": "carver"})
    name = String(required=True, validate=Length(1, 120), metadata={"example": "Town of Carver"})
    packs = List(String(validate=Length(1, 40)), required=True, validate=Length(1, 20),
                 metadata={"description": "chapters adopted: keys of POST /api/v1/law/packs"})
    tz = String(load_default="America/New_York", validate=Length(1, 60))
    contact_phone = String(load_default=None, allow_none=True, validate=Length(1, 30))
    board_names = Dict(keys=String(validate=Length(1, 40)), values=String(validate=Length(1, 120)),
                       load_default=dict, validate=Length(max=3),
                       metadata={"description": "board kind -> name; default \"<place> <board>\""})


class BoardOut(Schema):
    id = UUID()
    kind = String()
    name = String()
    chapters = List(String())
    slack_channel_set = Boolean()


class TownOut(Schema):
    slug = String()
    name = String()
    tz = String()
    contact_phone = String(allow_none=True)
    active = Boolean()
    packs = List(String())
    boards = List(Nested(BoardOut))
    admins = List(String())
    memberships = Integer()


class TownCreatedOut(Schema):
    town = Nested(TownOut)
    created = Boolean()
    adopted = List(String())
    boards_created = List(String())


def _out(info: TownInfo) -> dict:
    town = info.town
    return {"slug": town.slug, "name": town.name, "tz": town.tz, "contact_phone": town.contact_phone,
            "active": town.active, "packs": info.packs, "admins": info.admins, "memberships": info.members,
            "boards": [{**vars(b), "slack_channel_set": bool(b.slack_channel)} for b in info.boards]}


@bp.get("/towns")
@bp.output(TownOut(many=True))
@bp.doc(security="BearerAuth", summary="Every town, with its chapters, boards and admins")
@require_platform_operator
def list_towns() -> list:
    return [_out(describe(t)) for t in all_towns()]


@bp.get("/towns/<string:slug>")
@bp.output(TownOut)
@bp.doc(security="BearerAuth", summary="One town, with its chapters, boards and admins")
@require_platform_operator
def get_town(slug: str) -> dict:
    town: Town | None = find_town(slug[:40])
    if town is None:
        abort(404, f"no town {slug[:40]!r}")
    return _out(describe(town))


@bp.post("/towns")
@bp.input(TownIn)
@bp.output(TownCreatedOut, status_code=201)
@bp.doc(security="BearerAuth", summary="Create a town (or adopt more chapters in it); safe to repeat",
        responses={200: "the town existed: nothing or only new chapters added", 409: "exists differently",
                   422: "a field is wrong"})
@require_platform_operator
def add_town(json_data: dict):  # type: ignore[no-untyped-def]
    req = TownRequest(json_data["slug"].strip().lower(), json_data["name"],
                      [p.strip().upper() for p in json_data["packs"]], json_data["tz"],
                      json_data["contact_phone"], dict(json_data["board_names"]))
    try:
        with acting_as(f"user:{principal().user.email} (platform operator)"):
            result = create_town(req)
    except TownRefused as exc:
        db.session.rollback()
        abort(409 if exc.conflict else 422, exc.message, detail={"json": {exc.field: [exc.message]}})
    out = {"town": _out(describe(result.town)), "created": result.created, "adopted": result.adopted,
           "boards_created": result.boards_created}
    return out, (201 if result.created else 200)
