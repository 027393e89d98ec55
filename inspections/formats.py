"""Dates and money as each language writes them, for every renderer (texts, notice page, PDF, Slack).

Dates spell the month so no reader swaps day and month: "Dec 15, 2026", "15 dic 2026", "15 dez 2026".
Money is integer cents; whole dollars drop the cents. English and Spanish write US dollars as the US does
("$3,000", "$12.50"); Portuguese as Brazil writes dollars ("US$ 3.000", "US$ 12,50").
"""

from __future__ import annotations

import datetime as dt

from babel.dates import format_date as babel_date
from babel.numbers import format_currency

from inspections.catalogues import language_of

_LOCALE = {"en": "en_US", "es": "es_US", "pt": "pt_BR"}
_DATE_PATTERN = {"en": "MMM d, y", "es": "d MMM y", "pt": "d MMM y"}
MAX_CENTS = 10**13  # bounded: a hundred billion dollars


def format_date(day: dt.date, lang: str | None) -> str:
    """The day with the month abbreviated in the reader's language (never numeric)."""
    code = language_of(lang)
    return babel_date(day, _DATE_PATTERN[code], locale=_LOCALE[code]).replace(".", "")


def format_money(cents: int, lang: str | None) -> str:
    """An amount of integer cents in the reader's form; whole dollars without cents."""
    if isinstance(cents, bool) or not isinstance(cents, int) or not -MAX_CENTS <= cents <= MAX_CENTS:
        raise ValueError(f"money is integer cents within ±{MAX_CENTS}, not {cents!r}")
    code = language_of(lang)
    whole = cents % 100 == 0
    pattern = {"en": "¤#,##0", "es": "¤#,##0", "pt": "US$ #,##0"}[code] + ("" if whole else ".00")
    return format_currency(
        cents / 100 if not whole else cents // 100,
        "USD",
        format=pattern,
        locale=_LOCALE[code],
        currency_digits=False,
    )
