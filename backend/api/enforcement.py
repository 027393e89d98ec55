"""Violations and enforcement orders: list, detail, create, update, status transitions (409 when illegal)."""
from __future__ import annotations

import uuid

from apiflask import APIBlueprint
from sqlalchemy import select

from backend.api import who_may_act
from backend.api.common import require_if_match, with_etag
from backend.api.schemas import (
    IssueIn,
    ListQuery,
    OrderIn,
    OrderOut,
    OrderPatch,
    ReleaseIn,
    ServeIn,
    TransitionIn,
    ViolationIn,
    ViolationOut,
    ViolationPatch,
)
from backend.clock import now
from backend.extensions import db
from backend.models import EnforcementOrder, Violation
from backend.security import get_in_town, principal, require_roles
from backend.services import enforcement as service

bp = APIBlueprint("enforcement", __name__, url_prefix="/api/v1", tag="Enforcement")
READERS = ("agent", "board_member", "enforcing_officer", "town_admin")
WRITERS = ("agent", "board_member", "enforcing_officer")
STAFF = ("agent", "enforcing_officer", "town_admin")


def _listing(model: type, query: dict) -> list:
    stmt = select(model).where(model.town_id == principal().town_id)  # type: ignore[attr-defined]
    if query["status"]:
        stmt = stmt.where(model.status == query["status"])  # type: ignore[attr-defined]
    if query["site_id"]:
        stmt = stmt.where(model.site_id == query["site_id"])  # type: ignore[attr-defined]
    return list(db.session.scalars(stmt.order_by(model.created_at.desc())  # type: ignore[attr-defined]
                                   .limit(query["limit"]).offset(query["offset"])))


@bp.get("/violations")
@bp.input(ListQuery, location="query")
@bp.output(ViolationOut(many=True))
@bp.doc(security="BearerAuth")
@require_roles(*READERS)
def list_violations(query_data: dict) -> list:
    return _listing(Violation, query_data)


@bp.post("/violations")
@bp.input(ViolationIn)
@bp.output(ViolationOut, status_code=201)
@bp.doc(security="BearerAuth")
@require_roles(*WRITERS)
def create_violation(json_data: dict):  # type: ignore[no-untyped-def]
    v = service.create_violation(principal(), json_data)
    return with_etag(v, v.version, 201)


@bp.get("/violations/<uuid:violation_id>")
@bp.output(ViolationOut)
@bp.doc(security="BearerAuth")
@require_roles(*READERS)
def get_violation(violation_id: uuid.UUID):  # type: ignore[no-untyped-def]
    v = get_in_town(Violation, violation_id)
    return with_etag(v, v.version)


@bp.patch("/violations/<uuid:violation_id>")
@bp.input(ViolationPatch)
@bp.output(ViolationOut)
@bp.doc(security="BearerAuth")
@require_roles(*WRITERS)
def update_violation(violation_id: uuid.UUID, json_data: dict):  # type: ignore[no-untyped-def]
    v = get_in_town(Violation, violation_id)
    require_if_match(v.version)
    if "offender_id" in json_data and json_data["offender_id"] is not None:
        from backend.models import Party
        get_in_town(Party, json_data["offender_id"])
    for key, value in json_data.items():
        setattr(v, key, value)
    db.session.commit()
    return with_etag(v, v.version)


@bp.post("/violations/<uuid:violation_id>/transition")
@bp.input(TransitionIn)
@bp.output(ViolationOut)
@bp.doc(security="BearerAuth", responses=who_may_act.RESPONSES | {409: "illegal transition"},
        description="Closing or reopening is the chapter's enforcement power (the who-may-act table, "
                    "checked before the body); marking corrected is open to agents. open -> closed and "
                    "corrected -> open need a reason.")
@require_roles(*WRITERS)
@who_may_act.acts(Violation, "violation_id", who_may_act.violation_transition)
def transition_violation(violation_id: uuid.UUID, json_data: dict):  # type: ignore[no-untyped-def]
    v = get_in_town(Violation, violation_id)
    v.status_authorization = who_may_act.authorise(v, json_data)
    v = service.transition_violation(v, json_data["to"], json_data["reason"])
    return with_etag(v, v.version)


@bp.post("/violations/<uuid:violation_id>/release-catch-up")
@bp.input(ReleaseIn)
@bp.output(ViolationOut)
@bp.doc(security="BearerAuth", summary="Release a held catch-up of offense-days, after checking the date",
        description="The daily job records at most the town's `accrual_max_catch_up_days` (default 60) "
                    "offense-days at once for one violation; a longer catch-up waits here. Staff check the "
                    "observation date (correct it in `observed_at` if wrong) and release it: the next run "
                    "records every day. The release is audited.",
        responses={403: "staff only", 409: "nothing is held"})
@require_roles(*STAFF)
def release_catch_up(violation_id: uuid.UUID, json_data: dict):  # type: ignore[no-untyped-def]
    v = get_in_town(Violation, violation_id)
    if v.accrual_held_at is None:
        from apiflask import abort
        abort(409, "this violation's offense-days are not held")
    if json_data["observed_at"] is not None:
        v.observed_at = json_data["observed_at"]
    v.accrual_held_at = v.accrual_held_days = None
    v.accrual_released_at, v.accrual_released_by = now(), principal().user.id
    db.session.commit()
    return with_etag(v, v.version)


def _order_out(order: EnforcementOrder):  # type: ignore[no-untyped-def]
    order.violation_ids = [v.id for v in order.violations]  # type: ignore[attr-defined]
    return order


@bp.get("/orders")
@bp.input(ListQuery, location="query")
@bp.output(OrderOut(many=True))
@bp.doc(security="BearerAuth")
@require_roles(*READERS)
def list_orders(query_data: dict) -> list:
    return [_order_out(o) for o in _listing(EnforcementOrder, query_data)]


@bp.post("/orders")
@bp.input(OrderIn)
@bp.output(OrderOut, status_code=201)
@bp.doc(security="BearerAuth")
@require_roles(*WRITERS)
def create_order(json_data: dict):  # type: ignore[no-untyped-def]
    order = service.create_order(principal(), json_data)
    return with_etag(_order_out(order), order.version, 201)


@bp.get("/orders/<uuid:order_id>")
@bp.output(OrderOut)
@bp.doc(security="BearerAuth")
@require_roles(*READERS)
def get_order(order_id: uuid.UUID):  # type: ignore[no-untyped-def]
    order = get_in_town(EnforcementOrder, order_id)
    return with_etag(_order_out(order), order.version)


@bp.patch("/orders/<uuid:order_id>")
@bp.input(OrderPatch)
@bp.output(OrderOut)
@bp.doc(security="BearerAuth")
@require_roles(*WRITERS)
def update_order(order_id: uuid.UUID, json_data: dict):  # type: ignore[no-untyped-def]
    order = get_in_town(EnforcementOrder, order_id)
    require_if_match(order.version)
    if order.status != "draft":
        from apiflask import abort
        abort(409, f"an {order.status} order cannot be edited; lift or supersede it instead")
    for key, value in json_data.items():
        setattr(order, key, value)
    db.session.commit()
    return with_etag(_order_out(order), order.version)


@bp.post("/orders/<uuid:order_id>/issue")
@bp.input(IssueIn)
@bp.output(OrderOut)
@bp.doc(security="BearerAuth")
@require_roles(*WRITERS)
@who_may_act.acts(EnforcementOrder, "order_id", who_may_act.issuing)
def issue_order(order_id: uuid.UUID, json_data: dict):  # type: ignore[no-untyped-def]
    order = service.issue_order(principal(), get_in_town(EnforcementOrder, order_id), json_data)
    return with_etag(_order_out(order), order.version)


@bp.post("/orders/<uuid:order_id>/serve")
@bp.input(ServeIn)
@bp.output(OrderOut)
@bp.doc(security="BearerAuth")
@require_roles(*WRITERS)
def serve_order(order_id: uuid.UUID, json_data: dict):  # type: ignore[no-untyped-def]
    order = service.serve_order(get_in_town(EnforcementOrder, order_id), json_data)
    return with_etag(_order_out(order), order.version)


@bp.post("/orders/<uuid:order_id>/transition")
@bp.input(TransitionIn)
@bp.output(OrderOut)
@bp.doc(security="BearerAuth", responses=who_may_act.RESPONSES | {409: "illegal transition"},
        description="Lifting or superseding an issued order is authorised like issuing it (the who-may-act "
                    "table, checked before the body; the body's vote or designation where the bylaw needs "
                    "one); withdrawing a draft is open to its drafters. Lifting, superseding and withdrawing "
                    "need a reason.")
@require_roles(*WRITERS)
@who_may_act.acts(EnforcementOrder, "order_id", who_may_act.order_transition)
def transition_order(order_id: uuid.UUID, json_data: dict):  # type: ignore[no-untyped-def]
    order = get_in_town(EnforcementOrder, order_id)
    order.status_authorization = who_may_act.authorise(order, json_data)
    order = service.transition_order(order, json_data["to"], json_data["reason"])
    return with_etag(_order_out(order), order.version)
