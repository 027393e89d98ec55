"""Order PDFs (fpdf2): text only, core fonts, deterministic (same order state, same bytes).

`render(doc)` picks the layout the chapter's pack names (`doc.form`): "form_d", the Form D enforcement-order
layout (Carver ch. 281, ~§ 281-4A(3)), or the general layout. Input is a plain `OrderDocument`; nothing
here reads the database.
"""

from __future__ import annotations

from backend.pdf.document import Cover, DeadlineLine, OrderDocument, ViolationLine
from backend.pdf.form_d import render_form_d
from backend.pdf.general import render_general


def render(doc: OrderDocument) -> bytes:
    return render_form_d(doc) if doc.form == "form_d" else render_general(doc)


__all__ = ["Cover", "DeadlineLine", "OrderDocument", "ViolationLine", "render"]
