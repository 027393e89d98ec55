"""A change to a violation or an order (corrected, reopened, revised, lifted, meeting scheduled or flagged),
posted in the thread of the order's alert. Written by backend/slack/updates.py."""
from __future__ import annotations

from backend.notifications.board import message, thread_of_payload
from backend.notifications.spec import BOARD, Spec
from bot.blocks import thread_update
from bot.messages import ThreadUpdate

slack = message(ThreadUpdate, thread_update)

KIND = Spec(
    stored="board.thread_update",
    audience=BOARD,
    dedupe="<town>:slack-update:<record type>:<id>:v<version>",
    slack=slack,
    thread_of=thread_of_payload,
)
