"""An order was issued (cease-and-desist, restoration, enforcement): a courtesy text to the party beside the
legal notice. Urgent: a cease-and-desist takes effect at once, so it is texted at once, even in quiet
hours."""
from __future__ import annotations

from backend.notifications.spec import PARTY, Spec
from backend.sms.templates import simple

sms = simple("issued", ('site',))

KIND = Spec(
    stored="sms.order_issued",
    audience=PARTY,
    dedupe="sms:order-issued:<hash of order, party>",
    sms=sms,
    urgency="urgent",
)
