"""The order PDF's courtesy cover page, in the party's language: what the order is, what was found, what to
do and by when, what follows if not, how to respond, and that the English order behind it governs.

Its English messages are marked here for `pybabel extract` (domain `public`); Spanish and Portuguese come
from `backend/translations/`. Terms follow docs/glossary-es.md and docs/glossary-pt.md.
"""

from __future__ import annotations

from backend.party_words import Words
from backend.pdf.document import Cover
from backend.pdf.layout import Page
from inspections.catalogues import N_
from inspections.formats import format_date, format_money

COVER: dict[str, str] = {
    "title": N_("Courtesy summary of this order"),
    "cease_and_desist": N_("cease-and-desist order"),
    "restoration_order": N_("restoration order"),
    "enforcement_order": N_("enforcement order"),
    "issued": N_("On {date}, {board} issued a {kind} about the site {site}."),
    "draft": N_(
        "This is a draft of a {kind} about the site {site}. It has not been issued and binds no one."
    ),
    "found": N_("What was found"),
    "todo": N_("What you must do, and by when"),
    "stop": N_("Stop the work the order names at once."),
    "steps": N_("Do what the order on the next pages says. Its text is in English, as it was issued."),
    "step": N_("{what}: by {date}"),
    "no_steps": N_("The bylaw sets no dated step for this order; do what it says without delay."),
    "if_not": N_("If you do not comply"),
    "criminal": N_(
        "A court can fine up to {amount} for each day the violation continues (a maximum, not a bill)."
    ),
    "noncriminal": N_(
        "The town can issue citations (fines) for each day the violation continues. You owe only the "
        "citations it actually issues."
    ),
    "other": N_("The town can take further steps under the bylaw, which can lead to fines."),
    "respond": N_("How to respond"),
    "call": N_(
        "To ask questions, to ask for a hearing, or to say the work is corrected, call {board} at {phone}."
    ),
    "contact": N_(
        "To ask questions, to ask for a hearing, or to say the work is corrected, contact {board}."
    ),
    "governs": N_(
        "This page is a courtesy summary. The order on the next pages, in English, is the legal document "
        "and governs. It is served on you by certified mail or by hand."
    ),
}


def cover_page(page: Page, cover: Cover) -> str:
    """Write the cover on the current page (the caller starts the order on a new page after it); returns
    the cover's title, for its footer."""
    t = Words(cover.language, COVER)
    board = t.board(cover.board_kind, cover.board_name)
    kind = t(cover.kind) if cover.kind in COVER else cover.kind
    page.title_block([t("title")])
    if cover.issued_on is not None and cover.status != "draft":
        page.para(
            t(
                "issued",
                date=format_date(cover.issued_on, t.language),
                board=board,
                kind=kind,
                site=cover.site,
            ),
            11,
        )
    else:
        page.para(t("draft", kind=kind, site=cover.site), 11, "B")
    if cover.findings:
        page.heading(t("found"))
        for finding in cover.findings:
            page.para(f"- {finding}", 11)
    page.heading(t("todo"))
    if cover.kind == "cease_and_desist":
        page.para(t("stop"), 11, "B")
    page.para(t("steps"), 11)
    for what, due in cover.requirements:
        said = t.label(what)
        page.para(f"- {t('step', what=said, date=format_date(due, t.language))}" if due else f"- {said}", 11)
    if not cover.requirements:
        page.para(t("no_steps"), 11)
    page.heading(t("if_not"))
    if cover.fine_path == "criminal" and cover.court_max_cents is not None:
        page.para(t("criminal", amount=format_money(cover.court_max_cents, t.language)), 11)
    elif cover.fine_path == "noncriminal":
        page.para(t("noncriminal"), 11)
    else:
        page.para(t("other"), 11)
    page.heading(t("respond"))
    page.para(t("call", board=board, phone=cover.phone) if cover.phone else t("contact", board=board), 11)
    page.ln(8)
    page.para(t("governs"), 10, "I")
    return t("title")
