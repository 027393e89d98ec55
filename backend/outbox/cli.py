"""`flask outbox dispatch [--once] [--as-of ISO] | reconcile | redrive [--id …|--all-dead] | status`."""
from __future__ import annotations

import datetime as dt
import json
import sys
import time
import uuid

import click
from flask.cli import AppGroup

from backend.audit import acting_as
from backend.clock import now
from backend.extensions import db
from backend.models import Notification
from backend.outbox import STATUSES, admin
from backend.outbox.dispatcher import dispatch
from backend.outbox.jobs import open_channels, run_cycle, settings
from backend.outbox.policy import DeliveryPolicy
from backend.outbox.reconcile import reconcile

outbox_cli = AppGroup("outbox", help="The notification outbox: delivery, reconciliation, dead letters.")


def _instant(_ctx: click.Context, _param: click.Parameter, value: str | None) -> dt.datetime | None:
    if value is None:
        return None
    try:
        moment = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError as exc:
        raise click.BadParameter(f"not an ISO 8601 instant: {value!r}") from exc
    if moment.tzinfo is None:
        raise click.BadParameter("give a zone, e.g. 2026-04-06T14:00:00Z")
    return moment.astimezone(dt.UTC)


def _report(label: str, counts: dict[str, int]) -> None:
    click.echo(f"{label}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))


@outbox_cli.command("dispatch")
@click.option("--once", is_flag=True, help="one pass, then exit (default: keep polling)")
@click.option("--as-of", "as_of", callback=_instant, help="deliver what is due then (implies --once)")
@click.option("--poll-seconds", default=5.0, show_default=True, type=click.FloatRange(0.1, 3600))
def dispatch_command(once: bool, as_of: dt.datetime | None, poll_seconds: float) -> None:
    """Deliver due notifications; without --once also reconciles, every --poll-seconds, until stopped."""
    if once or as_of:
        with open_channels() as channels:
            report = dispatch(db.session, channels, as_of or now(), DeliveryPolicy.from_settings(settings()))
        _report("dispatch", report.as_dict())
        return
    while True:  # the long-running form: each cycle is run_cycle (reconcile, then dispatch)
        settled, delivered = run_cycle(db.session)
        _report("reconcile", settled.as_dict())
        _report("dispatch", delivered.as_dict())
        time.sleep(poll_seconds)


@outbox_cli.command("reconcile")
@click.option("--as-of", "as_of", callback=_instant, help="settle what is due at this instant (default: now)")
def reconcile_command(as_of: dt.datetime | None) -> None:
    """Ask Slack/Twilio whether ambiguous sends landed: found -> sent, not found -> pending."""
    with open_channels() as channels:
        report = reconcile(db.session, channels, as_of or now(), DeliveryPolicy.from_settings(settings()))
    _report("reconcile", report.as_dict())


@outbox_cli.command("redrive")
@click.option("--id", "ids", multiple=True, type=click.UUID, help="a notification id (repeatable)")
@click.option("--all-dead", is_flag=True, help="every dead notification")
@click.option("--town", "town_slug", default=None, help="with --all-dead: only this town")
def redrive_command(ids: tuple[uuid.UUID, ...], all_dead: bool, town_slug: str | None) -> None:
    """Put dead (or failed) notifications back to pending with fresh attempts."""
    if bool(ids) == all_dead:
        raise click.UsageError("give --id (one or more) or --all-dead")
    targets = list(ids) or admin.dead_ids(db.session, town_slug)
    refused = 0
    with acting_as("cli:outbox-redrive"):
        for notification_id in targets:
            refused += _redrive_one(notification_id)
        db.session.commit()
    click.echo(f"re-driven {len(targets) - refused}, refused {refused}")
    sys.exit(1 if refused else 0)


def _redrive_one(notification_id: uuid.UUID) -> int:
    row = db.session.get(Notification, notification_id)
    if row is None:
        click.echo(f"{notification_id}: no such notification", err=True)
        return 1
    try:
        admin.redrive(row)
    except admin.RedriveRefused as exc:
        click.echo(f"{notification_id}: {exc}", err=True)
        return 1
    return 0


@outbox_cli.command("status")
@click.option("--town", "town_slug", default=None, help="town slug; default: every town")
def status_command(town_slug: str | None) -> None:
    """Counts by state, per town."""
    counts = admin.status_counts(db.session, town_slug)
    if not counts:
        click.echo("outbox is empty")
    for slug, by_status in sorted(counts.items()):
        click.echo(f"{slug}: " + ", ".join(f"{s} {by_status[s]}" for s in STATUSES if by_status[s]))


@outbox_cli.command("show")
@click.argument("notification_id", type=click.UUID)
def show_command(notification_id: uuid.UUID) -> None:
    """One notification: its state and the exact words its latest attempt sent (SMS body; Slack text)."""
    row = db.session.get(Notification, notification_id)
    if row is None:
        raise click.ClickException(f"{notification_id}: no such notification")
    for label, value in admin.describe(row):
        click.echo(f"{label}: {value}")
    if row.sent_text is None:
        click.echo("--- not attempted yet: no words sent ---")
        return
    click.echo("--- words sent ---")
    click.echo(row.sent_text)
    if row.sent_blocks:
        click.echo("--- blocks ---")
        click.echo(json.dumps(row.sent_blocks, indent=2, ensure_ascii=False))
