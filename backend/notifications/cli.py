"""`flask notifications preview [--json | --markdown] [--kind NAME]`: what every kind would send, before
going live."""
from __future__ import annotations

import json

import click
from flask.cli import AppGroup

from backend.notifications.catalogue import catalogue, kind
from backend.notifications.preview import preview, sms_samples_markdown

notifications_cli = AppGroup("notifications", help="The notification catalogue: kinds and their words.")


@notifications_cli.command("preview")
@click.option("--json", "as_json", is_flag=True, help="a JSON array of {kind, channel, lang, text, …}")
@click.option("--markdown", is_flag=True,
              help="the SMS sample messages and segment table (docs/sms-messages.md)")
@click.option("--kind", "kinds", multiple=True, help="only this kind (repeatable)")
def preview_command(as_json: bool, markdown: bool, kinds: tuple[str, ...]) -> None:
    """Render every kind x channel x language from the demo's facts: the text exactly as it would be sent."""
    unknown = [name for name in kinds if name not in catalogue()]
    if unknown:
        raise click.BadParameter(f"no kind {', '.join(unknown)}; known: {', '.join(catalogue())}",
                                 param_hint="--kind")
    entries = preview([kind(name) for name in kinds] or None)
    if markdown:
        click.echo(sms_samples_markdown(entries), nl=False)
        return
    if as_json:
        click.echo(json.dumps(entries, ensure_ascii=False, indent=2))
        return
    for e in entries:
        size = f"{e['segments']} segment(s), {e['encoding']}" if e["channel"] == "sms" else "Slack"
        click.echo(f"== {e['kind']} · {e['channel']} · {e['lang']} ({size})\n{e['text']}\n")
