"""Checklist templates: the shipped versions are synced into the database; a permit's checklist is the
template merged with the permit's structured conditions (so a special condition is an item too)."""
from __future__ import annotations

from typing import Any

from sqlalchemy import select

from backend.extensions import db
from backend.models import ChecklistTemplate, Permit
from inspections import api
from inspections.checklists import Checklist, merge, template, templates
from inspections.errors import Invalid


def permit_template(chapter: str, kind: str) -> str | None:
    """The inspection checklist a kind of permit is inspected with, as the chapter's pack says."""
    found: str | None = api.call("permit-checklist", {"chapter": chapter, "permit_kind": kind})["template_id"]
    return found


def content_of(checklist: Checklist) -> dict[str, Any]:
    return checklist.model_dump(mode="json")


def sync_templates() -> list[tuple[str, int, str]]:
    """Store every shipped template version; a changed template under an existing version is refused."""
    report = []
    for checklist in templates().values():
        row = db.session.scalar(select(ChecklistTemplate).where(
            ChecklistTemplate.key == checklist.id, ChecklistTemplate.version == checklist.version))
        content = content_of(checklist)
        if row is None:
            db.session.add(ChecklistTemplate(key=checklist.id, version=checklist.version,
                                             chapter=checklist.chapter, title=checklist.title,
                                             content=content))
            report.append((checklist.id, checklist.version, "added"))
        elif row.content != content:
            raise RuntimeError(f"checklist {checklist.id} v{checklist.version} changed "
                               "without a new version number")
        else:
            report.append((checklist.id, checklist.version, "unchanged"))
    db.session.commit()
    return report


def template_key_for(permit: Permit) -> str:
    key = permit_template(permit.chapter, permit.kind)
    if key is None:
        raise Invalid(f"no inspection checklist for a {permit.kind} under {permit.chapter}")
    return key


def checklist_for_permit(permit: Permit) -> Checklist:
    try:
        return merge(template(template_key_for(permit)), permit.conditions or [])
    except ValueError as exc:
        raise Invalid(f"the permit's conditions cannot be merged into its checklist: {exc}") from exc
