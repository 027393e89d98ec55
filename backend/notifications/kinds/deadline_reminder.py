"""A deadline of an order that binds the party is near: what to do, where and by when."""
from __future__ import annotations

from backend.notifications.spec import PARTY, Spec
from backend.sms.templates import deadline_reminder

sms = deadline_reminder

KIND = Spec(
    stored="sms.deadline_reminder",
    named="the deadline reminder text",
    audience=PARTY,
    dedupe="sms:deadline-reminder:<hash of deadline, party, lead days>",
    sms=sms,
)
