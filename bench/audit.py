"""`flask audit verify` benchmark: ``python -m bench.audit [--rows 200000] [--database FILE] [--postgres]``.

Dataset (built once per run, or kept in ``--database FILE`` and reused when it exists): bench.accrual's town
(V = rows / 20 open violations of Carver ch. 247 at V/100 sites, 0.8 V offenders, a third of the sites under a
noncriminal order, a third criminal, half the offenders consenting to SMS), every seeded row given its
``create`` event on the town's chain, then the daily offense-day job run day after day until the town holds
at least ``rows`` audited rows: per day V offense-days, ~0.67 V assessments and ~0.4 V outbox rows, written in
bulk under seals, beside the few hundred thousand ordinary events of the seeded rows. The chain verifies.

Measured, each in its own process: ``flask --app backend audit verify --town carver`` as an operator runs it
(wall time; peak resident memory: VmHWM of that process, by bench.peak), and, as the floor in the
same run on the same database, a process that only reads what verification reads (every audit event in seq
order and every audited row of the town, streamed) and checks nothing. ``ratio_vs_read`` = verify / floor.
The last line is machine readable: ``audit: rows=<n> seconds=<s> peak_mb=<mb>``.
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench import scratch
from bench.accrual import DAY, local, make_app, seed

KEY = "bench"
PEAK = re.compile(r"^peak_rss_kib=(\d+)$", re.M)
VERDICT = re.compile(r"^carver: (?P<events>\d+) events, (?P<rows>\d+) rows: (?P<status>OK|FAILED.*)$", re.M)


@dataclass
class Run:
    seconds: float
    peak_mb: float
    output: str


def _audit_seeded(town_id: Any) -> int:
    """Give every row the seed wrote behind the app's back its `create` event (as the app would have)."""
    from sqlalchemy import select

    from backend.audit import _append, audit_key  # the flush hook's own step, for rows written by Core
    from backend.audit_verify import audited_models
    from backend.extensions import db
    from backend.models import Town
    key, count = audit_key(db.session), 0
    for model in sorted(audited_models(), key=lambda m: m.__name__):
        col = model.id if model is Town else model.town_id  # type: ignore[attr-defined]
        ids = list(db.session.scalars(select(model.id).where(col == town_id).order_by(model.id)))  # type: ignore[attr-defined]
        for start in range(0, len(ids), 5000):
            objs = db.session.scalars(select(model).where(model.id.in_(ids[start:start + 5000])))  # type: ignore[attr-defined]
            _append(db.session, town_id, [("create", o) for o in objs], key)  # type: ignore[arg-type]
            count += len(ids[start:start + 5000])
        db.session.commit()
        db.session.expunge_all()
    return count


def build(url: str, rows: int) -> int:
    """The dataset above in the empty database at `url`; returns the town's audited rows."""
    from backend.clock import FixedClock
    from backend.extensions import db
    from backend.services.accrual import run_accrual
    app = make_app(url)
    with app.app_context():
        violations = max(100, rows // 20)
        town, _ = seed(violations, plain=False)
        total = _audit_seeded(town)
        day = DAY - dt.timedelta(days=1)
        while total < rows:
            app.extensions["clock"] = FixedClock(local(day, 20).astimezone(dt.UTC))
            report = run_accrual(local(day, 20))
            assert not report.failed, report.failed
            total += report.offense_days + report.accruals + report.notifications
            print(f"  {day}: {total:,} audited rows", flush=True)
            day += dt.timedelta(days=1)
        db.session.remove()
        db.engine.dispose()
    return total


def _environment(url: str, instance: str) -> dict[str, str]:
    env = dict(os.environ, DATABASE_URL=url, AUDIT_HMAC_KEY=KEY, SECRET_KEY=KEY, APP_ENV="test",
               INSTANCE_PATH=instance)
    env.pop("TEST_DATABASE_URL", None)
    return env


def measured(module_and_args: list[str], env: dict[str, str]) -> Run:
    """Run `python -m <module> <args>` under bench.peak: its wall time and its own peak resident memory."""
    args = [sys.executable, "-m", "bench.peak", *module_and_args]
    started = time.perf_counter()
    done = subprocess.run(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False)
    seconds = time.perf_counter() - started
    text = done.stdout.decode(errors="replace")
    peak = PEAK.findall(text)
    if done.returncode != 0 or not peak:
        raise SystemExit(f"{' '.join(args)} failed ({done.returncode}):\n{text[-2000:]}")
    return Run(seconds, int(peak[-1]) / 1024, text)


def read_everything(url: str) -> None:
    """The floor: stream every audit event (seq order) and every audited row of the town, check nothing."""
    from sqlalchemy import select

    from backend import create_app
    from backend.audit_verify import audited_models
    from backend.extensions import db
    from backend.models import AuditEvent, Town
    app = create_app({"app_env": "test", "database_url": url, "audit_hmac_key": KEY, "secret_key": KEY})
    with app.app_context():
        town = db.session.scalar(select(Town.id).where(Town.slug == "carver"))
        events = db.session.execute(select(AuditEvent.__table__).where(AuditEvent.town_id == town)
                                    .order_by(AuditEvent.seq).execution_options(yield_per=2000))
        count = sum(1 for _ in events)
        for model in audited_models():
            col = model.__table__.c.id if model is Town else model.__table__.c.town_id  # type: ignore[attr-defined]
            rows = db.session.execute(select(model.__table__).where(col == town)  # type: ignore[attr-defined]
                                      .execution_options(yield_per=2000))
            count += sum(1 for _ in rows)
    print(f"read {count} events and rows")


def verify(url: str, instance: str, *, with_floor: bool = True) -> tuple[Run, Run | None, int]:
    env = _environment(url, instance)
    floor = measured(["bench.audit", "--read-only", url], env) if with_floor else None
    run = measured(["flask", "--app", "backend", "audit", "verify", "--town", "carver"], env)
    found = VERDICT.search(run.output)
    if found is None or found["status"] != "OK":
        raise SystemExit(f"the chain does not verify:\n{run.output[-2000:]}")
    return run, floor, int(found["rows"])


def summary(rows: int, run: Run) -> str:
    return f"audit: rows={rows} seconds={run.seconds:.1f} peak_mb={run.peak_mb:.0f}"


@contextmanager
def database(args: argparse.Namespace) -> Iterator[str]:
    if args.postgres:
        base = os.environ.get("BENCH_DATABASE_URL") or os.environ.get("TEST_DATABASE_URL")
        if not base:
            raise SystemExit("--postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL")
        with scratch.postgres_database(base, "bench_audit") as url:
            yield url
        return
    if args.database:
        yield f"sqlite:///{Path(args.database).resolve()}"
        return
    with tempfile.TemporaryDirectory(prefix="bench-audit-") as folder:
        yield f"sqlite:///{folder}/bench.sqlite3"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rows", type=int, default=200_000, help="audited rows in the town (at least)")
    parser.add_argument("--database", help="SQLite file: built if missing, else reused as it is")
    parser.add_argument("--postgres", action="store_true", help="a scratch PostgreSQL database instead")
    parser.add_argument("--read-only", metavar="URL", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.read_only:
        read_everything(args.read_only)
        return
    instance = tempfile.mkdtemp(prefix="bench-audit-instance-")
    os.environ.setdefault("INSTANCE_PATH", instance)
    with database(args) as url:
        reuse = bool(args.database) and Path(args.database).exists()
        if not reuse:
            started = time.perf_counter()
            built = build(url, args.rows)
            print(f"built {built:,} audited rows in {time.perf_counter() - started:.0f} s", flush=True)
        run, floor, rows = verify(url, instance)
    assert floor is not None
    kind = "postgres" if args.postgres else "sqlite"
    print(f"{kind}: verify {run.seconds:.1f} s, {rows / run.seconds:,.0f} rows/s, peak {run.peak_mb:.0f} MB; "
          f"floor (read the same events and rows, check nothing) {floor.seconds:.1f} s, peak "
          f"{floor.peak_mb:.0f} MB; ratio_vs_read={run.seconds / floor.seconds:.2f}")
    print(summary(rows, run))


if __name__ == "__main__":
    main()
