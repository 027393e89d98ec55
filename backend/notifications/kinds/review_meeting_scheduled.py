"""A review meeting of an order was scheduled: its operator-notice, posting and 7-day checks and the
quorum, in the thread of the order's alert. Urgent when the meeting is less than 48 hours ahead (the
service marks the payload `urgent`).
"""
from __future__ import annotations

from backend.models import Notification
from backend.models.meetings import Meeting
from backend.notifications.board import record, recorded_with, under_order_alert, with_board
from backend.notifications.spec import BOARD, Payload, Spec
from backend.slack import alerts
from bot.blocks import review_notice
from bot.messages import ReviewNotice

slack = recorded_with(ReviewNotice, review_notice)


def resolve(row: Notification) -> Payload:
    return with_board(row, alerts.review_notice(record(Meeting, row, "meeting_id"), reminder=False))


KIND = Spec(
    stored="review_meeting_scheduled",
    audience=BOARD,
    dedupe="<town>:meeting-scheduled:<meeting>",
    slack=slack,
    resolve=resolve,
    thread_of=under_order_alert,
)
