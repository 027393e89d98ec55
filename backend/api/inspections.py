"""Inspections: idempotent create by client UUID, If-Match edits, submit."""
from __future__ import annotations

import uuid

from apiflask import APIBlueprint
from sqlalchemy import select

from backend.api.common import require_if_match, with_etag
from backend.api.schemas import InspectionIn, InspectionOut, InspectionPatch, ListQuery
from backend.extensions import db
from backend.models import Inspection
from backend.security import get_in_town, principal, require_roles
from backend.services import inspections as service

bp = APIBlueprint("inspections", __name__, url_prefix="/api/v1/inspections", tag="Inspections")
FIELD_ROLES = ("agent", "enforcing_officer", "board_member", "town_admin")


@bp.post("")
@bp.input(InspectionIn)
@bp.output(InspectionOut, status_code=201)
@bp.doc(security="BearerAuth",
        responses={200: "already stored (idempotent retry)", 409: "same id, other body"})
@require_roles("agent", "enforcing_officer")
def create_inspection(json_data: dict):  # type: ignore[no-untyped-def]
    insp, created = service.create_inspection(principal(), json_data)
    return with_etag(insp, insp.version, 201 if created else 200)


@bp.get("")
@bp.input(ListQuery, location="query")
@bp.output(InspectionOut(many=True))
@bp.doc(security="BearerAuth")
@require_roles(*FIELD_ROLES)
def list_inspections(query_data: dict) -> list[Inspection]:
    stmt = select(Inspection).where(Inspection.town_id == principal().town_id)
    if query_data["status"]:
        stmt = stmt.where(Inspection.status == query_data["status"])
    if query_data["site_id"]:
        stmt = stmt.where(Inspection.site_id == query_data["site_id"])
    stmt = stmt.order_by(Inspection.started_at.desc()).limit(query_data["limit"]).offset(query_data["offset"])
    return list(db.session.scalars(stmt))


@bp.get("/<uuid:inspection_id>")
@bp.output(InspectionOut)
@bp.doc(security="BearerAuth")
@require_roles(*FIELD_ROLES)
def get_inspection(inspection_id: uuid.UUID):  # type: ignore[no-untyped-def]
    insp = get_in_town(Inspection, inspection_id)
    return with_etag(insp, insp.version)


@bp.patch("/<uuid:inspection_id>")
@bp.input(InspectionPatch)
@bp.output(InspectionOut)
@bp.doc(security="BearerAuth", responses={412: "stale If-Match", 428: "If-Match missing"})
@require_roles("agent", "enforcing_officer")
def update_inspection(inspection_id: uuid.UUID, json_data: dict):  # type: ignore[no-untyped-def]
    insp = get_in_town(Inspection, inspection_id)
    require_if_match(insp.version)
    insp = service.update_inspection(principal(), insp, json_data)
    return with_etag(insp, insp.version)


@bp.post("/<uuid:inspection_id>/submit")
@bp.output(InspectionOut)
@bp.doc(security="BearerAuth")
@require_roles("agent", "enforcing_officer")
def submit_inspection(inspection_id: uuid.UUID):  # type: ignore[no-untyped-def]
    insp = service.submit_inspection(principal(), get_in_town(Inspection, inspection_id))
    return with_etag(insp, insp.version)
