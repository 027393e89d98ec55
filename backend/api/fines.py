"""Offense-days, § 21D citations (issue singly, in a batch, or by a standing instruction) and assessments."""
from __future__ import annotations

import uuid
from typing import Any

from apiflask import APIBlueprint

from backend.api import who_may_act
from backend.api.fine_schemas import (
    AssessmentOut,
    AssessmentQuery,
    CitationOut,
    CitationQuery,
    InstructionIn,
    InstructionOut,
    IssueCitationsIn,
    IssueCitationsOut,
    OffenseDayOut,
    OffenseDayQuery,
)
from backend.models import EnforcementOrder
from backend.security import get_in_town, principal, require_roles
from backend.services import citations, fine_queries

bp = APIBlueprint("fines", __name__, url_prefix="/api/v1", tag="Fines and citations")
READERS = ("agent", "board_member", "enforcing_officer", "town_admin")
ISSUERS = ("agent", "board_member", "enforcing_officer")  # the bylaw engine then decides per chapter


@bp.get("/offense-days")
@bp.input(OffenseDayQuery, location="query")
@bp.output(OffenseDayOut(many=True))
@bp.doc(security="BearerAuth", summary="Offense-days (facts: violation, provision, offender, local date)")
@require_roles(*READERS)
def list_offense_days(query_data: dict[str, Any]) -> Any:
    return fine_queries.list_offense_days(principal(), query_data)


@bp.get("/citations")
@bp.input(CitationQuery, location="query")
@bp.output(CitationOut(many=True))
@bp.doc(security="BearerAuth", summary="Noncriminal (MGL c. 40 § 21D) citations: proposed, issued, void")
@require_roles(*READERS)
def list_citations(query_data: dict[str, Any]) -> Any:
    return fine_queries.list_citations(principal(), query_data)


@bp.post("/citations/issue")
@bp.input(IssueCitationsIn)
@bp.output(IssueCitationsOut)
@bp.doc(security="BearerAuth", summary="Issue proposed citations (ids: all or none; order_id: all that may)",
        responses={403: "the bylaw does not let your role issue these", 409: "a citation may not issue"})
@require_roles(*ISSUERS)
def issue_citations(json_data: dict[str, Any]) -> Any:
    result = citations.issue_citations(principal(), json_data)
    return {"issued": [fine_queries.citation_out(a) for a in result["issued"]], "skipped": result["skipped"]}


@bp.post("/orders/<uuid:order_id>/standing-instruction")
@bp.input(InstructionIn)
@bp.output(InstructionOut, status_code=201)
@bp.doc(security="BearerAuth", summary="Give (active: true) or revoke a standing instruction to issue the "
                                       "order's citations day by day",
        responses={200: "revoked", 403: "the bylaw does not let your role issue citations", 409: "conflict"})
@require_roles(*ISSUERS)
@who_may_act.acts(EnforcementOrder, "order_id", who_may_act.citations_of_order)
def standing_instruction(order_id: uuid.UUID, json_data: dict[str, Any]) -> Any:
    order = get_in_town(EnforcementOrder, order_id)
    return citations.set_standing_instruction(principal(), order, json_data)


@bp.get("/assessments")
@bp.input(AssessmentQuery, location="query")
@bp.output(AssessmentOut)
@bp.doc(security="BearerAuth", summary="Criminal exposure (court maximums) and noncriminal citations")
@require_roles(*READERS)
def get_assessment(query_data: dict[str, Any]) -> Any:
    return fine_queries.assessment(principal(), query_data)
