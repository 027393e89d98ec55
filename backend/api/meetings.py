"""ERC review meetings of cease-and-desist orders: schedule, record what happened, cancel, read."""

from __future__ import annotations

import uuid

from apiflask import APIBlueprint
from sqlalchemy import select

from backend.api import who_may_act
from backend.api.common import require_if_match, with_etag
from backend.api.workflow_schemas import CancelIn, MeetingIn, MeetingMoveIn, MeetingOut, MeetingRecordIn
from backend.extensions import db
from backend.models import EnforcementOrder
from backend.models.meetings import Meeting
from backend.security import get_in_town, principal, require_roles
from backend.services import meetings as service

bp = APIBlueprint("meetings", __name__, url_prefix="/api/v1", tag="Meetings")
READERS = ("agent", "board_member", "enforcing_officer", "town_admin")
WRITERS = ("agent", "board_member", "enforcing_officer")
OUT_OF_WINDOW = {409: "outside the review window (resend with override_reason to record it, flagged)"}


@bp.post("/orders/<uuid:order_id>/meetings")
@bp.input(MeetingIn)
@bp.output(MeetingOut, status_code=201)
@bp.doc(security="BearerAuth", responses=OUT_OF_WINDOW)
@require_roles(*WRITERS)
@who_may_act.acts(EnforcementOrder, "order_id", who_may_act.scheduling_review)
def schedule_meeting(order_id: uuid.UUID, json_data: dict):  # type: ignore[no-untyped-def]
    meeting = service.schedule(principal(), get_in_town(EnforcementOrder, order_id), json_data)
    return with_etag(meeting, meeting.version, 201)


@bp.get("/orders/<uuid:order_id>/meetings")
@bp.output(MeetingOut(many=True))
@bp.doc(security="BearerAuth")
@require_roles(*READERS)
def list_meetings(order_id: uuid.UUID) -> list:
    order = get_in_town(EnforcementOrder, order_id)
    return list(
        db.session.scalars(
            select(Meeting)
            .where(Meeting.order_id == order.id)
            .order_by(Meeting.created_at, Meeting.scheduled_for, Meeting.id)
        )
    )


@bp.get("/meetings/<uuid:meeting_id>")
@bp.output(MeetingOut)
@bp.doc(security="BearerAuth")
@require_roles(*READERS)
def get_meeting(meeting_id: uuid.UUID):  # type: ignore[no-untyped-def]
    meeting = get_in_town(Meeting, meeting_id)
    return with_etag(meeting, meeting.version)


@bp.post("/meetings/<uuid:meeting_id>/record")
@bp.input(MeetingRecordIn)
@bp.output(MeetingOut)
@bp.doc(security="BearerAuth", responses=OUT_OF_WINDOW | {412: "stale If-Match", 428: "If-Match missing"})
@require_roles(*WRITERS)
def record_meeting(meeting_id: uuid.UUID, json_data: dict):  # type: ignore[no-untyped-def]
    meeting = get_in_town(Meeting, meeting_id)
    require_if_match(meeting.version)
    meeting = service.record(principal(), meeting, json_data)
    return with_etag(meeting, meeting.version)


@bp.post("/meetings/<uuid:meeting_id>/move")
@bp.input(MeetingMoveIn)
@bp.output(MeetingOut)
@bp.doc(security="BearerAuth", responses=OUT_OF_WINDOW | {412: "stale If-Match", 428: "If-Match missing"})
@require_roles(*WRITERS)
@who_may_act.acts(Meeting, "meeting_id", who_may_act.scheduling_review)
def move_meeting(meeting_id: uuid.UUID, json_data: dict):  # type: ignore[no-untyped-def]
    """Reschedule the meeting or change its place: authorised as scheduling is, audited, counted (`moves`);
    the board and the operator are told again."""
    meeting = get_in_town(Meeting, meeting_id)
    require_if_match(meeting.version)
    meeting = service.move(principal(), meeting, json_data)
    return with_etag(meeting, meeting.version)


@bp.post("/meetings/<uuid:meeting_id>/cancel")
@bp.input(CancelIn)
@bp.output(MeetingOut)
@bp.doc(security="BearerAuth")
@require_roles(*WRITERS)
def cancel_meeting(meeting_id: uuid.UUID, json_data: dict):  # type: ignore[no-untyped-def]
    meeting = service.cancel(get_in_town(Meeting, meeting_id), json_data["reason"])
    return with_etag(meeting, meeting.version)
