"""Carver ch. 281 enforcement orders in the Form D layout (~§ 281-4A(3): "in the form shown in the Appendix
marked Form D"). The form itself is on file in the Town offices, not in the code text; this layout follows
the customary wetlands enforcement-order sections: A. violation information, B. findings, C. order,
D. failure to comply, E. issuance and signatures, F. service.
"""

from __future__ import annotations

from backend.pdf.document import OrderDocument
from backend.pdf.general import (
    issue_section,
    new_page,
    order_section,
    parties_section,
    service_section,
    violations_section,
)

FORM = "Form D"


def render_form_d(doc: OrderDocument) -> bytes:
    title = [doc.town_name, doc.authority_name, f"ENFORCEMENT ORDER ({FORM})", doc.chapter_title]
    page = new_page(doc, title, f"{FORM} enforcement order {doc.order_id} ({doc.status})")
    page.para(f"Order type: {doc.kind_title}. Issued as an enforcement order on {FORM}.", 10, "B")
    parties_section(page, doc, "A. Violation information - to the property owner / person responsible")
    page.field("Date of issuance:", doc.issued_on)
    violations_section(
        page,
        doc,
        f"B. Findings - the {doc.authority_name} has determined that the activity "
        "described below violates the by-law",
    )
    order_section(page, doc, "C. Order - the issuing authority hereby orders")
    page.heading("D. Failure to comply")
    for line in doc.penalty_lines:
        page.para(line, 9)
    issue_section(page, doc)
    page.heading("E. Signatures (Commission members or the Conservation Agent)")
    page.signature_lines(list(doc.signatories) or ["Conservation Commission member or Conservation Agent"])
    service_section(page, doc, "F. Service")
    return page.done()
