"""Assemble an order's PDF: the order, its violations with quoted provisions, its deadlines, its service."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select

from backend.extensions import db
from backend.models import Authority, Deadline, EnforcementOrder, Party, Permit, Site, Town, User, Violation
from backend.pdf import Cover, DeadlineLine, OrderDocument, ViolationLine, render
from backend.services import meetings, notify
from backend.services.finding_words import finding_of
from backend.services.orders import KIND_TEXT, ORDER_SUBJECT, parties_to_tell
from backend.sms import meeting_texts
from backend.sms.messages import PARTY_BINDS
from backend.sms.phrases import phone
from inspections import api
from inspections.calendar import local_date
from inspections.catalogues import language_of
from inspections.deadlines.day_counts import fmt, fmt_at
from inspections.penalties import criminal_maximum
from inspections.rulepack import load_rulebook

SERVICE_TEXT = {"certified_mail": "certified mail", "hand_delivery": "hand delivery", "posting": "posting"}


def quote_of(v: Violation) -> str:
    """The provision's words: the rule's quote, or the permit condition's text."""
    book = load_rulebook()
    if v.provision in book:
        return book.rule(v.provision).quote
    if v.provision.startswith("permit:") and v.permit_id is not None:
        permit = db.session.get(Permit, v.permit_id)
        condition = v.provision.rsplit(":", 1)[-1]
        found = next(
            (c for c in (permit.conditions if permit else []) or [] if c.get("id") == condition), None
        )
        return str(found.get("text", "")) if found else ""
    return ""


def _violation_lines(order: EnforcementOrder) -> tuple[ViolationLine, ...]:
    ordered = sorted(order.violations, key=lambda v: (v.observed_at, v.provision))
    return tuple(
        ViolationLine(v.provision, v.citation, quote_of(v), v.description, fmt(local_date(v.observed_at)))
        for v in ordered
    )


def _by_when(d: Deadline) -> str:
    if d.latest_at is not None and d.earliest_at is not None:
        return f"between {fmt_at(d.earliest_at)} and {fmt_at(d.latest_at)}"
    if d.latest_on is not None:
        return f"by {fmt(d.latest_on)}"
    if d.earliest_on is not None:
        return f"not before {fmt(d.earliest_on)}"
    return "no fixed date (see explanation)"


def _requirements(order: EnforcementOrder) -> tuple[DeadlineLine, ...]:
    rows = db.session.scalars(
        select(Deadline)
        .where(Deadline.subject_type == ORDER_SUBJECT, Deadline.subject_id == order.id)
        .order_by(Deadline.latest_on, Deadline.rule_id, Deadline.id)
    )
    return tuple(
        DeadlineLine(d.label, _by_when(d), d.binds, d.rule_id, d.citation, d.explanation) for d in rows
    )


def _service(order: EnforcementOrder) -> str:
    if order.served_at is None or order.service_method is None:
        return "Not yet served."
    detail = "; ".join(f"{k}: {v}" for k, v in sorted((order.service_detail or {}).items()))
    return (
        f"Served by {SERVICE_TEXT.get(order.service_method, order.service_method)} on "
        f"{fmt_at(order.served_at)}{'; ' + detail if detail else ''}."
    )


def _authority_basis(order: EnforcementOrder) -> str:
    auth = order.authorization or {}
    if not auth.get("rule_id"):
        return "not yet authorised" if order.status == "draft" else str(auth or "not recorded")
    extra = ""
    if auth.get("vote"):
        vote = auth["vote"]
        extra = f"; vote {vote.get('yes')} yes, {vote.get('no')} no, {vote.get('abstain')} abstaining"
    elif auth.get("designation"):
        extra = f"; designation: {auth['designation']}"
    return f"{auth.get('reason')} ({auth.get('rule_id')}, {auth.get('citation')}){extra}"


def _penalties(chapter: str) -> tuple[str, ...]:
    book = load_rulebook()
    return tuple(
        f'{r.summary} ({r.citation}): "{r.quote}"'
        for r in (book.rule(rid) for rid in api.call("chapter", {"chapter": chapter})["order_penalty_rules"])
    )


def _court_maximum(chapter: str) -> int | None:
    try:
        return criminal_maximum(chapter).amount_cents
    except ValueError:
        return None


def covers_for(order: EnforcementOrder, parties: list[Party], board: Authority | None) -> tuple[Cover, ...]:
    """One courtesy cover page per language the parties read (English when no party is recorded)."""
    site, town = db.session.get(Site, order.site_id), db.session.get(Town, order.town_id)
    assert site is not None and town is not None
    languages = list(dict.fromkeys(language_of(p.language) for p in parties)) or ["en"]
    ordered = sorted(order.violations, key=lambda v: (v.observed_at, v.provision))
    steps = tuple(
        (d.label, d.latest_on)
        for d in db.session.scalars(
            select(Deadline)
            .where(Deadline.subject_type == ORDER_SUBJECT, Deadline.subject_id == order.id)
            .order_by(Deadline.latest_on, Deadline.rule_id, Deadline.id)
        )
        if d.binds in PARTY_BINDS
    )
    return tuple(
        Cover(
            language=lang,
            board_kind=board.kind if board else "",
            board_name=board.name if board else town.name,
            kind=order.kind,
            status=order.status,
            site=f"{site.name}, {site.address}",
            issued_on=local_date(order.issued_at) if order.issued_at else None,
            findings=tuple(dict.fromkeys(finding_of(db.session, v, lang) for v in ordered)),
            requirements=steps,
            fine_path=order.fine_path,
            court_max_cents=_court_maximum(order.chapter),
            phone=phone(town.contact_phone),
        )
        for lang in languages
    )


def document_for(order: EnforcementOrder) -> OrderDocument:
    site, town = db.session.get(Site, order.site_id), db.session.get(Town, order.town_id)
    assert site is not None and town is not None
    board = notify.authority_for(order.town_id, order.chapter)
    issuer = db.session.get(User, order.issued_by) if order.issued_by else None
    permits = sorted(
        {p.number for v in order.violations if v.permit_id and (p := db.session.get(Permit, v.permit_id))}
    )
    parties: list[Party] = parties_to_tell(order)
    return OrderDocument(
        order_id=str(order.id),
        status=order.status,
        kind=order.kind,
        kind_title=KIND_TEXT.get(order.kind, order.kind).capitalize(),
        chapter=order.chapter,
        chapter_title=load_rulebook().packs[order.chapter].pack.title,
        town_name=town.name,
        authority_name=board.name if board else order.chapter,
        site_name=site.name,
        site_address=site.address,
        map_lot=site.map_lot or "",
        permits=tuple(permits),
        recipients=tuple((p.name, p.mailing_address or "") for p in parties),
        violations=_violation_lines(order),
        text=order.text,
        requirements=_requirements(order),
        issued_on=fmt_at(order.issued_at) if order.issued_at else "not issued",
        issued_by=issuer.name if issuer else "",
        authority_basis=_authority_basis(order),
        service=_service(order),
        penalty_lines=_penalties(order.chapter),
        meetings=tuple(meeting_texts.meeting_line(m, town.tz, "en")
                       for m in meetings.scheduled_of([order.id])),
        created_at=order.issued_at or order.created_at or dt.datetime(2000, 1, 1, tzinfo=dt.UTC),
        form=api.call("chapter", {"chapter": order.chapter})["order_form"],
        covers=covers_for(order, parties, board),
    )


def order_pdf(order: EnforcementOrder) -> tuple[str, bytes]:
    return f"order-{order.id}.pdf", render(document_for(order))
