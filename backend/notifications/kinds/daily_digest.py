"""The board's daily digest: new violations, offense-days, citations to issue, deadlines, undelivered texts
and the head of the town's audit chain. Written by backend/slack/digest.py once per board and local day."""
from __future__ import annotations

from backend.notifications.board import message, thread_of_payload
from backend.notifications.spec import BOARD, Spec
from bot.digest import daily_digest
from bot.messages import DailyDigest

slack = message(DailyDigest, daily_digest)

KIND = Spec(
    stored="board.daily_digest",
    audience=BOARD,
    dedupe="<town>:slack-digest:<board>:<local day>",
    slack=slack,
    thread_of=thread_of_payload,
)
