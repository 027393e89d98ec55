"""A deadline passed with nothing recorded: the reminders job's OVERDUE words to the party and the board."""
from __future__ import annotations

from backend.notifications import recorded
from backend.notifications.board import site_links
from backend.notifications.spec import BOTH, Spec

KIND = Spec(
    stored="escalation",
    audience=BOTH,
    dedupe="{sms|slack}:escalation:<deadline>",
    sms=recorded.sms,
    slack=recorded.reminder("⚠️ Overdue"),
    resolve=site_links,
)
