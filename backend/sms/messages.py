"""SMS intents to permittees: the payload of each message, built from the record, with its case's stable link.

Every payload holds all the facts its template prints (town, site, citation, dates, fine terms, link), so
the body can be rendered again identically at delivery and the outbox row is the record of what was said.
Fine terms come from the bylaw engine for the path the town chose on the order (`fine_terms`): a court
maximum on the criminal path, the first citation amount on the noncriminal path (withheld amounts never).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import uuid
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from backend.clock import now
from backend.models import (
    Deadline,
    EnforcementOrder,
    Notification,
    Party,
    Site,
    Town,
    Violation,
    order_violations,
)
from backend.outbox.intents import enqueue
from backend.services.finding_words import finding_of
from backend.services.fine_config import town_config
from backend.sms import links
from backend.sms.compliance import sms_number
from inspections.calendar import local_date
from inspections.deadlines.erc_review import WITHIN_7D as REVIEW_WITHIN
from inspections.offenses import counting_rule
from inspections.penalties import criminal_maximum, noncriminal_penalty

PARTY_BINDS = ("permittee", "operator", "owner", "applicant")
PREFIXES = ("Town of ", "City of ", "Town Of ", "City Of ")


def short_town(name: str) -> str:
    """ "Town of Carver" -> "Carver": the sender is named in every text, in few characters."""
    return next((name[len(p) :] for p in PREFIXES if name.startswith(p)), name)


def orders_of(session: Session, violation: Violation) -> list[EnforcementOrder]:
    link = order_violations.c
    stmt = (
        select(EnforcementOrder)
        .join(order_violations, link.order_id == EnforcementOrder.id)
        .where(link.violation_id == violation.id)
        .order_by(EnforcementOrder.issued_at)
    )
    return list(session.scalars(stmt))


def fine_terms(session: Session, violation: Violation, town: Town) -> dict[str, Any]:
    """{"path", "amount_cents", "daily"} on the path of the latest issued order (None: no path)."""
    issued = [o for o in orders_of(session, violation) if o.status == "issued" and o.fine_path]
    path = issued[-1].fine_path if issued else None
    cfg = town_config(town)
    try:
        daily = counting_rule(violation.chapter, cfg).daily
        if path == "criminal":
            return {
                "path": path,
                "amount_cents": criminal_maximum(violation.chapter).amount_cents,
                "daily": daily,
            }
        if path == "noncriminal":
            first = noncriminal_penalty(violation.chapter, 1, cfg)
            return {
                "path": path,
                "amount_cents": None if first.withhold else first.amount_cents,
                "daily": daily,
            }
    except (ValueError, KeyError):  # a chapter the engine does not know: say nothing about amounts
        return {"path": path, "amount_cents": None, "daily": False}
    return {"path": None, "amount_cents": None, "daily": daily}


def next_deadline(session: Session, violation: Violation, today: dt.date) -> dict[str, str] | None:
    """The earliest open deadline of the violation's orders that binds a party: {"label", "date"}."""
    order_ids = [o.id for o in orders_of(session, violation)]
    if not order_ids:
        return None
    row = session.scalar(
        select(Deadline)
        .where(
            Deadline.town_id == violation.town_id,
            Deadline.subject_type == "order",
            Deadline.subject_id.in_(order_ids),
            Deadline.status == "open",
            Deadline.binds.in_(PARTY_BINDS),
            Deadline.latest_on >= today,
        )
        .order_by(Deadline.latest_on, Deadline.id)
        .limit(1)
    )
    return {"label": row.label, "date": row.latest_on.isoformat()} if row and row.latest_on else None


def base_payload(party: Party, town: Town, link: Any) -> dict[str, Any]:
    return {
        "town": short_town(town.name),
        "contact": town.contact_phone,
        "link": links.url_of(link.id),
        "link_id": link.id,
        "party_id": str(party.id),
        "language": party.language,
    }


def short_key(kind: str, *parts: object) -> str:
    """A dedupe key short enough for every provider id derived from it (the console's is "console:" + key)."""
    return f"sms:{kind}:{hashlib.sha256('|'.join(str(p) for p in parts).encode()).hexdigest()[:24]}"


def already(session: Session, party: Party, key: str) -> Notification | None:
    """The intent written earlier under this key (a repeat writes nothing, not even a link)."""
    return session.scalar(select(Notification).where(Notification.dedupe_key == f"{party.town_id}:{key}"))


def send(session: Session, party: Party, template: str, payload: dict[str, Any], key: str) -> Notification:
    """Render once (so the outbox row shows the words) and write the intent under a town-prefixed key."""
    from backend.notifications.catalogue import by_stored
    from backend.notifications.registry import sms_text
    spec = by_stored(template)
    if spec is None or spec.sms is None:
        raise KeyError(f"{template!r} is no SMS kind in backend/notifications/kinds/")
    payload["text"] = sms_text(spec, payload | {"language": party.language})
    assert party.phone_e164 is not None
    row = enqueue(
        session, party.town_id, "sms", party.phone_e164, template, payload, f"{party.town_id}:{key}"
    )
    link = session.get(links.ShortLink, payload["link_id"])
    if link is not None and link.notification_id is None:
        link.notification_id = row.id
    return row


def violation_notice(
    session: Session, violation: Violation, party: Party, today: dt.date
) -> Notification | None:
    """The courtesy text of a violation, to one party who may be texted (None when they may not)."""
    key = short_key("violation-notice", violation.id, party.id, violation.version)
    if sms_number(party) is None:
        return None
    if (done := already(session, party, key)) is not None:
        return done
    town, site = session.get(Town, violation.town_id), session.get(Site, violation.site_id)
    assert town is not None and site is not None
    orders = [o.id for o in orders_of(session, violation) if o.status == "issued"]
    link = links.for_case(
        session, town.id, party.id, "sms.violation_notice", [violation.id], orders[-1] if orders else None
    )
    payload = base_payload(party, town, link) | {
        "site": site.name,
        "found": violation.description,
        "finding": finding_of(session, violation, party.language),  # what was found, in the party's words
        "citation": violation.citation,
        "observed_on": local_date(violation.observed_at).isoformat(),
        "violation_id": str(violation.id),
        "next_deadline": next_deadline(session, violation, today),
        "fine": fine_terms(session, violation, town),
    }
    return send(session, party, "sms.violation_notice", payload, key)


NOTICE_ON_OPEN = "sms_violation_notice_on_open"  # a Town.settings key; absent means on


def notice_on_open(session: Session, violation: Violation) -> Notification | None:
    """The courtesy text to the offender of a violation that has just opened, in the same transaction, unless
    the town set `sms_violation_notice_on_open` to false (then staff send it: POST /sms/violation-notices).
    None when no offender is named or the offender may not be texted. It never stands for legal service."""
    if violation.offender_id is None:
        return None
    town = session.get(Town, violation.town_id)
    if town is None or (town.settings or {}).get(NOTICE_ON_OPEN, True) is False:
        return None
    party = session.get(Party, violation.offender_id)
    if party is None or sms_number(party) is None:
        return None
    session.flush()  # the violation's id and version
    return violation_notice(session, violation, party, local_date(now()))


def violation_corrected(session: Session, violation: Violation, party: Party) -> Notification | None:
    key = short_key("violation-corrected", violation.id, party.id, violation.version)
    if sms_number(party) is None or violation.corrected_at is None:
        return None
    if (done := already(session, party, key)) is not None:
        return done
    town, site = session.get(Town, violation.town_id), session.get(Site, violation.site_id)
    assert town is not None and site is not None
    link = links.for_case(session, town.id, party.id, "sms.violation_corrected", [violation.id])
    payload = base_payload(party, town, link) | {
        "site": site.name,
        "citation": violation.citation,
        "violation_id": str(violation.id),
        "date": local_date(violation.corrected_at).isoformat(),
    }
    return send(session, party, "sms.violation_corrected", payload, key)


def order_issued(session: Session, order: EnforcementOrder, party: Party) -> Notification | None:
    """The courtesy text of an issued order, in the party's language, beside (never instead of) service."""
    return _order_news(session, order, party, "issued", order.issued_at)


def order_lifted(session: Session, order: EnforcementOrder, party: Party) -> Notification | None:
    return _order_news(session, order, party, "lifted", order.lifted_at)


def _order_news(session: Session, order: EnforcementOrder, party: Party, what: str,
                at: dt.datetime | None) -> Notification | None:
    """`sms.order_<what>` to one party, once per order, with a link to the order's notice page."""
    template, key = f"sms.order_{what}", short_key(f"order-{what}", order.id, party.id)
    if sms_number(party) is None or at is None:
        return None
    if (done := already(session, party, key)) is not None:
        return done
    town, site = session.get(Town, order.town_id), session.get(Site, order.site_id)
    assert town is not None and site is not None
    link = links.for_case(session, town.id, party.id, template, [v.id for v in order.violations], order.id)
    payload = base_payload(party, town, link) | {
        "site": site.name,
        "order": order.kind,
        "order_id": str(order.id),
        "date": local_date(at).isoformat(),
    }
    if what == "issued":
        payload |= order_facts(session, order, party, town, local_date(at))
    return send(session, party, template, payload, key)


def order_facts(session: Session, order: EnforcementOrder, party: Party, town: Town,
                today: dt.date) -> dict[str, Any]:
    """What an issued order's text says beyond its kind and site: what was found (the first violation's
    finding in the party's language) and its provision, the first deadline binding the party, the fine path,
    and the last day of the review meeting when the order has one."""
    violations = sorted(order.violations, key=lambda v: (v.observed_at, str(v.id)))
    facts: dict[str, Any] = {}
    if violations:
        first = violations[0]
        facts |= {"finding": finding_of(session, first, party.language), "citation": first.citation,
                  "next_deadline": next_deadline(session, first, today),
                  "fine": fine_terms(session, first, town)}
    review = session.scalar(select(Deadline).where(
        Deadline.subject_type == "order", Deadline.subject_id == order.id, Deadline.rule_id == REVIEW_WITHIN,
        Deadline.status == "open"))
    if review is not None and review.latest_on is not None:
        facts["review"] = {"by": review.latest_on.isoformat()}
    return facts


def deadline_reminder(
    session: Session, deadline: Deadline, party: Party, lead_days: int
) -> Notification | None:
    """A reminder of a deadline that binds this party (for the reminder job; safe to repeat per lead)."""
    key = short_key("deadline-reminder", deadline.id, party.id, lead_days)
    if sms_number(party) is None or deadline.latest_on is None or deadline.binds not in PARTY_BINDS:
        return None
    if (done := already(session, party, key)) is not None:
        return done
    town = session.get(Town, deadline.town_id)
    assert town is not None
    link = reminder_link(session, deadline, party, "sms.deadline_reminder")
    payload = base_payload(party, town, link) | reminder_facts(session, deadline, town)
    return send(session, party, "sms.deadline_reminder", payload, key)


def reminder_facts(session: Session, deadline: Deadline, town: Town) -> dict[str, Any]:
    site = session.get(Site, deadline.site_id) if deadline.site_id else None
    assert deadline.latest_on is not None
    return {
        "site": site.name if site else town.name,
        "label": deadline.label,
        "citation": deadline.citation,
        "date": deadline.latest_on.isoformat(),
        "deadline_id": str(deadline.id),
    }


def reminder_link(session: Session, deadline: Deadline, party: Party, purpose: str) -> links.ShortLink:
    """The stable link of the deadline's case: the order's when the deadline is an order's, else the case of
    the party's violations at the deadline's site that are not closed (a one-off link when there are none)."""
    order = session.get(EnforcementOrder, deadline.subject_id) if deadline.subject_type == "order" else None
    if order is not None and order.town_id == deadline.town_id:
        return links.for_case(session, deadline.town_id, party.id, purpose, [v.id for v in order.violations],
                              order.id, deadline.site_id)
    open_here = (
        list(
            session.scalars(
                select(Violation.id).where(
                    Violation.town_id == deadline.town_id,
                    Violation.site_id == deadline.site_id,
                    Violation.offender_id == party.id,
                    Violation.status != "closed",
                )
            )
        )
        if deadline.site_id
        else []
    )
    return links.for_case(session, deadline.town_id, party.id, purpose, open_here, site_id=deadline.site_id)


def party_of(session: Session, party_id: uuid.UUID | None, town_id: uuid.UUID) -> Party | None:
    party = session.get(Party, party_id) if party_id else None
    return party if party is not None and party.town_id == town_id else None
