"""Town records under /api/v1/admin: sites (and their delineation imports), parties and permits.

Town admins create and edit (PATCH with If-Match; `active: false` deactivates, nothing is deleted).
Every role of the town may read them, including inactive ones on request. Another town's record is 404.
"""
from __future__ import annotations

import uuid
from typing import Any

from apiflask import APIBlueprint
from sqlalchemy import Select, select

from backend.api.admin_common import ADMINS, READERS, require_state_match, with_state_etag
from backend.api.admin_schemas import (
    AdminPermitOut,
    AdminSiteOut,
    DelineationForm,
    DelineationOut,
    PartyIn,
    PartyOut,
    PartyPatch,
    PermitIn,
    PermitPatch,
    RecordQuery,
    SiteIn,
    SitePatch,
)
from backend.extensions import db
from backend.models import Delineation, Party, Permit, Site
from backend.security import get_in_town, principal, require_roles
from backend.services import admin_records as records
from backend.services.delineations import Upload, import_delineation

bp = APIBlueprint("admin", __name__, url_prefix="/api/v1/admin", tag="Administration")


def _listing(model: type, query: dict, order: Any) -> list:
    stmt: Select[Any] = select(model).where(model.town_id == principal().town_id)  # type: ignore[attr-defined]
    if not query["include_inactive"]:
        stmt = stmt.where(model.active.is_(True))  # type: ignore[attr-defined]
    if query["site_id"] is not None and hasattr(model, "site_id"):
        stmt = stmt.where(model.site_id == query["site_id"])  # type: ignore[attr-defined]
    return list(db.session.scalars(stmt.order_by(order, model.id)  # type: ignore[attr-defined]
                                   .limit(query["limit"]).offset(query["offset"])))


# --- sites ----------------------------------------------------------------------------------------------

@bp.get("/sites")
@bp.input(RecordQuery, location="query")
@bp.output(AdminSiteOut(many=True))
@bp.doc(security="BearerAuth")
@require_roles(*READERS)
def list_sites(query_data: dict) -> list:
    return _listing(Site, query_data, Site.name)


@bp.post("/sites")
@bp.input(SiteIn)
@bp.output(AdminSiteOut, status_code=201)
@bp.doc(security="BearerAuth")
@require_roles(*ADMINS)
def create_site(json_data: dict):  # type: ignore[no-untyped-def]
    return with_state_etag(records.create_site(principal(), json_data), 201)


@bp.get("/sites/<uuid:site_id>")
@bp.output(AdminSiteOut)
@bp.doc(security="BearerAuth")
@require_roles(*READERS)
def get_site(site_id: uuid.UUID):  # type: ignore[no-untyped-def]
    return with_state_etag(get_in_town(Site, site_id))


@bp.patch("/sites/<uuid:site_id>")
@bp.input(SitePatch)
@bp.output(AdminSiteOut)
@bp.doc(security="BearerAuth", responses={412: "stale If-Match", 428: "If-Match missing"})
@require_roles(*ADMINS)
def update_site(site_id: uuid.UUID, json_data: dict):  # type: ignore[no-untyped-def]
    site = get_in_town(Site, site_id)
    require_state_match(site)
    return with_state_etag(records.update_site(site, json_data))


@bp.post("/sites/<uuid:site_id>/delineations")
@bp.input(DelineationForm, location="form_and_files")
@bp.output(DelineationOut, status_code=201)
@bp.doc(security="BearerAuth", summary="Import resource areas (GeoJSON or zipped shapefile); all or nothing",
        responses={422: "the file or some features were refused; nothing imported"})
@require_roles(*ADMINS)
def import_site_delineation(site_id: uuid.UUID, form_and_files_data: dict):  # type: ignore[no-untyped-def]
    site = get_in_town(Site, site_id)
    upload = form_and_files_data["file"]
    data = Upload(filename=upload.filename or "upload", data=upload.read(), crs=form_and_files_data["crs"],
                  mode=form_and_files_data["mode"], surveyor=form_and_files_data["surveyor"],
                  notes=form_and_files_data["notes"])
    return import_delineation(principal(), site, data), 201


@bp.get("/sites/<uuid:site_id>/delineations")
@bp.output(DelineationOut(many=True))
@bp.doc(security="BearerAuth")
@require_roles(*READERS)
def list_site_delineations(site_id: uuid.UUID) -> list:
    site = get_in_town(Site, site_id)
    return list(db.session.scalars(select(Delineation).where(Delineation.site_id == site.id)
                                   .order_by(Delineation.created_at.desc(), Delineation.id)))


# --- parties --------------------------------------------------------------------------------------------

@bp.get("/parties")
@bp.input(RecordQuery, location="query")
@bp.output(PartyOut(many=True))
@bp.doc(security="BearerAuth")
@require_roles(*READERS)
def list_parties(query_data: dict) -> list:
    return _listing(Party, query_data, Party.name)


@bp.post("/parties")
@bp.input(PartyIn)
@bp.output(PartyOut, status_code=201)
@bp.doc(security="BearerAuth")
@require_roles(*ADMINS)
def create_party(json_data: dict):  # type: ignore[no-untyped-def]
    return with_state_etag(records.create_party(principal(), json_data), 201)


@bp.get("/parties/<uuid:party_id>")
@bp.output(PartyOut)
@bp.doc(security="BearerAuth")
@require_roles(*READERS)
def get_party(party_id: uuid.UUID):  # type: ignore[no-untyped-def]
    return with_state_etag(get_in_town(Party, party_id))


@bp.patch("/parties/<uuid:party_id>")
@bp.input(PartyPatch)
@bp.output(PartyOut)
@bp.doc(security="BearerAuth", responses={412: "stale If-Match", 428: "If-Match missing"})
@require_roles(*ADMINS)
def update_party(party_id: uuid.UUID, json_data: dict):  # type: ignore[no-untyped-def]
    party = get_in_town(Party, party_id)
    require_state_match(party)
    return with_state_etag(records.update_party(party, json_data))


# --- permits --------------------------------------------------------------------------------------------

@bp.get("/permits")
@bp.input(RecordQuery, location="query")
@bp.output(AdminPermitOut(many=True))
@bp.doc(security="BearerAuth")
@require_roles(*READERS)
def list_permits(query_data: dict) -> list:
    return _listing(Permit, query_data, Permit.number)


@bp.post("/permits")
@bp.input(PermitIn)
@bp.output(AdminPermitOut, status_code=201)
@bp.doc(security="BearerAuth", responses={409: "a permit with this chapter and number exists"})
@require_roles(*ADMINS)
def create_permit(json_data: dict):  # type: ignore[no-untyped-def]
    return with_state_etag(records.create_permit(principal(), json_data), 201)


@bp.get("/permits/<uuid:permit_id>")
@bp.output(AdminPermitOut)
@bp.doc(security="BearerAuth")
@require_roles(*READERS)
def get_permit(permit_id: uuid.UUID):  # type: ignore[no-untyped-def]
    return with_state_etag(get_in_town(Permit, permit_id))


@bp.patch("/permits/<uuid:permit_id>")
@bp.input(PermitPatch)
@bp.output(AdminPermitOut)
@bp.doc(security="BearerAuth", responses={412: "stale If-Match", 428: "If-Match missing"})
@require_roles(*ADMINS)
def update_permit(permit_id: uuid.UUID, json_data: dict):  # type: ignore[no-untyped-def]
    permit = get_in_town(Permit, permit_id)
    require_state_match(permit)
    return with_state_etag(records.update_permit(principal(), permit, json_data))
