"""The daily text to a party whose violation continues: each case's running count ("Day 6 of the violation
at …") and what it stands at to date: on the criminal path the court maximum so far (a maximum, not a bill);
on the noncriminal path the citations actually issued to date; without an order, what the town may do next.

The daily offense-day job (services/accrual.py via services/notices.py) writes one intent per party and day
with the violations that continued; `enrich` completes it at its first attempt with the party's language, the
case's stable short link (`links.for_case`: the same URL as the violation notice's and the order's texts; a
text covering several cases carries the party's one link for all of them), and per case (`cases_of`) the
number of days recorded to date and, under an issued criminal-path order on a daily-counting chapter, the
court maximum of every offense recorded to date. The row update is audited, so the outbox keeps exactly what
the text was built from.
"""
from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Iterator
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from backend.clock import now
from backend.models import EnforcementOrder, FineAccrual, Notification, OffenseDay, Site, Town, Violation
from backend.models import order_violations as ov
from backend.notifications.spec import PARTY, Payload, Spec
from backend.services.fine_config import town_config
from backend.sms import links
from backend.sms.enrich import as_uuid
from backend.sms.messages import party_of, short_town
from backend.sms.phrases import phrase
from backend.sms.segments import clip, plain
from backend.sms.templates import LADDER, cite, fit, town_of
from inspections.formats import format_money
from inspections.offenses import counting_rule
from inspections.penalties import criminal_maximum

STORED = "accrual.offense_days"
SITE_LENGTHS = sorted({rung[0] for rung in LADDER}, reverse=True)


def _case(c: Payload, language: str, town: object, site_len: int, cited: bool, compact: bool,
          marked: bool = False) -> str:
    """ "Day 6 of the violation at Plymouth St gravel pit (bylaw § 136-9A): up to $600 so far (court maximum)"
    (`compact`: "Day 6 at Plymouth St gravel pit: …"; `marked`: a case under no order says so)."""
    site = clip(plain(str(c.get("site") or phrase(language, "the_site")), language), site_len)
    k = int(c.get("violations") or 1)
    key = "accrual_day_at" if compact else ("accrual_days" if k > 1 else "accrual_day")
    text = phrase(language, key, n=int(c.get("day") or 1), site=site, k=k)
    cites = [str(x) for x in (c.get("citations") or [c.get("citation")]) if x]
    if cited and cites:  # "bylaw § 247-7B(7), § 247-7B(8)"
        said = [cite(x, town, language, short=True if i == 0 else "bare") for i, x in enumerate(cites)]
        text += " (" + ", ".join(clip(plain(x, language), 40) for x in said) + ")"
    if marked and not c.get("ordered"):
        text += phrase(language, "accrual_no_order")
    if c.get("max_cents") is not None:
        text += ": " + phrase(language, "accrual_max", amount=format_money(int(c["max_cents"]), language))
    return text


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


def _next(cases: list[Payload], language: str, short: bool) -> str:
    """What the town may do next about the cases under no order (nothing when every case has one)."""
    without = [c for c in cases if not c.get("ordered")]
    if not without:
        return ""
    if short:
        return phrase(language, "accrual_next_min")
    if len(without) < len(cases):
        return phrase(language, "accrual_next_some")
    return phrase(language, "accrual_next" if len(cases) == 1 else "accrual_next_all")


def sms(p: Payload, language: str) -> str:
    """One text per party per day: each case's Day N and its total to date, then what may follow.

    Fullest wording first; to fit, it shortens the link's label and the courtesy line, drops the citations
    (the page has them), says "Day 6 at <site>" (and "(no order yet)" beside a case under none when others
    have one), shortens the next-step sentence and the citations line, clips the sites, drops the next-step
    sentence (the consequence: it stays on the notice page); past 4 or so cases it lists only the days
    ("days so far: 6, 2, 9") with the court maximum summed (dropped before any case's day; past a dozen long
    cases only the longest day is left). The link and the courtesy line are never dropped."""
    town, cases = town_of(p, language), list(p.get("cases") or [])
    link = p["link"]

    def body(lines: str, level: str, next_step: str, details: str, courtesy: str) -> str:
        parts = [lines, _citations(p, language, level), next_step,
                 phrase(language, details, link=link), phrase(language, courtesy)]
        return " ".join(s for s in parts if s)

    def listed(site_len: int, cited: bool, compact: bool) -> str:
        mixed = len({bool(c.get("ordered")) for c in cases}) > 1  # say which cases have no order yet
        each = [_case(c, language, p.get("town"), site_len, cited, compact, compact and mixed) for c in cases]
        return f"{town}: " + "; ".join(each) + "."

    def variants() -> Iterator[str]:
        full, short = _next(cases, language, False), _next(cases, language, True)
        for cited in (True, False):
            for _site, _found, details, courtesy, _call in LADDER[:4]:
                yield body(listed(60, cited, False), "", full, details, courtesy)
        for next_step, lengths in ((full, [n for n in SITE_LENGTHS if n >= 28]),
                                   (short, [n for n in SITE_LENGTHS if n >= 24]), ("", SITE_LENGTHS)):
            for site_len in lengths:
                for level in ("", "_short", "_min"):
                    lines = listed(site_len, False, True)
                    yield body(lines, level, next_step, "details_short", "courtesy_short")
        total = sum(int(c["max_cents"]) for c in cases if c.get("max_cents") is not None)
        money = (
            phrase(language, "accrual_max_total", amount=format_money(total, language))
            if any(c.get("max_cents") is not None for c in cases)
            else ""
        )
        every = ", ".join(str(int(c.get("day") or 1)) for c in cases)
        longest = str(max((int(c.get("day") or 1) for c in cases), default=1))
        for days, next_step, amount in ((every, short, money), (every, "", money), (every, "", ""),
                                        (longest, "", money), (longest, "", "")):
            head = phrase(language, "accrual_count", town=town, n=len(cases), days=days)
            yield body(" ".join(s for s in (head, amount) if s), "_min", next_step, "details_short",
                       "courtesy_short")

    return fit(language, variants())


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


def _chosen_order(session: Session, violation: Violation) -> EnforcementOrder | None:
    """The latest issued order covering the violation (its fine path is the case's)."""
    return session.scalar(
        select(EnforcementOrder)
        .join(ov, ov.c.order_id == EnforcementOrder.id)
        .where(ov.c.violation_id == violation.id, EnforcementOrder.status == "issued")
        .order_by(EnforcementOrder.issued_at.desc().nulls_last())
        .limit(1)
    )


def _written_before_ids(
    session: Session, town_id: uuid.UUID, party_id: uuid.UUID, entries: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """An intent the job wrote before it named the violations: those of the party with its offense dates."""
    days = sorted({dt.date.fromisoformat(d) for e in entries for d in e.get("dates") or []})
    rows = session.execute(
        select(Violation.id, Violation.citation, Site.name)
        .join(OffenseDay, OffenseDay.violation_id == Violation.id)
        .join(Site, Site.id == Violation.site_id)
        .where(OffenseDay.town_id == town_id, OffenseDay.offender_id == party_id,
               OffenseDay.local_date.in_(days))
        .distinct()
    ).all()
    return [{"violation_id": str(vid), "citation": citation, "site": site}
            for vid, citation, site in sorted(rows, key=lambda r: (str(r[2]), str(r[0])))]


def cases_of(session: Session, town: Town, party_id: uuid.UUID, payload: dict[str, Any]) -> list[Payload]:
    """The cases of the job's intent, in its order: a violation, or the violations at one site under the same
    issued order (one case, `violations` of them). Each with its site and citations, the number of days
    recorded to date (`day`: Day N, the longest of its violations), whether an issued order covers it, its
    fine path and, on the criminal path of a daily-counting chapter, the court maximum of every offense
    recorded to date (`max_cents`: the maximum for one offense x the offenses, one per day, or per day and
    provision where the chapter counts each provision, summed over the case's violations)."""
    through = dt.date.fromisoformat(str(payload["day"]))
    entries = list(payload.get("violations") or [])
    if entries and not any(e.get("violation_id") for e in entries):
        entries = _written_before_ids(session, town.id, party_id, entries)
    out: list[Payload] = []
    by_case: dict[tuple[str, str], Payload] = {}
    seen: set[uuid.UUID] = set()
    for entry in entries:
        vid = as_uuid(entry.get("violation_id"))
        violation = session.get(Violation, vid) if vid else None
        if violation is None or violation.town_id != town.id or violation.id in seen:
            continue
        seen.add(violation.id)
        dates = list(
            session.scalars(
                select(OffenseDay.local_date).where(
                    OffenseDay.town_id == town.id,
                    OffenseDay.violation_id == violation.id,
                    OffenseDay.offender_id == party_id,
                    OffenseDay.local_date <= through,
                )
            )
        )
        order = _chosen_order(session, violation)
        site = entry.get("site")
        key = (str(order.id) if order is not None else str(violation.id), str(site))
        case = by_case.get(key)
        if case is None:
            case = by_case[key] = {
                "violation_ids": [],
                "site": site,
                "citations": [],
                "violations": 0,
                "day": 1,
                "ordered": order is not None,
                "path": order.fine_path if order is not None else None,
            }
            out.append(case)
        case["violation_ids"].append(str(violation.id))
        case["violations"] += 1
        citation = entry.get("citation") or violation.citation
        if citation and citation not in case["citations"]:
            case["citations"] = sorted([*case["citations"], citation])
        case["day"] = max(case["day"], len(set(dates)))
        if case["path"] == "criminal":
            try:
                cents = criminal_maximum(violation.chapter, as_of=through).amount_cents
                daily = counting_rule(violation.chapter, town_config(town)).daily
            except (ValueError, KeyError):
                cents, daily = None, False
            if cents is not None and daily:
                case["max_cents"] = int(case.get("max_cents") or 0) + cents * max(len(dates), 1)
    return out


def enrich(session: Session, row: Notification) -> bool:
    """Add payload["sms"] once (first attempt); False when the party is unknown (the job's text is sent)."""
    payload = dict(row.payload or {})
    if "sms" in payload:
        return True
    party = party_of(session, as_uuid(payload.get("party_id")), row.town_id)
    town = session.get(Town, row.town_id)
    if party is None or town is None or not payload.get("day"):
        return False
    cases = cases_of(session, town, party.id, payload)
    if not cases:
        return False
    ids = [uuid.UUID(v) for c in cases for v in c["violation_ids"]]
    link = links.for_case(session, town.id, party.id, STORED, ids)
    if link.notification_id is None:
        link.notification_id = row.id
    payload["sms"] = {
        "town": short_town(town.name),
        "contact": town.contact_phone,
        "language": party.language,
        "day": payload["day"],
        "cases": cases,
        "link": links.url_of(link.id),
        "link_id": link.id,
        "citations": citations_to_date(session, town.id, party.id),
        "enriched_at": now().isoformat(),
    }
    row.payload = payload
    return True


KIND = Spec(
    stored=STORED,
    named="the daily text about the continuing violation",
    audience=PARTY,
    dedupe="sms:accrual:<party>:<local day>",
    sms=sms,
    completed=True,
    enrich=enrich,
)
