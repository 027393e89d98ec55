"""Inspection tasks: where agents go, and when. Created by hand, by a reinspection request (automatically)
or by a due deadline (`tasks_for_due_deadlines`, for the periodic jobs; safe to repeat)."""
from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Collection
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import select

from backend.clock import now
from backend.extensions import db
from backend.models import Deadline, Inspection, InspectionTask, Membership, Permit, Site, Submission, Town
from backend.security import Principal, get_in_town
from backend.services.admin_records import field_error
from backend.services.states import StateMachine
from backend.services.submission_rules import report_rule_ids
from inspections.errors import Conflict

TASK_STATES = StateMachine("task", {
    "open": {"done": "", "cancelled": ""},
    "done": {"open": ""},
    "cancelled": {"open": ""},
}, needs_reason={("open", "cancelled"), ("done", "open"), ("cancelled", "open")})
REINSPECTION_DUE_DAYS = 7  # a town may set settings["reinspection_due_days"]
SITE_BINDS = ("permittee", "operator", "owner", "applicant")


def town_tz(town_id: uuid.UUID) -> str:
    town = db.session.get(Town, town_id)
    return town.tz if town else "America/New_York"


def town_today(town_id: uuid.UUID) -> dt.date:
    return now().astimezone(ZoneInfo(town_tz(town_id))).date()


def _check_assignee(town_id: uuid.UUID, user_id: uuid.UUID | None) -> None:
    if user_id is None:
        return
    member = db.session.scalar(select(Membership.id).where(
        Membership.user_id == user_id, Membership.town_id == town_id, Membership.active.is_(True)).limit(1))
    if member is None:
        field_error("assignee_id", "not an active member of this town")


def create_task(who: Principal, data: dict[str, Any]) -> InspectionTask:
    site = get_in_town(Site, data["site_id"])
    if data.get("permit_id") and get_in_town(Permit, data["permit_id"]).site_id != site.id:
        field_error("permit_id", "not a permit of this site")
    _check_assignee(who.town_id, data.get("assignee_id"))
    task = InspectionTask(town_id=who.town_id, site_id=site.id, permit_id=data.get("permit_id"),
                          assignee_id=data.get("assignee_id"), due_on=data["due_on"], reason=data["reason"],
                          notes=data.get("notes"), source="manual", created_by=who.user.id)
    db.session.add(task)
    db.session.commit()
    return task


def list_tasks(who: Principal, query: dict[str, Any]) -> list[InspectionTask]:
    stmt = select(InspectionTask).where(InspectionTask.town_id == who.town_id)
    assignee = query.get("assignee") or "any"
    if assignee == "me":
        stmt = stmt.where(InspectionTask.assignee_id == who.user.id)
    elif assignee == "unassigned":
        stmt = stmt.where(InspectionTask.assignee_id.is_(None))
    elif assignee != "any":
        stmt = stmt.where(InspectionTask.assignee_id == uuid.UUID(assignee))
    if query.get("status"):
        stmt = stmt.where(InspectionTask.status == query["status"])
    if query.get("due_within_days") is not None:
        until = town_today(who.town_id) + dt.timedelta(days=query["due_within_days"])
        stmt = stmt.where(InspectionTask.due_on <= until)
    if query.get("site_id"):
        stmt = stmt.where(InspectionTask.site_id == query["site_id"])
    stmt = stmt.order_by(InspectionTask.due_on, InspectionTask.created_at, InspectionTask.id)
    return list(db.session.scalars(stmt.limit(query["limit"]).offset(query["offset"])))


def update_task(task: InspectionTask, changes: dict[str, Any]) -> InspectionTask:
    if task.status != "open":
        field_error("status", f"a {task.status} task cannot be edited; reopen it first", Conflict)
    if "assignee_id" in changes:
        _check_assignee(task.town_id, changes["assignee_id"])
    for key, value in changes.items():
        setattr(task, key, value)
    db.session.commit()
    return task


def transition_task(task: InspectionTask, target: str, reason: str | None,
                    inspection_id: uuid.UUID | None = None) -> InspectionTask:
    TASK_STATES.check(task.status, target, reason)
    if inspection_id is not None:
        if target != "done":
            field_error("inspection_id", "only a task marked done names its inspection")
        if get_in_town(Inspection, inspection_id).site_id != task.site_id:
            field_error("inspection_id", "an inspection of another site")
    task.status, task.status_reason = target, reason
    task.completed_at = now() if target == "done" else None
    task.inspection_id = inspection_id if target == "done" else None
    db.session.commit()
    return task


def _reinspection_days(town_id: uuid.UUID) -> int:
    town = db.session.get(Town, town_id)
    value = (town.settings or {}).get("reinspection_due_days") if town else None
    return value if isinstance(value, int) and 0 <= value <= 90 else REINSPECTION_DUE_DAYS


def task_for_submission(sub: Submission) -> InspectionTask:
    """A reinspection request opens one unassigned reinspection task (flushed, not committed)."""
    key = f"submission:{sub.id}"
    existing = db.session.scalar(select(InspectionTask).where(InspectionTask.dedupe_key == key))
    if existing is not None:
        return existing
    received_on = sub.received_at.astimezone(ZoneInfo(town_tz(sub.town_id))).date()
    task = InspectionTask(town_id=sub.town_id, site_id=sub.site_id, permit_id=sub.permit_id,
                          reason="reinspection",
                          due_on=received_on + dt.timedelta(days=_reinspection_days(sub.town_id)),
                          notes=f"reinspection requested ({sub.received_via}) {received_on.isoformat()}",
                          source=key, dedupe_key=key, created_by=sub.created_by)
    db.session.add(task)
    db.session.flush()
    return task


def cancel_tasks_from(sub: Submission, reason: str) -> None:
    for task in db.session.scalars(select(InspectionTask).where(
            InspectionTask.dedupe_key == f"submission:{sub.id}", InspectionTask.status == "open")):
        task.status, task.status_reason = "cancelled", reason


def tasks_for_due_deadlines(as_of: dt.date, lead_days: int = 0, town_id: uuid.UUID | None = None,
                            rule_ids: Collection[str] | None = None) -> list[InspectionTask]:
    """One reminder task per open site deadline due by `as_of + lead_days` (idempotent by deadline).

    By default: deadlines that bind the permittee, operator, owner or applicant (something to verify on
    site), except report deadlines (those are met by submissions and escalated, not inspected). Pass
    `rule_ids` to choose others. Commits; returns the tasks created by this call.
    """
    stmt = select(Deadline).where(Deadline.status == "open", Deadline.site_id.is_not(None),
                                  Deadline.latest_on.is_not(None),
                                  Deadline.latest_on <= as_of + dt.timedelta(days=lead_days))
    if town_id is not None:
        stmt = stmt.where(Deadline.town_id == town_id)
    if rule_ids is not None:
        stmt = stmt.where(Deadline.rule_id.in_(list(rule_ids)))
    else:
        stmt = stmt.where(Deadline.binds.in_(SITE_BINDS), Deadline.rule_id.not_in(report_rule_ids()))
    due = list(db.session.scalars(stmt.order_by(Deadline.latest_on, Deadline.id)))
    keys = set(db.session.scalars(select(InspectionTask.dedupe_key).where(
        InspectionTask.dedupe_key.in_([f"deadline:{d.id}" for d in due]))))
    created = [_deadline_task(d) for d in due if f"deadline:{d.id}" not in keys]
    db.session.commit()
    return created


def _deadline_task(deadline: Deadline) -> InspectionTask:
    key = f"deadline:{deadline.id}"
    assert deadline.site_id is not None and deadline.latest_on is not None
    task = InspectionTask(town_id=deadline.town_id, site_id=deadline.site_id, reason="reminder",
                          permit_id=deadline.subject_id if deadline.subject_type == "permit" else None,
                          due_on=deadline.latest_on, notes=f"{deadline.label} ({deadline.citation})",
                          source=key, dedupe_key=key)
    db.session.add(task)
    return task
