"""A violation was found: the courtesy text to the party beside the legal notice (mailed or in hand).

Written by backend/sms/messages.py (`violation_notice`) when a violation opens (a town may turn that off) or
when staff send it; dedupe: the violation, the party and the violation's version.
"""
from __future__ import annotations

from backend.notifications.spec import PARTY, Payload, Spec
from backend.sms.phrases import phrase
from backend.sms.templates import (
    date_of,
    enforcement,
    finding_text,
    text_of,
    town_of,
    what_to_do,
    whole_citation,
)

SEGMENTS = 3  # English GSM-7 segments: it carries who, what, where, by when, what follows and how to respond


def sms(p: Payload, language: str) -> str:
    """Who (the town), what was found (the checklist item's finding in the party's language), where, the
    provision, what to do and by when (the stored deadline with its label), what happens if not, how to
    respond (the link, the town's phone), and that the legal notice comes by mail or hand.

    When it does not fit: the phone number goes first, then the consequence sentence (the notice page keeps
    it); the site, the finding and the deadline's label are only clipped after that (templates.enforcement).
    """
    when = date_of(p["observed_on"], language)

    def head(site_len: int, found_len: int, cite_len: int, short_cite: bool | str) -> str:
        cited = whole_citation(p, language, cite_len, short=short_cite)
        values = {"town": town_of(p, language), "date": when, "site": text_of(p, "site", language, site_len)
                  or phrase(language, "the_site"), "cited": f" ({cited})" if cited else ""}
        found = finding_text(p, language, found_len)
        return phrase(language, "v_head", found=found, **values) if found else phrase(
            language, "v_head_bare", **values)

    return enforcement(p, language, SEGMENTS, head,
                       lambda label_len: [what_to_do(p.get("next_deadline"), language, label_len)])


KIND = Spec(
    stored="sms.violation_notice",
    named="the violation notice text",
    audience=PARTY,
    dedupe="sms:violation-notice:<hash of violation, party, version>",
    sms=sms,
    segments=SEGMENTS,
)
