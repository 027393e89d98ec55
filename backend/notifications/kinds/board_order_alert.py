"""An order alert whose message the service carried in the payload (bot.messages.OrderAlert)."""
from __future__ import annotations

from backend.notifications.board import message, thread_of_payload
from backend.notifications.spec import BOARD, Spec
from bot.blocks import order_alert
from bot.messages import OrderAlert

slack = message(OrderAlert, order_alert)

KIND = Spec(
    stored="board.order_alert",
    audience=BOARD,
    dedupe="<service's key>",
    slack=slack,
    urgency="urgent",
    thread_of=thread_of_payload,
)
