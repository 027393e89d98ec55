"""An order was issued: the board's alert with Acknowledge / Schedule review / View photos.
Urgent: sent at once.

Written by the orders service (services/notify.py) with its own words; the alert's facts (provisions, fine
path, review window, photos) are read from the order at send time (`resolve`), the renderer is pure.
"""
from __future__ import annotations

from backend.models import EnforcementOrder, Notification
from backend.notifications.board import record, recorded_with, with_board
from backend.notifications.spec import BOARD, Payload, Spec
from backend.slack import alerts
from bot.blocks import order_alert
from bot.messages import OrderAlert

slack = recorded_with(OrderAlert, order_alert)


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
