"""Completing an SMS row of the enforcement jobs at its first delivery attempt: language, link, facts.

The daily offense-day job (services/accrual.py) writes one `accrual.offense_days` intent per party and day
with the sites, citations and dates. Just before that text is first sent, `enrich_accrual` adds under
`payload["sms"]` what the permittee's text needs beyond that: their language, a fresh short link to their
notice page, the noncriminal citations issued to them to date (stated amounts summed; withheld or unstated
ones only counted as pending) and, for criminal-path orders, the court maximum of one day over the party's
open violations under them. The reminder job's deadline texts (`reminder.<plan>`) likewise get the
deadline's facts, the party's language and a link to the site's notice page; its review-meeting and
permit-expiry texts get the meeting's order, date and time or the permit's number and last day. The row
update is audited, so the outbox keeps exactly what the text was built from.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Callable
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from backend.clock import now
from backend.models import (
    Deadline,
    EnforcementOrder,
    FineAccrual,
    Meeting,
    Notification,
    OffenseDay,
    Party,
    Permit,
    Site,
    Town,
    Violation,
)
from backend.models import order_violations as ov
from backend.services.fine_config import town_config
from backend.sms import links, meeting_texts
from backend.sms.messages import base_payload, party_of, reminder_facts, reminder_link, short_town
from inspections.calendar import TZ
from inspections.offenses import counting_rule
from inspections.penalties import criminal_maximum

ACCRUAL_TEMPLATE = "accrual.offense_days"
REMINDER_TEMPLATES = ("reminder.stabilization", "reminder.report-90d", "reminder.inspection-event-notice")
MEETING_TEMPLATE, PERMIT_EXPIRY_TEMPLATE = "reminder.erc-review", "reminder.permit-expiry"


def lines_of(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """The job's per-violation entries grouped by site: citations in order, and the days they cover."""
    by_site: dict[str, dict[str, Any]] = {}
    dates: dict[str, set[str]] = {}
    for entry in payload.get("violations") or []:
        key = str(entry.get("site") or "")
        line = by_site.setdefault(key, {"site": entry.get("site"), "citations": [], "days": 0})
        if entry.get("citation") and entry["citation"] not in line["citations"]:
            line["citations"].append(entry["citation"])
        dates.setdefault(key, set()).update(str(d) for d in entry.get("dates") or [])
        line["days"] = len(dates[key])
    return list(by_site.values())


def citations_to_date(session: Session, town_id: uuid.UUID, party_id: uuid.UUID) -> dict[str, int]:
    rows = session.execute(
        select(FineAccrual.amount_cents, FineAccrual.withhold)
        .join(OffenseDay, OffenseDay.id == FineAccrual.offense_day_id)
        .where(
            FineAccrual.town_id == town_id,
            FineAccrual.status == "issued",
            FineAccrual.path == "noncriminal",
            OffenseDay.offender_id == party_id,
        )
    ).all()
    stated = [a for a, withhold in rows if a is not None and not withhold]
    return {"count": len(rows), "stated_cents": sum(stated), "pending": len(rows) - len(stated)}


def criminal_exposure(session: Session, town: Town, party_id: uuid.UUID) -> list[int]:
    """The court maximum of one offense-day of each open violation of the party under an issued
    criminal-path order (daily-counting chapters only): the text prints their sum as "up to $X per day"."""
    rows = session.execute(
        select(Violation.id, Violation.chapter)
        .join(ov, ov.c.violation_id == Violation.id)
        .join(EnforcementOrder, EnforcementOrder.id == ov.c.order_id)
        .where(
            EnforcementOrder.town_id == town.id,
            EnforcementOrder.status == "issued",
            EnforcementOrder.fine_path == "criminal",
            Violation.offender_id == party_id,
            Violation.status != "closed",
        )
    ).all()
    out, cfg = [], town_config(town)
    for _vid, chapter in sorted(set(rows)):
        try:
            cents, daily = criminal_maximum(chapter).amount_cents, counting_rule(chapter, cfg).daily
        except (ValueError, KeyError):
            continue
        if cents is not None and daily:
            out.append(cents)
    return out


def violations_on(
    session: Session, town_id: uuid.UUID, party_id: uuid.UUID, payload: dict[str, Any]
) -> list[uuid.UUID]:
    days = sorted(
        {dt.date.fromisoformat(d) for e in payload.get("violations") or [] for d in e.get("dates") or []}
    )
    if not days:
        return []
    return sorted(
        set(
            session.scalars(
                select(OffenseDay.violation_id).where(
                    OffenseDay.town_id == town_id,
                    OffenseDay.offender_id == party_id,
                    OffenseDay.local_date.in_(days),
                )
            )
        )
    )


def enrich_accrual(session: Session, row: Notification) -> bool:
    """Add payload["sms"] once (first attempt); False when the party is unknown (the job's text is sent)."""
    payload = dict(row.payload or {})
    if "sms" in payload:
        return True
    party = party_of(session, _uuid(payload.get("party_id")), row.town_id)
    town = session.get(Town, row.town_id)
    if party is None or town is None or not payload.get("day"):
        return False
    link = links.create(
        session, town.id, party.id, ACCRUAL_TEMPLATE, violations_on(session, town.id, party.id, payload)
    )
    link.notification_id = row.id
    payload["sms"] = {
        "town": short_town(town.name),
        "contact": town.contact_phone,
        "language": party.language,
        "day": payload["day"],
        "lines": lines_of(payload),
        "link": links.url_of(link.id),
        "link_id": link.id,
        "citations": citations_to_date(session, town.id, party.id),
        "exposure_cents": criminal_exposure(session, town, party.id),
        "enriched_at": now().isoformat(),
    }
    row.payload = payload
    return True


Found = tuple[links.ShortLink, dict[str, Any]] | None  # the link and the text's facts; None: unknown record


def _complete(session: Session, row: Notification,
              find: Callable[[dict[str, Any], Party, Town], Found]) -> bool:
    """Add payload["sms"] to a reminder once (its first attempt): the party's language and contact, a link,
    and the facts `find` reads for its record. False when the party, the town or the record is unknown (the
    job's own text is sent)."""
    payload = dict(row.payload or {})
    if "sms" in payload:
        return True
    party, town = party_for_row(session, row), session.get(Town, row.town_id)
    found = find(payload, party, town) if party is not None and town is not None else None
    if found is None:
        return False
    link, facts = found
    link.notification_id = row.id
    payload["sms"] = base_payload(party, town, link) | facts | {"enriched_at": now().isoformat()}  # type: ignore[arg-type]
    row.payload = payload
    return True


def enrich_reminder(session: Session, row: Notification) -> bool:
    """A deadline reminder: the deadline's facts and a link to its site's notice page."""
    def find(payload: dict[str, Any], party: Party, town: Town) -> Found:
        deadline_id = _uuid(payload.get("deadline_id"))
        deadline = session.get(Deadline, deadline_id) if deadline_id else None
        if deadline is None or deadline.town_id != row.town_id or deadline.latest_on is None:
            return None
        return reminder_link(session, deadline, party, row.template), reminder_facts(session, deadline, town)
    return _complete(session, row, find)


def enrich_meeting(session: Session, row: Notification) -> bool:
    """An ERC review-meeting reminder: the order, its site, the local date and time, a link to the order's
    notice page."""
    def find(payload: dict[str, Any], party: Party, town: Town) -> Found:
        meeting_id, order_id = _uuid(payload.get("meeting_id")), _uuid(payload.get("order_id"))
        meeting = session.get(Meeting, meeting_id) if meeting_id else None
        order = session.get(EnforcementOrder, order_id) if order_id else None
        if meeting is None or order is None or order.town_id != row.town_id:
            return None
        site, at = session.get(Site, order.site_id), meeting.scheduled_for.astimezone(TZ)
        link = links.create(session, town.id, party.id, row.template, [v.id for v in order.violations],
                            order.id, order.site_id)
        return link, {"site": site.name if site else town.name, "order": order.kind,
                      "date": at.date().isoformat(), "time": f"{at:%H:%M}", "meeting_id": str(meeting.id)
                      } | meeting_texts.meeting_facts(meeting, town.tz)  # issue 19: zone and place
    return _complete(session, row, find)


def enrich_permit_expiry(session: Session, row: Notification) -> bool:
    """A permit-expiry reminder: the permit, its site and last day, a link to the site's notice page."""
    def find(payload: dict[str, Any], party: Party, town: Town) -> Found:
        permit_id = _uuid(payload.get("permit_id"))
        permit = session.get(Permit, permit_id) if permit_id else None
        if permit is None or permit.expires_on is None or permit.town_id != row.town_id:
            return None
        site = session.get(Site, permit.site_id)
        link = links.create(session, town.id, party.id, row.template, site_id=permit.site_id)
        return link, {"site": site.name if site else town.name, "permit": permit.number,
                      "date": permit.expires_on.isoformat(), "permit_id": str(permit.id)}
    return _complete(session, row, find)


ENRICHERS = {ACCRUAL_TEMPLATE: enrich_accrual, MEETING_TEMPLATE: enrich_meeting,
             PERMIT_EXPIRY_TEMPLATE: enrich_permit_expiry} | {t: enrich_reminder for t in REMINDER_TEMPLATES}


def enrich(session: Session, row: Notification) -> None:
    enricher = ENRICHERS.get(row.template)
    if enricher is not None:
        enricher(session, row)


def _uuid(value: Any) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


def party_for_row(session: Session, row: Notification) -> Party | None:
    party = party_of(session, _uuid((row.payload or {}).get("party_id")), row.town_id)
    if party is not None:
        return party
    return session.scalar(
        select(Party)
        .where(Party.town_id == row.town_id, Party.phone_e164 == row.recipient)
        .order_by(Party.created_at, Party.id)
        .limit(1)
    )
