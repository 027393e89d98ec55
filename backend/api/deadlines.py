"""Deadlines: the stored ones (by site, authority, due within N days) and the calculator (event in,
deadlines out)."""

from __future__ import annotations

from apiflask import APIBlueprint

from backend.api.workflow_schemas import CalculateIn, CalculationOut, DeadlineQuery, DeadlineRowOut
from backend.security import principal, require_roles
from backend.services import deadline_calculator, deadlines

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
@bp.input(CalculateIn)
@bp.output(CalculationOut)
@bp.doc(
    security="BearerAuth",
    description="Nothing is stored. Supported: " + "; ".join(deadline_calculator.supported()),
)
@require_roles(*READERS)
def calculate(json_data: dict) -> dict:
    return deadline_calculator.calculate(principal(), json_data)
