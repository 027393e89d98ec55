"""SMS for staff: courtesy texts of violations, texts that never arrived, notice links, opt-outs."""

from __future__ import annotations

from apiflask import APIBlueprint

from backend.api.sms_schemas import (
    LinkOut,
    LinkQuery,
    NoticeIn,
    OptOutOut,
    RevokeIn,
    SmsNotificationOut,
    UndeliveredOut,
    UndeliveredQuery,
)
from backend.security import principal, require_roles
from backend.sms import staff

bp = APIBlueprint("sms", __name__, url_prefix="/api/v1/sms", tag="SMS")
BOARD = ("board_member", "town_admin", "enforcing_officer")
SENDERS = ("agent", "enforcing_officer", "town_admin")


@bp.get("/undelivered")
@bp.input(UndeliveredQuery, location="query")
@bp.output(UndeliveredOut(many=True))
@bp.doc(security="BearerAuth", summary="Texts that failed or died since an instant (mail the notice instead)")
@require_roles(*BOARD)
def list_undelivered(query_data: dict) -> list:
    return staff.undelivered(principal(), query_data["since"])


@bp.post("/violation-notices")
@bp.input(NoticeIn)
@bp.output(SmsNotificationOut, status_code=202)
@bp.doc(
    security="BearerAuth",
    summary="Queue the courtesy text of a violation (with a fresh notice link)",
    responses={
        404: "violation or party not found in your town",
        409: "closed, or the party cannot be texted",
    },
)
@require_roles(*SENDERS)
def send_violation_notice(json_data: dict):  # type: ignore[no-untyped-def]
    return staff.send_violation_notice(principal(), json_data)


@bp.get("/links")
@bp.input(LinkQuery, location="query")
@bp.output(LinkOut(many=True))
@bp.doc(security="BearerAuth", summary="Notice links sent to permittees, newest first")
@require_roles(*BOARD)
def list_links(query_data: dict) -> list:
    return staff.list_links(principal(), query_data)


@bp.post("/links/<link_id>/revoke")
@bp.input(RevokeIn)
@bp.output(LinkOut)
@bp.doc(
    security="BearerAuth",
    summary="Revoke a notice link (it then answers 404 like an unknown one)",
    responses={404: "not found in your town"},
)
@require_roles(*BOARD)
def revoke_link(link_id: str, json_data: dict):  # type: ignore[no-untyped-def]
    return staff.revoke_link(principal(), link_id, json_data["reason"])


@bp.get("/opt-outs")
@bp.output(OptOutOut(many=True))
@bp.doc(security="BearerAuth", summary="Numbers that texted STOP to this town (and whether they came back)")
@require_roles(*BOARD)
def list_opt_outs() -> list:
    return staff.opt_outs(principal())
