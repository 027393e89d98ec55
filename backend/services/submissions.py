"""Permittee submissions as staff receive them, and the deadlines they satisfy.

`record_submission` stores what came in, marks the deadlines it meets (`mark_deadlines_met`) and, for a
reinspection request, opens an inspection task, all in one transaction. The enforcement jobs call
`missing_report_escalations(as_of)` for deadlines past due with no satisfying submission, and
`mark_met_by_recorded_submissions(deadline)` when they create a deadline a submission already answers.
"""
from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

from sqlalchemy import or_, select

from backend.clock import now
from backend.extensions import db
from backend.models import Deadline, Membership, Party, Permit, Photo, Site, Submission
from backend.security import Principal, get_in_town
from backend.services.admin_records import field_error
from backend.services.submission_rules import available, report_rule_ids, rule_ids_by_kind, satisfied_by
from backend.services.tasks import cancel_tasks_from, task_for_submission, town_tz
from inspections.errors import Conflict

NEEDS = {"monthly_report": ("period_start", "period_end"), "weekly_self_inspection": ("period_start",),
         "storm_inspection": ("period_start",), "inspection_event_notice": ("event_on",)}
CLOCK_SLACK = dt.timedelta(minutes=5)


def _site_and_permit(data: dict[str, Any]) -> tuple[Site, Permit | None]:
    permit = get_in_town(Permit, data["permit_id"]) if data.get("permit_id") else None
    if data.get("site_id") is None and permit is None:
        field_error("site_id", "name the site or the permit the submission concerns")
    site = get_in_town(Site, data["site_id"]) if data.get("site_id") else permit.site  # type: ignore[union-attr]
    if permit is not None and permit.site_id != site.id:
        field_error("permit_id", "not a permit of this site")
    return site, permit


def _check_fields(who: Principal, data: dict[str, Any]) -> None:
    for name in NEEDS.get(data["kind"], ()):
        if data.get(name) is None:
            field_error(name, f"required for a {data['kind']}")
    if data.get("period_start") and data.get("period_end") and data["period_end"] < data["period_start"]:
        field_error("period_end", "the period cannot end before it starts")
    if data["received_at"] > now() + CLOCK_SLACK:
        field_error("received_at", "cannot be in the future")
    if data.get("from_party_id"):
        get_in_town(Party, data["from_party_id"])
    for doc in data.get("documents") or []:
        if doc["kind"] == "photo":
            get_in_town(Photo, doc["ref"])


def _received_by(who: Principal, user_id: uuid.UUID | None) -> uuid.UUID:
    if user_id is None or user_id == who.user.id:
        return who.user.id
    member = db.session.scalar(select(Membership.id).where(
        Membership.user_id == user_id, Membership.town_id == who.town_id,
        Membership.active.is_(True)).limit(1))
    if member is None:
        field_error("received_by", "not a member of this town")
    return user_id


def _documents(docs: list[dict[str, Any]] | None) -> list[dict[str, str]]:
    return [{k: str(v) for k, v in d.items() if v is not None} for d in docs or []]


def _new_submission(who: Principal, data: dict[str, Any], site: Site, permit: Permit | None) -> Submission:
    """The row, not yet added; instants and local dates as given (period_end defaults to period_start)."""
    first = data.get("period_start")
    return Submission(
        id=uuid.uuid4(), town_id=who.town_id, site_id=site.id, permit_id=permit.id if permit else None,
        kind=data["kind"], received_at=data["received_at"], received_via=data["received_via"],
        received_by=_received_by(who, data.get("received_by")), from_party_id=data.get("from_party_id"),
        from_name=data.get("from_name"), period_start=first, period_end=data.get("period_end") or first,
        event_on=data.get("event_on"), documents=_documents(data.get("documents")), notes=data.get("notes"),
        created_by=who.user.id, status="recorded", satisfied_deadline_ids=[])


def record_submission(who: Principal, data: dict[str, Any]) -> Submission:
    site, permit = _site_and_permit(data)
    _check_fields(who, data)
    sub = _new_submission(who, data, site, permit)
    mark_deadlines_met(sub)  # before the insert, so the row is created with its satisfied deadlines
    db.session.add(sub)
    if sub.kind == "reinspection_request":
        task_for_submission(sub)
    db.session.commit()
    return sub


def _open_deadlines(sub: Submission) -> list[Deadline]:
    ids = rule_ids_by_kind().get(sub.kind)
    if not ids:
        return []
    scope = [Deadline.site_id == sub.site_id]
    if sub.permit_id is not None:
        scope.append((Deadline.subject_type == "permit") & (Deadline.subject_id == sub.permit_id))
    return list(db.session.scalars(select(Deadline).where(
        Deadline.town_id == sub.town_id, Deadline.status == "open", Deadline.rule_id.in_(ids), or_(*scope))))


def mark_deadlines_met(sub: Submission) -> list[Deadline]:
    """Mark met every open deadline this submission satisfies; met_at is when it was received."""
    met = satisfied_by(sub, _open_deadlines(sub), town_tz(sub.town_id))
    for deadline in met:
        deadline.status, deadline.met_at = "met", sub.received_at
    sub.satisfied_deadline_ids = [*sub.satisfied_deadline_ids, *(str(d.id) for d in met)]
    db.session.flush()
    return met


def _recorded_for(deadline: Deadline) -> list[Submission]:
    stmt = select(Submission).where(Submission.town_id == deadline.town_id, Submission.status == "recorded")
    scope = [Submission.site_id == deadline.site_id]
    if deadline.subject_type == "permit":
        scope.append(Submission.permit_id == deadline.subject_id)
    return list(db.session.scalars(stmt.where(or_(*scope)).order_by(Submission.received_at)))


def mark_met_by_recorded_submissions(deadline: Deadline) -> Submission | None:
    """For a deadline stored after its submission came in: meet it now if a recorded submission answers."""
    if deadline.status != "open":
        return None
    tz = town_tz(deadline.town_id)
    for sub in _recorded_for(deadline):
        if available(sub) and satisfied_by(sub, [deadline], tz):
            deadline.status, deadline.met_at = "met", sub.received_at
            sub.satisfied_deadline_ids = [*sub.satisfied_deadline_ids, str(deadline.id)]
            db.session.flush()
            return sub
    return None


def missing_report_escalations(as_of: dt.date, town_id: uuid.UUID | None = None) -> list[Deadline]:
    """Open report deadlines whose last day is before `as_of` and that no recorded submission satisfies.

    Read-only: it neither marks nor escalates; the enforcement jobs decide what to send.
    """
    stmt = select(Deadline).where(Deadline.status == "open", Deadline.rule_id.in_(report_rule_ids()),
                                  Deadline.latest_on.is_not(None), Deadline.latest_on < as_of)
    if town_id is not None:
        stmt = stmt.where(Deadline.town_id == town_id)
    missing = []
    for deadline in db.session.scalars(stmt.order_by(Deadline.latest_on, Deadline.id)):
        tz = town_tz(deadline.town_id)
        if not any(available(s) and satisfied_by(s, [deadline], tz) for s in _recorded_for(deadline)):
            missing.append(deadline)
    return missing


def withdraw_submission(sub: Submission, reason: str) -> Submission:
    """A submission recorded by mistake: kept as evidence, its deadlines reopened, its open task cancelled."""
    if sub.status != "recorded":
        raise Conflict(f"submission {sub.id} is already {sub.status}", state=sub.status)
    sub.status, sub.status_reason = "withdrawn", reason
    for deadline_id in sub.satisfied_deadline_ids:
        deadline = db.session.get(Deadline, uuid.UUID(deadline_id))
        if deadline is not None and deadline.status == "met" and deadline.met_at == sub.received_at:
            deadline.status, deadline.met_at = "open", None
            db.session.flush()
            mark_met_by_recorded_submissions(deadline)
    cancel_tasks_from(sub, f"submission withdrawn: {reason}")
    db.session.commit()
    return sub


def update_submission(sub: Submission, changes: dict[str, Any]) -> Submission:
    """Only the description fields; what was received, when and for which period is fixed once recorded."""
    for doc in changes.get("documents") or []:
        if doc["kind"] == "photo":
            get_in_town(Photo, doc["ref"])
    for key, value in changes.items():
        if key == "documents":
            value = _documents(value)
        setattr(sub, key, value)
    db.session.commit()
    return sub
