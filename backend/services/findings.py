"""Violations found by checklists: open one per failed item (deduplicated), link its evidence photos, correct
it when a later inspection passes the same item at the same site.

Offender: the party the chapter's pack names (the engine's `offender` operation): the permit's permittee, or
the operator doing the work (whom a cease-and-desist binds), falling back to the permittee when the permit
names no operator.
"""

from __future__ import annotations

import datetime as dt
import uuid
from dataclasses import dataclass

from sqlalchemy import select

from backend.clock import now
from backend.extensions import db
from backend.models import ChecklistTemplate, Deadline, Inspection, Permit, Photo, Site, Town, Violation
from backend.models.evidence import ViolationOrigin, ViolationPhoto
from backend.services import notify
from backend.services.checklists import permit_template
from backend.services.finding_words import checklist_finding
from backend.sms import messages as sms_messages
from bot.text import cite
from inspections import api
from inspections.calendar import UTC, local_date, local_datetime
from inspections.checklists import Checklist, ViolationToOpen, merge, template
from inspections.errors import Invalid
from inspections.formats import format_date

MAX_PROVISION = 80


@dataclass(frozen=True)
class Scene:
    """An inspection (or the clock it started) with its checklist, permit, offender and acting user."""

    inspection: Inspection
    checklist: Checklist
    permit: Permit | None
    offender_id: uuid.UUID | None
    user_id: uuid.UUID | None

    @property
    def inspected_on(self) -> dt.date:
        return local_date(self.inspection.started_at)


def checklist_of(insp: Inspection, permit: Permit | None) -> Checklist | None:
    """The inspection's template (merged with its permit's conditions), else the permit's checklist."""
    try:
        if insp.template_id is not None:
            row = db.session.get(ChecklistTemplate, insp.template_id)
            assert row is not None
            base = Checklist.model_validate(row.content)
            if (
                permit is not None
                and permit.chapter == base.chapter
                and permit.conditions
                and not base.conditions
            ):
                return merge(base, permit.conditions)
            return base
        key = None if permit is None else permit_template(permit.chapter, permit.kind)
        if permit is not None and key is not None:
            return merge(template(key), permit.conditions or [])
    except ValueError as exc:
        db.session.rollback()
        raise Invalid(f"the permit's conditions cannot be merged into the checklist: {exc}") from exc
    return None


def permit_of(insp: Inspection, chapter: str | None) -> Permit | None:
    """The inspection's permit, else the site's one active permit under the checklist's chapter."""
    if insp.permit_id is not None:
        return db.session.get(Permit, insp.permit_id)
    if chapter is None:
        return None
    found = list(
        db.session.scalars(
            select(Permit).where(
                Permit.site_id == insp.site_id, Permit.chapter == chapter, Permit.active.is_(True)
            )
        )
    )
    return found[0] if len(found) == 1 else None


def offender_of(permit: Permit | None) -> uuid.UUID | None:
    if permit is None:
        return None
    party = api.call("offender", {"chapter": permit.chapter})["party"]
    if party == "operator" and permit.operator_id is not None:
        return permit.operator_id
    return permit.permittee_id


def scene_for(insp: Inspection, user_id: uuid.UUID | None) -> Scene | None:
    permit = db.session.get(Permit, insp.permit_id) if insp.permit_id else None
    checklist = checklist_of(insp, permit)
    if checklist is None:
        return None
    permit = permit or permit_of(insp, checklist.chapter)
    return Scene(insp, checklist, permit, offender_of(permit), user_id)


def open_violation_for(site_id: uuid.UUID, item_id: str) -> Violation | None:
    return db.session.scalar(
        select(Violation)
        .join(ViolationOrigin, ViolationOrigin.violation_id == Violation.id)
        .where(
            ViolationOrigin.site_id == site_id, ViolationOrigin.item_id == item_id, Violation.status == "open"
        )
        .limit(1)
    )


def provision_text(scene: Scene, found: ViolationToOpen) -> str:
    """A RULES.md id, or `permit:<number>:<condition>` when the failed item is a permit condition."""
    condition = found.provision.condition_id
    if condition and scene.permit is not None:
        form = f"permit:{scene.permit.number}:{condition}"
        if len(form) <= MAX_PROVISION:
            return form
    return found.provision.rule_id


def _observed_at(scene: Scene, opens_on: dt.date | None) -> dt.datetime:
    """The inspection's time; a clocked violation exists from the start of its opening local day."""
    if opens_on is None or opens_on == scene.inspected_on:
        return scene.inspection.started_at
    return local_datetime(opens_on).astimezone(UTC)


def _note(scene: Scene, item_id: str) -> str:
    """The inspector's note on the item, as a sentence (empty when none)."""
    response = next((r for r in scene.inspection.responses if r.item_id == item_id), None)
    return f" Observed: {response.note}" if response is not None and response.note else ""


def _description(scene: Scene, found: ViolationToOpen, opens_on: dt.date) -> str:
    item = scene.checklist.item(found.item_id)
    return f"{item.prompt} Failed; violation from {opens_on.isoformat()}.{_note(scene, found.item_id)}"[:4000]


def open_violation(scene: Scene, found: ViolationToOpen, clock: Deadline | None = None) -> Violation | None:
    """Open the violation unless one is already open for this item at this site (returns None then)."""
    site_id = scene.inspection.site_id
    existing = open_violation_for(site_id, found.item_id)
    if existing is not None:  # still failing: this inspection's photos are further evidence of it
        link_photos(existing, scene.inspection.id)
        return None
    opens_on = found.opens_on or scene.inspected_on
    v = Violation(
        town_id=scene.inspection.town_id,
        site_id=site_id,
        inspection_id=scene.inspection.id,
        permit_id=scene.permit.id if scene.permit else None,
        offender_id=scene.offender_id,
        chapter=scene.checklist.chapter,
        provision=provision_text(scene, found),
        citation=found.provision.citation[:80],
        description=_description(scene, found, opens_on),
        observed_at=_observed_at(scene, opens_on),
        created_by=scene.user_id,
    )
    db.session.add(v)
    db.session.flush()
    db.session.add(
        ViolationOrigin(
            town_id=v.town_id,
            violation_id=v.id,
            site_id=site_id,
            inspection_id=scene.inspection.id,
            item_id=found.item_id,
            checklist_key=scene.checklist.key[:120],
            opened_on=opens_on,
            clock_deadline_id=clock.id if clock else None,
            flags=list(found.flags),
            explanation=found.explanation.line,
        )
    )
    link_photos(v, scene.inspection.id)
    _alert(scene, v, found.item_id, opens_on)
    sms_messages.notice_on_open(db.session, v)
    return v


def link_photos(v: Violation, inspection_id: uuid.UUID) -> int:
    """Link the inspection's photos to the violation as evidence (idempotent); returns how many were added."""
    have = set(db.session.scalars(select(ViolationPhoto.photo_id).where(ViolationPhoto.violation_id == v.id)))
    photos = db.session.scalars(
        select(Photo.id).where(Photo.inspection_id == inspection_id).order_by(Photo.id)
    )
    added = [pid for pid in photos if pid not in have]
    db.session.add_all(ViolationPhoto(town_id=v.town_id, violation_id=v.id, photo_id=pid) for pid in added)
    return len(added)


def link_late_photos(inspection_id: uuid.UUID) -> int:
    """Photos uploaded after the inspection was submitted: evidence of the violations it opened. For the photo
    upload path to call once the Photo row is added (idempotent); returns how many links were added."""
    found = db.session.scalars(select(Violation).where(Violation.inspection_id == inspection_id))
    return sum(link_photos(v, inspection_id) for v in found)


def evidence_of(v: Violation) -> dict[str, object]:
    origin = db.session.scalar(select(ViolationOrigin).where(ViolationOrigin.violation_id == v.id))
    photos = db.session.scalars(
        select(ViolationPhoto.photo_id)
        .where(ViolationPhoto.violation_id == v.id)
        .order_by(ViolationPhoto.created_at, ViolationPhoto.photo_id)
    )
    return {"violation_id": v.id, "origin": origin, "photo_ids": list(photos)}


def _alert(scene: Scene, v: Violation, item_id: str, opens_on: dt.date) -> None:
    """The board's alert: what was found in the item's finding sentence (not the checklist's question) when
    the item has one, with the inspector's note; else the violation's description."""
    site, town = db.session.get(Site, v.site_id), db.session.get(Town, v.town_id)
    finding = checklist_finding(db.session, v, "en")
    found = f"{finding}{_note(scene, item_id)}" if finding else v.description
    text = (
        f"Violation opened at {site.name if site else 'the site'} "
        f"({cite(v.citation, town.name if town else '')}), from {format_date(opens_on, 'en')}: {found}"
    )
    notify.alert_board(
        v.town_id,
        v.chapter,
        "violation_opened",
        text,
        f"violation-opened:{v.id}",
        violation_id=str(v.id),
        finding=finding or v.description,  # the item's finding sentence in English
    )


def correct_passed(scene: Scene, passed_items: set[str]) -> list[Violation]:
    """Open violations of these items at this site, found before this inspection, become corrected."""
    if not passed_items:
        return []
    at = scene.inspection.started_at
    rows = db.session.scalars(
        select(Violation)
        .join(ViolationOrigin, ViolationOrigin.violation_id == Violation.id)
        .where(
            ViolationOrigin.site_id == scene.inspection.site_id,
            ViolationOrigin.item_id.in_(sorted(passed_items)),
            Violation.status == "open",
        )
    )
    corrected = [v for v in rows if v.observed_at < at]
    for v in corrected:
        v.status, v.corrected_at = "corrected", at
        v.status_reason = (
            f"checklist item passed at inspection {scene.inspection.id} on "
            f"{scene.inspected_on.isoformat()} (recorded {now():%Y-%m-%dT%H:%M:%SZ})"
        )
    return corrected
