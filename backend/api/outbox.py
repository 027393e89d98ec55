"""The outbox for town admins and boards: what was sent, what failed, and re-driving dead letters."""
from __future__ import annotations

import uuid

from apiflask import APIBlueprint

from backend.api.schemas import NotificationDetailOut, NotificationOut, OutboxQuery
from backend.extensions import db
from backend.models import Notification
from backend.outbox import admin
from backend.security import get_in_town, principal, require_roles

bp = APIBlueprint("outbox", __name__, url_prefix="/api/v1", tag="Outbox")
OPERATORS = ("town_admin", "board_member")


@bp.get("/outbox")
@bp.input(OutboxQuery, location="query")
@bp.output(NotificationOut(many=True))
@bp.doc(security="BearerAuth", summary="The town's notifications, newest first, optionally by status")
@require_roles(*OPERATORS)
def list_outbox(query_data: dict) -> list:
    return admin.list_in_town(db.session, principal().town_id, query_data["status"], query_data["limit"],
                              query_data["offset"])


@bp.get("/outbox/<uuid:notification_id>")
@bp.output(NotificationDetailOut)
@bp.doc(security="BearerAuth", summary="One notification with the exact words its latest attempt sent",
        responses={404: "not found in your town"})
@require_roles(*OPERATORS)
def show_notification(notification_id: uuid.UUID):  # type: ignore[no-untyped-def]
    return get_in_town(Notification, notification_id)


@bp.post("/outbox/<uuid:notification_id>/redrive")
@bp.output(NotificationOut)
@bp.doc(security="BearerAuth", summary="Send a dead or failed notification again (never one that met STOP)",
        responses={404: "not found in your town", 409: "not dead or failed, or the recipient opted out"})
@require_roles(*OPERATORS)
def redrive_notification(notification_id: uuid.UUID):  # type: ignore[no-untyped-def]
    return admin.redrive_in_town(principal(), notification_id, db.session)
