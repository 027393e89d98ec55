"""What the daily offense-day job reads, set-based: a few queries per batch of offenders, none per violation.

A violation exists from `started_at` (its observation, or the earlier day its origin names as offense day 1,
e.g. the day after a missed stabilization deadline) until `cured_at` (corrected, else closed). Its engine id
sorts by start, then line item, so same-day offenses of one offender are numbered in the order they arose
(CONV-ESCALATE: by date, then violation record, then line item).
"""
from __future__ import annotations

import datetime as dt
import uuid
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from sqlalchemy import Select, func, or_, select
from sqlalchemy.orm import Session

from backend.models import (
    EnforcementOrder,
    FineAccrual,
    OffenseDay,
    Party,
    Site,
    Violation,
    ViolationOrigin,
    order_violations,
)
from backend.services.bulk import chunked
from inspections.calendar import TZ, local_date
from inspections.offenses import OffenseDay as Unit
from inspections.offenses import Violation as EngineViolation

RECENT = dt.timedelta(days=45)  # corrected or edited this recently: still checked for unrecorded days
ORDER_STATES_WITH_PATH = ("issued", "lifted")
IN_LIST = 2000


@dataclass(frozen=True)
class Facts:
    """A violation as the offense-day rules see it."""

    id: uuid.UUID
    site_id: uuid.UUID
    offender_id: uuid.UUID | None
    chapter: str
    provision: str
    citation: str
    line_item: int
    started_at: dt.datetime
    cured_at: dt.datetime | None

    @cached_property
    def engine_id(self) -> str:
        start = self.started_at.astimezone(dt.UTC)
        return f"{start:%Y%m%dT%H%M%S%f}|{self.line_item:04d}|{self.id}"

    def engine(self) -> EngineViolation:
        return EngineViolation(self.engine_id, self.chapter, str(self.offender_id), (self.provision,),
                               self.started_at, self.cured_at, str(self.site_id))

    def unit(self, offender_id: uuid.UUID, provision: str, day: dt.date) -> Unit:
        """The engine's unit for a recorded offense-day of this violation (one provision a record: line 0)."""
        return Unit(self.engine_id, provision, str(offender_id), day, 0, self.chapter, str(self.site_id))


@dataclass(frozen=True)
class Stored:
    """A live (not void) fine accrual row, as the reassessment needs it."""

    id: uuid.UUID
    offense_day_id: uuid.UUID
    order_id: uuid.UUID | None
    path: str
    status: str
    amount_cents: int | None
    sequence: int | None
    revision: int
    withhold: bool
    rule_id: str
    issued_by: uuid.UUID | None


@dataclass(frozen=True)
class Path:
    order_id: uuid.UUID
    fine_path: str  # criminal | noncriminal


@dataclass
class Batch:
    """Everything the job needs about a batch of offenders."""

    violations: dict[uuid.UUID, list[Facts]] = field(default_factory=lambda: defaultdict(list))
    facts: dict[uuid.UUID, Facts] = field(default_factory=dict)  # every violation touched
    recorded: dict[uuid.UUID, list[tuple[uuid.UUID, Facts, str, dt.date]]] = field(
        default_factory=lambda: defaultdict(list))  # offender -> (offense_day id, violation, provision, day)
    stored: dict[tuple[uuid.UUID, str], Stored] = field(default_factory=dict)  # (offense_day id, path)
    paths: dict[uuid.UUID, Path] = field(default_factory=dict)
    parties: dict[uuid.UUID, Any] = field(default_factory=dict)
    sites: dict[uuid.UUID, Any] = field(default_factory=dict)


def _start(observed_at: dt.datetime, opened_on: dt.date | None) -> dt.datetime:
    if opened_on is not None and opened_on < local_date(observed_at):
        return dt.datetime.combine(opened_on, dt.time.min, tzinfo=TZ).astimezone(dt.UTC)
    return observed_at


def _cure(row: Any) -> dt.datetime | None:
    cured = row.corrected_at or (row.closed_at if row.status == "closed" else None)
    if row.status == "open" or cured is None:
        return None
    return max(cured, _start(row.observed_at, row.opened_on))


def facts_select() -> Select[Any]:
    v = Violation
    return (select(v.id, v.site_id, v.offender_id, v.chapter, v.provision, v.citation, v.line_item,
                   v.observed_at, v.corrected_at, v.closed_at, v.status, ViolationOrigin.opened_on)
            .outerjoin(ViolationOrigin, ViolationOrigin.violation_id == Violation.id))


def to_facts(row: Any) -> Facts:
    return Facts(row.id, row.site_id, row.offender_id, row.chapter, row.provision, row.citation,
                 row.line_item or 1, _start(row.observed_at, row.opened_on), _cure(row))


def _candidate(as_of: dt.datetime) -> Any:
    return or_(Violation.status == "open", Violation.updated_at >= as_of - RECENT)


def offenders_due(session: Session, town_id: uuid.UUID, as_of: dt.datetime) -> list[uuid.UUID]:
    """Offenders with an open (or recently changed) violation, in a stable order."""
    stmt = (select(Violation.offender_id).distinct()
            .where(Violation.town_id == town_id, Violation.offender_id.is_not(None), _candidate(as_of))
            .order_by(Violation.offender_id))
    return list(session.scalars(stmt))


def unattributed(session: Session, town_id: uuid.UUID) -> int:
    """Open violations without an offender: their days are recorded once one is named."""
    stmt = select(func.count()).select_from(Violation).where(
        Violation.town_id == town_id, Violation.status == "open", Violation.offender_id.is_(None))
    return int(session.scalar(stmt) or 0)


def _in(session: Session, stmt: Select[Any], column: Any, ids: Iterable[uuid.UUID]) -> list[Any]:
    out: list[Any] = []
    for part in chunked(sorted(set(ids), key=str), IN_LIST):
        out.extend(session.execute(stmt.where(column.in_(part))).all())
    return out


def load_batch(session: Session, town_id: uuid.UUID, offenders: Sequence[uuid.UUID], as_of: dt.datetime
               ) -> Batch:
    batch = Batch()
    stmt = facts_select().where(Violation.town_id == town_id, _candidate(as_of))
    for row in _in(session, stmt, Violation.offender_id, offenders):
        facts = to_facts(row)
        batch.violations[row.offender_id].append(facts)
        batch.facts[facts.id] = facts
    _load_recorded(session, batch, offenders)
    _load_stored(session, batch, offenders)
    _load_paths(session, batch)
    _load_people(session, batch, offenders)
    return batch


def _load_recorded(session: Session, batch: Batch, offenders: Sequence[uuid.UUID]) -> None:
    od = OffenseDay
    stmt = select(od.id, od.violation_id, od.provision, od.local_date, od.offender_id)
    rows = _in(session, stmt, od.offender_id, offenders)
    missing = {row.violation_id for row in rows} - set(batch.facts)
    for row in _in(session, facts_select(), Violation.id, missing):  # closed violations with recorded days
        batch.facts[row.id] = to_facts(row)
    for row in rows:
        batch.recorded[row.offender_id].append((row.id, batch.facts[row.violation_id], row.provision,
                                                row.local_date))


def _load_stored(session: Session, batch: Batch, offenders: Sequence[uuid.UUID]) -> None:
    fa = FineAccrual
    stmt = (select(fa.id, fa.offense_day_id, fa.order_id, fa.path, fa.status, fa.amount_cents, fa.sequence,
                   fa.revision, fa.withhold, fa.rule_id, fa.issued_by)
            .join(OffenseDay, OffenseDay.id == fa.offense_day_id).where(fa.status != "void"))
    for row in _in(session, stmt, OffenseDay.offender_id, offenders):
        stored = Stored(*row)
        batch.stored[(stored.offense_day_id, stored.path)] = stored


def issuer_role_of(session: Session, accrual_id: uuid.UUID) -> str:
    """The role an issued citation was issued under (read only when it must be reissued)."""
    detail = session.scalar(select(FineAccrual.detail).where(FineAccrual.id == accrual_id)) or {}
    return str(detail.get("issuer_role") or "")


def _load_paths(session: Session, batch: Batch) -> None:
    """The fine path of each violation: its latest issued (or lifted) order that chose one."""
    o = EnforcementOrder
    stmt = (select(order_violations.c.violation_id, o.id, o.fine_path, o.issued_at)
            .join(o, o.id == order_violations.c.order_id)
            .where(o.status.in_(ORDER_STATES_WITH_PATH), o.fine_path.is_not(None)))
    latest: dict[uuid.UUID, tuple[dt.datetime, Path]] = {}
    for violation_id, order_id, fine_path, issued_at in _in(session, stmt, order_violations.c.violation_id,
                                                             batch.facts):
        when = issued_at or dt.datetime.min.replace(tzinfo=dt.UTC)
        if violation_id not in latest or (when, str(order_id)) > (latest[violation_id][0],
                                                                 str(latest[violation_id][1].order_id)):
            latest[violation_id] = (when, Path(order_id, fine_path))
    batch.paths = {vid: path for vid, (_, path) in latest.items()}


def _load_people(session: Session, batch: Batch, offenders: Sequence[uuid.UUID]) -> None:
    p = Party
    stmt = select(p.id, p.name, p.phone_e164, p.sms_consent, p.sms_opted_out_at, p.active)
    batch.parties = {row.id: row for row in _in(session, stmt, p.id, offenders)}
    site_ids = {f.site_id for facts in batch.violations.values() for f in facts}
    sites = select(Site.id, Site.name, Site.address)
    batch.sites = {row.id: row for row in _in(session, sites, Site.id, site_ids)}
