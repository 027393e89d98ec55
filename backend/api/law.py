"""The bylaw engine for staff, "what if": POST /api/v1/law/<operation> for every operation of the engine's
facade (`inspections.api`), the same JSON in and out, each with its own documented input and output schema.

Nothing is stored. Answers are computed under the caller's town settings, or under `settings` given in the
body for that answer only. A missing or malformed input is a 422 naming each field; nothing is invented.
GET /api/v1/law lists the operations and the deadline events with the facts each needs.
"""

from __future__ import annotations

from typing import Any

from apiflask import APIBlueprint, abort
from flask import request
from pydantic import BaseModel

from backend.security import require_roles
from backend.services.law import answer
from inspections import api
from inspections.api.registry import In, Operation

bp = APIBlueprint("law", __name__, url_prefix="/api/v1/law", tag="Law (the bylaw engine)")
STAFF = ("agent", "board_member", "enforcing_officer", "town_admin")
ERRORS = {
    401: "no valid bearer token",
    403: "not a staff role of the town",
    409: "the town's stored bylaw settings are invalid",
    422: "an input is missing, malformed or out of bounds (each field named in `detail.json`)",
}


MAX_BODY_BYTES = 5 * 1024 * 1024  # a site's whole delineation fits many times over


@bp.before_request
def _bounded_body() -> None:
    if (request.content_length or 0) > MAX_BODY_BYTES:
        abort(413, f"a law request holds at most {MAX_BODY_BYTES // (1024 * 1024)} MB of JSON")


def _named(model: type[BaseModel]) -> type[BaseModel]:
    """The model under a "Law" name: OpenAPI component names are global, and the facade's names (e.g.
    AssessmentOut) must not collide with the other APIs' schemas."""
    return type("Law" + model.__name__, (model,), {"__module__": model.__module__, "__doc__": model.__doc__})


def _register(op: Operation) -> None:
    def view(json_data: In) -> dict[str, Any]:
        return answer(op, json_data)

    view.__name__ = view.__qualname__ = "law_" + op.name.replace("-", "_")
    view.__doc__ = f"{op.summary}\n\n{op.description}"
    routed = require_roles(*STAFF)(view)
    routed = bp.doc(
        security="BearerAuth",
        summary=op.summary,
        description=op.description,
        operation_id=view.__name__,
        responses=ERRORS,
    )(routed)
    routed = bp.output(_named(op.output))(routed)
    routed = bp.input(_named(op.input), arg_name="json_data")(routed)
    bp.post(f"/{op.name}")(routed)


for _op in api.OPERATIONS.values():
    _register(_op)


@bp.get("")
@bp.doc(
    security="BearerAuth",
    summary="The engine's operations and deadline events",
    description="Each operation with its group and summary; each deadline event (event, chapter) with the "
    "facts it needs and the ones it may take.",
)
@require_roles(*STAFF)
def catalogue() -> dict[str, Any]:
    return {"operations": api.operations(), "events": api.events()}
