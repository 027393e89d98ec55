"""The words of the public notice page: English here (authoritative, the msgids), Spanish and Portuguese in
the `public` message catalogues (`backend/translations/<lang>/LC_MESSAGES/public.po`, extracted by `make
translations`; see `backend/party_words.py`). Legal terms follow docs/glossary-es.md and docs/glossary-pt.md.

Bylaw quotations stay in English (the adopted text); the page says so. Amounts follow the same rules as
the texts: court maximums are "not a bill", withheld citation amounts read "pending the town's confirmation".
"""

from __future__ import annotations

from backend.party_words import PUBLIC, Phrase
from backend.party_words import Words as PartyWords
from inspections.catalogues import LANGUAGES, N_

MESSAGES: dict[str, str] = {
    "title": N_("Notice from {town}"),
    "title_town": N_("Notice from the Town of {place}"),
    "courtesy": N_(
        "This page is a courtesy copy. The legal notice or order is served on you by certified mail or by "
        "hand, and that document governs."
    ),
    "english": N_("Bylaw text is quoted in English, as adopted."),
    "tilde": N_(
        "Section numbers are read from the structure of the bylaw; the quoted words are exact."
    ),
    "violations": N_("Violations"),
    "site": N_("Site"),
    "found_on": N_("Found on"),
    "found": N_("What was found"),
    "provision": N_("Provision"),
    "status": N_("Status"),
    "open": N_("open"),
    "corrected": N_("corrected"),
    "closed": N_("closed"),
    "photos": N_("Photos"),
    "photo": N_("Photo {n}"),
    "offense_days": N_("Days in violation so far: {n} ({first} to {last})."),
    "citations": N_("Citations issued (fines)"),
    "pending": N_("amount pending the town's confirmation"),
    "payable": N_("Payable to {payee}"),
    "criminal": N_(
        "A court can fine up to {amount} for each day the violation continues (a maximum, not a bill)."
    ),
    "orders": N_("Orders"),
    "issued": N_("issued {date}"),
    "lifted": N_("lifted {date}"),
    "cease_and_desist": N_("Cease-and-desist order"),
    "restoration_order": N_("Restoration order"),
    "enforcement_order": N_("Enforcement order"),
    "deadlines": N_("Deadlines"),
    "due": N_("due {date}"),
    "appeal": N_("How to appeal or ask questions"),
    "appeal_text": N_(
        "The order or notice served on you states your rights of appeal and their deadlines; the deadlines "
        "above come from the bylaw. To ask questions or to request a hearing, call {board} at {phone}."
    ),
    "send": N_("Send to the town"),
    "kind": N_("What are you sending?"),
    "reinspection_request": N_("Photos of the correction - please re-inspect"),
    "monthly_report": N_("Monthly report"),
    "erc_90_day_report": N_("90-day report"),
    "inspection_event_notice": N_("Notice of an inspection event"),
    "month": N_("Month covered (monthly report)"),
    "event_on": N_("Date of the event (notice)"),
    "period_end": N_("Last day covered (90-day report)"),
    "files": N_("Photos (JPEG, PNG, WebP or HEIC; up to {n})"),
    "notes": N_("Notes"),
    "submit": N_("Send"),
    "received": N_("Received on {date}. The town has recorded what you sent (reference {ref})."),
    "reinspect": N_("An inspector will be asked to visit the site again."),
    "check": N_("Please check: {fields}"),
    "back": N_("Back to the notice"),
    "gone": N_("This link is not valid or has expired."),
    "expired_form": N_("This form has expired. Please open the link again."),
    "csrf": N_("Form"),
}

# Form errors (backend/public/submit.py builds them with these English messages and their values).
FORM_ERRORS = (
    N_("Enter a date like 2026-04-30."),
    N_("Enter a month like 2026-04."),
    N_("Choose one of the options shown."),
    N_("This notice takes no submissions."),
    N_("At most {n} characters."),
    N_("At most {n} photos."),
    N_("Required for a monthly report."),
    N_("Required for a notice of an inspection event."),
    N_("Send at least one photo of the correction."),
    N_("Cannot be in the future."),
    N_("A date from {first} to {last}."),
    N_("This notice names no site."),
    N_("Photo {n} could not be read as a picture."),
)


class Words(PartyWords):
    """The notice page's words in one language: `t("key", n=1)`, `t.say(english)`, `t.board(kind, name)`."""

    def __init__(self, language: str | None) -> None:
        super().__init__(language, MESSAGES)

    def title(self, town: str) -> str:
        """The page title: "Notice from the Town of Carver", "Aviso del Municipio de Carver"."""
        if town.startswith("Town of "):
            return self("title_town", place=town.removeprefix("Town of "))
        return self("title", town=town)


__all__ = ["LANGUAGES", "MESSAGES", "PUBLIC", "Phrase", "Words"]
