"""What the daily offense-day job reads, set-based: a few queries per batch of offenders, none per violation.

A violation exists from `started_at` (its observation, or the earlier day its origin names as offense day 1,
e.g. the day after a missed stabilization deadline) until `cured_at` (corrected, else closed). Its engine id
sorts by start, then line item, so same-day offenses of one offender are numbered in the order they arose
(CONV-ESCALATE: by date, then violation record, then line item).

The job reads ids as 32 lowercase hex digits (`hex_column`: what SQLite stores, PostgreSQL's uuid text without
dashes), compact dictionary keys that go back to the driver as they are, and takes the driver's rows as they
come (`_rows`); `Facts` keeps UUIDs for the callers that read one violation at a time.
"""
from __future__ import annotations

import datetime as dt
import uuid
from collections import defaultdict, namedtuple
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from sqlalchemy import Select, String, Uuid, cast, func, or_, select, type_coerce
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
from backend.services.bulk import chunked, id_text
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
        return engine_id(self.started_at, self.line_item, str(self.id))

    def engine(self) -> EngineViolation:
        return EngineViolation(self.engine_id, self.chapter, str(self.offender_id), (self.provision,),
                               self.started_at, self.cured_at, str(self.site_id))

    def unit(self, offender_id: uuid.UUID, provision: str, day: dt.date) -> Unit:
        """The engine's unit for a recorded offense-day of this violation (one provision a record: line 0)."""
        return Unit(self.engine_id, provision, str(offender_id), day, 0, self.chapter, str(self.site_id))


def engine_id(started_at: dt.datetime, line_item: int, violation_id: str) -> str:
    """'<UTC start %Y%m%dT%H%M%S%f>|<line item, 4 digits>|<violation id>': sorts by start, then line item."""
    s = started_at.astimezone(dt.UTC)
    if s.year < 1000:  # strftime's %Y does not pad
        return f"{s:%Y%m%dT%H%M%S%f}|{line_item:04d}|{violation_id}"
    return (f"{s.year:04d}{s.month:02d}{s.day:02d}T{s.hour:02d}{s.minute:02d}{s.second:02d}"
            f"{s.microsecond:06d}|{line_item:04d}|{violation_id}")


class Fact:
    """A violation as the daily job reads it: `Facts` with hex ids (see the module docstring), and its fine
    path (`Path`, from its latest order that chose one) once the batch has read it."""

    __slots__ = ("id", "site_id", "offender_id", "chapter", "provision", "citation", "line_item",
                 "started_at", "cured_at", "engine_id", "path")

    def __init__(self, id: str, site_id: str, offender_id: str | None, chapter: str, provision: str,
                 citation: str, line_item: int, started_at: dt.datetime,
                 cured_at: dt.datetime | None) -> None:
        self.id, self.site_id, self.offender_id = id, site_id, offender_id
        self.chapter, self.provision, self.citation, self.line_item = chapter, provision, citation, line_item
        self.started_at, self.cured_at = started_at, cured_at
        self.engine_id = engine_id(started_at, line_item, id_text(id))
        self.path: Path | None = None

    def unit(self, offender_id: str, provision: str, day: dt.date) -> Unit:
        """The engine's unit for an offense-day of this violation (as `Facts.unit`)."""
        return Unit(self.engine_id, provision, id_text(offender_id), day, 0, self.chapter,
                    id_text(self.site_id))


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


STORED_COLUMNS = ("id", "offense_day_id", "order_id", "path", "status", "amount_cents", "sequence",
                  "revision", "withhold", "rule_id", "issued_by")
UUID_FIELDS = {"id", "offense_day_id", "order_id", "issued_by"}


def stored(raw: tuple[Any, ...]) -> Stored:
    """A stored row as the batch read it (STORED_COLUMNS: hex ids, withhold maybe 0/1) made a `Stored`."""
    values: dict[str, Any] = {name: uuid.UUID(v) if name in UUID_FIELDS and v is not None else v
                              for name, v in zip(STORED_COLUMNS, raw, strict=True)}
    return Stored(**values | {"withhold": bool(values["withhold"])})


@dataclass(frozen=True)
class Path:
    order_id: str  # hex
    fine_path: str  # criminal | noncriminal


# One offense unit of an offender, as a list: [local date, engine id, provision, offense_day id (hex; a new
# one's is given once the batch is planned), Fact, its stored live rows by path (STORED_COLUMNS) or None,
# sequence number (set when assessed)]
DAY, ENGINE_ID, PROVISION, OFFENSE_DAY, FACT, STORED, SEQUENCE = range(7)


@dataclass
class Batch:
    """Everything the job needs about a batch of offenders (hex ids)."""

    offenders: list[str] = field(default_factory=list)
    violations: dict[str, list[Fact]] = field(default_factory=lambda: defaultdict(list))  # open or recent
    facts: dict[str, Fact] = field(default_factory=dict)  # every violation touched
    recorded: dict[str, list[list[Any]]] = field(default_factory=lambda: defaultdict(list))  # its units
    recorded_keys: set[tuple[str, str, str, dt.date]] = field(
        default_factory=set)  # (offender, violation, provision, day) of every recorded offense-day
    by_offense_day: dict[str, list[Any]] = field(default_factory=dict)  # offense_day id -> recorded unit
    parties: dict[str, Any] = field(default_factory=dict)
    sites: dict[str, Any] = field(default_factory=dict)


def _start(observed_at: dt.datetime, opened_on: dt.date | None) -> dt.datetime:
    if opened_on is not None and opened_on < local_date(observed_at):
        return dt.datetime.combine(opened_on, dt.time.min, tzinfo=TZ).astimezone(dt.UTC)
    return observed_at


def _cure_of(status: str, observed_at: dt.datetime, opened_on: dt.date | None,
             corrected_at: dt.datetime | None, closed_at: dt.datetime | None) -> dt.datetime | None:
    cured = corrected_at or (closed_at if status == "closed" else None)
    if status == "open" or cured is None:
        return None
    return max(cured, _start(observed_at, opened_on))


def _cure(row: Any) -> dt.datetime | None:
    return _cure_of(row.status, row.observed_at, row.opened_on, row.corrected_at, row.closed_at)


def facts_select() -> Select[Any]:
    v = Violation
    return (select(v.id, v.site_id, v.offender_id, v.chapter, v.provision, v.citation, v.line_item,
                   v.observed_at, v.corrected_at, v.closed_at, v.status, ViolationOrigin.opened_on)
            .outerjoin(ViolationOrigin, ViolationOrigin.violation_id == Violation.id))


def to_facts(row: Any) -> Facts:
    return Facts(row.id, row.site_id, row.offender_id, row.chapter, row.provision, row.citation,
                 row.line_item or 1, _start(row.observed_at, row.opened_on), _cure(row))


def hex_column(column: Any, session: Session) -> Any:
    """A uuid column read as 32 lowercase hex digits."""
    if session.get_bind().dialect.name == "sqlite":
        return type_coerce(column, String)  # stored so
    return func.replace(cast(column, String), "-", "")


def hex_ids(column: Any) -> Any:
    """The column, compared with hex ids (IN lists)."""
    return type_coerce(column, Uuid(as_uuid=False))


def _rows(conn: Any, stmt: Select[Any], keep: tuple[int, Collection[str]] | None = None
          ) -> list[tuple[Any, ...]]:
    """The driver's own rows (those whose column `keep[0]` is in `keep[1]`): ids as hex text, strings,
    numbers; instants and dates as the driver gives them (see `_Reader.facts`); booleans maybe 0/1 and dates
    ISO text on SQLite."""
    result = conn.execute(stmt)
    rows = result.cursor.fetchall()
    result.close()
    if keep is not None:
        index, wanted = keep
        rows = [row for row in rows if row[index] in wanted]
    return rows  # type: ignore[no-any-return]


def _lean_select(session: Session) -> Select[Any]:
    v, h = Violation, (lambda c: hex_column(c, session))
    return (select(h(v.id), h(v.site_id), h(v.offender_id), v.chapter, v.provision, v.citation, v.line_item,
                   v.observed_at, v.corrected_at, v.closed_at, v.status, ViolationOrigin.opened_on)
            .outerjoin(ViolationOrigin, ViolationOrigin.violation_id == Violation.id))


def _candidate(as_of: dt.datetime) -> Any:
    return or_(Violation.status == "open", Violation.updated_at >= as_of - RECENT)


def offenders_due(session: Session, town_id: uuid.UUID, as_of: dt.datetime) -> list[str]:
    """Offenders (hex ids) with an open (or recently changed) violation, in a stable order."""
    offender = hex_column(Violation.offender_id, session).label("offender")
    stmt = (select(offender).distinct()
            .where(Violation.town_id == town_id, Violation.offender_id.is_not(None), _candidate(as_of))
            .order_by(offender))
    return [row[0] for row in _rows(session.connection(), stmt)]


def unattributed(session: Session, town_id: uuid.UUID) -> int:
    """Open violations without an offender: their days are recorded once one is named."""
    stmt = select(func.count()).select_from(Violation).where(
        Violation.town_id == town_id, Violation.status == "open", Violation.offender_id.is_(None))
    return int(session.scalar(stmt) or 0)


class _Reader:
    """How a batch reads: by IN lists of its ids, or, when it holds much of the town (`scan`), by one pass
    over the town's rows, keeping its own (random index lookups cost more than reading the whole town)."""

    def __init__(self, session: Session, town_id: uuid.UUID, scan: bool) -> None:
        self.session, self.conn, self.town_id, self.scan = session, session.connection(), town_id, scan

    def column(self, column: Any) -> Any:
        return hex_column(column, self.session)

    def processor(self, column_type: Any) -> Any:
        dialect = self.conn.dialect
        return column_type.dialect_impl(dialect).result_processor(dialect, None) or (lambda value: value)

    def rows(self, stmt: Select[Any], column: Any, ids: Collection[str], town: Any,
             key: int) -> list[tuple[Any, ...]]:
        """`stmt`'s rows whose `column` (result column `key`) is one of `ids`; `town`: the town column."""
        if self.scan:
            return _rows(self.conn, stmt.where(town == self.town_id), (key, ids))
        return self.listed(stmt, column, ids)

    def listed(self, stmt: Select[Any], column: Any, ids: Iterable[str]) -> list[tuple[Any, ...]]:
        """`stmt` for the ids in `column`, a statement per IN_LIST ids."""
        out: list[tuple[Any, ...]] = []
        for part in chunked(sorted(set(ids)), IN_LIST):
            out.extend(_rows(self.conn, stmt.where(hex_ids(column).in_(part))))
        return out

    def facts(self, rows: Iterable[Sequence[Any]]) -> Iterator[Fact]:
        """`Fact`s of `_lean_select` rows as the driver gives them."""
        instant = self.processor(Violation.observed_at.type)
        day = self.processor(ViolationOrigin.opened_on.type)
        for vid, site, offender, chapter, provision, citation, line, observed, corrected, closed, status, \
                opened in rows:
            observed = instant(observed)
            corrected = None if corrected is None else instant(corrected)
            closed = None if closed is None else instant(closed)
            opened = None if opened is None else day(opened)
            yield Fact(vid, site, offender, chapter, provision, citation, line or 1, _start(observed, opened),
                       _cure_of(status, observed, opened, corrected, closed))


def load_batch(session: Session, town_id: uuid.UUID, offenders: Sequence[str], as_of: dt.datetime, *,
               scan: bool = False) -> Batch:
    """Everything the job needs about `offenders`; `scan`: read the town's rows in one pass each (for a
    batch holding a good part of the town's offenders)."""
    batch = Batch(offenders=list(offenders))
    read = _Reader(session, town_id, scan)
    stmt = _lean_select(session).where(Violation.town_id == town_id, _candidate(as_of))
    violations, facts = batch.violations, batch.facts
    rows = read.rows(stmt, Violation.offender_id, set(batch.offenders), Violation.town_id, 2)
    for fact in read.facts(rows):
        facts[fact.id] = fact
        violations[fact.offender_id].append(fact)  # type: ignore[index]
    _load_recorded(read, batch)
    _load_stored(read, batch)
    _load_paths(read, batch)
    _load_people(read, batch)
    return batch


def _load_recorded(read: _Reader, batch: Batch) -> None:
    od, h = OffenseDay, read.column
    stmt = select(h(od.id), h(od.violation_id), od.provision, type_coerce(od.local_date, String),
                  h(od.offender_id))
    rows = read.rows(stmt, od.offender_id, set(batch.offenders), od.town_id, 4)
    missing = {row[1] for row in rows} - set(batch.facts)
    for fact in read.facts(read.listed(_lean_select(read.session), Violation.id, missing)):  # closed since
        batch.facts[fact.id] = fact
    days: dict[Any, dt.date] = {}  # SQLite gives ISO text, PostgreSQL dates: each distinct one parsed once
    recorded, keys, by_day, facts = batch.recorded, batch.recorded_keys, batch.by_offense_day, batch.facts
    for od_id, vid, provision, raw, offender in rows:
        day = days.get(raw)
        if day is None:
            day = days[raw] = raw if isinstance(raw, dt.date) else dt.date.fromisoformat(raw)
        fact = facts[vid]
        recorded[offender].append(unit := [day, fact.engine_id, provision, od_id, fact, None, 0])
        by_day[od_id] = unit
        keys.add((offender, vid, provision, day))


def _load_stored(read: _Reader, batch: Batch) -> None:
    fa, h = FineAccrual, read.column
    stmt = (select(h(fa.id), h(fa.offense_day_id), h(fa.order_id), fa.path, fa.status, fa.amount_cents,
                   fa.sequence, fa.revision, fa.withhold, fa.rule_id, h(fa.issued_by))
            .where(fa.status != "void"))
    by_day = batch.by_offense_day
    if read.scan:
        rows = read.rows(stmt, fa.offense_day_id, by_day.keys(), fa.town_id, 1)
    else:
        joined = stmt.join(OffenseDay, OffenseDay.id == fa.offense_day_id)
        rows = read.listed(joined, OffenseDay.offender_id, batch.offenders)
    for row in rows:  # withhold: 0/1 on SQLite
        unit = by_day[row[1]]
        if unit[STORED] is None:
            unit[STORED] = {row[3]: row}
        else:
            unit[STORED][row[3]] = row


def issuer_role_of(session: Session, accrual_id: uuid.UUID) -> str:
    """The role an issued citation was issued under (read only when it must be reissued)."""
    detail = session.scalar(select(FineAccrual.detail).where(FineAccrual.id == accrual_id)) or {}
    return str(detail.get("issuer_role") or "")


def _load_paths(read: _Reader, batch: Batch) -> None:
    """The fine path of each violation: its latest issued (or lifted) order that chose one."""
    o, ov, h = EnforcementOrder, order_violations, read.column
    stmt = (select(h(ov.c.violation_id), h(o.id), o.fine_path, o.issued_at)
            .join(o, o.id == ov.c.order_id)
            .where(o.status.in_(ORDER_STATES_WITH_PATH), o.fine_path.is_not(None)))
    orders: dict[str, list[tuple[Any, ...]]] = defaultdict(list)
    for row in read.rows(stmt, ov.c.violation_id, batch.facts.keys(), o.town_id, 0):
        orders[row[0]].append(row)
    never = dt.datetime.min.replace(tzinfo=dt.UTC)
    instant = read.processor(o.issued_at.type)
    for violation_id, rows in orders.items():
        if len(rows) > 1:  # the latest, then the greatest order id
            rows.sort(key=lambda r: (instant(r[3]) or never, id_text(r[1])))
        batch.facts[violation_id].path = Path(rows[-1][1], rows[-1][2])


PartyRow = namedtuple("PartyRow", "id name phone_e164 sms_consent sms_opted_out_at active")
SiteRow = namedtuple("SiteRow", "id name address")


def _load_people(read: _Reader, batch: Batch) -> None:
    p, h = Party, read.column
    stmt = select(h(p.id), p.name, p.phone_e164, p.sms_consent, p.sms_opted_out_at, p.active)
    batch.parties = {row[0]: PartyRow._make(row)  # consent, active: 0/1, opted out: text on SQLite
                     for row in read.rows(stmt, p.id, set(batch.offenders), p.town_id, 0)}
    site_ids = {f.site_id for facts in batch.violations.values() for f in facts}
    sites = select(h(Site.id), Site.name, Site.address)
    batch.sites = {row[0]: SiteRow._make(row)
                   for row in read.rows(sites, Site.id, site_ids, Site.town_id, 0)}
