"""Plan a batch of offenders in memory: the new offense-days, and what the assessments add, void and reissue.

Offense-days come from the engine (`inspections.offenses.offense_lines`: every day from the violation's start,
so missed runs catch up); only days not yet recorded for that offender are new. Assessments are computed over
ALL of an offender's offense-days in the chapter (CONV-ESCALATE counts across provisions and sites, whatever
the path), as `inspections.fines.assess_noncriminal` / `assess_criminal` compute them (sequence numbers, then
the engine's penalty for each), and compared with the stored live rows as `diff_assessments` compares them:
added days get a row (criminal: `exposure`, the court maximum; noncriminal: a `proposed` citation with its
mailing deadline), changed amounts void the stored row and add revision + 1 (reissued when the old one had
been issued), removed ones are voided. A standing instruction on the order issues new proposals at once.

The batch is planned offender by offender on plain lists and slotted objects (a batch holds hundreds of
thousands of offense-days); engine objects (`OffenseDay` units, `AssessmentRow`) are built only for what needs
the engine's judgement beyond the amount: issuing a citation and its mailing deadline. New rows get
time-ordered ids (`bulk.new_ids`) in the order of their indexes: offense-days by violation, assessments by
offense-day.
"""
from __future__ import annotations

import datetime as dt
import uuid
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from operator import attrgetter, itemgetter
from typing import Any

from backend.services.accrual_load import (
    DAY,
    ENGINE_ID,
    FACT,
    OFFENSE_DAY,
    PROVISION,
    SEQUENCE,
    STORED,
    Batch,
    Stored,
    stored,
)
from backend.services.bulk import new_ids
from backend.services.citations import Issuer, citation_detail, try_issue
from inspections.calendar import local_date
from inspections.citations import mailing_deadline
from inspections.config import BylawConfig
from inspections.fines import AmountKind, AssessmentRow, Track, rulepack_version
from inspections.offenses import OffenseCounting, counting_rule, offense_lines
from inspections.offenses import OffenseDay as Unit
from inspections.offenses import Violation as EngineViolation
from inspections.penalties import Penalty, criminal_maximum, noncriminal_penalty

KIND = {Track.CRIMINAL: AmountKind.COURT_MAXIMUM, Track.NONCRIMINAL: AmountKind.CITATION_AMOUNT}
VOID_CHANGED = "amount changed on reassessment (an earlier offense-day, a fine path or a setting changed)"
VOID_REMOVED = "no longer assessed on this path (the fine path changed or the offense-day no longer counts)"
# a stored row (accrual_load.STORED_COLUMNS)
S_ID, S_STATUS, S_AMOUNT, S_REVISION, S_WITHHOLD = 0, 4, 5, 7, 8

OFFENSE_DAY_KEYS = ("id", "violation_id", "provision", "offender_id", "local_date", "line_item")
ACCRUAL_KEYS = ("id", "offense_day_id", "order_id", "path", "amount_cents", "none_reason", "sequence",
                "rule_id", "status", "revision", "ruleset_version", "flags", "withhold", "mail_by_on",
                "detail", "issued_at", "issued_by", "replaces_id")


@dataclass
class Context:
    town_id: uuid.UUID
    town_name: str
    day: dt.date
    now: dt.datetime
    cfg: BylawConfig
    instructions: dict[str, Issuer]  # order id (hex) -> issuer of an active, still empowered instruction
    empowered: set[tuple[uuid.UUID, str]]  # (user id, role) with an active membership in the town
    issuer_role_of: Callable[[uuid.UUID], str]  # the role an issued citation was issued under
    mail_by: dict[tuple[str, dt.date], dt.date | None] = field(default_factory=dict)
    versions: dict[str, str] = field(default_factory=dict)
    counting: dict[str, OffenseCounting] = field(default_factory=dict)
    penalties: dict[tuple[str, Track], dict[tuple[int | None, dt.date], Penalty]] = field(
        default_factory=dict)
    offenders_due: int = 0  # in the town, this run
    done: int = 0  # offenders committed so far (progress in the log)
    catch_up_max: int = 60  # a violation with more unrecorded days waits for staff (a bad date?)
    released: frozenset[str] = frozenset()  # violations (hex ids) staff released from that bound

    @property
    def config_version(self) -> str:
        if "config" not in self.versions:
            self.versions["config"] = self.cfg.version
        return self.versions["config"]

    def ruleset(self, chapter: str) -> str:
        if chapter not in self.versions:
            self.versions[chapter] = rulepack_version(chapter)
        return self.versions[chapter]

    def counting_rule(self, chapter: str) -> OffenseCounting:
        how = self.counting.get(chapter)
        if how is None:
            how = self.counting[chapter] = counting_rule(chapter, self.cfg)
        return how

    def amounts(self, chapter: str, track: Track) -> dict[tuple[int | None, dt.date], Penalty]:
        """The penalties found so far in `chapter` on `track`, by (sequence number (criminal: None),
        offense-day)."""
        found = self.penalties.get((chapter, track))
        if found is None:
            found = self.penalties[(chapter, track)] = {}
        return found

    def penalty(self, chapter: str, track: Track, sequence: int | None, day: dt.date) -> Penalty:
        """The engine's amount for a unit (noncriminal: its sequence number's; criminal: the maximum), under
        the law in force on its offense-day (a dated amendment prices the days from its date)."""
        amounts = self.amounts(chapter, track)
        if (sequence, day) not in amounts:
            amounts[(sequence, day)] = (
                criminal_maximum(chapter, as_of=day) if track is Track.CRIMINAL
                else noncriminal_penalty(chapter, sequence or 0, self.cfg, as_of=day))
        return amounts[(sequence, day)]


# an offense unit: accrual_load's list [DAY, ENGINE_ID, PROVISION, OFFENSE_DAY, FACT, STORED, SEQUENCE]
ORDER = itemgetter(DAY, ENGINE_ID)  # CONV-ESCALATE order (`OffenseDay.order`; a record's line is 0)
KEY = itemgetter(ENGINE_ID, PROVISION, DAY)  # sorts as the engine's unit key (violation, provision, ISO date)
Unit_ = list[Any]


@dataclass(slots=True)
class Accrual:
    """A new fine_accruals row (ACCRUAL_KEYS), with its offense-day's date and chapter."""

    id: str | None
    offense_day_id: str
    order_id: str
    path: str
    amount_cents: int | None
    none_reason: str | None
    sequence: int | None
    rule_id: str
    status: str
    revision: int
    ruleset_version: str
    flags: tuple[str, ...]
    withhold: bool
    mail_by_on: dt.date | None
    detail: dict[str, Any]
    issued_at: dt.datetime | None
    issued_by: uuid.UUID | None
    replaces_id: str | None
    local_date: dt.date
    chapter: str


accrual_values = attrgetter(*ACCRUAL_KEYS)


@dataclass
class Plan:
    offense_days: list[tuple[Any, ...]] = field(default_factory=list)  # OFFENSE_DAY_KEYS
    accruals: list[Accrual] = field(default_factory=list)
    voids: dict[uuid.UUID, str] = field(default_factory=dict)  # accrual id -> reason
    withhold: dict[uuid.UUID, tuple[bool, list[str]]] = field(default_factory=dict)
    new_days: dict[str, list[Unit_]] = field(default_factory=dict)  # offender -> its new units
    issued: dict[str, list[Accrual]] = field(default_factory=lambda: defaultdict(list))
    reissued: dict[str, list[tuple[Stored, Accrual | None, dt.date, str]]] = field(
        default_factory=lambda: defaultdict(list))  # offender -> (old, new, offense date, chapter)
    held: dict[str, int] = field(default_factory=dict)  # violation (hex id) -> unrecorded days over the bound


def plan_batch(ctx: Context, batch: Batch) -> Plan:
    plan = Plan()
    units_of = [_units(ctx, batch, plan, offender) for offender in batch.offenders]
    _number_offense_days(plan)
    for offender, units in zip(batch.offenders, units_of, strict=True):
        if not units:
            continue
        chapters = {u[FACT].chapter for u in units}
        if len(chapters) == 1:
            _assess(ctx, plan, offender, chapters.pop(), units)
            continue
        for chapter in sorted(chapters):
            _assess(ctx, plan, offender, chapter, [u for u in units if u[FACT].chapter == chapter])
    plan.accruals.sort(key=attrgetter("offense_day_id"))
    for accrual, new_id in zip(plan.accruals, new_ids(len(plan.accruals)), strict=True):
        accrual.id = new_id
    return plan


def _units(ctx: Context, batch: Batch, plan: Plan, offender: str) -> list[Unit_]:
    """The offender's recorded offense-days, then the new ones of its open (or recent) violations."""
    units: list[Unit_] = batch.recorded.get(offender) or []
    seen = batch.recorded_keys
    new = []
    counting, through = ctx.counting, ctx.day
    for fact in batch.violations.get(offender, ()):
        if _held(ctx, plan, fact, units):
            continue
        how = counting.get(fact.chapter) or ctx.counting_rule(fact.chapter)
        # only the days and lines are read: the engine's violation keeps the ids as they came
        violation = EngineViolation(fact.engine_id, fact.chapter, offender, (fact.provision,),
                                    fact.started_at, fact.cured_at, fact.site_id)
        dates, lines = offense_lines(violation, through, how)
        for day in dates:
            for _line, provision in lines:
                if (offender, fact.id, provision, day) not in seen:
                    new.append([day, fact.engine_id, provision, None, fact, None, 0])
    if new:
        plan.new_days[offender] = new
        return units + new
    return units


def _held(ctx: Context, plan: Plan, fact: Any, units: list[Unit_]) -> bool:
    """A catch-up of more than `ctx.catch_up_max` days is not computed (one wrong date once meant 740,000
    offense-days for one violation): the violation waits for staff to check its date and release it. The
    days are counted from the start to today (or the cure), less the days already recorded."""
    end = ctx.day if fact.cured_at is None else min(ctx.day, local_date(fact.cured_at))
    span = (end - local_date(fact.started_at)).days + 1
    if span <= ctx.catch_up_max or fact.id in ctx.released:
        return False
    recorded = len({u[DAY] for u in units if u[FACT].id == fact.id})
    if span - recorded <= ctx.catch_up_max:
        return False
    plan.held[fact.id] = span - recorded
    return True


def _number_offense_days(plan: Plan) -> None:
    """Ids for the new offense-days, in violation order: their rows land together in every index."""
    new = sorted((u for units in plan.new_days.values() for u in units), key=lambda u: (u[FACT].id, u[DAY]))
    for unit, new_id in zip(new, new_ids(len(new)), strict=True):
        unit[OFFENSE_DAY] = new_id
        fact = unit[FACT]  # the offender's own violation: fact.offender_id is the offender
        plan.offense_days.append((new_id, fact.id, unit[PROVISION], fact.offender_id, unit[DAY],
                                  fact.line_item))


def _sequences(ctx: Context, ordered: list[Unit_]) -> None:
    """CONV-ESCALATE (`inspections.fines.escalation_sequences`) for one offender's units in one chapter."""
    scope, lookback = ctx.cfg["escalation_scope"], ctx.cfg["escalation_lookback_days"]
    if scope == "offender" and lookback is None:  # n = 1 + every earlier unit
        for n, unit in enumerate(ordered, 1):
            unit[SEQUENCE] = n
        return
    earlier: dict[Any, list[int]] = defaultdict(list)
    for unit in ordered:
        within = (unit[PROVISION] if scope == "offender+provision"
                  else unit[FACT].site_id if scope == "offender+site" else None)
        dates = earlier[within]
        ordinal = unit[DAY].toordinal()
        start = 0 if lookback is None else bisect_left(dates, ordinal - lookback)
        unit[SEQUENCE] = 1 + len(dates) - start
        dates.append(ordinal)


def _assess(ctx: Context, plan: Plan, offender: str, chapter: str, units: list[Unit_]) -> None:
    """One offender's assessments in one chapter (noncriminal, then criminal), against its stored live rows.
    Every unit of the chapter counts toward a noncriminal sequence number; those on another path (or on
    none) come first among equals, as `assess_noncriminal` takes them (`prior`)."""
    noncriminal, criminal, other = [], [], []
    stored = False
    for u in units:
        path = u[FACT].path
        fine = path.fine_path if path is not None else None
        if fine == "noncriminal":
            noncriminal.append(u)
        else:
            other.append(u)
            if fine == "criminal":
                criminal.append(u)
        if u[STORED] is not None:
            stored = True
    if noncriminal or stored:
        if noncriminal:
            _sequences(ctx, sorted(other + noncriminal if other else noncriminal, key=ORDER))
        _diff(ctx, plan, offender, chapter, Track.NONCRIMINAL, noncriminal, units if stored else ())
    if criminal or stored:
        _diff(ctx, plan, offender, chapter, Track.CRIMINAL, criminal, units if stored else ())


def _diff(ctx: Context, plan: Plan, offender: str, chapter: str, track: Track, on: list[Unit_],
          units: Sequence[Unit_]) -> None:
    """`diff_assessments` of the stored live rows on `track` and the units `on` it, applied in key order."""
    path, noncriminal = track.value, track is Track.NONCRIMINAL
    amounts = ctx.amounts(chapter, track)
    changes: list[tuple[Unit_, Penalty | None, tuple[Any, ...] | None]] = []
    for u in on:
        sequence = u[SEQUENCE] if noncriminal else None
        penalty = amounts.get((sequence, u[DAY])) or ctx.penalty(chapter, track, sequence, u[DAY])
        rows = u[STORED]
        row = rows.get(path) if rows is not None else None
        if row is None or row[S_AMOUNT] != penalty.amount_cents:
            changes.append((u, penalty, row))
        elif row[S_WITHHOLD] != penalty.withhold:
            plan.withhold[uuid.UUID(row[S_ID])] = (penalty.withhold, list(penalty.flags))
    for u in units:  # stored on this path, no longer assessed on it
        rows = u[STORED]
        if rows is not None and path in rows and ((p := u[FACT].path) is None or p.fine_path != path):
            changes.append((u, None, rows[path]))
    if len(changes) > 1:
        changes.sort(key=lambda change: KEY(change[0]))
    for u, assessed, row in changes:
        _apply(ctx, plan, offender, chapter, track, u, assessed, row)


def _apply(ctx: Context, plan: Plan, offender: str, chapter: str, track: Track, unit: Unit_,
           penalty: Penalty | None, row: tuple[Any, ...] | None) -> None:
    was_issued = row is not None and row[S_STATUS] == "issued"
    if row is not None:
        plan.voids[uuid.UUID(row[S_ID])] = VOID_CHANGED if penalty is not None else VOID_REMOVED
    if penalty is None:
        if was_issued:
            plan.reissued[offender].append((stored(row), None, unit[DAY], chapter))  # type: ignore[arg-type]
        return
    order_id = unit[FACT].path.order_id
    accrual = _accrual(ctx, unit, chapter, track, penalty, order_id, row)
    plan.accruals.append(accrual)
    if track is not Track.NONCRIMINAL:
        return
    instruction = ctx.instructions.get(order_id)
    if was_issued:
        old = stored(row)  # type: ignore[arg-type]
        issuer = instruction or _reissuer(ctx, old)
        if issuer is not None:
            _issue(ctx, accrual, offender, unit, penalty, issuer)
        plan.reissued[offender].append((old, accrual, unit[DAY], chapter))
    elif instruction is not None and _issue(ctx, accrual, offender, unit, penalty, instruction):
        plan.issued[offender].append(accrual)


def _accrual(ctx: Context, unit: Unit_, chapter: str, track: Track, penalty: Penalty, order_id: str,
             old: tuple[Any, ...] | None) -> Accrual:
    noncriminal = track is Track.NONCRIMINAL
    return Accrual(
        None, unit[OFFENSE_DAY], order_id, track.value, penalty.amount_cents, penalty.none_reason,
        unit[SEQUENCE] if noncriminal else None, penalty.rule_id, "proposed" if noncriminal else "exposure",
        old[S_REVISION] + 1 if old else 1, ctx.ruleset(chapter), penalty.flags, penalty.withhold,
        _mail_by(ctx, chapter, unit[DAY]) if noncriminal else None, {}, None, None,
        old[S_ID] if old else None, unit[DAY], chapter)


def _engine_unit(offender: str, unit: Unit_) -> Unit:
    return unit[FACT].unit(offender, unit[PROVISION], unit[DAY])  # type: ignore[no-any-return]


def _row(offender: str, unit: Unit_, track: Track, penalty: Penalty) -> AssessmentRow:
    """The engine's row of an assessed unit (what `assess_noncriminal` / `assess_criminal` would give)."""
    sequence = unit[SEQUENCE] if track is Track.NONCRIMINAL else None
    return AssessmentRow.priced(_engine_unit(offender, unit), KIND[track], penalty, sequence)


def _mail_by(ctx: Context, chapter: str, day: dt.date) -> dt.date | None:
    """EXT-21D-15D for an offense-day (it depends only on the chapter and the date)."""
    key = (chapter, day)
    if key not in ctx.mail_by:
        ctx.mail_by[key] = mailing_deadline(Unit("", "", "", day, 0, chapter), cfg=ctx.cfg).latest_on
    return ctx.mail_by[key]


def _reissuer(ctx: Context, old: Stored | None) -> Issuer | None:
    """An issued citation voided by a change is reissued by its issuer, if still empowered."""
    if old is None or old.status != "issued" or old.issued_by is None:
        return None
    role = ctx.issuer_role_of(old.id)
    if (old.issued_by, role) not in ctx.empowered:
        return None
    return Issuer(old.issued_by, role, "mail", f"reissue of {old.id}")


def _issue(ctx: Context, accrual: Accrual, offender: str, unit: Unit_, penalty: Penalty,
           issuer: Issuer) -> bool:
    decision = try_issue(_row(offender, unit, Track.NONCRIMINAL, penalty), issuer, ctx.day, ctx.cfg)
    if decision.citation is None:
        accrual.detail = {"not_issued": f"{decision.rule_id}: {decision.reason}", "by": issuer.source}
        return False
    accrual.status, accrual.issued_at, accrual.issued_by = "issued", ctx.now, issuer.user_id
    accrual.detail = citation_detail(decision, issuer)
    return True
