"""`flask doctor`: every check of the deployment and of each town, with what to do when one fails; exit 1
when anything blocks going live."""
from __future__ import annotations

import sys

import click
from flask import current_app
from flask.cli import with_appcontext

from backend.readiness import FAIL, Check, ready
from backend.readiness.run import run_checks
from backend.towns.service import all_towns, find_town

MARK = {"ok": "OK  ", "warn": "WARN", "fail": "FAIL"}


@click.command("doctor")
@click.option("--town", "town_slug", default=None, help="only this town's checks (and the deployment's)")
@with_appcontext
def doctor_command(town_slug: str | None) -> None:
    """Check that this deployment is ready to go live: keys, database, Redis, photos, worker, jobs, and for
    each town its chain, boards, admins, Slack and Twilio."""
    towns = all_towns()
    if town_slug is not None:
        town = find_town(town_slug)
        if town is None:
            click.echo(f"no town {town_slug!r}", err=True)
            sys.exit(2)
        towns = [town]
    checks = run_checks(current_app.config["SETTINGS"], towns)
    current = object()
    for check in checks:
        if check.town != current:
            current = check.town
            click.echo(f"\n{check.town}:" if check.town else "deployment:")
        _print(check)
    if not towns:
        click.echo("\nno towns yet: flask --app backend towns add <slug> --name … --pack …")
    failed = sum(c.status == FAIL for c in checks)
    verdict = "ready to go live" if ready(checks) and towns else \
        f"NOT ready: {failed} check(s) failed" + ("" if towns else " and there is no town")
    click.echo(f"\n{verdict}")
    sys.exit(0 if ready(checks) and towns else 1)


def _print(check: Check) -> None:
    click.echo(f"  {MARK[check.status]} {check.name}: {check.detail}")
    if check.fix:
        click.echo(f"       fix: {check.fix}")
