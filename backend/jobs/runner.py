"""Run every periodic bylaw job for one instant: `flask jobs run-due --as-of ISO` and the hourly Huey task.

Each job takes the instant and derives its local date; each is idempotent (a second run for the same
instant changes nothing and writes no second outbox row). The order matters: clocks that ran out open their
violations before the offense-day job counts them; proposals are summarised after they are made. A job that
fails is rolled back, logged with its error on its heartbeat, and the others still run.
"""
from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import click
from flask.cli import AppGroup
from sqlalchemy import select

from backend.extensions import db
from backend.jobs.heartbeat import record_success
from backend.models import JobHeartbeat, Town
from backend.services.accrual import run_accrual
from backend.services.citations import proposals_digest
from backend.services.clocks import expire_clocks
from backend.services.reminders import run_escalations, run_reminders
from inspections.calendar import TZ, local_date

log = logging.getLogger(__name__)
DAILY_MAX_AGE = 3 * 3600  # scheduled hourly: stale after three missed runs


@dataclass(frozen=True)
class Job:
    name: str
    run: Callable[[dt.datetime], Any]
    max_age_seconds: int = DAILY_MAX_AGE


@dataclass(frozen=True)
class JobResult:
    name: str
    ok: bool
    result: Any


def _expire_clocks(as_of: dt.datetime) -> Any:
    return {"violations_opened": len(expire_clocks(as_of))}


def _offense_days(as_of: dt.datetime) -> Any:
    return run_accrual(as_of).as_dict()


def _proposals(as_of: dt.datetime) -> Any:
    towns = db.session.scalars(select(Town).where(Town.active.is_(True)).order_by(Town.slug)).all()
    return {"digests": sum(proposals_digest(town, local_date(as_of)) for town in towns)}


def _reminders(as_of: dt.datetime) -> Any:
    return {"notifications": run_reminders(as_of)}


def _escalations(as_of: dt.datetime) -> Any:
    return {"notifications": run_escalations(as_of)}


JOBS = (Job("expire-clocks", _expire_clocks), Job("offense-days", _offense_days),
        Job("citation-proposals", _proposals), Job("reminders", _reminders), Job("escalations", _escalations))


def run_due(as_of: dt.datetime, only: Sequence[str] = ()) -> list[JobResult]:
    """Run the jobs (all, or those named) for `as_of`, recording each one's heartbeat."""
    if as_of.tzinfo is None or as_of.utcoffset() is None:
        raise ValueError("as_of must be an aware instant")
    results = []
    for job in JOBS:
        if only and job.name not in only:
            continue
        try:
            outcome = job.run(as_of)
            db.session.commit()
            record_success(job.name, job.max_age_seconds)
            results.append(JobResult(job.name, True, outcome))
        except Exception as exc:  # noqa: BLE001 - one job's failure must not stop the others
            db.session.rollback()
            log.exception("job %s failed for %s", job.name, as_of.isoformat())
            _record_failure(job, exc)
            results.append(JobResult(job.name, False, f"{type(exc).__name__}: {exc}"))
    return results


def _record_failure(job: Job, exc: Exception) -> None:
    beat = db.session.get(JobHeartbeat, job.name)
    if beat is None:
        beat = JobHeartbeat(name=job.name, max_age_seconds=job.max_age_seconds)
    beat.last_error = f"{type(exc).__name__}: {exc}"[:2000]
    db.session.add(beat)
    db.session.commit()


jobs_cli = AppGroup("jobs", help="Periodic bylaw jobs (offense-days, citations, reminders, escalations).")


def parse_instant(value: str) -> dt.datetime:
    try:
        at = dt.datetime.fromisoformat(value.strip())
    except ValueError as exc:
        raise click.BadParameter(f"not an ISO instant: {exc}", param_hint="--as-of") from exc
    if at.tzinfo is None or at.utcoffset() is None:
        raise click.BadParameter("give the offset (e.g. 2026-04-21T06:00-04:00 or ...Z): the local date is "
                                 "derived from an instant", param_hint="--as-of")
    return at


MAX_CATCH_UP_DAYS = 366


def catch_up_instants(first: dt.datetime, through: dt.date) -> list[dt.datetime]:
    """`first`, then the same local time of day on each following local date through `through` (the days a
    catch-up runs in one go, each as its own `as_of`: what each day's run would have written)."""
    local = first.astimezone(TZ)
    days = (through - local.date()).days
    if days < 0:
        raise click.BadParameter(f"--through {through} is before the --as-of date {local.date()}",
                                 param_hint="--through")
    if days >= MAX_CATCH_UP_DAYS:
        raise click.BadParameter(f"at most {MAX_CATCH_UP_DAYS} days in one catch-up", param_hint="--through")
    return [dt.datetime.combine(local.date() + dt.timedelta(days=n), local.timetz().replace(tzinfo=None),
                                tzinfo=TZ) for n in range(days + 1)]


@jobs_cli.command("run-due")
@click.option("--as-of", "as_of", required=True,
              help="an ISO instant with its offset, e.g. 2026-04-21T06:00-04:00")
@click.option("--through", "through", default=None, type=click.DateTime(["%Y-%m-%d"]),
              help="catch up: run again at the same local time on every day after --as-of through this "
                   "date (YYYY-MM-DD), each day as its own as_of")
@click.option("--job", "only", multiple=True, type=click.Choice([j.name for j in JOBS]),
              help="run only this job (repeatable); default: every job, in order")
def run_due_command(as_of: str, through: dt.datetime | None, only: tuple[str, ...]) -> None:
    """Run every job due for --as-of (safe to repeat: a second run changes nothing)."""
    at = parse_instant(as_of)
    instants = catch_up_instants(at, through.date()) if through is not None else [at]
    failed = False
    for instant in instants:
        for result in run_due(instant, only):
            prefix = f"{instant.isoformat()} " if through is not None else ""
            click.echo(f"{prefix}{result.name}: {'ok' if result.ok else 'FAILED'} {result.result}")
            failed |= not result.ok
    raise SystemExit(1 if failed else 0)
