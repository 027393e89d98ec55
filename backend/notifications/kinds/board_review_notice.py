"""A review-meeting notice carried in the payload (bot.messages.ReviewNotice)."""
from __future__ import annotations

from backend.notifications.board import message, thread_of_payload
from backend.notifications.spec import BOARD, Spec
from bot.blocks import review_notice
from bot.messages import ReviewNotice

slack = message(ReviewNotice, review_notice)

KIND = Spec(
    stored="board.erc_review_notice",
    audience=BOARD,
    dedupe="<service's key>",
    slack=slack,
    thread_of=thread_of_payload,
)
