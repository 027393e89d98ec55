"""An inspection event needs the party's notice to the board soon: the party by text, the board with the job's
words.

Written by the reminders job (services/reminders.py); the SMS row is completed with the deadline's facts and a
link at its first attempt (`enrich_reminder`).
"""
from __future__ import annotations

from backend.notifications import recorded
from backend.notifications.board import site_links
from backend.notifications.spec import BOTH, Spec
from backend.sms.enrich import enrich_reminder
from backend.sms.templates import deadline_reminder

sms = deadline_reminder
slack = recorded.reminder("🔔 Inspection notice due")

KIND = Spec(
    stored="reminder.inspection-event-notice",
    named="the inspection notice reminder",
    audience=BOTH,
    dedupe="{sms|slack}:reminder:inspection-event-notice:<deadline>:<lead days>",
    sms=sms,
    slack=slack,
    completed=True,
    enrich=enrich_reminder,
    resolve=site_links,
)
