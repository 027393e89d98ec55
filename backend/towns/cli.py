"""`flask towns add|list|show|operator`: create a town in a fresh deployment, print what each town has, and
make a platform operator (who creates further towns through the API)."""
from __future__ import annotations

import sys

import click
from flask.cli import AppGroup
from sqlalchemy import func, select

from backend.audit import acting_as
from backend.extensions import db
from backend.models import User
from backend.towns.service import (
    TownInfo,
    TownRefused,
    TownRequest,
    all_towns,
    create_town,
    describe,
    find_town,
    known_packs,
)

towns_cli = AppGroup("towns", help="Towns: create one, list them, show what one has.")


@towns_cli.command("add")
@click.argument("slug")
@click.option("--name", required=True, help='the town as it signs its notices, e.g. "Town of Carver"')
@click.option("--pack", "packs", multiple=True, required=True,
              help="a chapter the town adopts (repeat), one of the keys `flask towns packs` lists")
@click.option("--tz", default="America/New_York", show_default=True, help="IANA time zone of the town")
@click.option("--contact-phone", default=None, help="the number an SMS HELP reply gives permittees")
def add_command(slug: str, name: str, packs: tuple[str, ...], tz: str, contact_phone: str | None) -> None:
    """Create the town, adopt its chapters and create the board that enforces each (safe to repeat)."""
    req = TownRequest(slug.strip().lower(), name, [p.strip().upper() for p in packs], tz, contact_phone)
    try:
        with acting_as("cli:towns"):
            result = create_town(req)
    except TownRefused as exc:
        db.session.rollback()
        click.echo(f"refused: {exc}", err=True)
        sys.exit(2)
    info = describe(result.town)
    if result.created:
        click.echo(f"created {info.town.slug} ({info.town.name})")
    elif result.changed:
        click.echo(f"{info.town.slug} exists: adopted {', '.join(result.adopted) or 'nothing new'}, "
                   f"new boards: {', '.join(result.boards_created) or 'none'}")
    else:
        click.echo(f"{info.town.slug} exists with these chapters and boards: nothing changed")
    _print(info)
    if not info.admins:
        click.echo(f"next: flask --app backend admin invite --town {info.town.slug} --email … --name …")


@towns_cli.command("list")
def list_command() -> None:
    """Every town: slug, name, chapters adopted, boards, admins."""
    towns = all_towns()
    if not towns:
        click.echo("no towns yet: flask --app backend towns add <slug> --name … --pack …")
    for town in towns:
        info = describe(town)
        state = "" if town.active else " (inactive)"
        click.echo(f"{town.slug:12} {town.name}{state}: {', '.join(info.packs) or 'no chapters'}; "
                   f"{_n(len(info.boards), 'board')}, {_n(len(info.admins), 'admin')}, "
                   f"{_n(info.members, 'membership')}")


@towns_cli.command("show")
@click.argument("slug")
def show_command(slug: str) -> None:
    """What one town has: chapters, boards (with the chapters each enforces and its Slack channel), admins."""
    town = find_town(slug)
    if town is None:
        click.echo(f"no town {slug!r}", err=True)
        sys.exit(2)
    _print(describe(town))


@towns_cli.command("packs")
def packs_command() -> None:
    """The rule packs the engine knows, each with the board that enforces it."""
    for key, pack in known_packs().items():
        click.echo(f"{key:12} {pack['enforcing_authority']:26} {pack['title']}")


@towns_cli.command("operator")
@click.option("--email", required=True)
@click.option("--revoke", is_flag=True, help="take the platform operator role away")
def operator_command(email: str, revoke: bool) -> None:
    """Make an existing account a platform operator (creates towns through the API), or revoke it."""
    user = db.session.scalar(select(User).where(func.lower(User.email) == email.strip().lower()))
    if user is None:
        click.echo(f"no account {email!r}: invite it first (flask admin invite)", err=True)
        sys.exit(2)
    from backend.services.accounts import record, user_towns
    user.is_platform_operator = not revoke
    for town_id in sorted(user_towns(user)):  # the account is not audited: each of its towns hears of it
        record(town_id, user, "platform_operator_revoked" if revoke else "platform_operator_granted", None)
    with acting_as("cli:towns"):
        db.session.commit()
    click.echo(f"{user.email} is {'no longer ' if revoke else ''}a platform operator")


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _print(info: TownInfo) -> None:
    town = info.town
    click.echo(f"  name: {town.name}\n  time zone: {town.tz}\n  contact phone: {town.contact_phone or '-'}")
    click.echo(f"  chapters: {', '.join(info.packs) or 'none adopted'}")
    for board in info.boards:
        channel = f", Slack channel {board.slack_channel}" if board.slack_channel else ", no Slack channel"
        chapters = ", ".join(board.chapters) or "no chapters"
        click.echo(f"  board: {board.name} ({board.kind}): {chapters}{channel}")
    click.echo(f"  admins: {', '.join(info.admins) or 'none yet'}; {info.members} active memberships")
