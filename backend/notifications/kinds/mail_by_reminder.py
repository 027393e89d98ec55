"""Proposed citations must be mailed soon (MGL c. 40 § 21D): the reminders job's words to the board."""
from __future__ import annotations

from backend.notifications import recorded
from backend.notifications.spec import BOARD, Spec

KIND = Spec(
    stored="reminder.citation-mail-by",
    audience=BOARD,
    dedupe="slack:reminder:citation-mail-by:<board>:<mail-by day>:<lead days>",
    slack=recorded.reminder("✉️ Citations to mail"),
)
