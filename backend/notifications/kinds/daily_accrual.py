"""The daily text to a party whose violation continues: the day's offenses, citations issued to date and,
on the criminal path, the court maximum (a maximum, not a bill).

The daily offense-day job (services/accrual.py via services/notices.py) writes one intent per party and day
with the sites, citations and dates; `enrich` completes it at its first attempt with the party's language, a
short link to their notice page, the noncriminal citations issued to date (stated amounts summed; withheld or
unstated ones only counted as pending) and the court maximum of one day over their open violations under
criminal-path orders. The row update is audited, so the outbox keeps exactly what the text was built from.
"""
from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Iterator
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from backend.clock import now
from backend.models import EnforcementOrder, FineAccrual, Notification, OffenseDay, Town, Violation
from backend.models import order_violations as ov
from backend.notifications.spec import PARTY, Payload, Spec
from backend.services.fine_config import town_config
from backend.sms import links
from backend.sms.enrich import as_uuid
from backend.sms.messages import party_of, short_town
from backend.sms.phrases import phrase
from backend.sms.segments import clip, plain
from backend.sms.templates import LADDER, cite, date_of, fit, town_of
from inspections.formats import format_money
from inspections.offenses import counting_rule
from inspections.penalties import criminal_maximum

STORED = "accrual.offense_days"


def _lines(p: Payload, language: str, site_len: int, with_citations: bool) -> str:
    out = []
    for line in p.get("lines") or []:
        site = clip(plain(str(line.get("site") or phrase(language, "the_site")), language), site_len)
        cites = ", ".join(clip(plain(cite(c, p.get("town"), language), language), 40)
                          for c in line.get("citations") or [])
        days = int(line.get("days") or 1)
        what = [cites] if cites and with_citations else []
        what += [phrase(language, "days", n=days)] if days > 1 else []
        out.append(f"{site} ({', '.join(what)})" if what else site)
    return "; ".join(out)


def _citations(p: Payload, language: str, level: str = "") -> str:
    """Noncriminal citations issued to date: how many, the stated amounts' sum, how many pending."""
    issued = p.get("citations") or {}
    if not issued.get("count"):
        return ""
    key = ("citations_pending" if issued.get("pending") else "citations") + level
    return phrase(
        language,
        key,
        n=issued["count"],
        amount=format_money(int(issued.get("stated_cents") or 0), language),
        k=issued.get("pending") or 0,
    )


def _exposure(p: Payload, language: str) -> str:
    """Criminal path: the court maximum for one day, summed over the party's open violations under it."""
    amounts = [int(c) for c in p.get("exposure_cents") or []]
    return phrase(language, "exposure", amount=format_money(sum(amounts), language)) if amounts else ""


def sms(p: Payload, language: str) -> str:
    """One text per party per day: the day's offenses, citations issued to date, criminal court maximum."""
    day, town = date_of(p["day"], language), town_of(p, language)
    tails = [
        [s for s in (_citations(p, language, level), _exposure(p, language)) if s]
        for level in ("", "_short", "_min")
    ]

    combos = ((True, tails[0]), (False, tails[0]), (False, tails[1]))
    steps = [(combo, rung) for combo in combos for rung in LADDER[:4]]
    steps += [(combo, rung) for rung in LADDER[4:] for combo in combos]

    def variants() -> Iterator[str]:
        for (cited, tail), (site_len, _found, details, courtesy, _call) in steps:
            head = phrase(
                language, "accrual", town=town, date=day, lines=_lines(p, language, site_len, cited)
            )
            yield " ".join(
                [head, *tail, phrase(language, details, link=p["link"]), phrase(language, courtesy)]
            )
        head = phrase(language, "accrual_count", town=town, date=day, n=len(p.get("lines") or []))
        for tail in tails[1:]:
            yield " ".join(
                [
                    head,
                    *tail,
                    phrase(language, "details_short", link=p["link"]),
                    phrase(language, "courtesy_short"),
                ]
            )

    return fit(language, variants())


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


def enrich(session: Session, row: Notification) -> bool:
    """Add payload["sms"] once (first attempt); False when the party is unknown (the job's text is sent)."""
    payload = dict(row.payload or {})
    if "sms" in payload:
        return True
    party = party_of(session, as_uuid(payload.get("party_id")), row.town_id)
    town = session.get(Town, row.town_id)
    if party is None or town is None or not payload.get("day"):
        return False
    link = links.create(
        session, town.id, party.id, STORED, violations_on(session, town.id, party.id, payload)
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


KIND = Spec(
    stored=STORED,
    audience=PARTY,
    dedupe="sms:accrual:<party>:<local day>",
    sms=sms,
    completed=True,
    enrich=enrich,
)
