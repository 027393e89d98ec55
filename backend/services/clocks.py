"""Bylaw clocks and deadlines as `Deadline` rows.

A clocked checklist fail (e.g. the 14-day stabilization of ch. 247) starts a clock: one Deadline row whose
subject is the failing checklist answer, due on the engine's date. A later pass of the same item at the same
site stops it (`met`). `expire_clocks(as_of)` (a daily job, safe to repeat) marks clocks whose last day has
passed as `missed` and opens their violation from the day after the last day (EXAMPLES S30).
Order deadlines (e.g. the ERC review window) are stored through `store_deadline` too.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Iterable

from sqlalchemy import select

from backend.audit import acting_as
from backend.extensions import db
from backend.models import ChecklistResponse, Deadline, Inspection
from backend.services import findings
from backend.services.bylaw_config import config_for
from inspections.calendar import local_date
from inspections.checklists import ClockAction, ClockChange, ViolationToOpen
from inspections.checklists.evaluate import CLOCKED_DEADLINES, provision_of
from inspections.deadlines.core import Deadline as EngineDeadline
from inspections.explain import Explanation

CLOCK_SUBJECT = "checklist_response"


def store_deadline(
    town_id: uuid.UUID,
    site_id: uuid.UUID | None,
    subject_type: str,
    subject_id: uuid.UUID,
    d: EngineDeadline,
    *,
    label_suffix: str = "",
    status: str = "open",
) -> Deadline:
    """One engine deadline as a row (dates local, instants UTC); an empty window keeps its reason."""
    explanation = d.explanation.line + (f" [no valid time: {d.empty_reason}]" if d.empty_reason else "")
    row = Deadline(
        town_id=town_id,
        site_id=site_id,
        subject_type=subject_type,
        subject_id=subject_id,
        kind=str(d.kind),
        rule_id=d.rule_id,
        citation=d.citation[:80],
        label=(d.label + label_suffix)[:300],
        binds=d.binds[:40],
        earliest_on=d.earliest_on,
        latest_on=d.latest_on,
        earliest_at=d.earliest_at,
        latest_at=d.latest_at,
        status=status,
        explanation=explanation,
    )
    db.session.add(row)
    return row


def update_deadline(row: Deadline, d: EngineDeadline, label_suffix: str = "") -> Deadline:
    """Recompute a stored deadline from new facts (the audit chain keeps the earlier version)."""
    row.label = (d.label + label_suffix)[:300]
    row.earliest_on, row.latest_on, row.earliest_at, row.latest_at = (
        d.earliest_on,
        d.latest_on,
        d.earliest_at,
        d.latest_at,
    )
    row.explanation = d.explanation.line + (f" [no valid time: {d.empty_reason}]" if d.empty_reason else "")
    return row


def _open_clocks(site_id: uuid.UUID, clock: str, item_id: str) -> list[Deadline]:
    stmt = (
        select(Deadline)
        .join(ChecklistResponse, ChecklistResponse.id == Deadline.subject_id)
        .where(
            Deadline.site_id == site_id,
            Deadline.subject_type == CLOCK_SUBJECT,
            Deadline.rule_id == clock,
            Deadline.status == "open",
            ChecklistResponse.item_id == item_id,
        )
    )
    return list(db.session.scalars(stmt))


def apply(scene: findings.Scene, changes: Iterable[ClockChange]) -> dict[str, Deadline]:
    """Start and stop the deadline clocks of an evaluation; returns the clock row of each started item.

    Offense-day clocks (a chapter's daily offense) are not deadlines: the offense-day job counts them."""
    started: dict[str, Deadline] = {}
    for change in changes:
        if change.clock not in CLOCKED_DEADLINES:
            continue
        if change.action is ClockAction.STOP:
            _stop(scene, change)
        elif (row := _start(scene, change)) is not None:
            started[change.item_id] = row
    return started


def _start(scene: findings.Scene, change: ClockChange) -> Deadline | None:
    """A clock per site and item: a repeated fail keeps the running clock (its earlier start governs)."""
    insp = scene.inspection
    running = _open_clocks(insp.site_id, change.clock, change.item_id)
    if running:
        if change.expired:
            for row in running:
                row.status = "missed"
        return running[0]
    if change.starts_on is None or change.due_on is None:
        return None
    response = next(r for r in insp.responses if r.item_id == change.item_id)
    engine = CLOCKED_DEADLINES[change.clock](change.starts_on, config_for(insp.town_id))
    portion = (response.data or {}).get("portion")
    suffix = f" ({str(portion)[:120]})" if portion else ""
    row = store_deadline(
        insp.town_id,
        insp.site_id,
        CLOCK_SUBJECT,
        response.id,
        engine,
        label_suffix=suffix,
        status="missed" if change.expired else "open",
    )
    row.explanation = change.explanation.line
    # what the reminders say: the action and the part of the site
    row.action, row.area = engine.label[:200], (str(portion)[:200] if portion else None)
    db.session.flush()
    return row


def _stop(scene: findings.Scene, change: ClockChange) -> None:
    at = scene.inspection.started_at
    for row in _open_clocks(scene.inspection.site_id, change.clock, change.item_id):
        started = _starting_inspection(row)
        if started is not None and started.started_at < at:
            row.status, row.met_at = "met", at
            row.explanation += f"; stopped: item passed at the inspection of {scene.inspected_on.isoformat()}"


def _starting_inspection(row: Deadline) -> Inspection | None:
    response = db.session.get(ChecklistResponse, row.subject_id)
    return response.inspection if response is not None else None


def expire_clocks(as_of: dt.datetime) -> list[uuid.UUID]:
    """Clocks whose last local day ended before `as_of`: missed, and their violation opened. Repeatable."""
    today = local_date(as_of)
    stmt = (
        select(Deadline)
        .where(Deadline.subject_type == CLOCK_SUBJECT, Deadline.status == "open", Deadline.latest_on < today)
        .order_by(Deadline.latest_on, Deadline.id)
        .with_for_update(skip_locked=True)
    )
    opened: list[uuid.UUID] = []
    with acting_as("job:expire-clocks"):
        for row in db.session.scalars(stmt).all():
            violation = _expire(row)
            if violation is not None:
                opened.append(violation)
        db.session.commit()
    return opened


def _expire(row: Deadline) -> uuid.UUID | None:
    row.status = "missed"
    response = db.session.get(ChecklistResponse, row.subject_id)
    if response is None or row.latest_on is None:
        return None
    scene = findings.scene_for(response.inspection, None)
    if scene is None:
        return None
    item = scene.checklist.item(response.item_id)
    opens_on = row.latest_on + dt.timedelta(days=1)
    prov = provision_of(scene.checklist, item)
    flags = ("OPENED-BY-CLOCK",)
    why = Explanation.of(
        prov.rule_id,
        f"clock due {row.latest_on.isoformat()} ran out without a passing "
        f"inspection; violation from {opens_on.isoformat()}",
        flags,
    )
    found = ViolationToOpen(item.id, prov, opens_on, why, flags)
    violation = findings.open_violation(scene, found, clock=row)
    db.session.flush()
    return violation.id if violation is not None else None
