"""Permittee submissions (/api/v1/submissions): staff record what came in; the deadlines it meets close.

Writers: agents, board members, enforcing officers and town admins (whoever opens the mail). A recorded
submission is never deleted: a mistaken one is withdrawn with a reason, which reopens its deadlines.
"""
from __future__ import annotations

import uuid

from apiflask import APIBlueprint
from sqlalchemy import select

from backend.api.admin_common import READERS
from backend.api.admin_work_schemas import (
    ReasonIn,
    SubmissionIn,
    SubmissionOut,
    SubmissionPatch,
    SubmissionQuery,
)
from backend.api.common import require_if_match, with_etag
from backend.extensions import db
from backend.models import Submission
from backend.security import get_in_town, principal, require_roles
from backend.services import submissions as service

bp = APIBlueprint("submissions", __name__, url_prefix="/api/v1/submissions", tag="Submissions")


@bp.get("")
@bp.input(SubmissionQuery, location="query")
@bp.output(SubmissionOut(many=True))
@bp.doc(security="BearerAuth")
@require_roles(*READERS)
def list_submissions(query_data: dict) -> list:
    stmt = select(Submission).where(Submission.town_id == principal().town_id)
    for key in ("kind", "status", "site_id", "permit_id"):
        if query_data[key] is not None:
            stmt = stmt.where(getattr(Submission, key) == query_data[key])
    return list(db.session.scalars(stmt.order_by(Submission.received_at.desc(), Submission.id)
                                   .limit(query_data["limit"]).offset(query_data["offset"])))


@bp.post("")
@bp.input(SubmissionIn)
@bp.output(SubmissionOut, status_code=201)
@bp.doc(security="BearerAuth", summary="Record a submission; marks the deadlines it satisfies as met")
@require_roles(*READERS)
def create_submission(json_data: dict):  # type: ignore[no-untyped-def]
    sub = service.record_submission(principal(), json_data)
    return with_etag(sub, sub.version, 201)


@bp.get("/<uuid:submission_id>")
@bp.output(SubmissionOut)
@bp.doc(security="BearerAuth")
@require_roles(*READERS)
def get_submission(submission_id: uuid.UUID):  # type: ignore[no-untyped-def]
    sub = get_in_town(Submission, submission_id)
    return with_etag(sub, sub.version)


@bp.patch("/<uuid:submission_id>")
@bp.input(SubmissionPatch)
@bp.output(SubmissionOut)
@bp.doc(security="BearerAuth", summary="Correct the sender's name, notes or attached references")
@require_roles(*READERS)
def update_submission(submission_id: uuid.UUID, json_data: dict):  # type: ignore[no-untyped-def]
    sub = get_in_town(Submission, submission_id)
    require_if_match(sub.version)
    sub = service.update_submission(sub, json_data)
    return with_etag(sub, sub.version)


@bp.post("/<uuid:submission_id>/withdraw")
@bp.input(ReasonIn)
@bp.output(SubmissionOut)
@bp.doc(security="BearerAuth", summary="Withdraw a mistaken entry (kept as evidence); reopens its deadlines",
        responses={409: "already withdrawn"})
@require_roles(*READERS)
def withdraw_submission(submission_id: uuid.UUID, json_data: dict):  # type: ignore[no-untyped-def]
    sub = service.withdraw_submission(get_in_town(Submission, submission_id), json_data["reason"])
    return with_etag(sub, sub.version)
