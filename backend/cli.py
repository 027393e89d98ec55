"""Flask CLI: `flask audit verify`, `flask seed-demo`, `flask checklists sync`."""
from __future__ import annotations

import sys

import click
from apiflask import APIFlask
from flask import current_app
from flask.cli import AppGroup
from sqlalchemy import select

from backend.audit import acting_as
from backend.audit_verify import verify_town
from backend.cli_admin import admin_cli
from backend.cli_clocks import clocks_cli
from backend.demo import seed_demo
from backend.extensions import db
from backend.jobs.runner import jobs_cli
from backend.models import Town
from backend.notifications.cli import notifications_cli
from backend.outbox.cli import outbox_cli
from backend.services.checklists import sync_templates
from backend.services.photo_files import fixity_report, photo_store

audit_cli = AppGroup("audit", help="Audit chain tools.")


@audit_cli.command("verify")
@click.option("--town", "town_slug", default=None, help="town slug; default: every town")
def verify_command(town_slug: str | None) -> None:
    """Check links and HMACs of the chain and compare every current row with its last event."""
    key = current_app.config["SETTINGS"].audit_hmac_key.encode()
    stmt = select(Town).order_by(Town.slug)
    towns = list(db.session.scalars(stmt.where(Town.slug == town_slug) if town_slug else stmt))
    if not towns:
        click.echo(f"no town {town_slug!r}", err=True)
        sys.exit(2)
    failed = False
    for town in towns:
        report = verify_town(db.session, town.id, key, lambda model, n, slug=town.slug: click.echo(
            f"{slug}: {n:,} {model} rows match their events", err=True))
        status = "OK" if report.ok else f"FAILED: {report.problem}"
        click.echo(f"{town.slug}: {report.events} events, {report.rows} rows: {status}")
        failed |= not report.ok
    sys.exit(1 if failed else 0)


@click.command("seed-demo")
def seed_demo_command() -> None:
    """Create the demo towns, boards, sites, permits, parties and users (APP_ENV=demo only)."""
    env = current_app.config["SETTINGS"].app_env
    if env == "production":
        click.echo("refused: seed-demo never runs with APP_ENV=production", err=True)
        sys.exit(2)
    if db.session.scalar(select(Town).limit(1)) is not None:
        click.echo("database already has towns; demo not seeded again")
        return
    with acting_as("cli:seed-demo"):
        accounts = seed_demo()
    click.echo("Demo accounts (email / password / town / role):")
    for email, password, town, role in accounts:
        click.echo(f"  {email:38} {password:18} {town:8} {role}")


checklists_cli = AppGroup("checklists", help="Checklist templates.")


@checklists_cli.command("sync")
def sync_checklists_command() -> None:
    """Store the shipped checklist template versions in the database (safe to repeat)."""
    for key, version, status in sync_templates():
        click.echo(f"{key} v{version}: {status}")


media_cli = AppGroup("media", help="Photo evidence store tools.")


@media_cli.command("verify")
@click.option("--town", "town_slug", default=None, help="town slug; default: every town")
def verify_media_command(town_slug: str | None) -> None:
    """Re-hash every original against its row; report missing, mismatched and orphaned files."""
    report = fixity_report(town_slug)
    click.echo(f"{report.checked} originals re-hashed")
    for key in report.missing:
        click.echo(f"MISSING    {key}")
    for m in report.mismatched:
        click.echo(f"MISMATCHED {m.key} expected {m.expected} found {m.actual}")
    for key in report.orphaned:
        click.echo(f"ORPHANED   {key}")
    click.echo("OK" if report.ok else "FAILED")
    sys.exit(0 if report.ok else 1)


@media_cli.command("sweep")
def sweep_media_command() -> None:
    """Move orphaned temporary files older than a day to quarantine (never deletes evidence)."""
    for key in photo_store().sweep():
        click.echo(f"quarantined {key}")


def register(app: APIFlask) -> None:
    app.cli.add_command(media_cli)
    app.cli.add_command(checklists_cli)
    app.cli.add_command(audit_cli)
    app.cli.add_command(seed_demo_command)
    app.cli.add_command(outbox_cli)
    app.cli.add_command(notifications_cli)
    app.cli.add_command(clocks_cli)
    app.cli.add_command(admin_cli)
    app.cli.add_command(jobs_cli)
    from backend.towns.cli import towns_cli
    app.cli.add_command(towns_cli)
    from backend.readiness.cli import doctor_command
    app.cli.add_command(doctor_command)
