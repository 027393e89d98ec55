"""Plan a batch of offenders in memory: the new offense-days, and what the assessments add, void and reissue.

Offense-days come from `inspections.offenses.offense_days` (every day from the violation's start, so missed
runs catch up); only days not yet recorded for that offender are new. Assessments are computed over ALL of an
offender's offense-days in the chapter (CONV-ESCALATE counts across provisions and sites, whatever the path),
one engine call per chapter and batch, and compared with the stored live rows by `diff_assessments`:
added days get a row (criminal: `exposure`, the court maximum; noncriminal: a `proposed` citation with its
mailing deadline), changed amounts void the stored row and add revision + 1 (reissued when the old one had
been issued), removed ones are voided. A standing instruction on the order issues new proposals at once.
"""
from __future__ import annotations

import datetime as dt
import uuid
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from backend.models import FineAccrual, OffenseDay
from backend.services.accrual_load import Batch, Facts, Stored
from backend.services.bulk import full_row
from backend.services.citations import Issuer, citation_detail, try_issue
from inspections.citations import mailing_deadline
from inspections.config import BylawConfig
from inspections.explain import Explanation
from inspections.fines import (
    AmountChange,
    AmountKind,
    Assessment,
    AssessmentRow,
    ChangeKind,
    Track,
    assess_criminal,
    assess_noncriminal,
    diff_assessments,
    rulepack_version,
)
from inspections.offenses import OffenseDay as Unit
from inspections.offenses import offense_days

KIND = {Track.CRIMINAL: AmountKind.COURT_MAXIMUM, Track.NONCRIMINAL: AmountKind.CITATION_AMOUNT}
VOID_CHANGED = "amount changed on reassessment (an earlier offense-day, a fine path or a setting changed)"
VOID_REMOVED = "no longer assessed on this path (the fine path changed or the offense-day no longer counts)"


@dataclass
class Context:
    town_id: uuid.UUID
    town_name: str
    day: dt.date
    now: dt.datetime
    cfg: BylawConfig
    instructions: dict[uuid.UUID, Issuer]  # order id -> issuer of an active, still empowered instruction
    empowered: set[tuple[uuid.UUID, str]]  # (user id, role) with an active membership in the town
    issuer_role_of: Callable[[uuid.UUID], str]  # the role an issued citation was issued under
    mail_by: dict[tuple[str, dt.date], dt.date | None] = field(default_factory=dict)
    versions: dict[str, str] = field(default_factory=dict)

    @property
    def config_version(self) -> str:
        if "config" not in self.versions:
            self.versions["config"] = self.cfg.version
        return self.versions["config"]

    def ruleset(self, chapter: str) -> str:
        if chapter not in self.versions:
            self.versions[chapter] = rulepack_version(chapter)
        return self.versions[chapter]


@dataclass(frozen=True)
class Entry:
    offender_id: uuid.UUID
    unit: Unit
    offense_day_id: uuid.UUID
    facts: Facts
    key: tuple[str, str, str]  # the unit's key, computed once


@dataclass
class Plan:
    offense_days: list[dict[str, Any]] = field(default_factory=list)
    accruals: list[dict[str, Any]] = field(default_factory=list)
    voids: dict[uuid.UUID, str] = field(default_factory=dict)  # accrual id -> reason
    withhold: dict[uuid.UUID, tuple[bool, list[str]]] = field(default_factory=dict)
    new_days: dict[uuid.UUID, list[Entry]] = field(default_factory=lambda: defaultdict(list))
    issued: dict[uuid.UUID, list[dict[str, Any]]] = field(default_factory=lambda: defaultdict(list))
    reissued: dict[uuid.UUID, list[tuple[Stored, dict[str, Any] | None, dt.date]]] = field(
        default_factory=lambda: defaultdict(list))
    entries: dict[tuple[str, str, str], Entry] = field(default_factory=dict)  # engine key -> entry
    by_offense_day: dict[uuid.UUID, Entry] = field(default_factory=dict)

    def add(self, entry: Entry) -> None:
        self.entries[entry.key] = entry
        self.by_offense_day[entry.offense_day_id] = entry


def plan_batch(ctx: Context, batch: Batch) -> Plan:
    plan = Plan()
    _offense_days(ctx, batch, plan)
    by_chapter: dict[str, list[Entry]] = defaultdict(list)
    for entry in plan.entries.values():
        by_chapter[entry.unit.chapter].append(entry)
    for chapter in sorted(by_chapter):
        entries = by_chapter[chapter]
        _assess(ctx, batch, plan, chapter, Track.NONCRIMINAL, entries)
        _assess(ctx, batch, plan, chapter, Track.CRIMINAL, entries)
    return plan


def _offense_days(ctx: Context, batch: Batch, plan: Plan) -> None:
    recorded: set[tuple[uuid.UUID, tuple[str, str, str]]] = set()  # (offender, unit key): unique per offender
    for offender, days in batch.recorded.items():
        for od_id, facts, provision, day in days:
            unit = facts.unit(offender, provision, day)
            plan.add(Entry(offender, unit, od_id, facts, unit.key))
            recorded.add((offender, unit.key))
    for offender, violations in batch.violations.items():
        for facts in violations:
            for unit in offense_days(facts.engine(), ctx.day, cfg=ctx.cfg):
                key = unit.key
                if (offender, key) not in recorded:
                    _new_day(ctx, plan, offender, facts, unit, key)


def _new_day(ctx: Context, plan: Plan, offender: uuid.UUID, facts: Facts, unit: Unit,
             key: tuple[str, str, str]) -> None:
    row = full_row(OffenseDay, {"id": uuid.uuid4(), "town_id": ctx.town_id, "violation_id": facts.id,
                                "provision": unit.provision, "offender_id": offender,
                                "local_date": unit.local_date, "line_item": facts.line_item,
                                "created_at": ctx.now})
    entry = Entry(offender, unit, row["id"], facts, key)
    plan.offense_days.append(row)
    plan.add(entry)
    plan.new_days[offender].append(entry)


def _assess(ctx: Context, batch: Batch, plan: Plan, chapter: str, track: Track, entries: list[Entry]) -> None:
    on_path = [e for e in entries if (p := batch.paths.get(e.facts.id)) is not None and p.fine_path == track]
    stored = {e.key: s for e in entries if (s := batch.stored.get((e.offense_day_id, track.value)))}
    if not on_path and not stored:
        return
    keys = {e.key for e in on_path}
    if track is Track.NONCRIMINAL:
        prior = [e.unit for e in entries if e.key not in keys]
        new = assess_noncriminal(chapter, [e.unit for e in on_path], prior=prior, cfg=ctx.cfg)
    else:
        new = assess_criminal(chapter, [e.unit for e in on_path], cfg=ctx.cfg)
    old = _stored_assessment(ctx, chapter, track, plan, stored)
    rows = {r.key: r for r in new.rows}
    for change in diff_assessments(old, new):
        _apply(ctx, batch, plan, change, stored.get(change.key), rows.get(change.key))
    for key, s in stored.items():
        row = rows.get(key)
        if row is not None and row.amount_cents == s.amount_cents and row.withhold != s.withhold:
            plan.withhold[s.id] = (row.withhold, list(row.flags))


def _stored_assessment(ctx: Context, chapter: str, track: Track, plan: Plan, stored: dict[Any, Stored]
                       ) -> Assessment:
    rows = tuple(AssessmentRow(plan.entries[key].unit, KIND[track], s.amount_cents,
                               Explanation("", "", "", "as stored"), s.sequence, withhold=s.withhold)
                 for key, s in stored.items())
    return Assessment(chapter, track, rows, ctx.config_version, ctx.ruleset(chapter))


def _apply(ctx: Context, batch: Batch, plan: Plan, change: AmountChange, old: Stored | None,
           row: AssessmentRow | None) -> None:
    entry = plan.entries[change.key]
    was_issued = old is not None and old.status == "issued"
    if old is not None:
        plan.voids[old.id] = VOID_CHANGED if change.kind is ChangeKind.CHANGED else VOID_REMOVED
    if row is None:
        if was_issued:
            plan.reissued[entry.offender_id].append((old, None, entry.unit.local_date))  # type: ignore
        return
    order_id = batch.paths[entry.facts.id].order_id
    accrual = _accrual_row(ctx, entry, row, order_id, old)
    plan.accruals.append(accrual)
    if row.kind is not AmountKind.CITATION_AMOUNT:
        return
    instruction = ctx.instructions.get(order_id)
    if was_issued:
        issuer = instruction or _reissuer(ctx, old)
        if issuer is not None:
            _issue(ctx, accrual, row, issuer)
        plan.reissued[entry.offender_id].append((old, accrual, entry.unit.local_date))  # type: ignore
    elif instruction is not None and _issue(ctx, accrual, row, instruction):
        plan.issued[entry.offender_id].append(accrual)


def _accrual_row(ctx: Context, entry: Entry, row: AssessmentRow, order_id: uuid.UUID, old: Stored | None
                 ) -> dict[str, Any]:
    noncriminal = row.kind is AmountKind.CITATION_AMOUNT
    return full_row(FineAccrual, {
        "id": uuid.uuid4(), "town_id": ctx.town_id, "offense_day_id": entry.offense_day_id,
        "order_id": order_id,
        "path": "noncriminal" if noncriminal else "criminal", "amount_cents": row.amount_cents,
        "none_reason": row.none_reason, "sequence": row.sequence, "rule_id": row.explanation.rule_id,
        "status": "proposed" if noncriminal else "exposure", "revision": old.revision + 1 if old else 1,
        "ruleset_version": ctx.ruleset(entry.unit.chapter), "config_version": ctx.config_version,
        "flags": list(row.flags), "withhold": row.withhold,
        "mail_by_on": _mail_by(ctx, entry.unit) if noncriminal else None, "detail": {},
        "issued_at": None, "issued_by": None, "voided_at": None, "void_reason": None,
        "replaces_id": old.id if old else None, "created_at": ctx.now})


def _mail_by(ctx: Context, unit: Unit) -> dt.date | None:
    key = (unit.chapter, unit.local_date)
    if key not in ctx.mail_by:
        ctx.mail_by[key] = mailing_deadline(unit, cfg=ctx.cfg).latest_on
    return ctx.mail_by[key]


def _reissuer(ctx: Context, old: Stored | None) -> Issuer | None:
    """An issued citation voided by a change is reissued by its issuer, if still empowered."""
    if old is None or old.status != "issued" or old.issued_by is None:
        return None
    role = ctx.issuer_role_of(old.id)
    if (old.issued_by, role) not in ctx.empowered:
        return None
    return Issuer(old.issued_by, role, "mail", f"reissue of {old.id}")


def _issue(ctx: Context, accrual: dict[str, Any], row: AssessmentRow, issuer: Issuer) -> bool:
    decision = try_issue(row, issuer, ctx.day, ctx.cfg)
    if decision.citation is None:
        accrual["detail"] = {"not_issued": f"{decision.rule_id}: {decision.reason}", "by": issuer.source}
        return False
    accrual.update(status="issued", issued_at=ctx.now, issued_by=issuer.user_id,
                   detail=citation_detail(decision, issuer))
    return True
