"""An order was issued: the board's alert with Acknowledge / Schedule review / View photos.
Urgent: sent at once.

Written by the orders service (services/notify.py); the alert's facts (provisions, fine path, review window,
photos, the record's and the map's links) are read from the order at send time (`resolve`), the renderer is
pure. The fallback text (the phone's notification, the record of what was said) carries the essentials: what,
where, the fine path and the review window, with citations as people write them.
"""
from __future__ import annotations

from typing import Any

from backend.models import EnforcementOrder, Notification
from backend.notifications.board import BOARD as MESSAGE
from backend.notifications.board import record, with_board
from backend.notifications.spec import BOARD, Payload, Spec
from backend.slack import alerts
from bot.blocks import order_alert
from bot.messages import OrderAlert, load


def slack(payload: Payload) -> tuple[str, list[dict[str, Any]] | None]:
    rendered = order_alert(load(OrderAlert, payload[MESSAGE]))
    return rendered.text, rendered.blocks


def resolve(row: Notification) -> Payload:
    return with_board(row, alerts.order_alert(record(EnforcementOrder, row, "order_id")))


KIND = Spec(
    stored="order_issued",
    audience=BOARD,
    dedupe="<town>:order-issued:<order>",
    slack=slack,
    urgency="urgent",
    resolve=resolve,
)
