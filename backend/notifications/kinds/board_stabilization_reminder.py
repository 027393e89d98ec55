"""A stabilization reminder carried in the payload (bot.messages.StabilizationReminder); its day count
reads the payload's `as_of`, never the clock."""
from __future__ import annotations

from backend.notifications.board import message, thread_of_payload
from backend.notifications.spec import BOARD, Spec
from bot.blocks import stabilization_reminder
from bot.messages import StabilizationReminder

slack = message(StabilizationReminder, stabilization_reminder)

KIND = Spec(
    stored="board.stabilization_reminder",
    audience=BOARD,
    dedupe="<service's key>",
    slack=slack,
    thread_of=thread_of_payload,
)
