"""Citations were voided and reissued after a change in the record: the party by text, in their language
(each day's old and new amount), the board with the service's own words. The service writes the changes with
the intent; `enrich` adds the party's language at the first attempt (rows without those facts send the
service's own words)."""
from __future__ import annotations

from backend.notifications import recorded
from backend.notifications.spec import BOTH, Spec
from backend.sms.citation_texts import citations_reissued, enrich_party

KIND = Spec(
    stored="citations.reissued",
    named="the text about the citations reissued",
    audience=BOTH,
    dedupe="{sms|slack}:citations-reissued:<party or board>:<day>:<digest of voided ids>",
    sms=citations_reissued,
    slack=recorded.slack,
    completed=True,
    enrich=enrich_party,
)
