"""Shared page furniture: a Letter page in core fonts, headings, wrapped paragraphs, signature lines.

Core fonts are Latin-1: typographic characters outside it are replaced by plain equivalents, anything else
by '?', so rendering never fails on a name or a quote.
"""

from __future__ import annotations

import datetime as dt

from fpdf import FPDF
from fpdf.enums import XPos, YPos

REPLACEMENTS = str.maketrans(
    {
        "\u2013": "-",
        "\u2014": "-",
        "\u2018": "'",
        "\u2019": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2264": "<=",
        "\u2265": ">=",
        "\u2026": "...",
        "\u2192": "->",
        "\u2022": "-",
        "\u00a0": " ",
        "\u2011": "-",
        "\u2212": "-",
    }
)


def plain(text: str) -> str:
    return text.translate(REPLACEMENTS).encode("latin-1", "replace").decode("latin-1")


class Page(FPDF):
    def __init__(self, title: str, created_at: dt.datetime, footer_text: str) -> None:
        super().__init__(orientation="portrait", unit="pt", format="Letter")
        self.footer_text = plain(footer_text)
        self.set_compression(False)
        self.set_creation_date(created_at)
        self.set_title(plain(title))
        self.set_creator("fieldenforce")
        self.set_producer("fieldenforce (fpdf2)")
        self.set_margins(54, 54, 54)
        self.set_auto_page_break(auto=True, margin=60)
        self.add_page()

    def footer(self) -> None:
        self.set_y(-42)
        self.set_font("Helvetica", "", 8)
        self.cell(0, 10, f"{self.footer_text}  -  page {self.page_no()}", align="C")

    def title_block(self, lines: list[str]) -> None:
        self.set_font("Helvetica", "B", 14)
        for line in lines:
            self.multi_cell(0, 18, plain(line), align="C", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.ln(6)

    def heading(self, text: str) -> None:
        self.ln(4)
        self.set_font("Helvetica", "B", 11)
        self.multi_cell(0, 15, plain(text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)

    def para(self, text: str, size: int = 10, style: str = "") -> None:
        self.set_font("Helvetica", style, size)
        self.multi_cell(0, size + 3, plain(text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)

    def field(self, label: str, value: str) -> None:
        self.set_font("Helvetica", "B", 10)
        self.cell(130, 13, plain(label))
        self.set_font("Helvetica", "", 10)
        self.multi_cell(0, 13, plain(value or "-"), new_x=XPos.LMARGIN, new_y=YPos.NEXT)

    def signature_lines(self, names: list[str]) -> None:
        self.ln(10)
        for name in names:
            if self.get_y() > self.h - 120:
                self.add_page()
            self.ln(18)
            self.set_font("Helvetica", "", 10)
            self.cell(260, 13, "_" * 46)
            self.cell(0, 13, "Date: ____________________", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
            self.cell(0, 13, plain(name), new_x=XPos.LMARGIN, new_y=YPos.NEXT)

    def done(self) -> bytes:
        return bytes(self.output())
