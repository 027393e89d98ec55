"""`flask admin invite`: enrol a town's first admin (or anyone) from the shell and print a one-time link.

A real town has no account until someone creates one; the API needs a town admin to do it, so the first
admin of each town is invited here by whoever runs the deployment (recorded as actor `cli:admin`).
"""
from __future__ import annotations

import sys

import click
from flask.cli import AppGroup
from sqlalchemy import select

from backend.audit import acting_as
from backend.extensions import db
from backend.models import Authority, Town
from backend.models.towns import AUTHORITY_KINDS, ROLES
from backend.services import accounts
from inspections.errors import DomainError

admin_cli = AppGroup("admin", help="Town administration from the shell.")


@admin_cli.command("invite")
@click.option("--town", "town_slug", required=True, help="town slug, e.g. carver")
@click.option("--email", required=True)
@click.option("--name", required=True)
@click.option("--role", type=click.Choice(ROLES), default="town_admin", show_default=True)
@click.option("--board", type=click.Choice(AUTHORITY_KINDS), default=None, help="the board, for board roles")
def invite_command(town_slug: str, email: str, name: str, role: str, board: str | None) -> None:
    """Create the user (or add the role to an existing account) and print a one-time password link."""
    town = db.session.scalar(select(Town).where(Town.slug == town_slug.strip().lower()))
    if town is None:
        click.echo(f"no town {town_slug!r}", err=True)
        sys.exit(2)
    authority_id = None
    if board is not None:
        authority_id = db.session.scalar(select(Authority.id).where(Authority.town_id == town.id,
                                                                    Authority.kind == board))
        if authority_id is None:
            click.echo(f"{town.name} has no {board}", err=True)
            sys.exit(2)
    try:
        with acting_as("cli:admin"):
            user, _, created = accounts.enrol(town.id, None, email, name, role, authority_id)
            if not created:
                click.echo(f"{user.email} exists: added {role} in {town.slug}; their password is unchanged")
                return
            raw, reset = accounts.new_reset(town.id, None, user)
    except DomainError as exc:
        db.session.rollback()
        click.echo(f"refused: {exc.message}", err=True)
        sys.exit(2)
    click.echo(f"{user.email} is {role} in {town.slug}. One-time link (valid until "
               f"{reset.expires_at:%Y-%m-%d %H:%M} UTC):\n  {accounts.reset_link(raw)}")
