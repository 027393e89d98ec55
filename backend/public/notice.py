"""What the public notice page shows for one live link: only that party's violations (and order), their
provisions with the bylaw's words, public evidence previews, offense-days, citations, deadlines, whom to call.

Nothing else of the town is reachable: every query is scoped by the link's town and its violations, photos
are addressed by their position on this page (never by id), and the original photos are never served.
"""

from __future__ import annotations

import datetime as dt
import uuid
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from backend.models import (
    Authority,
    Deadline,
    EnforcementOrder,
    FineAccrual,
    OffenseDay,
    Party,
    Permit,
    Photo,
    Site,
    Town,
    Violation,
)
from backend.models.evidence import ViolationPhoto
from backend.models.sms import ShortLink
from backend.public.i18n import Words
from backend.services import meetings
from backend.services.finding_words import finding_of
from backend.services.submission_rules import kind_for_rule
from backend.sms import meeting_texts
from backend.sms.messages import PARTY_BINDS, orders_of, short_town
from backend.sms.phrases import phone
from backend.sms.templates import cite
from inspections.calendar import local_date
from inspections.formats import format_date as shown_date
from inspections.formats import format_money
from inspections.penalties import criminal_maximum
from inspections.rulepack import load_rulebook

REPORT_KINDS = ("monthly_report", "erc_90_day_report", "inspection_event_notice")


@dataclass
class Notice:
    link: ShortLink
    town: Town
    party: Party
    words: Words
    violations: list[Violation] = field(default_factory=list)
    orders: list[EnforcementOrder] = field(default_factory=list)


def load(session: Session, link: ShortLink, language: str | None = None) -> Notice | None:
    town, party = session.get(Town, link.town_id), session.get(Party, link.party_id)
    if town is None or party is None or party.town_id != town.id:
        return None
    ids = [uuid.UUID(v) for v in link.violation_ids or []]
    violations = (
        list(
            session.scalars(
                select(Violation)
                .where(Violation.id.in_(ids), Violation.town_id == town.id)
                .order_by(Violation.observed_at, Violation.id)
            )
        )
        if ids
        else []
    )
    orders = {o.id: o for v in violations for o in orders_of(session, v) if o.status != "draft"}
    if link.order_id and (order := session.get(EnforcementOrder, link.order_id)) and order.town_id == town.id:
        orders.setdefault(order.id, order)
    return Notice(
        link,
        town,
        party,
        Words(language or party.language),
        violations,
        sorted(orders.values(), key=lambda o: (o.issued_at or o.created_at, str(o.id))),
    )


def public_photos(session: Session, notice: Notice) -> list[Photo]:
    """The page's photos in a fixed order: the violations' evidence, public and with derivatives ready."""
    ids = [v.id for v in notice.violations]
    if not ids:
        return []
    stmt = (
        select(Photo)
        .join(ViolationPhoto, ViolationPhoto.photo_id == Photo.id)
        .where(
            ViolationPhoto.violation_id.in_(ids),
            ViolationPhoto.town_id == notice.town.id,
            Photo.town_id == notice.town.id,
            Photo.not_for_public.is_(False),
            Photo.derivatives_ready.is_(True),
        )
        .order_by(Photo.created_at, Photo.id)
    )
    return list(dict.fromkeys(session.scalars(stmt)))


def provision_text(session: Session, v: Violation) -> dict[str, str]:
    """The bylaw's words for a RULES.md provision, or the permit condition's text."""
    book = load_rulebook()
    if v.provision in book:
        rule = book.rule(v.provision)
        return {"citation": rule.citation, "quote": rule.quote, "summary": rule.summary}
    if v.provision.startswith("permit:") and v.permit_id:
        permit = session.get(Permit, v.permit_id)
        condition = v.provision.rsplit(":", 1)[-1]
        for item in (permit.conditions if permit and permit.town_id == v.town_id else []) or []:
            if str(item.get("id")) == condition:
                return {
                    "citation": v.citation,
                    "quote": str(item.get("text") or ""),
                    "summary": f"permit {permit.number}, condition {condition}",
                }
    return {"citation": v.citation, "quote": "", "summary": ""}


def offense_summary(session: Session, notice: Notice, v: Violation) -> str | None:
    days = sorted(
        set(
            session.scalars(
                select(OffenseDay.local_date).where(
                    OffenseDay.violation_id == v.id,
                    OffenseDay.town_id == notice.town.id,
                    OffenseDay.offender_id == notice.party.id,
                )
            )
        )
    )
    if not days:
        return None
    lang = notice.words.language
    return notice.words(
        "offense_days", n=len(days), first=shown_date(days[0], lang), last=shown_date(days[-1], lang)
    )


def citations(session: Session, notice: Notice, v: Violation) -> list[str]:
    rows = session.execute(
        select(FineAccrual, OffenseDay.local_date)
        .join(OffenseDay, OffenseDay.id == FineAccrual.offense_day_id)
        .where(
            OffenseDay.violation_id == v.id,
            FineAccrual.town_id == notice.town.id,
            OffenseDay.offender_id == notice.party.id,
            FineAccrual.status == "issued",
        )
        .order_by(OffenseDay.local_date, FineAccrual.id)
    ).all()
    out, t = [], notice.words
    for accrual, day in rows:
        amount = (
            t("pending")
            if accrual.withhold or accrual.amount_cents is None
            else format_money(accrual.amount_cents, t.language)
        )
        payee = (accrual.detail or {}).get("payee")
        out.append(
            f"{shown_date(day, t.language)}: {amount}" + (f" - {t('payable', payee=payee)}" if payee else "")
        )
    return out


def criminal_line(notice: Notice, v: Violation) -> str | None:
    if not any(
        o.fine_path == "criminal" and o.status == "issued" and v in o.violations for o in notice.orders
    ):
        return None
    try:
        cents = criminal_maximum(v.chapter).amount_cents
    except ValueError:
        return None
    if cents is None:
        return None
    return notice.words("criminal", amount=format_money(cents, notice.words.language))


def sites_of(notice: Notice) -> list[uuid.UUID]:
    """The sites this page is about: its violations', and the reminder's own site."""
    found = [v.site_id for v in notice.violations] + ([notice.link.site_id] if notice.link.site_id else [])
    return list(dict.fromkeys(found))


def deadlines(session: Session, notice: Notice) -> list[Deadline]:
    sites = set(sites_of(notice))
    scope = [(Deadline.subject_type == "order") & Deadline.subject_id.in_([o.id for o in notice.orders])]
    if sites:
        scope.append(Deadline.site_id.in_(sites) & Deadline.binds.in_(PARTY_BINDS))
    return list(
        session.scalars(
            select(Deadline)
            .where(Deadline.town_id == notice.town.id, Deadline.status == "open", or_(*scope))
            .order_by(Deadline.latest_on, Deadline.id)
        )
    )


def offered_kinds(session: Session, notice: Notice) -> list[str]:
    """What this permittee may send: reports whose deadlines are open at the site, and correction photos."""
    kinds = [
        k for k in REPORT_KINDS if any(kind_for_rule(d.rule_id) == k for d in deadlines(session, notice))
    ]
    if any(v.status != "closed" for v in notice.violations):
        kinds.insert(0, "reinspection_request")
    return kinds


def boards(session: Session, notice: Notice) -> str:
    chapters = {v.chapter for v in notice.violations} | {o.chapter for o in notice.orders}
    rows = session.scalars(
        select(Authority).where(Authority.town_id == notice.town.id).order_by(Authority.name)
    )
    names = [notice.words.board(a.kind, a.name) for a in rows if chapters & set(a.chapters or [])]
    return ", ".join(names) or notice.town.name


def cited(notice: Notice, citation: str) -> str:
    """A citation as people write it in the reader's language: "reglamento de Carver § 247-7B(7)"."""
    return cite(citation, short_town(notice.town.name), notice.words.language)


def violation_view(session: Session, notice: Notice, v: Violation) -> dict[str, Any]:
    site = session.get(Site, v.site_id)
    provision = provision_text(session, v)
    return {
        "site": site.name if site else "",
        "address": site.address if site else "",
        "found_on": shown_date(local_date(v.observed_at), notice.words.language),
        "finding": finding_of(session, v, notice.words.language),
        "status": notice.words(v.status),
        "provision": provision | {"citation": cited(notice, provision["citation"])},
        "offense_days": offense_summary(session, notice, v),
        "citations": citations(session, notice, v),
        "criminal": criminal_line(notice, v),
    }


def order_view(notice: Notice, o: EnforcementOrder) -> dict[str, str]:
    t, lang = notice.words, notice.words.language
    parts = [t(o.kind)]
    if o.issued_at:
        parts.append(t("issued", date=shown_date(local_date(o.issued_at), lang)))
    if o.lifted_at:
        parts.append(t("lifted", date=shown_date(local_date(o.lifted_at), lang)))
    return {"text": ", ".join(parts)}


def deadline_view(notice: Notice, d: Deadline) -> dict[str, Any]:
    due = d.latest_on or (d.latest_at.date() if d.latest_at else None)
    when = (
        notice.words("due", date=shown_date(due, notice.words.language)) if isinstance(due, dt.date) else ""
    )
    label = notice.words.label(d.label)
    return {"label": label, "english": label == d.label, "when": when, "citation": cited(notice, d.citation)}


def meeting_views(notice: Notice) -> dict[str, Any]:
    """The scheduled review meetings of the notice's orders, in the reader's language (issue 19)."""
    lang = notice.words.language
    rows = meetings.scheduled_of([o.id for o in notice.orders])
    return {"heading": meeting_texts.words(lang, "heading"),
            "lines": [meeting_texts.meeting_line(m, notice.town.tz, lang) for m in rows]}


def site_names(session: Session, notice: Notice) -> list[str]:
    rows = [session.get(Site, sid) for sid in sites_of(notice)]
    return [f"{s.name}, {s.address}" for s in rows if s is not None and s.town_id == notice.town.id]


def context(session: Session, notice: Notice, photo_count: int) -> dict[str, Any]:
    return {
        "t": notice.words,
        "lang": notice.words.language,
        "town": notice.town.name,
        "sites": site_names(session, notice),
        "link_id": notice.link.id,
        "party": notice.party.name,
        "phone": notice.town.contact_phone or "",
        "phone_shown": phone(notice.town.contact_phone),
        "board": boards(session, notice),
        "photos": list(range(1, photo_count + 1)),
        "violations": [violation_view(session, notice, v) for v in notice.violations],
        "orders": [order_view(notice, o) for o in notice.orders],
        "deadlines": [deadline_view(notice, d) for d in deadlines(session, notice)],
        "meetings": meeting_views(notice),
        "kinds": offered_kinds(session, notice),
    }
