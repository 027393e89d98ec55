"""An order was lifted: the party may resume. Urgent: sent at once, even in quiet hours.

Written by backend/sms/hooks.py in the transaction that lifts the order."""
from __future__ import annotations

from backend.notifications.spec import PARTY, Spec
from backend.sms.templates import simple

sms = simple("lifted", ('site',), first_rung=2)

KIND = Spec(
    stored="sms.order_lifted",
    audience=PARTY,
    dedupe="sms:order-lifted:<hash of order, party>",
    sms=sms,
    urgency="urgent",
)
