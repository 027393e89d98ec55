"""A stabilization deadline is near: the party by text, the board with the deadline's facts.

Written by the reminders job (services/reminders.py) at each lead day; the SMS row is completed with the
deadline's facts and a link (`enrich_reminder`); the Slack row's reminder is read from the deadline, as of
the row's creation (the job's day), never the clock (`resolve`).
"""
from __future__ import annotations

from backend.models import Deadline, Notification
from backend.notifications.board import record, recorded_with, with_board
from backend.notifications.spec import BOTH, Payload, Spec
from backend.slack import alerts
from backend.sms.enrich import enrich_reminder
from backend.sms.templates import simple
from bot.blocks import stabilization_reminder
from bot.messages import StabilizationReminder

sms = simple("reminder", ("site", "label", "citation"))
slack = recorded_with(StabilizationReminder, stabilization_reminder)


def resolve(row: Notification) -> Payload:
    deadline = record(Deadline, row, "deadline_id")
    return with_board(row, alerts.stabilization_reminder(deadline, row.created_at))


KIND = Spec(
    stored="reminder.stabilization",
    audience=BOTH,
    dedupe="{sms|slack}:reminder:stabilization:<deadline>:<lead days>",
    sms=sms,
    slack=slack,
    completed=True,
    enrich=enrich_reminder,
    resolve=resolve,
)
