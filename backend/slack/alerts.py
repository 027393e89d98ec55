"""The board messages' content, read from the records: an issued order, its review meeting, a stabilization
deadline. Each builder returns a `bot.messages` dataclass; `bot.blocks` turns it into Block Kit.

Rule ids, citations and numbers all come from the bylaw engine (`inspections`), never from this module.
"""
from __future__ import annotations

import datetime as dt
from typing import TypeVar

from flask import current_app
from sqlalchemy import func, select

from backend.extensions import db
from backend.models import Deadline, EnforcementOrder, Party, Permit, Site, Town, User
from backend.models.evidence import ViolationPhoto
from backend.models.meetings import Meeting
from backend.services import meetings, orders
from backend.services.bylaw_config import config_for
from backend.slack.records import citation_of
from bot.messages import (
    Check,
    FinePath,
    OrderAlert,
    Provision,
    ReviewNotice,
    ReviewWindow,
    RuleRef,
    SiteRef,
    StabilizationReminder,
)
from bot.text import dollars, fmt_at, humanise, local
from inspections.authority import Action, Role, may_act
from inspections.deadlines import erc_review
from inspections.erc_membership import SIZE as ERC_SIZE_RULE
from inspections.penalties import criminal_maximum, noncriminal_penalty
from inspections.rulepack import load_rulebook, param

T = TypeVar("T")
OML = RuleRef(erc_review.EarliestBinding.OML_POSTING.value, "M.G.L. c. 30A, § 20(b)")


def need(value: T | None, what: str) -> T:
    """A record the message cannot do without; missing, the notification fails visibly (ValueError)."""
    if value is None:
        raise ValueError(f"cannot build the message: no {what}")
    return value


def app_url(route: str) -> str | None:
    """A record in the web app (`PUBLIC_BASE_URL/#/order/<id>`); None when the app's address is not set."""
    base = str(getattr(current_app.config.get("SETTINGS"), "public_base_url", "") or "").rstrip("/")
    return f"{base}/#/{route}" if base else None


def rule_ref(rule_id: str) -> RuleRef:
    return OML if rule_id == OML.rule_id else RuleRef(rule_id, citation_of(rule_id, "—"))


def site_ref(site: Site) -> SiteRef:
    return SiteRef(site.name, site.address, site.map_lot, site.lat, site.lon)


def _party(party_id: object) -> Party | None:
    return db.session.get(Party, party_id) if party_id else None


def operator_of(order: EnforcementOrder) -> str | None:
    """The operator on the permit of the order's violations, else an offender, else None."""
    for v in order.violations:
        permit = db.session.get(Permit, v.permit_id) if v.permit_id else None
        party = _party(permit.operator_id or permit.permittee_id) if permit else None
        if party is None:
            party = _party(v.offender_id)
        if party is not None:
            return party.name
    return None


def fine_path(order: EnforcementOrder) -> FinePath | None:
    """Criminal: a court maximum per offense-day (exposure); noncriminal: the first § 21D amount, or none."""
    if order.fine_path == "criminal":
        p = criminal_maximum(order.chapter)
        text = (f"a court can fine up to {dollars(p.amount_cents)} for each day it continues (a maximum, "
                "not a bill)" if p.amount_cents is not None else p.arithmetic)
    elif order.fine_path == "noncriminal":
        p = noncriminal_penalty(order.chapter, 1, config_for(order.town_id))
        first = dollars(p.amount_cents) if p.amount_cents is not None else (p.none_reason or "no amount")
        text = (f"noncriminal citations (MGL c. 40 § 21D), one for each day it continues: the first {first}, "
                "then as the bylaw's schedule sets")
    else:
        return None
    return FinePath(order.fine_path, rule_ref(p.rule_id), text)


def provisional_window(order: EnforcementOrder) -> ReviewWindow | None:
    """For an order with a review meeting: the window if notice and posting happened at issuance."""
    if order.issued_at is None or orders.review_window_row(order) is None:
        return None
    at = order.issued_at
    w = erc_review.erc_review_window(at, at, at, cfg=config_for(order.town_id))
    text = (f"{meetings.binding_text(w.binding)}; provisional: assumes the operator is notified and the "
            "meeting posted now, and is recomputed when they are")
    both = w.binding is erc_review.EarliestBinding.BOTH
    binding = rule_ref(erc_review.NOTICE_48H if both else w.binding.value)
    latest = rule_ref(erc_review.WITHIN_7D)
    return ReviewWindow(w.earliest_at, w.latest_at, binding, text, latest, w.empty_reason)


def town_and_site(order: EnforcementOrder) -> tuple[Town, Site]:
    town, site = db.session.get(Town, order.town_id), db.session.get(Site, order.site_id)
    return need(town, "town"), need(site, "site")


def photo_count(order: EnforcementOrder) -> int:
    ids = [v.id for v in order.violations]
    if not ids:
        return 0
    stmt = (select(func.count(func.distinct(ViolationPhoto.photo_id)))
            .where(ViolationPhoto.violation_id.in_(ids)))
    return int(db.session.scalar(stmt) or 0)


def _issuer(order: EnforcementOrder) -> str:
    user = db.session.get(User, order.issued_by) if order.issued_by else None
    role = (order.authorization or {}).get("role")
    name = user.name if user else "unknown"
    return f"{name} ({humanise(role)})" if role else name


def order_alert(order: EnforcementOrder) -> OrderAlert:
    town, site = town_and_site(order)
    issued_at = need(order.issued_at, "issue time: the order is not issued")
    auth = order.authorization or {}
    provisions = tuple(Provision(RuleRef(v.provision, v.citation), v.description)
                       for v in sorted(order.violations, key=lambda v: (v.observed_at, v.line_item)))
    return OrderAlert(
        order_id=str(order.id), kind=order.kind, town=town.name, tz=town.tz,
        authority=RuleRef(str(auth.get("rule_id") or "—"), str(auth.get("citation") or "—")),
        site=site_ref(site), operator=operator_of(order), provisions=provisions, issued_at=issued_at,
        issuer=_issuer(order), service_method=order.service_method, served_at=order.served_at,
        fine_path=fine_path(order), review_window=provisional_window(order), photo_count=photo_count(order),
        record_url=app_url(f"order/{order.id}"))


def _checks(order: EnforcementOrder, meeting: Meeting, tz: str) -> tuple[Check, ...]:
    issued_at = need(order.issued_at, "issue time")
    notified = need(meeting.operator_notified_at, "operator notice time")
    w = erc_review.erc_review_window(issued_at, notified, meeting.posted_at, cfg=config_for(order.town_id))
    at = meeting.scheduled_for
    hours, days = param(erc_review.NOTICE_48H, "hours"), param(erc_review.WITHIN_7D, "days")
    notice = Check(rule_ref(erc_review.NOTICE_48H), "Operator notice", at >= w.operator_earliest_at,
                   f"notified {fmt_at(notified, tz)} + {hours} h = "
                   f"{fmt_at(w.operator_earliest_at, tz)}")
    if meeting.posted_at is None or w.oml_earliest_at is None:
        posting = Check(OML, "Open Meeting Law posting", False, "not recorded as posted: post the notice at "
                        "least 48 hours ahead, not counting Saturdays, Sundays and legal holidays")
    else:
        posting = Check(OML, "Open Meeting Law posting", at >= w.oml_earliest_at,
                        f"posted {fmt_at(meeting.posted_at, tz)}; earliest lawful meeting "
                        f"{fmt_at(w.oml_earliest_at, tz)} (weekends and legal holidays not counted)")
    within = Check(rule_ref(erc_review.WITHIN_7D), f"Within {days} days of the order", at <= w.latest_at,
                   f"order {fmt_at(issued_at, tz)}; last day {fmt_at(w.latest_at, tz)}")
    return notice, posting, within


def review_notice(meeting: Meeting, reminder: bool = False) -> ReviewNotice:
    order = need(db.session.get(EnforcementOrder, meeting.order_id), "order")
    town, site = town_and_site(order)
    reasons = "; ".join(str(f.get("reason")) for f in meeting.flags or [] if f.get("reason"))
    quorum_rule = meetings.quorum_rule(order)
    return ReviewNotice(
        order_id=str(order.id), meeting_id=str(meeting.id), town=town.name, tz=town.tz,
        rule=rule_ref(erc_review.WITHIN_7D), site=site_ref(site), operator=operator_of(order),
        meeting_at=meeting.scheduled_for, checks=_checks(order, meeting, town.tz),
        quorum=rule_ref(quorum_rule),
        quorum_needed=param(quorum_rule, "quorum"), members=param(ERC_SIZE_RULE, "members"),
        flagged=meeting.flagged, flag_reason=reasons or None, reminder=reminder,
        record_url=app_url(f"order/{order.id}"),
        when=meetings.when_words(meeting), place=meetings.place_words(meeting), moves=meeting.moves or 0)


def stabilization_reminder(deadline: Deadline, as_of: dt.datetime) -> StabilizationReminder:
    town = need(db.session.get(Town, deadline.town_id), "town")
    site = need(db.session.get(Site, deadline.site_id) if deadline.site_id else None, "site")
    due_on = need(deadline.latest_on, "due date")
    book = load_rulebook()
    days = book.rule(deadline.rule_id).params.get("days") if deadline.rule_id in book else None
    ceased_on = due_on - dt.timedelta(days=int(days)) if isinstance(days, int) else None
    permit = db.session.get(Permit, deadline.subject_id) if deadline.subject_type == "permit" else None
    return StabilizationReminder(
        deadline_id=str(deadline.id), town=town.name, tz=town.tz,
        rule=RuleRef(deadline.rule_id, deadline.citation), site=site_ref(site),
        permit=permit.number if permit else None, label=deadline.label, ceased_on=ceased_on,
        due_on=due_on, as_of=local(as_of, town.tz).date(), record_url=app_url(f"site/{site.id}"))


def citation_issuer(chapter: str) -> str:
    """Who the bylaw names to issue § 21D citations under `chapter` (for the digest)."""
    for role in (Role.ENFORCING_OFFICER, Role.AGENT, Role.BOARD_MEMBER):
        if may_act(chapter, Action.CITATION_21D, role).allowed:
            return humanise(role.value)
    return "board, by vote"
