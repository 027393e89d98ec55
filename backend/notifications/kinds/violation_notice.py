"""A violation was found: the courtesy text to the party beside the legal notice (mailed or in hand).

Written by backend/sms/messages.py (`violation_notice`) when a violation opens (a town may turn that off) or
when staff send it; dedupe: the violation, the party and the violation's version.
"""
from __future__ import annotations

from collections.abc import Iterator

from backend.notifications.spec import PARTY, Payload, Spec
from backend.sms.phrases import phone, phrase
from backend.sms.templates import LADDER, citation_of, date_of, fine_sentence, fit, text_of, todo, town_of


def sms(p: Payload, language: str) -> str:
    """A violation was found: site, what was found (the checklist item's finding in the party's language),
    provision, what to do and by when, fines, link, courtesy.

    Full wording first; then shorter link and courtesy lines; then without the description, then without
    the deadline's label; only then are the site and the description clipped.
    """
    when = date_of(p["observed_on"], language)
    # the finding in the party's words (a sentence: its full stop gives way to the citation); rows queued
    # before findings were carried have only the description
    found = {"found": str(p.get("finding") or p.get("found") or "").rstrip(".")}

    def body(
        site_len: int,
        found_len: int,
        label_len: int,
        details: str,
        courtesy: str,
        call: bool,
        tight: bool = False,
        short_cite: bool = False,
    ) -> str:
        head = phrase(
            language, "notice", town=town_of(p, language), site=text_of(p, "site", language, site_len),
            date=when
        )
        if found_len and found["found"]:
            head += phrase(language, "found", found=text_of(found, "found", language, found_len))
        citation = citation_of(p, language, 16 if tight else 40, short=short_cite or tight)
        parts = [
            f"{head} ({citation}).",
            todo(p.get("next_deadline"), language, label_len),
            fine_sentence(p.get("fine"), language, tight),
            phrase(language, details, link=p["link"]),
            phrase(language, courtesy),
        ]
        if call and p.get("contact"):
            parts.append(phrase(language, "call", phone=phone(p["contact"])))
        return " ".join(parts)

    def variants() -> Iterator[str]:
        for short_cite in (False, True):  # "Carver bylaw § 247-7B(7)", then "bylaw § 247-7B(7)" (the text
            for found_len, label_len in ((140, 50), (0, 50), (140, 0), (0, 0)):  # opens with the town)
                for site_len, _f, details, courtesy, call in LADDER[:4]:
                    yield body(site_len, found_len, label_len, details, courtesy, call, short_cite=short_cite)
        for site_len, found_len, details, courtesy, call in LADDER[4:]:
            yield body(site_len, found_len, min(found_len, 50), details, courtesy, call, short_cite=True)
        yield body(10, 0, 0, "details_short", "courtesy_short", False, tight=True)

    return fit(language, variants())


KIND = Spec(
    stored="sms.violation_notice",
    audience=PARTY,
    dedupe="sms:violation-notice:<hash of violation, party, version>",
    sms=sms,
)
