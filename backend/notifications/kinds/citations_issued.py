"""Noncriminal citations (MGL c. 40 § 21D) were issued to the party: each day's fine and its amount, in the
party's language (the mailed citation is the legal notice). The service writes the citations' facts with the
intent; `enrich` adds the party's language at the first attempt (rows without those facts send the
service's own words)."""
from __future__ import annotations

from backend.notifications.spec import PARTY, Spec
from backend.sms.citation_texts import citations_issued, enrich_party

KIND = Spec(
    stored="citations.issued",
    named="the text about the citations issued",
    audience=PARTY,
    dedupe="sms:citations:<party>:<day>:<digest of citations>",
    sms=citations_issued,
    completed=True,
    enrich=enrich_party,
)
