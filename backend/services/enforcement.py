"""Violations and enforcement orders: creation, versioned edits and status transitions."""
from __future__ import annotations

from typing import Any

from backend.clock import now
from backend.extensions import db
from backend.models import EnforcementOrder, Inspection, Party, Permit, Site, Violation
from backend.security import Principal, get_in_town
from backend.services import orders
from backend.services.states import ORDER_STATES, VIOLATION_STATES
from backend.sms import messages as sms_messages
from inspections.errors import Conflict, Invalid
from inspections.rulepack import load_rulebook


def citation_for(chapter: str, provision: str) -> str:
    """A provision is a RULES.md id of the chapter, or a permit condition `permit:<number>:<condition>`."""
    if provision.startswith("permit:"):
        return provision
    book = load_rulebook()
    if provision not in book or book.rule(provision).pack != chapter:
        raise Invalid("unknown provision", detail={"json": {"provision": [
               f"{provision!r} is not a rule of {chapter} in RULES.md, nor permit:<number>:<condition>"]}})
    return book.rule(provision).citation


def create_violation(who: Principal, data: dict[str, Any]) -> Violation:
    site = get_in_town(Site, data["site_id"])
    for key, model in (("inspection_id", Inspection), ("permit_id", Permit), ("offender_id", Party)):
        if data.get(key) is not None:
            get_in_town(model, data[key])
    v = Violation(town_id=who.town_id, site_id=site.id, inspection_id=data["inspection_id"],
                  permit_id=data["permit_id"], offender_id=data["offender_id"], chapter=data["chapter"],
                  provision=data["provision"], citation=citation_for(data["chapter"], data["provision"]),
                  description=data["description"], observed_at=data["observed_at"],
                  line_item=data["line_item"], created_by=who.user.id)
    db.session.add(v)
    sms_messages.notice_on_open(db.session, v)
    db.session.commit()
    return v


def transition_violation(v: Violation, target: str, reason: str | None) -> Violation:
    VIOLATION_STATES.check(v.status, target, reason)
    at = now()
    v.status, v.status_reason = target, reason
    if target == "corrected":
        v.corrected_at = at
    elif target == "closed":
        v.closed_at = at
    elif target == "open":
        v.corrected_at = None
    db.session.commit()
    return v


def create_order(who: Principal, data: dict[str, Any]) -> EnforcementOrder:
    site = get_in_town(Site, data["site_id"])
    violations = [get_in_town(Violation, vid) for vid in data["violation_ids"]]
    if any(v.site_id != site.id for v in violations):
        raise Invalid("violations of another site",
                      detail={"json": {"violation_ids": ["not all at this site"]}})
    order = EnforcementOrder(town_id=who.town_id, site_id=site.id, kind=data["kind"], chapter=data["chapter"],
                             text=data["text"], fine_path=data["fine_path"], violations=violations)
    db.session.add(order)
    db.session.commit()
    return order


def issue_order(who: Principal, order: EnforcementOrder, data: dict[str, Any]) -> EnforcementOrder:
    """Authorised from the bylaw engine's who-may-act table; see backend/services/orders.py."""
    return orders.issue_order(who, order, data)


def serve_order(order: EnforcementOrder, data: dict[str, Any]) -> EnforcementOrder:
    if order.status != "issued":
        raise Conflict(f"only an issued order can be served; this one is {order.status}", state=order.status)
    order.served_at, order.service_method, order.service_detail = (data["served_at"], data["method"],
                                                                   data["detail"])
    orders.after_service(order)
    db.session.commit()
    return order


def transition_order(order: EnforcementOrder, target: str, reason: str | None) -> EnforcementOrder:
    if target == "issued":
        raise Conflict("use POST /orders/<id>/issue to issue an order")
    ORDER_STATES.check(order.status, target, reason)
    order.status, order.status_reason = target, reason
    if target == "lifted":
        order.lifted_at = now()
    db.session.commit()
    return order


