"""Citations were voided and reissued after a change in the record: the service's own words to the party
and the board."""
from __future__ import annotations

from backend.notifications import recorded
from backend.notifications.spec import BOTH, Spec

KIND = Spec(
    stored="citations.reissued",
    audience=BOTH,
    dedupe="{sms|slack}:citations-reissued:<party or board>:<day>:<digest of voided ids>",
    sms=recorded.sms,
    slack=recorded.slack,
)
