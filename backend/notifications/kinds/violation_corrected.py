"""The violation was recorded as corrected: a courtesy text to the party.

Written by backend/sms/hooks.py in the transaction that closes the violation."""
from __future__ import annotations

from backend.notifications.spec import PARTY, Spec
from backend.sms.templates import simple

sms = simple("corrected", ('site', 'citation'), first_rung=2)

KIND = Spec(
    stored="sms.violation_corrected",
    named="the text saying the violation was corrected",
    audience=PARTY,
    dedupe="sms:violation-corrected:<hash of violation, party, version>",
    sms=sms,
)
