"""The daily offense-day job: for an `as_of` instant (its America/New_York date, CONV-TZ), record the
offense-days of every open violation, assess them, propose or issue citations, and tell the parties, once.

Set-based: offenders with open (or recently changed) violations are taken in batches; each batch is read with
a few queries (`accrual_load`: by IN lists, or in one pass over the town's rows when the batch holds half the
town or more), planned in memory (`accrual_plan`) and written with bulk statements (executemany on SQLite,
COPY on PostgreSQL) audited in one chain append per table (`bulk`). An offender is the unit of atomicity: all
of one offender's offense-days, assessments, voids and notices commit together, never split across
transactions. Offenders are grouped into transactions of `offenders_per_transaction` (by default a town's
whole day up to 100,000 offenders: the history is read once and committed once; 1 = strictly one offender per
transaction); if a group fails, its halves are retried, down to one offender per transaction, so one bad
record costs only its own offender's day. Rows that clash with rows recorded meanwhile (a concurrent run)
abort the group, which is retried and finds them recorded. Running again for the same instant finds everything
recorded and writes nothing.
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
from sqlalchemy.exc import IntegrityError

from backend.audit import acting_as
from backend.clock import now
from backend.extensions import db
from backend.models import FineAccrual, Membership, OffenseDay, Town, User, Violation
from backend.models.fines import StandingInstruction
from backend.services import notices
from backend.services.accrual_load import Batch, issuer_role_of, load_batch, offenders_due, unattributed
from backend.services.accrual_plan import (
    ACCRUAL_KEYS,
    DAY,
    FACT,
    OFFENSE_DAY_KEYS,
    Accrual,
    Context,
    Plan,
    accrual_values,
    plan_batch,
)
from backend.services.bulk import chunked, id_text, write_rows
from backend.services.citations import Issuer
from backend.services.fine_config import town_config
from inspections.calendar import local_date, require_aware

log = logging.getLogger(__name__)
ACTOR = "job:offense-days"
OFFENDERS_PER_TRANSACTION = 100_000
CATCH_UP_KEY, CATCH_UP_DEFAULT_DAYS = "accrual_max_catch_up_days", 60  # a town setting (town_settings.py)
SCAN_SHARE = 2  # a batch of at least 1/2 of the town's offenders reads the town's rows in one pass each


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
    ctx.offenders_due = len(offenders)
    report.unattributed += unattributed(db.session, town.id)
    db.session.commit()
    for group in chunked(offenders, size):
        _commit_group(ctx, group, as_of, report)


def _commit_group(ctx: Context, group: Sequence[str], as_of: dt.datetime,
                  report: AccrualReport) -> None:
    if len(group) == 1:
        _commit_alone(ctx, group[0], as_of, report)
        return
    try:
        _commit(ctx, group, as_of, report)
    except Exception:  # noqa: BLE001 - isolate the failure: retry each half, down to one offender
        db.session.rollback()
        half = (len(group) + 1) // 2
        _commit_group(ctx, group[:half], as_of, report)
        _commit_group(ctx, group[half:], as_of, report)


def _commit_alone(ctx: Context, offender: str, as_of: dt.datetime, report: AccrualReport) -> None:
    for _attempt in range(2):  # a concurrent run's rows are found recorded on the second pass
        try:
            _commit(ctx, [offender], as_of, report)
            return
        except ConcurrentRun:
            db.session.rollback()
        except Exception:
            db.session.rollback()
            log.exception("offense-days: offender %s failed on %s", id_text(offender), ctx.day)
            break
    report.failed.append(id_text(offender))


def context_for(town: Town, as_of: dt.datetime) -> Context:
    empowered = {(uid, role) for uid, role in db.session.execute(
        select(Membership.user_id, Membership.role).join(User, User.id == Membership.user_id)
        .where(Membership.town_id == town.id, Membership.active.is_(True), User.active.is_(True)))}
    cfg = town_config(town)
    instructions: dict[str, Issuer] = {}
    for si in db.session.scalars(select(StandingInstruction).where(StandingInstruction.town_id == town.id,
                                                                  StandingInstruction.revoked_at.is_(None))):
        if (si.given_by, si.issuer_role) in empowered:
            instructions[si.order_id.hex] = Issuer(si.given_by, si.issuer_role, si.delivery,
                                                   f"standing instruction {si.id}")
    ctx = Context(town.id, town.name, local_date(as_of), now(), cfg, instructions, empowered,
                  partial(issuer_role_of, db.session))
    ctx.catch_up_max = int((town.settings or {}).get(CATCH_UP_KEY, CATCH_UP_DEFAULT_DAYS))
    ctx.released = frozenset(v.hex for v in db.session.scalars(select(Violation.id).where(
        Violation.town_id == town.id, Violation.accrual_released_at.is_not(None))))
    return ctx


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


def _commit(ctx: Context, offenders: Sequence[str], as_of: dt.datetime, report: AccrualReport) -> None:
    with _batch_memory():
        _write_batch(ctx, offenders, as_of, report)


def _write_batch(ctx: Context, offenders: Sequence[str], as_of: dt.datetime,
                 report: AccrualReport) -> None:
    scan = len(offenders) * SCAN_SHARE >= ctx.offenders_due  # a good part of the town: read it in one pass
    batch = load_batch(db.session, ctx.town_id, offenders, as_of, scan=scan)
    plan = plan_batch(ctx, batch)
    shared = {"town_id": ctx.town_id, "created_at": ctx.now}
    try:
        write_rows(db.session, OffenseDay, OFFENSE_DAY_KEYS, plan.offense_days, const=shared,
                   ignore_conflicts=False)
        _void_and_flag(ctx, plan)
        write_rows(db.session, FineAccrual, ACCRUAL_KEYS, [accrual_values(a) for a in plan.accruals],
                   const=shared | {"config_version": ctx.config_version}, ignore_conflicts=False)
    except IntegrityError as exc:
        if _clash(exc):
            raise ConcurrentRun("offense-days or assessments recorded meanwhile") from exc
        raise
    sent = notices.write_many(db.session, intents_for(ctx, batch, plan))
    _hold(ctx, plan)
    db.session.commit()
    report.offenders += len(offenders)
    ctx.done += len(offenders)
    log.info("offense-days %s %s: %d of %d offenders done (%d offense-days, %d assessments in this batch)",
             ctx.town_name, ctx.day, ctx.done, ctx.offenders_due, len(plan.offense_days), len(plan.accruals))
    report.offense_days += len(plan.offense_days)
    report.accruals += len(plan.accruals)
    report.voided += len(plan.voids)
    report.issued += sum(len(v) for v in plan.issued.values())
    report.issued += sum(1 for items in plan.reissued.values() for _, new, _, _ in items
                         if new and new.status == "issued")
    report.notifications += sent


def _hold(ctx: Context, plan: Plan) -> None:
    """Flag each violation whose catch-up exceeds the town's bound (an audited update), for staff to check."""
    for hex_id, days in plan.held.items():
        violation = db.session.get(Violation, uuid.UUID(hex_id))
        if violation is None or violation.accrual_held_at is not None:
            continue  # flagged on an earlier run: it waits for staff, no new event each day
        violation.accrual_held_at, violation.accrual_held_days = ctx.now, days
        log.warning("offense-days %s: violation %s would catch up %d days (more than %d): held for staff",
                    ctx.town_name, violation.id, days, ctx.catch_up_max)


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
            accrual.config_version = ctx.config_version  # released (or withheld) under this configuration
    db.session.flush()


def _clash(exc: IntegrityError) -> bool:
    """A unique key clash (SQLite, psycopg), not e.g. a vanished foreign row."""
    orig = exc.orig
    if getattr(orig, "sqlstate", None) is not None:
        return bool(orig.sqlstate == "23505")  # type: ignore[union-attr]
    return getattr(orig, "sqlite_errorname", "") in {"SQLITE_CONSTRAINT_UNIQUE",
                                                     "SQLITE_CONSTRAINT_PRIMARYKEY"}


def intents_for(ctx: Context, batch: Batch, plan: Plan) -> list[notices.Intent]:
    intents: list[notices.Intent] = []
    parties, facts = batch.parties, batch.facts
    for offender, units in plan.new_days.items():
        number = notices.sms_number(parties.get(offender))
        if number is None:
            continue
        if len(units) == 1:
            fact = units[0][FACT]
            lines = [(_site_name(batch, fact.site_id), fact.citation, [units[0][DAY]], id_text(fact.id))]
        else:
            by_violation: dict[str, list[dt.date]] = defaultdict(list)
            for unit in units:
                by_violation[unit[FACT].id].append(unit[DAY])
            ordered = sorted(by_violation.items(), key=lambda kv: (min(kv[1]), kv[0]))
            lines = [(_site_name(batch, facts[vid].site_id), facts[vid].citation,  # type: ignore[misc]
                      days, id_text(vid)) for vid, days in ordered]
        intents.append(notices.accrual_sms(ctx.town_id, ctx.town_name, id_text(offender), number, ctx.day,
                                           lines))
    for offender, accruals in plan.issued.items():
        number = notices.sms_number(parties.get(offender))
        if number is not None:
            citations = [(uuid.UUID(a.id), a.local_date, a.amount_cents, a.withhold,  # type: ignore[arg-type]
                          a.detail.get("payee")) for a in accruals]
            intents.append(notices.citations_issued_sms(ctx.town_id, ctx.town_name, uuid.UUID(offender),
                                                        number, ctx.day, citations))
    intents += _reissue_intents(ctx, batch, plan)
    return intents


def _reissue_intents(ctx: Context, batch: Batch, plan: Plan) -> list[notices.Intent]:
    out: list[notices.Intent] = []
    authorities = notices.authorities_by_chapter(db.session, ctx.town_id) if plan.reissued else {}
    for offender, items in plan.reissued.items():
        void_ids = [old.id for old, _, _, _ in items]
        changes = [(day, old.amount_cents, new.amount_cents if new else None, old.withhold,
                    bool(new and new.withhold)) for old, new, day, _ in items]
        number = notices.sms_number(batch.parties.get(offender))
        if number is not None:
            out.append(notices.reissued_sms(ctx.town_id, ctx.town_name, uuid.UUID(offender), number, ctx.day,
                                            void_ids, changes))
        chapters = {chapter for _, _, _, chapter in items}
        party = batch.parties.get(offender)
        name = party.name if party else id_text(offender)
        for chapter in sorted(chapters):
            if chapter in authorities:
                out.append(notices.reissued_slack(ctx.town_id, ctx.town_name, authorities[chapter], name,
                                                  ctx.day, void_ids, changes))
    return out


def plan_day(plan: Plan, accrual: Accrual) -> dt.date:
    return accrual.local_date


def _site_name(batch: Batch, site_id: str) -> str:
    site = batch.sites.get(site_id)
    return str(site.name) if site is not None else "the site"
