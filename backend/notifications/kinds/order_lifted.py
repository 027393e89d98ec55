"""An order was lifted: the party may resume. Urgent: sent at once, even in quiet hours.

Written by backend/sms/hooks.py in the transaction that lifts the order."""
from __future__ import annotations

from backend.notifications.spec import PARTY, Spec
from backend.sms.templates import simple

SEGMENTS = 3  # English GSM-7 segments, as every order text

sms = simple("lifted", ('site',), first_rung=2, english=SEGMENTS)

KIND = Spec(
    stored="sms.order_lifted",
    named="the text about the order lifted",
    audience=PARTY,
    dedupe="sms:order-lifted:<hash of order, party>",
    sms=sms,
    urgency="urgent",
    segments=SEGMENTS,
)
