"""The daily digest of each board with a Slack channel: yesterday's new violations and offense-days, the
citations waiting for their issuer, deadlines in the next 7 days, SMS that failed (so the notice goes by
mail), and the head of the town's audit chain. Written once per board and local day (dedupe key), from
07:00 local time.
"""
from __future__ import annotations

import datetime as dt
import uuid
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from backend.channels.undelivered import reason_words
from backend.models import (
    AuditHead,
    Authority,
    Deadline,
    EnforcementOrder,
    FineAccrual,
    Notification,
    OffenseDay,
    Site,
    Town,
    Violation,
)
from backend.notifications.catalogue import named as text_words
from backend.outbox.intents import enqueue
from backend.slack import SlackRuntime
from backend.slack.alerts import citation_issuer, rule_ref
from bot.ids import Template
from bot.messages import (
    DailyDigest,
    DigestCitation,
    DigestDeadline,
    DigestOffenses,
    DigestUndelivered,
    DigestViolation,
    RuleRef,
    dump,
)
from bot.text import local
from inspections.rulepack import load_rulebook

SEND_FROM = dt.time(7, 0)
AHEAD = dt.timedelta(days=7)
UNDELIVERED = ("failed", "dead")


def _bounds(day: dt.date, tz: str) -> tuple[dt.datetime, dt.datetime]:
    start = dt.datetime.combine(day, dt.time(0), ZoneInfo(tz))
    return start.astimezone(dt.UTC), (start + dt.timedelta(days=1)).astimezone(dt.UTC)


def _site_names(session: Session, ids: set[uuid.UUID]) -> dict[uuid.UUID, str]:
    if not ids:
        return {}
    rows = session.execute(select(Site.id, Site.name).where(Site.id.in_(ids)))
    return {site_id: name for site_id, name in rows}


def _new_violations(session: Session, board: Authority, start: dt.datetime, end: dt.datetime) -> list[Any]:
    rows = list(session.scalars(select(Violation).where(
        Violation.town_id == board.town_id, Violation.chapter.in_(board.chapters or []),
        Violation.created_at >= start, Violation.created_at < end).order_by(Violation.observed_at)))
    names = _site_names(session, {v.site_id for v in rows})
    return [DigestViolation(names.get(v.site_id, "?"), RuleRef(v.provision, v.citation), v.description)
            for v in rows]


def _offense_days(session: Session, board: Authority, day: dt.date) -> list[DigestOffenses]:
    rows = session.execute(select(Violation, func.count(OffenseDay.id))
                           .join(OffenseDay, OffenseDay.violation_id == Violation.id)
                           .where(Violation.town_id == board.town_id, OffenseDay.local_date == day,
                                  Violation.chapter.in_(board.chapters or []))
                           .group_by(Violation.id).order_by(Violation.id)).all()
    names = _site_names(session, {v.site_id for v, _ in rows})
    return [DigestOffenses(names.get(v.site_id, "?"), RuleRef(v.provision, v.citation), n) for v, n in rows]


def _citations(session: Session, board: Authority) -> list[DigestCitation]:
    rows = session.execute(select(FineAccrual, Violation)
                           .join(OffenseDay, OffenseDay.id == FineAccrual.offense_day_id)
                           .join(Violation, Violation.id == OffenseDay.violation_id)
                           .where(FineAccrual.town_id == board.town_id, FineAccrual.status == "proposed",
                                  FineAccrual.path == "noncriminal",
                                  Violation.chapter.in_(board.chapters or []))
                           .order_by(OffenseDay.local_date, FineAccrual.id)).all()
    names = _site_names(session, {v.site_id for _, v in rows})
    return [DigestCitation(names.get(v.site_id, "?"), rule_ref(a.rule_id), a.amount_cents,
                           citation_issuer(v.chapter)) for a, v in rows]


def _deadlines(session: Session, board: Authority, day: dt.date) -> list[DigestDeadline]:
    book, chapters = load_rulebook(), set(board.chapters or [])
    rows = list(session.scalars(select(Deadline).where(
        Deadline.town_id == board.town_id, Deadline.status == "open",
        Deadline.latest_on.between(day, day + AHEAD)).order_by(Deadline.latest_on, Deadline.id)))
    mine = [d for d in rows if d.rule_id in book and book.rule(d.rule_id).pack in chapters]
    names = _site_names(session, {d.site_id for d in mine if d.site_id})
    return [DigestDeadline(names.get(d.site_id, "town-wide") if d.site_id else "town-wide", d.label,
                           RuleRef(d.rule_id, d.citation), d.latest_on) for d in mine if d.latest_on]


def _chapter_of(session: Session, payload: dict[str, Any]) -> str | None:
    for key, model in (("order_id", EnforcementOrder), ("violation_id", Violation)):
        try:
            obj = session.get(model, uuid.UUID(str(payload.get(key))))
        except ValueError:
            continue
        if obj is not None:
            return str(getattr(obj, "chapter", ""))
    return None


def _undelivered(session: Session, board: Authority, since: dt.datetime) -> list[DigestUndelivered]:
    rows = session.scalars(select(Notification).where(
        Notification.town_id == board.town_id, Notification.channel == "sms",
        Notification.status.in_(UNDELIVERED), Notification.created_at >= since)
        .order_by(Notification.created_at))
    out = []
    for row in rows:
        chapter = _chapter_of(session, row.payload or {})
        if chapter is None or chapter in (board.chapters or []):
            out.append(DigestUndelivered(row.recipient, text_words(row.template),
                                         reason_words(row.error_code)))
    return out


def build_digest(session: Session, board: Authority, town: Town, day: dt.date) -> DailyDigest:
    start, end = _bounds(day, town.tz)
    head = session.get(AuditHead, town.id)
    return DailyDigest(
        authority=board.name, town=town.name, on=day,
        new_violations=tuple(_new_violations(session, board, start, end)),
        offense_days=tuple(_offense_days(session, board, day)),
        citations_to_issue=tuple(_citations(session, board)),
        deadlines=tuple(_deadlines(session, board, day + dt.timedelta(days=1))),
        undelivered_sms=tuple(_undelivered(session, board, start - AHEAD)),
        audit_seq=head.seq if head else 0, audit_head=head.hmac if head else "none")


def enqueue_digests(session: Session, runtime: SlackRuntime, as_of: dt.datetime) -> int:
    """Yesterday's digest for every board with a Slack channel in a town with a workspace; once per day."""
    written = 0
    for town in session.scalars(select(Town).where(Town.active.is_(True)).order_by(Town.slug)):
        now_local = local(as_of, town.tz)
        if now_local.time() < SEND_FROM or not runtime.connected(town.slug):
            continue
        day = now_local.date() - dt.timedelta(days=1)
        for board in session.scalars(select(Authority).where(Authority.town_id == town.id,
                                                             Authority.slack_channel.is_not(None))):
            digest = build_digest(session, board, town, day)
            payload = {**dump(digest), "text": f"Daily digest for {board.name}, {day.isoformat()}"}
            key = f"{town.id}:slack-digest:{board.id}:{day.isoformat()}"
            before = session.scalar(select(func.count(Notification.id))
                                    .where(Notification.dedupe_key == key))
            enqueue(session, town.id, "slack", str(board.slack_channel), Template.DAILY_DIGEST.value,
                    payload, key)
            written += 0 if before else 1
    session.commit()
    return written
