"""Every checklist item says, in plain words, what a fail means (issue 18 item 2): an English `finding` kept
with the checklist data, and its Spanish and Portuguese translations from the findings catalogue."""

from __future__ import annotations

import re

import pytest

from inspections.catalogues import FINDINGS, messages
from inspections.checklists import merge, template, templates
from inspections.checklists.findings import all_findings, finding_of_origin, finding_text

ITEMS = [(key, item) for key, t in sorted(templates().items()) for item in t.items]
INTERNAL = re.compile(r"(~§|\b[A-Z]+-\d+[A-Z0-9-]*\b|\bAMB-\d+|\bNHESP\b|\bNRCS\b|[{}]|offense-day)")


@pytest.mark.parametrize(("key", "item"), ITEMS, ids=[f"{k}:{i.id}" for k, i in ITEMS])
def test_every_item_has_a_finding_in_english_spanish_and_portuguese(key, item):
    assert item.finding, f"{key} item {item.id} has no finding sentence"
    english = finding_text(item, "en")
    assert english == item.finding
    for lang in ("es", "pt"):
        translated = finding_text(item, lang)
        assert translated and translated != english, f"{key} {item.id}: no {lang} translation of {english!r}"


@pytest.mark.parametrize("text", all_findings())
def test_a_finding_is_one_short_plain_sentence(text):
    said_in = {"en": text} | {lang: messages(FINDINGS, lang)[text] for lang in ("es", "pt")}
    for lang, said in said_in.items():
        assert len(said) <= 90, f"{lang}: {said!r} is {len(said)} characters"
        assert said[0].isupper() and said.endswith(".") and said.count(". ") == 0, f"{lang}: {said!r}"
        assert "?" not in said, f"{lang}: a finding states what was found, it does not ask: {said!r}"
        assert not INTERNAL.search(said), f"{lang}: {said!r} carries an internal code"


def test_the_buffer_finding_reads_like_the_bylaw_in_each_language():
    item = template("carver-136-earth-removal").item("buffer-50ft")
    assert finding_text(item, "en") == "Earth was removed within 50 ft of the property line."
    assert finding_text(item, "es") == "Se retiró tierra a menos de 50 pies del límite de la propiedad."
    assert finding_text(item, "pt") == "Foi retirada terra a menos de 50 pés da divisa do terreno."


def test_an_unknown_language_reads_english():
    item = template("carver-247-land-disturbance").item("dust")
    assert finding_text(item, "fr") == finding_text(item, None) == "Dust was not controlled."
    assert finding_text(item, "es-US") == "El polvo no estaba controlado."


def test_merged_permit_conditions_carry_a_finding():
    base = template("carver-136-earth-removal")
    merged = merge(
        base,
        [
            {"id": "C-1", "kind": "hours", "text": "Work 7 to 5", "start": "07:00", "end": "17:00"},
            {"id": "C-9", "kind": "special", "text": "Keep the gate locked at night"},
        ],
    )
    hours = merged.item("hours.c-1")
    assert finding_text(hours, "en") == base.item("hours").finding
    special = merged.item("permit.c-9")
    assert finding_text(special, "en") == "A condition of the permit was not followed."
    assert finding_text(special, "pt") == "Uma condição da licença não foi cumprida."


@pytest.mark.parametrize(
    ("key", "item_id", "lang", "expected"),
    [
        (
            "carver-136-earth-removal@1",
            "buffer-50ft",
            "en",
            "Earth was removed within 50 ft of the property line.",
        ),
        (
            "carver-136-earth-removal@1+0123456789",
            "hours.c-1",
            "es",
            "Se trabajó fuera del horario que permite el permiso.",
        ),
        (
            "carver-136-earth-removal@1+0123456789",
            "permit.c-9",
            "pt",
            "Uma condição da licença não foi cumprida.",
        ),
        ("carver-247-land-disturbance@99", "dust", "en", "Dust was not controlled."),
        ("a-towns-own-template@1", "dust", "en", None),
        ("carver-247-land-disturbance@1", "no-such-item", "en", None),
    ],
)
def test_the_finding_of_a_stored_violation_origin(key, item_id, lang, expected):
    assert finding_of_origin(key, item_id, lang) == expected
