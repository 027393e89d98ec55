"""Who may change a record's state: every state-changing route declares it, and it is checked before the body.

`require_roles` (backend/security.py) names the roles a route admits; `acts(...)` adds, for the records the
bylaw governs (orders, violations), the action of the engine's who-may-act table (`inspections.authority`)
that the change amounts to: lifting or superseding an order is issuing it again, closing or reopening a
violation is the chapter's power of enforcement. `gate` (a before_request hook, after authentication) refuses
a caller without the role, or none of whose roles for the record's chapter could take the action, with a 403
before the body is validated, and the record is unchanged. The view then calls `authorise` with the
validated body: the full decision (the vote's counts, the designation's text), its record stored with the
change.
Recording a violation, drafting, editing, serving and withdrawing a draft order stay open to the route's
roles.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from flask import current_app, request

from backend.security import get_in_town, is_public, principal, refuse_role
from backend.services.authorisation import authorise as authorise_action
from backend.services.authorisation import refuse_unless_possible
from inspections import api
from inspections.authority import Action

RESPONSES = {403: "your role, or the bylaw's who-may-act table, does not let you (before the body is read)"}
F = TypeVar("F", bound=Callable[..., Any])
# which engine action a change of the record amounts to (None: open to the route's roles)
ActionOf = Callable[[Any, dict[str, Any]], Action | None]


@dataclass(frozen=True)
class Acts:
    model: type
    id_arg: str
    action_of: ActionOf

    def action(self, record: Any, body: dict[str, Any]) -> Action | None:
        return self.action_of(record, body)


def acts(model: type, id_arg: str, action_of: ActionOf) -> Callable[[F], F]:
    """Declare that the route changes `model`'s record named by the URL's `id_arg`, as `action_of` says."""
    def decorate(view: F) -> F:
        view.acts = Acts(model, id_arg, action_of)  # type: ignore[attr-defined]
        return view
    return decorate


def _raw_body() -> dict[str, Any]:
    body = request.get_json(silent=True) if request.is_json else None
    return body if isinstance(body, dict) else {}


def _designee(body: dict[str, Any]) -> bool:
    auth = body.get("authorization")
    return isinstance(auth, dict) and auth.get("designation") not in (None, "")


def gate() -> None:
    """before_request: the route's roles, then the who-may-act table for the record, before the body."""
    if is_public(request.endpoint) or request.method in ("GET", "HEAD", "OPTIONS"):
        return
    view = current_app.view_functions.get(request.endpoint or "")
    roles = getattr(view, "required_roles", None)
    if roles and not principal().has(*roles):
        refuse_role(roles)
    declared: Acts | None = getattr(view, "acts", None)
    if declared is None or not request.view_args or declared.id_arg not in request.view_args:
        return
    record = get_in_town(declared.model, request.view_args[declared.id_arg])
    body = _raw_body()
    action = declared.action(record, body)
    if action is not None:
        refuse_unless_possible(principal(), record.chapter, action, _designee(body))


def authorise(record: Any, body: dict[str, Any]) -> dict[str, Any] | None:
    """The authorization record of this change (role, rule, vote or designation), or None where it is open;
    a 403 with the engine's reason when the validated body does not carry what the bylaw needs."""
    view = current_app.view_functions[request.endpoint or ""]
    declared: Acts = getattr(view, "acts")  # noqa: B009 - set by the acts() declaration
    action = declared.action(record, body)
    if action is None:
        return None
    return authorise_action(principal(), record.chapter, action, body.get("authorization"))


# --- the declarations of the enforcement routes ---------------------------------------------------------
ORDER_GATED = {"lifted", "superseded"}  # an issued order is lifted or superseded by whoever may issue it
VIOLATION_GATED = {"closed", "open"}  # closing or reopening is enforcement; marking corrected is a finding


def issuing(order: Any, _body: dict[str, Any]) -> Action:
    return Action(order.kind)


def order_transition(order: Any, body: dict[str, Any]) -> Action | None:
    target = body.get("to")
    if order.status == "draft" and target == "withdrawn":
        return None
    return Action(order.kind) if order.status != "draft" or target in ORDER_GATED else None


def violation_transition(_violation: Any, body: dict[str, Any]) -> Action | None:
    target = body.get("to")
    return None if target == "corrected" else Action.ENFORCEMENT_ORDER


def citations_of_order(_order: Any, _body: dict[str, Any]) -> Action:
    return Action.CITATION_21D


def scheduling_review(order: Any, _body: dict[str, Any]) -> Action | None:
    """Only a chapter whose pack gives its orders a review meeting (the ERC's cease-and-desist) has one; the
    service refuses the others."""
    reviewed = api.call("chapter", {"chapter": order.chapter})["review_meeting"] is not None
    return Action.SCHEDULE_ERC_REVIEW if reviewed else None
