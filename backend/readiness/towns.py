"""A town's checks: its audit chain verifies with this key, a board for each adopted chapter, an admin, its
Slack workspace and each board's alert channel (asked of Slack: auth.test, conversations.info), its Twilio
sender and the sender's incoming webhook (asked of Twilio)."""
from __future__ import annotations

from flask import current_app
from slack_sdk.errors import SlackApiError
from twilio.base.exceptions import TwilioRestException
from twilio.rest import Client

from backend.config import Settings
from backend.models import Town
from backend.readiness import Check, fail, ok, warn
from backend.slack.channels import UNREACHABLE
from backend.towns.service import TownInfo, describe

WEBHOOK = "/webhooks/twilio/sms"


def audit_chain(town: Town, settings: Settings) -> Check:
    from backend.audit_verify import verify_town
    from backend.extensions import db
    report = verify_town(db.session(), town.id, settings.audit_hmac_key.encode(), lambda *_: None)
    if report.ok:
        return ok("audit chain", f"{report.events} events, {report.rows} rows verify with AUDIT_HMAC_KEY",
                  town.slug)
    return fail("audit chain", f"does not verify: {report.problem}",
                "stop: either AUDIT_HMAC_KEY is not the key this chain was written with (restore it from the "
                f"off-platform copy) or a record was changed behind the app; run flask --app backend audit "
                f"verify --town {town.slug} and keep its output", town.slug)


def chapters(info: TownInfo) -> list[Check]:
    slug = info.town.slug
    if not info.packs:
        return [fail("chapters", "no chapter adopted",
                     f"flask --app backend towns add {slug} --name … --pack <chapter> (flask towns packs "
                     "lists them)", slug)]
    enforced = {c for b in info.boards for c in b.chapters}
    missing = [p for p in info.packs if p not in enforced]
    if missing:
        return [fail("boards", f"no board enforces {', '.join(missing)}",
                     f"run flask --app backend towns add {slug} again with the same chapters: it creates the "
                     "missing boards", slug)]
    return [ok("chapters", f"{', '.join(info.packs)}, each enforced by a board "
               f"({', '.join(b.name for b in info.boards)})", slug)]


def admins(info: TownInfo) -> Check:
    slug = info.town.slug
    if info.admins:
        return ok("admins", f"{len(info.admins)} active town admin{'' if len(info.admins) == 1 else 's'}",
                  slug)
    return fail("admins", "no active town admin",
                f"flask --app backend admin invite --town {slug} --email … --name …, then send the link",
                slug)


def contact(info: TownInfo) -> Check:
    if info.town.contact_phone:
        return ok("contact phone", "set (SMS HELP answers give it)", info.town.slug)
    return warn("contact phone", "not set: an SMS HELP reply cannot give the town's number",
                f"flask --app backend towns add {info.town.slug} (its name and chapters as before) "
                "--contact-phone <number>", info.town.slug)


def slack(info: TownInfo) -> list[Check]:
    from backend.slack.installs import town_slack
    slug, runtime = info.town.slug, current_app.extensions["slack"]
    if runtime.mode == "off":
        return [fail("slack", "Slack is off for every town", "see the deployment's slack check", slug)]
    found = town_slack(slug)
    if not found.installed:
        fix = ("a town admin adds the app to the town's workspace: field app Admin → Settings → Add to Slack"
               if runtime.mode == "installed" else
               f"add {slug} to SLACK_TOWNS and SLACK_BOT_TOKENS and restart")
        return [fail("slack", f"not connected ({found.status.replace('_', ' ')})", fix, slug)]
    client = runtime.client_for(slug)
    try:
        answer = client.auth_test()
    except SlackApiError as exc:
        return [fail("slack", f"Slack refused the town's token ({exc.response.get('error')})",
                     "install the app again (Add to Slack), or replace the token in SLACK_BOT_TOKENS", slug)]
    if found.team_id and answer.get("team_id") != found.team_id:
        return [fail("slack", f"the token belongs to another workspace ({answer.get('team')})",
                     "install the app in the town's own workspace", slug)]
    out = [ok("slack", f"connected to the workspace “{answer.get('team')}”", slug)]
    return out + [_channel(client, board, slug) for board in info.boards]


def _channel(client, board, slug: str) -> Check:  # type: ignore[no-untyped-def]
    name = f"slack channel of {board.name}"
    invite = ("in the board's alert channel type /invite @fieldenforce, then set it as the board's channel "
              "(PUT /api/v1/slack/channels/<board>)")
    if not board.slack_channel:
        return fail(name, "not set: the board's alerts have nowhere to go", invite, slug)
    try:
        channel = client.conversations_info(channel=board.slack_channel)["channel"]
    except SlackApiError as exc:
        error = str(exc.response.get("error") or "error")
        return fail(name, f"Slack cannot open it: {UNREACHABLE.get(error, error)}", invite, slug)
    label = f"#{channel.get('name')}"
    if channel.get("is_archived"):
        return fail(name, f"{label} is archived", "unarchive it or choose another channel: " + invite, slug)
    if not channel.get("is_member"):
        return fail(name, f"the bot is not in {label}", invite, slug)
    return ok(name, f"{label}, the bot is a member", slug)


def twilio(info: TownInfo, settings: Settings) -> Check:
    slug = info.town.slug
    sender = settings.twilio_senders.get(slug) or settings.twilio_senders.get("*")
    if not (settings.twilio_account_sid and settings.twilio_auth_token):
        return fail("twilio", "no Twilio account", "see the deployment's twilio check", slug)
    if not sender:
        return fail("twilio", "no sender for this town",
                    f'add "{slug}": "MG…" (the town\'s Messaging Service) to TWILIO_SENDERS, restart', slug)
    expected = settings.public_base_url + WEBHOOK
    try:
        url = _incoming_webhook(settings, sender)
    except TwilioRestException as exc:
        return fail("twilio", f"Twilio refused to show the sender ({exc.code}: {exc.msg})",
                    "check TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and that the sender belongs to that account",
                    slug)
    what = "Messaging Service" if sender.startswith("MG") else "number"
    if url is None:
        return fail("twilio", f"the {what} is not in this Twilio account",
                    "check TWILIO_SENDERS against the Twilio console", slug)
    if url != expected:
        return fail("twilio", f"the {what}'s incoming webhook is {url or 'not set'}, not {expected}",
                    f"in the Twilio console set the {what}'s incoming message webhook to {expected} (POST)",
                    slug)
    return ok("twilio", f"sender set; the {what}'s incoming webhook is {expected}", slug)


def _incoming_webhook(settings: Settings, sender: str) -> str | None:
    """The sender's incoming-message URL as Twilio has it ("" when empty); None when Twilio has no such
    sender in the account."""
    from backend.channels.twilio_http import KeepingTwilioHttpClient, RebasedTwilioHttpClient
    timeout = settings.channel_timeout_seconds
    http = (RebasedTwilioHttpClient(settings.twilio_api_base, timeout=timeout) if settings.twilio_api_base
            else KeepingTwilioHttpClient(timeout=timeout))
    with http:
        client = Client(settings.twilio_account_sid, settings.twilio_auth_token, http_client=http)
        if sender.startswith("MG"):
            try:
                return client.messaging.v1.services(sender).fetch().inbound_request_url or ""
            except TwilioRestException as exc:
                if exc.status == 404:
                    return None
                raise
        numbers = client.incoming_phone_numbers.list(phone_number=sender, limit=1)
        return (numbers[0].sms_url or "") if numbers else None


def outbox(town: Town) -> Check:
    """Messages that failed for good (or for now): written before Slack or Twilio was set up, or refused."""
    from sqlalchemy import func, select

    from backend.extensions import db
    from backend.models import Notification
    rows = db.session.execute(select(Notification.channel, Notification.error_code, func.count())
                              .where(Notification.town_id == town.id,
                                     Notification.status.in_(("failed", "dead")))
                              .group_by(Notification.channel, Notification.error_code)).all()
    if not rows:
        return ok("outbox", "no failed or dead messages", town.slug)
    found = ", ".join(f"{n} {channel} ({code or 'error'})" for channel, code, n in rows)
    return warn("outbox", f"messages not delivered: {found}",
                "flask --app backend outbox status lists them; once the cause is fixed, flask --app backend "
                "outbox redrive --all-dead (a board alert written before the board's Slack channel was set "
                "stays addressed to no channel: tell the board by hand)", town.slug)


def checks(town: Town, settings: Settings) -> list[Check]:
    info = describe(town)
    return [audit_chain(town, settings), *chapters(info), admins(info), contact(info), *slack(info),
            twilio(info, settings), outbox(town)]
