"""What the texts say, beside their exact snapshots: the keywords named in a reply work in the reader's
language; Spanish and Portuguese carry the facts the English carries (what was found in the party's words,
the place, the dates, the deadline's label, the link); the noncriminal path prints no amount the town has not
issued; citations read as fines ("multa"), with dates spelled and money in the language's form."""

from __future__ import annotations

import re

import pytest

from backend.sms.citation_texts import citations_issued, citations_reissued
from backend.sms.compliance import HELP, OPT_IN, OPT_OUT
from backend.sms.templates import consequence, label_of
from inspections.catalogues import FINDINGS, translate
from tests.unit.sms.cases import CASES, LINK
from tests.unit.sms.words import render

LANGUAGES = ("en", "es", "pt")
KEYWORD = re.compile(r"\b(?:Reply|Responda)\b[^.]*")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("reply", ["sms.help", "sms.stopped", "sms.started"])
def test_a_reply_names_only_keywords_that_work(reply, language):
    body = render(reply, {"town": "Carver", "contact": "+15088663400"}, language)
    named = set(re.findall(r"\b[A-Z]{4,}\b", " ".join(KEYWORD.findall(body))))
    assert named and named <= OPT_OUT | OPT_IN | HELP, named
    if language != "en" and reply != "sms.stopped":  # the reader's own words to stop and ask for help
        assert {"es": {"PARAR", "AYUDA"}, "pt": {"PARAR", "AJUDA"}}[language] <= named


@pytest.mark.parametrize("language", ["es", "pt"])
@pytest.mark.parametrize("case", ["notice-criminal-deadline", "issued", "issued-restoration-noncriminal",
                                  "reminder"])
def test_spanish_and_portuguese_carry_the_facts_of_the_english(case, language):
    template, payload = CASES[case]
    english, body = render(template, payload, "en"), render(template, payload, language)
    assert LINK in english and LINK in body
    assert payload["site"] in english and payload["site"] in body
    if payload.get("finding"):
        finding = translate(FINDINGS, language, payload["finding"]).rstrip(".")
        assert finding != payload["finding"].rstrip(".") and finding in body
    deadline = payload.get("next_deadline") or ({"label": payload["label"]} if "label" in payload else None)
    if deadline and deadline["label"] in english:
        said = label_of(deadline["label"], language)
        assert said != deadline["label"] and said in body
    assert ("Courtesy" in english) and ("ortesía" in body or "ortesia" in body)


def test_the_deadline_labels_the_engine_writes_read_in_the_readers_language():
    said = label_of("stabilize the disturbed portion (lots 4-9)", "es")
    assert said == "estabilizar la parte alterada (lots 4-9)"
    assert label_of("status report 2 to the ERC", "pt").startswith("relatório")
    assert label_of("something the town typed", "es") == "something the town typed"  # as recorded
    assert label_of("stabilize the disturbed portion", "en") == "stabilize the disturbed portion"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_noncriminal_path_names_no_amount_the_town_has_not_issued(language):
    said = consequence({"path": "noncriminal", "amount_cents": 30000, "daily": True}, language)
    assert "300" not in said and "$" not in said
    assert "300" not in render(*CASES["issued-restoration-noncriminal"], language)


CITATIONS = {"town": "Carver", "payees": ["Town of Carver"],
             "lines": [{"date": "2026-04-08", "cents": 20000, "withheld": False},
                       {"date": "2026-04-07", "cents": 10000, "withheld": False},
                       {"date": "2026-04-09", "cents": 30000, "withheld": True}]}


@pytest.mark.parametrize("language", LANGUAGES)
def test_citations_read_as_fines_with_dates_and_money_in_the_readers_form(language):
    body = citations_issued(CITATIONS, language)
    assert not re.search(r"\d{4}-\d{2}-\d{2}", body) and "noncriminal" not in body
    assert not re.search(r"[Cc]itaci[oó]n|[Cc]ita[çc][ãa]o", body)
    expected = {"en": ("Apr 7, 2026, $100; Apr 8, 2026, $200; Apr 9, 2026, amount to be confirmed",
                       "3 fines"),
                "es": ("7 abr 2026, $100; 8 abr 2026, $200; 9 abr 2026, monto por confirmar", "3 multas"),
                "pt": ("7 abr 2026, US$ 100; 8 abr 2026, US$ 200; 9 abr 2026, valor a confirmar", "3 multas")}
    for part in expected[language]:
        assert part in body
    assert "300" not in body  # a withheld amount is never printed
    reissued = citations_reissued({"town": "Carver", "changes": [
        {"date": "2026-04-08", "old_cents": 10000, "new_cents": 20000, "old_withheld": False,
         "new_withheld": False}]}, language)
    assert {"en": "Apr 8, 2026, $100 is now $200", "es": "8 abr 2026, $100 pasa a $200",
            "pt": "8 abr 2026, US$ 100 passa a US$ 200"}[language] in reissued
