"""Every outgoing SMS body, by snapshot, in English, Spanish and Portuguese, within its segment budget.

The expected texts are committed under snapshots/ and were reviewed for legal correctness: SMS is a courtesy
beside the legal notice; criminal amounts are court maximums, never a debt; withheld amounts are never
printed. Any change to a text fails here; to accept a reviewed change run with SMS_UPDATE_SNAPSHOTS=1.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from backend.notifications.catalogue import kind
from backend.sms.segments import REF_SUFFIX, count, within_budget
from backend.sms.templates import consequence
from tests.unit.sms.cases import CASES
from tests.unit.sms.words import render

SNAPSHOTS = Path(__file__).parent / "snapshots"
LANGUAGES = ("en", "es", "pt")
REPLIES = ("help", "stopped", "started")


def _expected(name: str, language: str, body: str) -> str:
    path = SNAPSHOTS / f"{name}.{language}.txt"
    if os.environ.get("SMS_UPDATE_SNAPSHOTS") == "1":
        path.write_text(body + "\n", encoding="utf-8")
    assert path.exists(), f"no snapshot {path.name}: review the text, then run with SMS_UPDATE_SNAPSHOTS=1"
    return path.read_text(encoding="utf-8").removesuffix("\n")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", sorted(CASES))
def test_the_body_is_exactly_the_reviewed_snapshot(name, language):
    template, payload = CASES[name]
    body = render(template, payload, language)
    assert body == _expected(name, language, body)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", sorted(set(CASES) - set(REPLIES)))
def test_the_body_with_its_reference_fits_the_languages_segment_budget(name, language):
    template, payload = CASES[name]
    sent = render(template, payload, language) + REF_SUFFIX
    segments = count(sent)
    english = kind(template).segments  # 3: the violation notice and the order texts; 2: the others
    assert within_budget(render(template, payload, language), language, english)
    if language == "en":
        assert (segments.encoding, segments.count <= english) == ("GSM-7", True)
    else:
        assert segments.count <= 5


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", sorted(set(CASES) - set(REPLIES)))
def test_every_enforcement_text_says_it_is_a_courtesy_and_carries_the_link(name, language):
    template, payload = CASES[name]
    body = render(template, payload, language)
    courtesy = {"en": "Courtesy text", "es": "ortesía", "pt": "ortesia"}[language]
    assert courtesy in body and payload["link"] in body


@pytest.mark.parametrize("language", LANGUAGES)
def test_criminal_amounts_are_court_maximums_never_a_debt(language):
    said = consequence({"path": "criminal", "amount_cents": 10000, "daily": True}, language)
    assert said == {
        "en": "If not, a court can fine up to $100 for each day it continues (a maximum, not a bill).",
        "es": "Si no, un tribunal puede multar hasta $100 por cada día que siga (es un máximo, no una "
        "factura).",
        "pt": "Se não, um tribunal pode multar até US$ 100 por cada dia em que continuar (é um valor máximo, "
        "não uma cobrança).",
    }[language]
    if language == "en":  # the 3-segment English notice carries it whole
        assert said in render(*CASES["notice-criminal-deadline"], language)
    accrual = render(*CASES["accrual-criminal-day-6"], language)
    assert {
        "en": "Day 6 of the violation at Plymouth St gravel pit (bylaw § 136-9A): up to $600 so far (court "
              "maximum)",
        "es": "Día 6 de la infracción en Plymouth St gravel pit (reglamento § 136-9A): hasta $600 a la fecha "
              "(máximo de un tribunal)",
        "pt": "Dia 6 da infração em Plymouth St gravel pit (regulamento § 136-9A): até US$ 600 acumulados "
              "(máximo de um tribunal)",
    }[language] in accrual


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_case_of_an_accrual_text_has_its_day_and_only_ordered_ones_an_amount(language):
    body = render(*CASES["accrual-two-cases"], language)
    day = {"en": "Day", "es": "Día", "pt": "Dia"}[language]
    assert f"{day} 6 " in body and f"{day} 2 " in body
    assert body.count("$") == 1  # the court maximum of the ordered case; none for the case without an order
    no_order = {"en": "Federici bog, Tremont St (no order yet)",
                "es": "Federici bog, Tremont St (aún sin orden)",
                "pt": "Federici bog, Tremont St (ainda sem ordem)"}[language]
    assert no_order in body and "Plymouth St gravel pit:" in body  # which case has no order, by its place
    if language == "en":  # within 4 UCS-2 segments the es/pt next-step sentence yields to the places
        assert "The town may order the work stopped; fines may follow." in body
    alone = render(*CASES["accrual-no-order"], language)
    next_step = {"en": "If it continues, the town may order the work stopped and fines may follow.",
                 "es": "Si continúa, el municipio puede ordenar que se detengan las obras",
                 "pt": "Se continuar, o município pode mandar parar a obra"}[language]
    assert "$" not in alone and next_step in alone
    assert "offense" not in body.lower() and "offense" not in alone.lower()


@pytest.mark.parametrize("language", LANGUAGES)
def test_withheld_amounts_are_counted_but_never_printed(language):
    template, payload = CASES["accrual-citations-pending"]
    body = render(template, payload, language)
    issued, withheld = {"pt": ("US$ 300", "3.000")}.get(language, ("$300", "3,000"))
    assert issued in body and withheld not in body and "5" in body and "3" in body


def test_replies_name_the_towns_contact_number():
    assert "508-866-3400" in render("sms.help", {"town": "Carver", "contact": "+15088663400"}, "pt")
