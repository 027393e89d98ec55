"""The town's settings under /api/v1/admin/settings: the bylaw engine's switches (each with the ambiguity id
it decides, e.g. AMB-17) and the app's own keys. Every role of the town reads them; the town admin changes
them with If-Match, all or nothing (422 naming each refused key). See `backend.services.town_settings`.
"""
from __future__ import annotations

from typing import Any

from apiflask import APIBlueprint, Schema, abort
from apiflask.fields import Boolean, Dict, List, Nested, Raw, String
from apiflask.validators import Length

from backend.api.admin_common import ADMINS, READERS, require_state_match, state_etag
from backend.extensions import db
from backend.models import Town
from backend.security import principal, require_roles
from backend.services import town_settings as service
from backend.services.fine_config import town_config

bp = APIBlueprint("admin_settings", __name__, url_prefix="/api/v1/admin", tag="Town settings")


class SettingOut(Schema):
    key = String()
    scope = String(metadata={"description": "bylaw engine | app"})
    value = Raw(allow_none=True, metadata={"description": "the value in force"})
    default = Raw(allow_none=True)
    set = Boolean(metadata={"description": "true when the town chose it (false: the default applies)"})
    kind = String()
    choices = List(Raw())
    nullable = Boolean()
    note = String(metadata={"description": "what it decides: convention and ambiguity ids of RULES.md"})
    title = String(allow_none=True, metadata={"description": "engine switches: its plain title (its pack)"})
    explanation = String(allow_none=True,
                         metadata={"description": "engine switches: what it decides, in one sentence"})
    chapter = String(allow_none=True, metadata={"description": "engine switches: the pack holding it"})
    minimum = Raw(allow_none=True, metadata={"description": "numbers: the least value allowed"})
    maximum = Raw(allow_none=True, metadata={"description": "numbers: the greatest value allowed"})


class ReadingOut(Schema):
    id = String(metadata={"description": "READ-*: a reading of the text RULES.md does not state"})
    concerns = List(String(), metadata={"description": "the RULES.md ids it concerns"})
    text = String(metadata={"description": "the words it reads (a bylaw or RULES.md quote)"})
    choice = String(metadata={"description": "the choice the engine makes"})
    switch = String(allow_none=True, metadata={"description": "the setting that changes it; null: none"})
    switch_value = Raw(allow_none=True, metadata={"description": "that setting's value in force"})


class SettingsOut(Schema):
    town = String()
    config_version = String(metadata={"description": "stated on every assessment made under these switches"})
    settings = List(Raw())
    readings = List(Nested(ReadingOut), metadata={
        "description": "readings the engine makes that RULES.md does not state (inspections/READINGS.md)"})


class SettingsPatch(Schema):
    set = Dict(keys=String(validate=Length(1, 80)), values=Raw(allow_none=True), load_default=dict,
               metadata={"description": "key -> new value"})
    reset = List(String(validate=Length(1, 80)), load_default=list,
                 metadata={"description": "keys to return to their default"})


def _town() -> Town:
    town = db.session.get(Town, principal().town_id)
    assert town is not None
    return town


def _answer(town: Town) -> tuple[dict[str, Any], int, dict[str, str]]:
    body = {"town": town.slug, "config_version": town_config(town).version,
            "settings": service.catalogue(town), "readings": service.readings(town)}
    return body, 200, {"ETag": state_etag(town)}


@bp.get("/settings")
@bp.output(SettingsOut)
@bp.doc(security="BearerAuth",
        summary="The town's settings: the value in force, the default, whether set, what each decides")
@require_roles(*READERS)
def get_settings():  # type: ignore[no-untyped-def]
    return _answer(_town())


@bp.patch("/settings")
@bp.input(SettingsPatch)
@bp.output(SettingsOut)
@bp.doc(security="BearerAuth", summary="Set or reset settings, all or nothing",
        responses={412: "stale If-Match", 422: "a key is unknown or a value is refused",
                   428: "If-Match missing"})
@require_roles(*ADMINS)
def change_settings(json_data: dict):  # type: ignore[no-untyped-def]
    town = _town()
    require_state_match(town)
    if not json_data["set"] and not json_data["reset"]:
        abort(422, "nothing to change: give set and/or reset", detail={"json": {"set": ["empty"]}})
    try:
        service.change(town, json_data["set"], json_data["reset"], principal().user.email)
    except service.SettingsError as exc:
        db.session.rollback()
        abort(422, f"settings refused, nothing changed: {exc}",
              detail={"json": {key: [problem] for key, problem in exc.problems.items()}})
    db.session.commit()
    return _answer(town)
