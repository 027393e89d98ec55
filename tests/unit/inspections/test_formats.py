"""Dates and money as each reader writes them (issue 18 item 6): the month in words, never 06/04/2026."""

from __future__ import annotations

import datetime as dt

import pytest

from inspections.formats import MAX_CENTS, format_date, format_money


@pytest.mark.parametrize(
    ("lang", "expected"), [("en", "Dec 15, 2026"), ("es", "15 dic 2026"), ("pt", "15 dez 2026")]
)
def test_a_date_names_its_month(lang, expected):
    assert format_date(dt.date(2026, 12, 15), lang) == expected


def test_a_date_that_could_be_swapped_is_not_ambiguous():
    day = dt.date(2026, 4, 6)
    said = [format_date(day, lang) for lang in ("en", "es", "pt")]
    assert said == ["Apr 6, 2026", "6 abr 2026", "6 abr 2026"]


def test_every_month_is_abbreviated_without_a_dot():
    for month in range(1, 13):
        for lang in ("es", "pt"):
            said = format_date(dt.date(2026, month, 1), lang)
            assert "." not in said and said.startswith("1 ") and said.endswith(" 2026")


@pytest.mark.parametrize(
    ("cents", "lang", "expected"),
    [
        (300_000, "en", "$3,000"),
        (1_250, "en", "$12.50"),
        (300_000, "es", "$3,000"),
        (300_000, "pt", "US$ 3.000"),
        (300_050, "pt", "US$ 3.000,50"),
        (10_000, "pt", "US$ 100"),
        (0, "en", "$0"),
    ],
)
def test_money_in_each_languages_form(cents, lang, expected):
    assert format_money(cents, lang) == expected


@pytest.mark.parametrize("bad", [1.5, "100", True, MAX_CENTS + 1, None])
def test_money_is_bounded_integer_cents(bad):
    with pytest.raises(ValueError, match="integer cents"):
        format_money(bad, "en")


def test_an_unknown_language_writes_english():
    assert format_date(dt.date(2026, 1, 2), "fr") == "Jan 2, 2026"
    assert format_money(300_000, "pt-BR") == "US$ 3.000"
