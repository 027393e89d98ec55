"""Checklist templates: list the latest of each, download any version (older versions stay valid)."""
from __future__ import annotations

import uuid

from apiflask import APIBlueprint, abort
from sqlalchemy import func, select

from backend.api.schemas import ChecklistOut
from backend.extensions import db
from backend.models import ChecklistTemplate, Permit
from backend.security import get_in_town
from backend.services import checklists as service

bp = APIBlueprint("checklists", __name__, url_prefix="/api/v1/checklists", tag="Checklists")


@bp.get("")
@bp.output(ChecklistOut(many=True))
@bp.doc(security="BearerAuth", summary="The latest version of every checklist template")
def list_checklists() -> list[ChecklistTemplate]:
    latest = (select(ChecklistTemplate.key, func.max(ChecklistTemplate.version).label("v"))
              .group_by(ChecklistTemplate.key).subquery())
    stmt = select(ChecklistTemplate).join(latest, (ChecklistTemplate.key == latest.c.key)
                                          & (ChecklistTemplate.version == latest.c.v))
    return list(db.session.scalars(stmt.order_by(ChecklistTemplate.key)))


@bp.get("/<key>/versions/<int:version>")
@bp.output(ChecklistOut)
@bp.doc(security="BearerAuth")
def get_checklist(key: str, version: int) -> ChecklistTemplate:
    row = db.session.scalar(select(ChecklistTemplate).where(ChecklistTemplate.key == key,
                                                            ChecklistTemplate.version == version))
    if row is None:
        abort(404, f"checklist {key} version {version} not found")
    return row


@bp.get("/for-permit/<uuid:permit_id>")
@bp.output(ChecklistOut)
@bp.doc(security="BearerAuth",
        summary="The permit's checklist: its template merged with the permit's conditions")
def checklist_for_permit(permit_id: uuid.UUID) -> dict:
    permit = get_in_town(Permit, permit_id)
    merged = service.checklist_for_permit(permit)
    return {"key": merged.id, "version": merged.version, "chapter": merged.chapter, "title": merged.title,
            "content": service.content_of(merged)}
