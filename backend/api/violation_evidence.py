"""A violation's evidence (the checklist item and inspection that opened it, from when it exists, the engine's
explanation and flags, the linked photos) and an inspection's evaluation (what the engine concluded)."""

from __future__ import annotations

import uuid

from apiflask import APIBlueprint

from backend.api.workflow_schemas import EvaluationOut, EvidenceOut
from backend.models import Inspection, Violation
from backend.models.evidence import InspectionEvaluation
from backend.security import get_in_town, require_roles
from backend.services.evaluation import evaluation_of
from backend.services.findings import evidence_of

bp = APIBlueprint("violation_evidence", __name__, url_prefix="/api/v1", tag="Evidence")
READERS = ("agent", "board_member", "enforcing_officer", "town_admin")


@bp.get("/violations/<uuid:violation_id>/evidence")
@bp.output(EvidenceOut)
@bp.doc(security="BearerAuth")
@require_roles(*READERS)
def violation_evidence(violation_id: uuid.UUID) -> dict:
    return evidence_of(get_in_town(Violation, violation_id))


@bp.get("/inspections/<uuid:inspection_id>/evaluation")
@bp.output(EvaluationOut)
@bp.doc(security="BearerAuth", responses={404: "no such inspection, or it was not evaluated (no checklist)"})
@require_roles(*READERS)
def inspection_evaluation(inspection_id: uuid.UUID) -> InspectionEvaluation:
    return evaluation_of(get_in_town(Inspection, inspection_id))
