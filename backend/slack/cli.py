"""`flask slack check|thumbnails|digest|rotate-token-keys`: the Slack jobs by hand (each safe to repeat), a
check of each town's workspace and token, and re-sealing the installed tokens with the newest key."""
from __future__ import annotations

import datetime as dt
import sys

import click
from flask import current_app
from flask.cli import AppGroup
from slack_sdk.errors import SlackApiError
from sqlalchemy import select

from backend.audit import acting_as
from backend.clock import now
from backend.extensions import db
from backend.models import Town
from backend.slack.digest import enqueue_digests
from backend.slack.installs import town_slack
from backend.slack.store import reseal_tokens
from backend.slack.thumbnails import post_pending, print_pending

slack_cli = AppGroup("slack", help="Slack bot: configuration check, thumbnails, daily digest.")
ACTOR = "job:slack"


def _as_of(value: str | None) -> dt.datetime:
    if not value:
        return now()
    instant = dt.datetime.fromisoformat(value)
    if instant.tzinfo is None:
        raise click.BadParameter("give an offset, e.g. 2026-04-07T08:00:00-04:00", param_hint="--as-of")
    return instant


def _runtime():  # type: ignore[no-untyped-def]
    runtime = current_app.extensions.get("slack")
    if runtime is None or not runtime.enabled:
        click.echo("Slack is not configured (SLACK_CLIENT_ID and SLACK_TOWNS are empty)", err=True)
        sys.exit(2)
    return runtime


def _slugs(runtime) -> list[str]:  # type: ignore[no-untyped-def]
    """Fixed: the configured towns. Installed: every active town (each should have installed the app)."""
    if runtime.mode == "fixed":
        return sorted(runtime.workspaces.by_town)
    return list(db.session.scalars(select(Town.slug).where(Town.active.is_(True)).order_by(Town.slug)))


@slack_cli.command("check")
def check_command() -> None:
    """Ask Slack (auth.test) whether each town's token works and belongs to the town's workspace."""
    runtime, failed = _runtime(), False
    for slug in _slugs(runtime):
        found = town_slack(slug)
        if not found.installed:
            click.echo(f"{slug}: NOT INSTALLED: {found.status}")
            failed = True
            continue
        try:
            answer = runtime.client_for(slug).auth_test()
        except SlackApiError as exc:
            click.echo(f"{slug}: FAILED: {exc.response.get('error')}")
            failed = True
            continue
        ok = answer.get("team_id") == found.team_id
        failed |= not ok
        verdict = "OK" if ok else "WRONG WORKSPACE"
        click.echo(f"{slug}: {verdict}: team {answer.get('team_id')} ({answer.get('team')})")
    sys.exit(1 if failed else 0)


@slack_cli.command("rotate-token-keys")
def rotate_command() -> None:
    """Re-seal every stored Slack token with the first key of SLACK_TOKEN_KEYS (run after adding a new key
    in front; then the old key can be removed)."""
    counts = reseal_tokens()
    click.echo(" ".join(f"{table} {n}" for table, n in counts.items()))


@slack_cli.command("thumbnails")
@click.option("--as-of", "as_of", default=None, help="ISO instant with offset; default now")
def thumbnails_command(as_of: str | None) -> None:
    """Upload the ready thumbnails of recent order alerts into their threads (console mode: print their
    URLs)."""
    runtime = current_app.extensions.get("slack")
    with acting_as(ACTOR):
        if runtime is None or not runtime.enabled:
            report = print_pending(db.session(), _as_of(as_of))
        else:
            report = post_pending(db.session, runtime, _as_of(as_of))
    click.echo(" ".join(f"{k} {v}" for k, v in report.as_dict().items()))


@slack_cli.command("digest")
@click.option("--as-of", "as_of", default=None, help="ISO instant with offset; default now")
def digest_command(as_of: str | None) -> None:
    """Write yesterday's digest of every board with a Slack channel (once per board and day)."""
    with acting_as(ACTOR):
        written = enqueue_digests(db.session, _runtime(), _as_of(as_of))
    click.echo(f"digests {written}")
