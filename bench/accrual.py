"""Offense-day job benchmark: ``python -m bench.accrual [--sizes 10000,100000] [--sqlite-only] [--plain]
[--repeat N]``.

Dataset (per size N; the stated one is N = 100k): N open violations (Carver ch. 247) at N/100 sites, held by
0.8 N offenders (the first 0.8 N violations one each, the rest a second violation of a random offender); each
offender has 0-5 prior offense-days (its first violation began that many days earlier and the job's own run
for the day before recorded them: the database is in its daily steady state). A third of the sites are under
a noncriminal cease-and-desist (citations proposed), a third criminal (court-maximum exposure rows), a third
have no order yet; half the offenders consented to SMS. `--plain`: no orders and no SMS consent, so the run
records offense-days (and their seals) only. The measured run is the next day: one new offense-day per
violation, assessments and proposals, one SMS per consenting offender, and the audit seals of those rows.

Baseline, in the same run and database ("a same-run bulk insert of the same rows"): the rows the job wrote,
exactly as stored (offense-days, assessments, outbox rows), inserted again into empty copies of their tables
(same columns, keys, foreign keys and indexes) by SQLAlchemy Core executemany in one transaction, no audit.
`ratio_vs_insert` = job / baseline at N = 100k on SQLite; `growth_10k_to_100k` = job(100k) / job(10k) on
SQLite. Beside it, `ratio_vs_offense_day_insert` keeps the first benchmark's stricter floor: the day's
offense-day rows alone, into a copy of that table without foreign keys. Every SQL statement the job sends
is counted (none per violation). Scratch databases are created and dropped: a temp SQLite file, and on
PostgreSQL (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) a database named after that URL's with a
random suffix. Wall times are reported; the job's own CPU time beside them shows how busy the machine was.
The last line is machine readable.
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Column,
    ForeignKey,
    Index,
    MetaData,
    Table,
    UniqueConstraint,
    event,
    insert,
    select,
)

from bench import scratch

TARGETS = {"ratio_vs_insert": 3.0, "growth_10k_to_100k": 12.0}
DAY = dt.date(2026, 4, 20)
CHAPTER, PROVISION = "CARVER-247", "CARVER-247-DESIGN-MAINTAIN"


@dataclass
class Result:
    database: str
    size: int
    job_s: float
    job_cpu_s: float
    insert_s: float
    offense_days_s: float
    statements: int
    offense_days: int
    accruals: int
    notifications: int

    @property
    def ratio(self) -> float:
        return self.job_s / self.insert_s

    @property
    def strict_ratio(self) -> float:
        return self.job_s / self.offense_days_s


def local(day: dt.date, hour: int) -> dt.datetime:
    from inspections.calendar import TZ
    return dt.datetime(day.year, day.month, day.day, hour, tzinfo=TZ)


# --- scratch databases ---------------------------------------------------------------------------------
@contextmanager
def sqlite_database() -> Iterator[str]:
    with tempfile.TemporaryDirectory(prefix="bench-accrual-") as folder:
        yield f"sqlite:///{folder}/bench.sqlite3"


def make_app(url: str) -> Any:
    from backend import create_app
    from backend.clock import FixedClock
    from backend.extensions import db
    settings = {"app_env": "test", "database_url": url, "audit_hmac_key": "bench", "secret_key": "bench"}
    app = create_app(settings)
    app.extensions["clock"] = FixedClock(local(DAY, 20).astimezone(dt.UTC))
    with app.app_context():
        db.create_all()
    return app


# --- dataset ---------------------------------------------------------------------------------------------
def _bulk(table: Any, rows: list[dict[str, Any]]) -> None:
    from backend.extensions import db
    for start in range(0, len(rows), 10_000):
        db.session.execute(insert(table), rows[start:start + 10_000])


def _town_and_sites(size: int, now: dt.datetime) -> tuple[uuid.UUID, list[uuid.UUID]]:
    from backend.models import Authority, Site, Town
    town = uuid.uuid4()
    _bulk(Town.__table__, [{"id": town, "slug": "carver", "name": "Town of Carver", "tz": "America/New_York",
                            "settings": {}, "active": True, "created_at": now}])
    _bulk(Authority.__table__, [{"id": uuid.uuid4(), "town_id": town, "kind": "planning_board",
                                 "chapters": [CHAPTER], "name": "Planning Board", "slack_channel": "C0PB"}])
    sites = [uuid.uuid4() for _ in range(max(1, size // 100))]
    _bulk(Site.__table__, [{"id": s, "town_id": town, "name": f"Site {i}", "address": f"{i} Main St",
                            "lat": 41.88, "lon": -70.76, "resource_areas": {}, "active": True,
                            "created_at": now} for i, s in enumerate(sites)])
    return town, sites


def _offenders(town: uuid.UUID, size: int, now: dt.datetime, sms: bool) -> list[uuid.UUID]:
    from backend.models import Party
    offenders = [uuid.uuid4() for _ in range(size * 8 // 10)]
    _bulk(Party.__table__, [{"id": p, "town_id": town, "kind": "permittee", "name": f"Offender {i}",
                             "language": "en", "phone_e164": f"+1508{5550000 + i:07d}", "created_at": now,
                             "sms_consent": sms and i % 2 == 0, "active": True}
                            for i, p in enumerate(offenders)])
    return offenders


def _violations(town: uuid.UUID, sites: list[uuid.UUID], offenders: list[uuid.UUID], size: int,
                now: dt.datetime, rng: random.Random) -> list[dict[str, Any]]:
    from backend.models import Violation
    pairs = [(p, rng.randint(0, 5)) for p in offenders] + [(rng.choice(offenders), 0)
                                                           for _ in range(size - len(offenders))]
    rows = [{"id": uuid.uuid4(), "town_id": town, "site_id": sites[i % len(sites)], "offender_id": offender,
             "chapter": CHAPTER, "provision": PROVISION, "citation": "~§ 247-7B(7)", "status": "open",
             "description": "controls not maintained", "observed_at": local(DAY - dt.timedelta(days=back), 9),
             "line_item": 1, "version": 1, "created_at": now, "updated_at": now}
            for i, (offender, back) in enumerate(pairs)]
    _bulk(Violation.__table__, rows)
    return rows


def _orders(town: uuid.UUID, sites: list[uuid.UUID], violations: list[dict[str, Any]],
            now: dt.datetime) -> None:
    """Site i: i % 3 == 0 noncriminal, 1 criminal, 2 no order."""
    from backend.models import EnforcementOrder, order_violations
    orders = {s: (uuid.uuid4(), "noncriminal" if i % 3 == 0 else "criminal")
              for i, s in enumerate(sites) if i % 3 < 2}
    _bulk(EnforcementOrder.__table__, [
        {"id": o, "town_id": town, "site_id": s, "kind": "cease_and_desist", "chapter": CHAPTER, "text": "",
         "status": "issued", "fine_path": path, "issued_at": now - dt.timedelta(days=10), "authorization": {},
         "service_detail": {}, "version": 1, "created_at": now, "updated_at": now}
        for s, (o, path) in orders.items()])
    _bulk(order_violations, [{"order_id": orders[v["site_id"]][0], "violation_id": v["id"]}
                             for v in violations if v["site_id"] in orders])


def seed(size: int, plain: bool) -> tuple[uuid.UUID, list[dict[str, Any]]]:
    from backend.extensions import db
    now, rng = local(DAY, 6).astimezone(dt.UTC), random.Random(size)
    town, sites = _town_and_sites(size, now)
    offenders = _offenders(town, size, now, sms=not plain)
    violations = _violations(town, sites, offenders, size, now, rng)
    if not plain:
        _orders(town, sites, violations, now)
    db.session.commit()
    return town, violations


WRITTEN = ("offense_days", "fine_accruals", "notifications")  # the tables the job writes rows to


def copy_of(source: Table, name: str) -> Table:
    """An empty table like `source`: same columns, types, primary key, foreign keys, unique keys and
    indexes (the index and key names follow the app's naming convention for the new name)."""
    from backend.extensions import db
    columns = [Column(c.name, c.type, *[ForeignKey(fk.target_fullname) for fk in c.foreign_keys],
                      primary_key=c.primary_key, nullable=c.nullable, index=c.index, unique=c.unique)
               for c in source.columns]
    uniques = [UniqueConstraint(*[c.name for c in u.columns]) for u in source.constraints
               if isinstance(u, UniqueConstraint) and len(u.columns) > 1]
    indexes = [Index(f"ix_{name}_{'_'.join(c.name for c in i.columns)}", *[c.name for c in i.columns])
               for i in source.indexes if len(i.columns) > 1]
    table = Table(name, db.metadata, *columns, *uniques, *indexes)
    table.create(db.engine)
    return table


def existing_ids() -> dict[str, set[Any]]:
    from backend.extensions import db
    tables = db.metadata.tables
    return {name: set(db.session.execute(select(tables[name].c.id)).scalars()) for name in WRITTEN}


def baseline_insert(before: dict[str, set[Any]]) -> tuple[float, int]:
    """The floor: the rows the job just wrote (offense-days, assessments, outbox rows, exactly as stored),
    bulk inserted again into empty copies of their tables in one transaction: SQLAlchemy Core executemany
    in statements of 5,000 rows, no audit. Returns the seconds and the rows."""
    from backend.extensions import db
    copies = []
    for name in WRITTEN:
        source = db.metadata.tables[name]
        rows = [dict(r._mapping) for r in db.session.execute(source.select()) if r.id not in before[name]]
        copies.append((copy_of(source, f"{name}_baseline"), rows))
    db.session.commit()
    started = time.perf_counter()
    for table, rows in copies:
        for start in range(0, len(rows), 5000):
            db.session.execute(insert(table), rows[start:start + 5000])
    db.session.commit()
    elapsed = time.perf_counter() - started
    for table, _ in copies:
        db.metadata.remove(table)
    return elapsed, sum(len(rows) for _, rows in copies)


def offense_day_insert(town: uuid.UUID, violations: list[dict[str, Any]]) -> float:
    """The stricter floor of the first benchmark: only the day's offense-day rows, into a copy of the table
    without foreign keys, before the job runs."""
    from backend.extensions import NAMING, db
    from backend.models import OffenseDay
    source = OffenseDay.__table__
    table = Table("offense_days_floor", MetaData(naming_convention=NAMING),  # same columns, keys, indexes
                  *[Column(c.name, c.type, primary_key=c.primary_key, nullable=c.nullable, index=c.index)
                    for c in source.columns],
                  UniqueConstraint("violation_id", "provision", "offender_id", "local_date"))
    table.create(db.engine)
    at = local(DAY, 20).astimezone(dt.UTC)
    rows = [{"id": uuid.uuid4(), "town_id": town, "violation_id": v["id"], "provision": PROVISION,
             "offender_id": v["offender_id"], "local_date": DAY, "line_item": 1, "created_at": at}
            for v in violations]
    started = time.perf_counter()
    for start in range(0, len(rows), 5000):
        db.session.execute(insert(table), rows[start:start + 5000])
    db.session.commit()
    return time.perf_counter() - started


@contextmanager
def counting_statements(engine: Any) -> Iterator[list[int]]:
    count = [0]

    def bump(*_: Any) -> None:
        count[0] += 1
    event.listen(engine, "before_cursor_execute", bump)
    try:
        yield count
    finally:
        event.remove(engine, "before_cursor_execute", bump)


def measure(database: str, url: str, size: int, plain: bool) -> Result:
    from backend.extensions import db
    from backend.services.accrual import run_accrual
    app = make_app(url)
    with app.app_context():
        town, violations = seed(size, plain)
        run_accrual(local(DAY - dt.timedelta(days=1), 20))  # yesterday's run: the steady state
        offense_days_s = offense_day_insert(town, violations)
        before = existing_ids()
        with counting_statements(db.engine) as statements:
            started, cpu = time.perf_counter(), time.process_time()
            report = run_accrual(local(DAY, 20))
            job_s, job_cpu_s = time.perf_counter() - started, time.process_time() - cpu
        assert report.offense_days == size and not report.failed, report
        insert_s, rows = baseline_insert(before)
        assert rows == report.offense_days + report.accruals + report.notifications, rows
        db.session.remove()
        db.engine.dispose()
    return Result(database, size, job_s, job_cpu_s, insert_s, offense_days_s, statements[0],
                  report.offense_days, report.accruals, report.notifications)


def line(r: Result) -> str:
    return (f"{r.database:8} n={r.size:>7}: job {r.job_s:7.2f} s (cpu {r.job_cpu_s:6.2f} s), bulk insert "
            f"of its rows {r.insert_s:6.2f} s, ratio {r.ratio:5.2f}; of the offense-day rows alone "
            f"{r.offense_days_s:6.2f} s, ratio {r.strict_ratio:5.2f}; {r.statements} SQL statements "
            f"({r.statements / r.size:.4f}/violation); wrote {r.offense_days} offense-days, {r.accruals} "
            f"assessments, {r.notifications} outbox rows")


def run(sizes: list[int], postgres: str | None, plain: bool, repeat: int) -> list[Result]:
    results = []
    for _ in range(repeat):
        for size in sizes:
            with sqlite_database() as url:
                results.append(measure("sqlite", url, size, plain))
            print(line(results[-1]), flush=True)
            if postgres:
                with scratch.postgres_database(postgres, "bench") as url:
                    results.append(measure("postgres", url, size, plain))
                print(line(results[-1]), flush=True)
    return results


def summary(results: list[Result], small: int, big: int) -> str:
    """Each figure from the run whose job time is the median of its database and size."""
    def pick(db: str, size: int) -> Result | None:
        runs = sorted((r for r in results if r.database == db and r.size == size), key=lambda r: r.job_s)
        return runs[(len(runs) - 1) // 2] if runs else None
    sq_big, sq_small, pg_big = pick("sqlite", big), pick("sqlite", small), pick("postgres", big)
    assert sq_big is not None and sq_small is not None
    pg = f"{pg_big.job_s:.2f}" if pg_big else "not-run"
    pg_ratio = f" postgres_ratio_vs_insert={pg_big.ratio:.2f}" if pg_big else ""
    return (f"accrual: sqlite_100k_s={sq_big.job_s:.2f} ratio_vs_insert={sq_big.ratio:.2f} "
            f"growth_10k_to_100k={sq_big.job_s / sq_small.job_s:.2f} postgres_100k_s={pg} "
            f"ratio_vs_offense_day_insert={sq_big.strict_ratio:.2f}{pg_ratio}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000", help="the small and the big size")
    parser.add_argument("--sqlite-only", action="store_true")
    parser.add_argument("--plain", action="store_true", help="no orders, no SMS: offense-days only")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each size; the summary takes medians")
    args = parser.parse_args()
    small, big = (int(s) for s in args.sizes.split(","))
    os.environ.setdefault("INSTANCE_PATH", tempfile.mkdtemp(prefix="bench-accrual-instance-"))
    postgres = None if args.sqlite_only else (os.environ.get("BENCH_DATABASE_URL")
                                              or os.environ.get("TEST_DATABASE_URL"))
    results = run([small, big], postgres, args.plain, max(1, args.repeat))
    note = "" if postgres else " (PostgreSQL not run: set BENCH_DATABASE_URL or TEST_DATABASE_URL)"
    print(f"targets: ratio_vs_insert <= {TARGETS['ratio_vs_insert']}, growth_10k_to_100k <= "
          f"{TARGETS['growth_10k_to_100k']}{note}")
    print(summary(results, small, big))


if __name__ == "__main__":
    main()
