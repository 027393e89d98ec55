"""`/inspections site|violations|deadlines|fines|help`: answered in the acknowledgement, only to the caller.

The answers are quick reads of the caller's town, so they go back in the ack (within Slack's 3 seconds).
"""
from __future__ import annotations

from typing import Any

from slack_bolt import Ack, App, BoltContext

from bot.blocks import Rendered
from bot.deps import Deps, DomainError, Refused
from bot.ids import COMMAND
from bot.listeners.common import Caller, identify
from bot.replies import deadlines_reply, fines_reply, help_reply, refusal, sites_reply, violations_reply

DEFAULT_DAYS, MAX_DAYS = 14, 366
MAX_QUERY = 120


def parse(text: str) -> tuple[str, str]:
    """`site  Plymouth St` -> ("site", "Plymouth St"); the subcommand is case-insensitive."""
    verb, _, rest = " ".join((text or "").split()).partition(" ")
    return verb.lower(), rest[:MAX_QUERY]


def _days(arg: str) -> int:
    if not arg:
        return DEFAULT_DAYS
    if not arg.isdigit() or not 1 <= int(arg) <= MAX_DAYS:
        raise Refused(f"`deadlines` takes a number of days from 1 to {MAX_DAYS}, "
                      f"e.g. `{COMMAND} deadlines 7`.")
    return int(arg)


def answer(deps: Deps, caller: Caller, text: str) -> Rendered:
    verb, arg = parse(text)
    records, town = deps.records, caller.town
    if verb == "site":
        if not arg:
            return help_reply("`site` needs part of a site's name, address or map-lot.")
        return sites_reply(arg, records.sites(town, arg))
    if verb == "violations":
        return violations_reply(records.open_violations(town, arg), town.tz)
    if verb == "deadlines":
        days = _days(arg)
        return deadlines_reply(records.deadlines(town, days), days)
    if verb == "fines":
        return fines_reply(records.fines(town, arg))
    return help_reply(None if verb in ("", "help") else f"Unknown subcommand “{verb[:40]}”.")


def register(app: App, deps: Deps) -> None:
    @app.command(COMMAND)
    def inspections(ack: Ack, command: dict[str, Any], context: BoltContext) -> None:
        who = identify(deps, context.team_id, command.get("user_id"))
        if isinstance(who, Caller):
            try:
                who = answer(deps, who, str(command.get("text") or ""))
            except DomainError as exc:
                who = refusal(exc.message, exc.rule_id)
        ack(response_type="ephemeral", text=who.text, blocks=who.blocks)
