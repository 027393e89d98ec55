"""An order was issued (cease-and-desist, restoration, enforcement): a courtesy text to the party beside the
legal notice. Urgent: a cease-and-desist takes effect at once, so it is texted at once, even in quiet
hours."""
from __future__ import annotations

from backend.notifications.spec import PARTY, Payload, Spec
from backend.sms.phrases import phrase
from backend.sms.templates import (
    _ORDERS,
    CLIPS,
    date_of,
    enforcement,
    finding_text,
    order_name,
    text_of,
    town_of,
    what_to_do,
    whole_citation,
)

SEGMENTS = 3  # English GSM-7 segments, as the violation notice
STOP_NOW = "cease and desist immediately"  # the engine's label of a cease-and-desist's own deadline


def sms(p: Payload, language: str) -> str:
    """Who issued which order, for which site, on what day; what was found (the finding of the order's
    violation in the party's language) and its provision; what the order requires and by when (its first
    deadline binding the party, with its label); what happens if not; the link, the phone and the courtesy
    line. Rows written before these facts were carried say what they have (the order, the site, the day)."""
    date = date_of(p["date"], language)
    kind = str(p.get("order") or "")

    def head(site_len: int, found_len: int, cite_len: int, short_cite: bool | str) -> str:
        text = phrase(language, "o_head", town=town_of(p, language), order=order_name(p, language), date=date,
                      site=text_of(p, "site", language, site_len))
        found = finding_text(p, language, found_len)
        if found:
            cited = whole_citation(p, language, cite_len, short=short_cite or True)
            text += " " + phrase(language, "o_found", found=f"{found} ({cited})" if cited else found)
        return text

    def todo(label_len: int) -> list[str]:
        does = phrase(language, f"o_do_{kind}") if kind in _ORDERS else ""
        deadline = p.get("next_deadline") or {}
        if not deadline or (kind == "cease_and_desist" and deadline.get("label") == STOP_NOW):
            return [does]  # "Stop the work now." says the cease-and-desist's own deadline in plain words
        by_when = what_to_do(deadline, language, label_len)
        if kind != "cease_and_desist" and label_len < CLIPS[0][2]:
            return [by_when]  # short of room: the deadline's label says what the order requires
        return [does, by_when]

    # a row written before the fine path was carried says nothing of fines; an order without a path yet says
    # the town can seek them. The review meeting is not in this text: its own text (sms.review_meeting) gives
    # the day, time and place once it is set, and the notice page shows the window; with it, the Spanish and
    # Portuguese texts could not say everything the English says within their 5 segments.
    return enforcement(p, language, SEGMENTS, head, todo, fines="fine" in p, no_path="o_if_none")


KIND = Spec(
    stored="sms.order_issued",
    named="the text about the order issued",
    audience=PARTY,
    dedupe="sms:order-issued:<hash of order, party>",
    sms=sms,
    urgency="urgent",
    segments=SEGMENTS,
)
