"""A stabilization deadline is near: the party by text, the board with the deadline's facts.

Written by the reminders job (services/reminders.py) at each lead day; the SMS row is completed with the
deadline's facts and a link (`enrich_reminder`); the Slack row's reminder is read from the deadline, as of
the row's creation (the job's day), never the clock (`resolve`).
"""
from __future__ import annotations

import datetime as dt

from sqlalchemy.orm import Session

from backend.models import Deadline, Notification
from backend.notifications.board import record, recorded_with, with_board
from backend.notifications.spec import BOTH, Payload, Spec
from backend.slack import alerts
from backend.sms.enrich import enrich_reminder
from backend.sms.meeting_texts import JOB_FACTS, stabilization
from bot.blocks import stabilization_reminder
from bot.messages import StabilizationReminder

sms = stabilization  # what to stabilize, which part of the site, the days left as of the job's day
slack = recorded_with(StabilizationReminder, stabilization_reminder)


def enrich(session: Session, row: Notification) -> bool:
    """The deadline's facts and link (as every deadline reminder), plus the job's own: its `as_of`, the days
    left counted from it, the action and the part of the site."""
    if not enrich_reminder(session, row):
        return False
    payload = dict(row.payload or {})
    facts = dict(payload.get("sms") or {})
    missing = {k: payload[k] for k in JOB_FACTS if k in payload and k not in facts}
    if missing:
        payload["sms"] = facts | missing
        row.payload = payload
    return True


def resolve(row: Notification) -> Payload:
    """Counted from the job's `as_of` (a catch-up run's day), never from when it is sent."""
    deadline = record(Deadline, row, "deadline_id")
    as_of = (row.payload or {}).get("as_of")
    day = dt.datetime.fromisoformat(as_of) if isinstance(as_of, str) else row.created_at
    return with_board(row, alerts.stabilization_reminder(deadline, day))


KIND = Spec(
    stored="reminder.stabilization",
    named="the stabilization reminder",
    audience=BOTH,
    dedupe="{sms|slack}:reminder:stabilization:<deadline>:<lead days>",
    sms=sms,
    slack=slack,
    completed=True,
    enrich=enrich,
    resolve=resolve,
)
