"""Filing inspections: idempotent creation by client id, versioned edits, submission."""
from __future__ import annotations

import hashlib
import uuid
from typing import Any

from sqlalchemy import select

from backend.audit import canonical, jsonable
from backend.clock import now
from backend.extensions import db
from backend.models import ChecklistResponse, ChecklistTemplate, Inspection, Permit, Site
from backend.security import Principal, get_in_town
from backend.services import evaluation
from backend.services.entry_basis import entry_basis_problem
from inspections.errors import Conflict, Invalid


def body_hash(data: dict[str, Any]) -> str:
    """Hash of the normalised body (parsed values: instants in UTC, ids lower-case, defaults filled)."""
    return hashlib.sha256(canonical(jsonable(data)).encode()).hexdigest()


def create_inspection(who: Principal, data: dict[str, Any]) -> tuple[Inspection, bool]:
    """Returns (inspection, created). Same id + same body → the stored record; different body → 409."""
    digest = body_hash(data)
    existing = db.session.get(Inspection, data["id"])
    if existing is not None:
        if existing.town_id != who.town_id or existing.create_body_hash != digest:  # one answer for both
            raise Conflict(f"inspection id {data['id']} is already in use with a different body; to edit "
                           "your inspection use PATCH with If-Match, else generate a new id")
        return existing, False
    site = get_in_town(Site, data["site_id"])
    if data["permit_id"] is not None and get_in_town(Permit, data["permit_id"]).site_id != site.id:
        raise Invalid("permit belongs to another site",
                      detail={"json": {"permit_id": ["not a permit of this site"]}})
    received = now()
    insp = Inspection(
        id=data["id"], town_id=who.town_id, site_id=site.id, permit_id=data["permit_id"],
        inspector_id=who.user.id, template_id=_template_id(data), entry_basis=data["entry_basis"],
        consent_name=data["consent_name"], warrant_number=data["warrant_number"],
        started_at=data["started_at"], device_clock_at_sync=data["device_clock_at_sync"], notes=data["notes"],
        create_body_hash=digest,
        device_skew_seconds=(None if data["device_clock_at_sync"] is None
                             else round((data["device_clock_at_sync"] - received).total_seconds(), 3)))
    insp.responses = _responses(who, insp, data["responses"])
    db.session.add(insp)
    db.session.commit()
    return insp, True


def _template_id(data: dict[str, Any]) -> uuid.UUID | None:
    if not data.get("template_key"):
        return None
    stmt = select(ChecklistTemplate).where(ChecklistTemplate.key == data["template_key"])
    if data.get("template_version"):
        stmt = stmt.where(ChecklistTemplate.version == data["template_version"])
    row = db.session.scalar(stmt.order_by(ChecklistTemplate.version.desc()).limit(1))
    if row is None:
        raise Invalid("unknown checklist template",
                      detail={"json": {"template_key": ["no such template/version"]}})
    return row.id


def _responses(who: Principal, insp: Inspection, items: list[dict[str, Any]]) -> list[ChecklistResponse]:
    return [ChecklistResponse(town_id=who.town_id, inspection_id=insp.id, position=i, item_id=r["item_id"],
                              answer=r["answer"], note=r.get("note"), ceased_on=r.get("ceased_on"),
                              data=r.get("data") or {}) for i, r in enumerate(items)]


def update_inspection(who: Principal, insp: Inspection, changes: dict[str, Any]) -> Inspection:
    if insp.status != "draft":
        raise Conflict(f"inspection {insp.id} was submitted at {insp.submitted_at:%Y-%m-%dT%H:%M:%SZ}; "
                       "it can no longer be edited", state=insp.status)
    merged = {k: getattr(insp, k) for k in ("entry_basis", "consent_name", "warrant_number")} | changes
    problem = entry_basis_problem(merged)
    if problem is not None:
        field, message = problem
        raise Invalid("invalid change", field=field, detail={"json": {field: [message]}})
    for key in ("entry_basis", "consent_name", "warrant_number", "notes"):
        if key in changes:
            setattr(insp, key, changes[key])
    if "responses" in changes:
        insp.responses.clear()
        db.session.flush()
        insp.responses.extend(_responses(who, insp, changes["responses"]))
    insp.updated_at = now()
    db.session.commit()
    return insp


def submit_inspection(who: Principal, insp: Inspection) -> Inspection:
    """Finalize. Submitting twice changes nothing. Evaluation of failed items hooks in here."""
    if insp.status == "submitted":
        return insp
    if not insp.responses:
        raise Invalid("an inspection needs at least one checklist answer before it is submitted",
                      detail={"json": {"responses": ["empty"]}})
    insp.status, insp.submitted_at = "submitted", now()
    evaluation.on_submit(who, insp)
    db.session.commit()
    return insp
