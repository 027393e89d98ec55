"""A review meeting of an order was scheduled: its operator-notice, posting and 7-day checks and the
quorum, in the thread of the order's alert. Urgent when the meeting is less than 48 hours after the intent
was written (or the service marked the payload `urgent`).
"""
from __future__ import annotations

import datetime as dt

from backend.models import Notification
from backend.models.meetings import Meeting
from backend.notifications.board import record, recorded_with, under_order_alert, with_board
from backend.notifications.spec import BOARD, Payload, Spec
from backend.slack import alerts
from bot.blocks import review_notice
from bot.messages import ReviewNotice

slack = recorded_with(ReviewNotice, review_notice)


SOON = dt.timedelta(hours=48)


def _aware(instant: dt.datetime) -> dt.datetime:
    return instant if instant.tzinfo is not None else instant.replace(tzinfo=dt.UTC)  # SQLite reads UTC naive


def resolve(row: Notification) -> Payload:
    meeting = record(Meeting, row, "meeting_id")
    facts = with_board(row, alerts.review_notice(meeting, reminder=False))
    if row.created_at is not None and _aware(meeting.scheduled_for) - _aware(row.created_at) < SOON:
        facts["urgent"] = True
    return facts


KIND = Spec(
    stored="review_meeting_scheduled",
    audience=BOARD,
    dedupe="<town>:meeting-scheduled:<meeting>",
    slack=slack,
    resolve=resolve,
    thread_of=under_order_alert,
)
