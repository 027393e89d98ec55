"""Buttons on an alert: Acknowledge, Schedule review, View photos.

Each button is acknowledged at once. Acknowledge does its work in a lazy listener (it writes the record and
replies in the thread), so Slack's 3-second limit never depends on the database or the Web API. The modal
buttons open their view within the same listener, because a trigger id lives only a few seconds.
"""
from __future__ import annotations

import logging
from typing import Any

from slack_bolt import Ack, App, BoltContext
from slack_sdk import WebClient

from bot.blocks import Rendered
from bot.deps import Deps, DomainError, SlackMessageRef
from bot.ids import Action
from bot.listeners.common import Caller, identify
from bot.modals import ModalOrigin, photos_modal, schedule_review_modal
from bot.replies import acknowledged, refusal

log = logging.getLogger(__name__)


def message_ref(body: dict[str, Any], team_id: str) -> SlackMessageRef:
    container = body.get("container") or {}
    channel = container.get("channel_id") or (body.get("channel") or {}).get("id") or ""
    ts = container.get("message_ts") or (body.get("message") or {}).get("ts") or ""
    return SlackMessageRef(team_id, str(channel), str(ts))


def order_id_of(body: dict[str, Any]) -> str:
    actions = body.get("actions") or [{}]
    return str(actions[0].get("value") or "")[:64]


def tell(client: WebClient, where: SlackMessageRef, user_id: str, reply: Rendered) -> None:
    """Only the clicking user sees it."""
    client.chat_postEphemeral(channel=where.channel_id, user=user_id, text=reply.text, blocks=reply.blocks)


def _ack_only(ack: Ack) -> None:
    ack()


def acknowledge(deps: Deps, body: dict[str, Any], client: WebClient, context: BoltContext) -> None:
    where = message_ref(body, context.team_id or "")
    who = identify(deps, context.team_id, context.user_id)
    if not isinstance(who, Caller):
        return tell(client, where, context.user_id or "", who)
    try:
        ack = deps.alerts.acknowledge(who.town, who.member, order_id_of(body), where)
    except DomainError as exc:
        return tell(client, where, who.user_id, refusal(exc.message, exc.rule_id))
    reply = acknowledged(ack, who.town.tz)
    if ack.first:
        client.chat_postMessage(channel=where.channel_id, thread_ts=where.ts, text=reply.text,
                                blocks=reply.blocks)
    else:
        tell(client, where, who.user_id, reply)


def open_modal(deps: Deps, action: Action, body: dict[str, Any], client: WebClient,
               context: BoltContext) -> None:
    where = message_ref(body, context.team_id or "")
    who = identify(deps, context.team_id, context.user_id)
    if not isinstance(who, Caller):
        return tell(client, where, context.user_id or "", who)
    order_id = order_id_of(body)
    try:
        if action is Action.SCHEDULE_REVIEW:
            ctx = deps.reviews.review_context(who.town, who.member, order_id)
            view = schedule_review_modal(ctx, ModalOrigin(order_id, where.channel_id, where.ts), who.town.tz)
        else:
            view = photos_modal(deps.alerts.photos(who.town, who.member, order_id), who.town.tz)
    except DomainError as exc:
        return tell(client, where, who.user_id, refusal(exc.message, exc.rule_id))
    client.views_open(trigger_id=body["trigger_id"], view=view)


def register(app: App, deps: Deps) -> None:
    def _acknowledge(body: dict[str, Any], client: WebClient, context: BoltContext) -> None:
        acknowledge(deps, body, client, context)

    app.action(Action.ACKNOWLEDGE.value)(ack=_ack_only, lazy=[_acknowledge])

    @app.action(Action.SCHEDULE_REVIEW.value)
    def _schedule(ack: Ack, body: dict[str, Any], client: WebClient, context: BoltContext) -> None:
        ack()
        open_modal(deps, Action.SCHEDULE_REVIEW, body, client, context)

    @app.action(Action.VIEW_PHOTOS.value)
    def _photos(ack: Ack, body: dict[str, Any], client: WebClient, context: BoltContext) -> None:
        ack()
        open_modal(deps, Action.VIEW_PHOTOS, body, client, context)
