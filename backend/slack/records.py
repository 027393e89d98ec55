"""Read-only answers for `/inspections`: sites, open violations, deadlines and fines of one town."""
from __future__ import annotations

import datetime as dt
import uuid
from collections import Counter, defaultdict
from typing import Any

from apiflask import APIFlask
from sqlalchemy import func, or_, select

from backend.clock import now
from backend.extensions import db
from backend.models import Deadline, EnforcementOrder, FineAccrual, OffenseDay, Permit, Site, Violation
from backend.slack.context import app_session, first, like, town_uuid
from bot.deps import DeadlineLine, FineLine, SiteSummary, TownRef, ViolationLine
from bot.text import humanise, local
from inspections.rulepack import load_rulebook

MAX_SITES, MAX_ROWS = 6, 50


def today(town: TownRef) -> dt.date:
    return local(now(), town.tz).date()


def citation_of(rule_id: str, default: str = "") -> str:
    book = load_rulebook()
    return book.rule(rule_id).citation if rule_id in book else default


def _site_filter(stmt: Any, query: str) -> Any:
    if not query:
        return stmt
    pattern = like(query)
    return stmt.where(or_(Site.name.ilike(pattern, escape="\\"), Site.address.ilike(pattern, escape="\\"),
                          Site.map_lot.ilike(pattern, escape="\\")))


def deadline_line(row: Deadline, site: str) -> DeadlineLine:
    due = row.latest_on or (row.latest_at.date() if row.latest_at else None)
    return DeadlineLine(site, row.label, row.rule_id, row.citation, due, row.binds)


class Records:
    """`bot.deps.Records`: every query is filtered by the caller's town."""

    def __init__(self, app: APIFlask) -> None:
        self.app = app

    def sites(self, town: TownRef, query: str) -> list[SiteSummary]:
        with app_session(self.app):
            stmt = select(Site).where(Site.town_id == town_uuid(town), Site.active.is_(True))
            rows = db.session.scalars(_site_filter(stmt, query).order_by(Site.name).limit(MAX_SITES))
            return [self._summary(site) for site in rows]

    def _summary(self, site: Site) -> SiteSummary:
        permits = tuple(f"{p.number} ({humanise(p.kind)}, {p.chapter})" for p in db.session.scalars(
            select(Permit).where(Permit.site_id == site.id, Permit.active.is_(True)).order_by(Permit.number)))
        open_count = db.session.scalar(select(func.count(Violation.id)).where(
            Violation.site_id == site.id, Violation.status == "open")) or 0
        orders = tuple(f"{humanise(o.kind)} ({o.chapter})" for o in db.session.scalars(
            select(EnforcementOrder).where(EnforcementOrder.site_id == site.id,
                                           EnforcementOrder.status == "issued")
            .order_by(EnforcementOrder.issued_at)))
        nxt = first(db.session.scalars(select(Deadline).where(
            Deadline.site_id == site.id, Deadline.status == "open", Deadline.latest_on.is_not(None))
            .order_by(Deadline.latest_on).limit(1)))
        return SiteSummary(site.name, site.address, site.map_lot, permits, open_count, orders,
                           deadline_line(nxt, site.name) if nxt else None)

    def open_violations(self, town: TownRef, query: str) -> list[ViolationLine]:
        with app_session(self.app):
            stmt = (select(Violation, Site.name).join(Site, Violation.site_id == Site.id)
                    .where(Violation.town_id == town_uuid(town), Violation.status == "open"))
            rows = db.session.execute(_site_filter(stmt, query).order_by(Violation.observed_at.desc())
                                      .limit(MAX_ROWS))
            return [ViolationLine(name, v.provision, v.citation, v.description, v.status, v.observed_at)
                    for v, name in rows]

    def deadlines(self, town: TownRef, within_days: int) -> list[DeadlineLine]:
        with app_session(self.app):
            until = today(town) + dt.timedelta(days=within_days)
            rows = db.session.execute(
                select(Deadline, Site.name).outerjoin(Site, Deadline.site_id == Site.id)
                .where(Deadline.town_id == town_uuid(town), Deadline.status == "open",
                       Deadline.latest_on.is_not(None), Deadline.latest_on <= until)
                .order_by(Deadline.latest_on, Deadline.label).limit(MAX_ROWS))
            return [deadline_line(d, name or "town-wide") for d, name in rows]

    def fines(self, town: TownRef, query: str) -> list[FineLine]:
        with app_session(self.app):
            stmt = (select(Violation, Site.name).join(Site, Violation.site_id == Site.id)
                    .where(Violation.town_id == town_uuid(town),
                           Violation.id.in_(select(OffenseDay.violation_id))))
            stmt = _site_filter(stmt, query).order_by(Site.name, Violation.observed_at).limit(MAX_ROWS)
            rows = list(db.session.execute(stmt))
            days, accruals = _offense_days([v.id for v, _ in rows]), _accruals([v.id for v, _ in rows])
            return [_fine_line(v, name, days[v.id], accruals.get(v.id, [])) for v, name in rows]


def _offense_days(violation_ids: list[uuid.UUID]) -> Counter[uuid.UUID]:
    rows = db.session.execute(select(OffenseDay.violation_id, func.count(OffenseDay.id))
                              .where(OffenseDay.violation_id.in_(violation_ids)).group_by(OffenseDay.violation_id))
    return Counter({vid: count for vid, count in rows})


def _accruals(violation_ids: list[uuid.UUID]) -> dict[uuid.UUID, list[FineAccrual]]:
    out: dict[uuid.UUID, list[FineAccrual]] = defaultdict(list)
    rows = db.session.execute(select(OffenseDay.violation_id, FineAccrual)
                              .join(FineAccrual, FineAccrual.offense_day_id == OffenseDay.id)
                              .where(OffenseDay.violation_id.in_(violation_ids),
                                     FineAccrual.status != "void"))
    for vid, accrual in rows:
        out[vid].append(accrual)
    return out


def _fine_line(v: Violation, site: str, days: int, accruals: list[FineAccrual]) -> FineLine:
    if not accruals:
        return FineLine(site, v.provision, v.citation, "unassessed", days, 0, 0, None,
                        "no assessment yet: the daily accrual job has not priced these days")
    path, rule_id = accruals[0].path, accruals[0].rule_id
    statuses = Counter(a.status for a in accruals)
    counted = [a.amount_cents for a in accruals if a.amount_cents is not None
               and (path == "criminal" or a.status == "issued")]
    note = "" if counted or not accruals else "the text sets no amount"
    return FineLine(site, rule_id, citation_of(rule_id, v.citation), path, days, statuses["proposed"],
                    statuses["issued"], sum(counted) if counted else None, note)
