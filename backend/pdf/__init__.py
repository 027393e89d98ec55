"""Order PDFs (fpdf2): text only, core fonts, deterministic (same order state, same bytes).

`render(doc)` picks the layout: Carver ch. 281 orders use the Form D enforcement-order layout (~§ 281-4A(3));
every other order uses the general layout. Input is a plain `OrderDocument`; nothing here reads the database.
"""

from __future__ import annotations

from backend.pdf.document import Cover, DeadlineLine, OrderDocument, ViolationLine
from backend.pdf.form_d import render_form_d
from backend.pdf.general import render_general

FORM_D_CHAPTERS = ("CARVER-281",)


def render(doc: OrderDocument) -> bytes:
    return render_form_d(doc) if doc.chapter in FORM_D_CHAPTERS else render_general(doc)


__all__ = ["Cover", "DeadlineLine", "OrderDocument", "ViolationLine", "render"]
