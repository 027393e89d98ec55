"""Noncriminal citations (MGL c. 40 § 21D) were issued to the party: the service's own words (the mailed
citation is the legal notice)."""
from __future__ import annotations

from backend.notifications import recorded
from backend.notifications.spec import PARTY, Spec

KIND = Spec(
    stored="citations.issued",
    audience=PARTY,
    dedupe="sms:citations:<party>:<day>:<digest of citations>",
    sms=recorded.sms,
)
