"""A deadline passed with nothing recorded: the party by text, in their language (what was due, where, when,
a link), the board with the reminders job's OVERDUE words. The SMS row is completed with the deadline's facts
and a link at its first attempt (`enrich_reminder`)."""
from __future__ import annotations

from backend.notifications import recorded
from backend.notifications.board import site_links
from backend.notifications.spec import BOTH, Spec
from backend.sms.citation_texts import overdue
from backend.sms.enrich import enrich_reminder

KIND = Spec(
    stored="escalation",
    named="the overdue-deadline text",
    audience=BOTH,
    dedupe="{sms|slack}:escalation:<deadline>",
    sms=overdue,
    slack=recorded.reminder("⚠️ Overdue"),
    resolve=site_links,
    completed=True,
    enrich=enrich_reminder,
)
