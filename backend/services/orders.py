"""Issuing and serving orders: authorised from the who-may-act table, deadlines stored, people told.

On issue: the authorization record (role, rule, vote or designation) goes on the order; the engine's deadlines
for the order become Deadline rows, from the formula the chapter's pack names (the ERC's cease-and-desist:
cease at once, and the review-meeting window, provisional until the meeting is posted and the operator
notified); a Slack alert goes to the board
and a courtesy SMS to each consenting operator/permittee party. The SMS never replaces legal service.
"""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

from sqlalchemy import select

from backend.clock import now
from backend.extensions import db
from backend.models import Deadline, EnforcementOrder, Party, Permit, Site, Town
from backend.security import Principal
from backend.services import notify
from backend.services.authorisation import authorise
from backend.services.bylaw_config import config_for
from backend.services.bylaw_names import bylaw
from backend.services.clocks import store_deadline, update_deadline
from backend.services.states import ORDER_STATES
from backend.sms import messages as sms_messages
from bot.text import cite
from bot.text import fmt_at as words_at
from inspections.calendar import local_date
from inspections.chapters import OrderFacts, chapter
from inspections.deadlines import erc_review
from inspections.deadlines.core import Deadline as EngineDeadline

ORDER_SUBJECT = "order"
PROVISIONAL = " (provisional: recomputed when the meeting is posted and the operator notified)"
KIND_TEXT = {
    "cease_and_desist": "cease-and-desist order",
    "restoration_order": "restoration order",
    "enforcement_order": "enforcement order",
}


def issue_order(who: Principal, order: EnforcementOrder, data: dict[str, Any]) -> EnforcementOrder:
    ORDER_STATES.check(order.status, "issued", None)
    at = data.get("at") or now()
    record = authorise(who, order.chapter, order.kind, data.get("authorization"))
    order.status, order.issued_at, order.issued_by = "issued", at, who.user.id
    order.fine_path = data.get("fine_path") or order.fine_path
    order.authorization = record
    for d in issue_deadlines(order):
        suffix = PROVISIONAL if d.rule_id == erc_review.WITHIN_7D else ""
        store_deadline(order.town_id, order.site_id, ORDER_SUBJECT, order.id, d, label_suffix=suffix)
    announce_issue(order)
    db.session.commit()
    return order


def issue_deadlines(order: EnforcementOrder) -> list[EngineDeadline]:
    assert order.issued_at is not None
    facts = OrderFacts(order.issued_at, cfg=config_for(order.town_id))
    return chapter(order.chapter).order_deadlines(order.kind, facts)


def after_service(order: EnforcementOrder) -> None:
    """An order whose chapter has a formula for its service (the ERC's restoration order: the
    hearing-request window runs from its receipt, the service date)."""
    under = chapter(order.chapter)
    if order.served_at is None or not under.has_order_formula(order.kind, "served"):
        return
    assert order.issued_at is not None
    received = order.service_detail.get("received_on") if order.service_detail else None
    received_on = local_date(order.served_at) if not isinstance(received, str) else _date_or(received, order)
    facts = OrderFacts(order.issued_at, order.served_at, received_on, config_for(order.town_id))
    for d in under.order_deadlines(order.kind, facts, "served"):
        if _order_deadline(order.id, d.rule_id, d.label) is None:
            store_deadline(order.town_id, order.site_id, ORDER_SUBJECT, order.id, d)


def _date_or(text: str, order: EnforcementOrder) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        assert order.served_at is not None
        return local_date(order.served_at)


def _order_deadline(order_id: uuid.UUID, rule_id: str, label: str | None = None) -> Deadline | None:
    stmt = select(Deadline).where(
        Deadline.subject_type == ORDER_SUBJECT, Deadline.subject_id == order_id, Deadline.rule_id == rule_id
    )
    rows = [r for r in db.session.scalars(stmt) if label is None or r.label.startswith(label)]
    return rows[0] if rows else None


def review_window_row(order: EnforcementOrder) -> Deadline | None:
    return _order_deadline(order.id, erc_review.WITHIN_7D)


def set_review_window(order: EnforcementOrder, window: erc_review.ReviewWindow) -> Deadline:
    """The window from the meeting's real posting and notice replaces the provisional one."""
    row = review_window_row(order)
    if row is None:
        return store_deadline(order.town_id, order.site_id, ORDER_SUBJECT, order.id, window.as_deadline())
    return update_deadline(row, window.as_deadline())


def parties_to_tell(order: EnforcementOrder) -> list[Party]:
    """Offenders of the order's violations and the permittee/operator of their permits, once each."""
    ids: list[uuid.UUID] = []
    for v in order.violations:
        permit = db.session.get(Permit, v.permit_id) if v.permit_id else None
        for pid in (
            v.offender_id,
            permit.operator_id if permit else None,
            permit.permittee_id if permit else None,
        ):
            if pid is not None and pid not in ids:
                ids.append(pid)
    return [p for pid in ids if (p := db.session.get(Party, pid)) is not None and p.town_id == order.town_id]


def _aware(instant: dt.datetime) -> dt.datetime:
    return instant if instant.tzinfo is not None else instant.replace(tzinfo=dt.UTC)  # SQLite reads UTC naive


def announce_issue(order: EnforcementOrder) -> None:
    site, town = db.session.get(Site, order.site_id), db.session.get(Town, order.town_id)
    assert site is not None and town is not None and order.issued_at is not None
    what = KIND_TEXT.get(order.kind, order.kind)
    cites = ", ".join(sorted({cite(v.citation, town.name) for v in order.violations}))
    auth = order.authorization or {}
    board_text = (  # the service's words, in the outbox record (the alert itself is rendered from the order)
        f"{what.capitalize()} issued under {bylaw(order.chapter)} at {site.name}, {site.address}, "
        f"{words_at(_aware(order.issued_at), town.tz)}. Violations: {cites}. Authority: "
        f"{auth.get('reason')}."
    )
    notify.alert_board(
        order.town_id,
        order.chapter,
        "order_issued",
        board_text,
        f"order-issued:{order.id}",
        order_id=str(order.id),
    )
    for party in parties_to_tell(order):  # a courtesy text, in each party's language, beside service
        sms_messages.order_issued(db.session, order, party)
