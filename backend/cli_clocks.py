"""`flask clocks expire --as-of …`: open the violations of bylaw clocks that ran out (safe to repeat)."""

from __future__ import annotations

import datetime as dt

import click
from flask.cli import AppGroup

from backend.services.clocks import expire_clocks

clocks_cli = AppGroup("clocks", help="Bylaw clocks (stabilization and the like).")


@clocks_cli.command("expire")
@click.option(
    "--as-of", "as_of", required=True, help="an ISO instant with its offset, e.g. 2026-04-16T06:00-04:00"
)
def expire_command(as_of: str) -> None:
    """Clocks whose last local day ended before --as-of become missed; their violations open."""
    try:
        at = dt.datetime.fromisoformat(as_of)
    except ValueError as exc:
        raise click.BadParameter(f"not an ISO instant: {exc}", param_hint="--as-of") from exc
    if at.tzinfo is None:
        raise click.BadParameter(
            "give the offset (e.g. -04:00 or Z): a bylaw clock needs an instant", param_hint="--as-of"
        )
    opened = expire_clocks(at)
    click.echo(f"clocks expired as of {at.isoformat()}: {len(opened)} violation(s) opened")
