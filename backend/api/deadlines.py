"""Deadlines: the stored ones (by site, authority, due within N days) and the calculator (event in,
deadlines out)."""

from __future__ import annotations

from apiflask import APIBlueprint

from backend.api.workflow_schemas import DeadlineQuery, DeadlineRowOut
from backend.security import principal, require_roles
from backend.services import deadline_calculator, deadlines
from inspections.api.events import EventFacts
from inspections.api.ops_deadlines import CalculationOut

bp = APIBlueprint("deadlines", __name__, url_prefix="/api/v1/deadlines", tag="Deadlines")
READERS = ("agent", "board_member", "enforcing_officer", "town_admin")


@bp.get("")
@bp.input(DeadlineQuery, location="query")
@bp.output(DeadlineRowOut(many=True))
@bp.doc(
    security="BearerAuth", description="Open deadlines by default, soonest first; `overdue` when past due."
)
@require_roles(*READERS)
def list_deadlines(query_data: dict) -> list:
    return deadlines.list_deadlines(principal(), query_data)


@bp.post("/calculate")
@bp.input(EventFacts, arg_name="json_data")
@bp.output(CalculationOut)
@bp.doc(
    security="BearerAuth",
    description="Nothing is stored; the same answer as POST /api/v1/law/deadlines (GET /api/v1/law lists the "
    "facts each event needs). Supported: " + "; ".join(deadline_calculator.supported()),
)
@require_roles(*READERS)
def calculate(json_data: EventFacts) -> dict:
    return deadline_calculator.calculate(json_data)
