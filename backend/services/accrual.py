"""The daily offense-day job: for an `as_of` instant (its America/New_York date, CONV-TZ), record the
offense-days of every open violation, assess them, propose or issue citations, and tell the parties, once.

Set-based: offenders with open (or recently changed) violations are taken in batches; each batch is read with
a few queries (`accrual_load`), planned in memory (`accrual_plan`) and written with bulk INSERT-or-ignore
statements audited in one chain append (`bulk`). An offender is the unit of atomicity: all of one offender's
offense-days, assessments, voids and notices commit together, never split across transactions. Offenders are
grouped into transactions of `offenders_per_transaction` (1 = strictly one offender per transaction); if a
group fails, it is retried one offender per transaction, so one bad record costs only its own offender's day.
Running again for the same instant finds everything recorded and writes nothing.
"""
from __future__ import annotations

import datetime as dt
import gc
import logging
import uuid
from collections import defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from functools import partial
from typing import Any

from sqlalchemy import select

from backend.audit import acting_as
from backend.clock import now
from backend.extensions import db
from backend.models import FineAccrual, Membership, OffenseDay, Town, User
from backend.models.fines import StandingInstruction
from backend.services import notices
from backend.services.accrual_load import Batch, issuer_role_of, load_batch, offenders_due, unattributed
from backend.services.accrual_plan import Context, Plan, plan_batch
from backend.services.bulk import chunked, insert_ignoring
from backend.services.citations import Issuer
from backend.services.fine_config import town_config
from inspections.calendar import local_date, require_aware

log = logging.getLogger(__name__)
ACTOR = "job:offense-days"
OFFENDERS_PER_TRANSACTION = 2000


class ConcurrentRun(RuntimeError):
    """Another run wrote some of the same rows first: retry, and they will be found recorded."""


@dataclass
class AccrualReport:
    towns: int = 0
    offenders: int = 0
    offense_days: int = 0
    accruals: int = 0
    voided: int = 0
    issued: int = 0
    notifications: int = 0
    unattributed: int = 0
    failed: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def run_accrual(as_of: dt.datetime, *, offenders_per_transaction: int = OFFENDERS_PER_TRANSACTION,
                town_ids: Sequence[uuid.UUID] | None = None) -> AccrualReport:
    require_aware(as_of)
    report = AccrualReport()
    stmt = select(Town).where(Town.active.is_(True)).order_by(Town.slug)
    towns = [t for t in db.session.scalars(stmt) if town_ids is None or t.id in town_ids]
    with acting_as(ACTOR):
        for town in towns:
            try:
                _run_town(town, as_of, max(1, offenders_per_transaction), report)
            except Exception as exc:  # noqa: BLE001 - e.g. a bylaw setting the engine refuses: other towns go on
                db.session.rollback()
                log.exception("offense-days: town %s failed on %s", town.slug, local_date(as_of))
                report.failed.append(f"town {town.slug}: {type(exc).__name__}: {exc}")
            report.towns += 1
    return report


def _run_town(town: Town, as_of: dt.datetime, size: int, report: AccrualReport) -> None:
    ctx = context_for(town, as_of)
    offenders = offenders_due(db.session, town.id, as_of)
    report.unattributed += unattributed(db.session, town.id)
    db.session.commit()
    for group in chunked(offenders, size):
        try:
            _commit(ctx, group, as_of, report)
        except Exception:  # noqa: BLE001 - isolate the failure: retry one offender per transaction
            db.session.rollback()
            for offender in group:
                _commit_alone(ctx, offender, as_of, report)


def _commit_alone(ctx: Context, offender: uuid.UUID, as_of: dt.datetime, report: AccrualReport) -> None:
    for _attempt in range(2):  # a concurrent run's rows are found recorded on the second pass
        try:
            _commit(ctx, [offender], as_of, report)
            return
        except ConcurrentRun:
            db.session.rollback()
        except Exception:
            db.session.rollback()
            log.exception("offense-days: offender %s failed on %s", offender, ctx.day)
            break
    report.failed.append(str(offender))


def context_for(town: Town, as_of: dt.datetime) -> Context:
    empowered = {(uid, role) for uid, role in db.session.execute(
        select(Membership.user_id, Membership.role).join(User, User.id == Membership.user_id)
        .where(Membership.town_id == town.id, Membership.active.is_(True), User.active.is_(True)))}
    cfg = town_config(town)
    instructions: dict[uuid.UUID, Issuer] = {}
    for si in db.session.scalars(select(StandingInstruction).where(StandingInstruction.town_id == town.id,
                                                                  StandingInstruction.revoked_at.is_(None))):
        if (si.given_by, si.issuer_role) in empowered:
            instructions[si.order_id] = Issuer(si.given_by, si.issuer_role, si.delivery,
                                               f"standing instruction {si.id}")
    return Context(town.id, town.name, local_date(as_of), now(), cfg, instructions, empowered,
                   partial(issuer_role_of, db.session))


@contextmanager
def _batch_memory() -> Iterator[None]:
    """A batch allocates many short-lived, acyclic objects: the cyclic collector only slows it (~30% CPU)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _commit(ctx: Context, offenders: Sequence[uuid.UUID], as_of: dt.datetime, report: AccrualReport) -> None:
    with _batch_memory():
        _write_batch(ctx, offenders, as_of, report)


def _write_batch(ctx: Context, offenders: Sequence[uuid.UUID], as_of: dt.datetime,
                 report: AccrualReport) -> None:
    batch = load_batch(db.session, ctx.town_id, offenders, as_of)
    plan = plan_batch(ctx, batch)
    if len(insert_ignoring(db.session, OffenseDay, plan.offense_days)) != len(plan.offense_days):
        raise ConcurrentRun("offense-days recorded meanwhile")
    _void_and_flag(ctx, plan)
    if len(insert_ignoring(db.session, FineAccrual, plan.accruals)) != len(plan.accruals):
        raise ConcurrentRun("assessments recorded meanwhile")
    sent = notices.write_many(db.session, intents_for(ctx, batch, plan))
    db.session.commit()
    report.offenders += len(offenders)
    report.offense_days += len(plan.offense_days)
    report.accruals += len(plan.accruals)
    report.voided += len(plan.voids)
    report.issued += sum(len(v) for v in plan.issued.values())
    report.issued += sum(1 for items in plan.reissued.values() for _, new, _ in items
                         if new and new["status"] == "issued")
    report.notifications += sent


def _void_and_flag(ctx: Context, plan: Plan) -> None:
    """Voids and AMB-17 confirmations go through the ORM (few rows; the flush hook audits them)."""
    ids = [*plan.voids, *plan.withhold]
    if not ids:
        return
    for accrual in db.session.scalars(select(FineAccrual).where(FineAccrual.id.in_(ids))):
        if accrual.id in plan.voids:
            accrual.status, accrual.voided_at, accrual.void_reason = "void", ctx.now, plan.voids[accrual.id]
        else:
            accrual.withhold, accrual.flags = plan.withhold[accrual.id]
    db.session.flush()


def intents_for(ctx: Context, batch: Batch, plan: Plan) -> list[notices.Intent]:
    intents: list[notices.Intent] = []
    for offender, entries in plan.new_days.items():
        number = notices.sms_number(batch.parties.get(offender))
        if number is None:
            continue
        by_violation: dict[uuid.UUID, list[dt.date]] = defaultdict(list)
        for entry in entries:
            by_violation[entry.facts.id].append(entry.unit.local_date)
        lines = [(_site_name(batch, batch.facts[vid].site_id), batch.facts[vid].citation, days)
                 for vid, days in sorted(by_violation.items(), key=lambda kv: (min(kv[1]), str(kv[0])))]
        intents.append(notices.accrual_sms(ctx.town_id, ctx.town_name, offender, number, ctx.day, lines))
    for offender, accruals in plan.issued.items():
        number = notices.sms_number(batch.parties.get(offender))
        if number is not None:
            citations = [(a["id"], plan_day(plan, a), a["amount_cents"], a["withhold"],
                          a["detail"].get("payee")) for a in accruals]
            intents.append(notices.citations_issued_sms(ctx.town_id, ctx.town_name, offender, number, ctx.day,
                                                        citations))
    intents += _reissue_intents(ctx, batch, plan)
    return intents


def _reissue_intents(ctx: Context, batch: Batch, plan: Plan) -> list[notices.Intent]:
    out: list[notices.Intent] = []
    authorities = notices.authorities_by_chapter(db.session, ctx.town_id) if plan.reissued else {}
    for offender, items in plan.reissued.items():
        void_ids = [old.id for old, _, _ in items]
        changes = [(day, old.amount_cents, new["amount_cents"] if new else None, old.withhold,
                    bool(new and new["withhold"])) for old, new, day in items]
        number = notices.sms_number(batch.parties.get(offender))
        if number is not None:
            out.append(notices.reissued_sms(ctx.town_id, ctx.town_name, offender, number, ctx.day, void_ids,
                                            changes))
        chapters = {plan.by_offense_day[old.offense_day_id].unit.chapter for old, _, _ in items}
        party = batch.parties.get(offender)
        name = party.name if party else str(offender)
        for chapter in sorted(chapters):
            if chapter in authorities:
                out.append(notices.reissued_slack(ctx.town_id, ctx.town_name, authorities[chapter], name,
                                                  ctx.day, void_ids, changes))
    return out


def plan_day(plan: Plan, accrual: dict[str, Any]) -> dt.date:
    return plan.by_offense_day[accrual["offense_day_id"]].unit.local_date


def _site_name(batch: Batch, site_id: uuid.UUID) -> str:
    site = batch.sites.get(site_id)
    return str(site.name) if site is not None else "the site"
