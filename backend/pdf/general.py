"""The general order layout (cease-and-desist, restoration and enforcement orders outside Carver ch. 281)."""

from __future__ import annotations

from backend.pdf.cover import cover_page
from backend.pdf.document import OrderDocument
from backend.pdf.layout import Page, plain

DRAFT = "DRAFT - NOT ISSUED - NOT AN ORDER"


def new_page(doc: OrderDocument, title_lines: list[str], footer: str) -> Page:
    """The first page of the order, after a courtesy cover page for each of the parties' languages."""
    page = Page(" - ".join(title_lines), doc.created_at, footer)
    for cover in doc.covers:
        if doc.status == "draft":
            page.para(DRAFT, 12, "B")
        page.footer_text = plain(f"{doc.town_name} - {cover_page(page, cover)}")  # no record id on a cover
        page.add_page()
    page.footer_text = plain(footer)
    if doc.status == "draft":
        page.para(DRAFT, 12, "B")
    page.title_block(title_lines)
    return page


def parties_section(page: Page, doc: OrderDocument, heading: str) -> None:
    page.heading(heading)
    if not doc.recipients:
        page.para("(no party recorded)")
    for name, address in doc.recipients:
        page.para(f"{name}{', ' + address if address else ''}")
    page.field("Site:", f"{doc.site_name}, {doc.site_address}")
    page.field("Map / lot:", doc.map_lot)
    page.field("Permit(s):", ", ".join(doc.permits) or "none recorded")


def violations_section(page: Page, doc: OrderDocument, heading: str) -> None:
    page.heading(heading)
    for i, v in enumerate(doc.violations, 1):
        page.para(f"{i}. {v.provision} ({v.citation}), observed {v.observed_on}", 10, "B")
        if v.quote:
            page.para(f'The provision reads: "{v.quote}"', 9, "I")
        page.para(v.description, 10)


def order_section(page: Page, doc: OrderDocument, heading: str) -> None:
    page.heading(heading)
    page.para(doc.text or "(the order text has not been written)")
    page.heading("What must be done, and by when")
    if not doc.requirements:
        page.para("No dated requirement arises from the bylaw for this order; see the order above.")
    for r in doc.requirements:
        page.para(f"- {r.what}: {r.by_when} (binds: {r.binds}; {r.rule_id}, {r.citation})", 10)
        page.para(f"  {r.explanation}", 8)
    if doc.meetings:
        page.heading("Review meeting")
        for line in doc.meetings:
            page.para(line, 10)


def issue_section(page: Page, doc: OrderDocument) -> None:
    page.heading("Issued")
    page.field("Issued on:", doc.issued_on)
    page.field("Issued by:", doc.issued_by)
    page.field("Authority:", doc.authority_basis)


def service_section(page: Page, doc: OrderDocument, heading: str = "Service") -> None:
    page.heading(heading)
    page.para(doc.service)
    page.para(
        "Certified mail no. ____________________   Hand delivered by ____________________ on __________   "
        "Posted at ______________________________ on __________",
        9,
    )
    page.para(
        "A text message, if one was sent, is a courtesy notice only; it is not service of this order.", 8
    )


def render_general(doc: OrderDocument) -> bytes:
    title = [doc.town_name, doc.authority_name, doc.kind_title.upper(), doc.chapter_title]
    page = new_page(doc, title, f"{doc.kind_title} {doc.order_id} ({doc.status})")
    parties_section(page, doc, "To")
    violations_section(page, doc, "Violations")
    order_section(page, doc, "Order")
    issue_section(page, doc)
    service_section(page, doc)
    page.signature_lines(list(doc.signatories) or [f"for {doc.authority_name}"])
    return page.done()
