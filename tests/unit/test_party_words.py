"""Words a party reads: deadline labels, board names and form errors in the reader's language."""

from __future__ import annotations

import pytest

from backend.party_words import Phrase
from backend.public.i18n import Words


@pytest.mark.parametrize(
    ("english", "lang", "said"),
    [
        ("cease and desist immediately", "pt", "paralisar imediatamente"),
        ("status report 3 to the ERC", "es", "informe de situación 3 al comité"),
        ("submit the monthly report for 2026-04", "pt", "enviar o relatório mensal de 2026-04"),
        ("stabilize the disturbed portion", "en", "stabilize the disturbed portion"),
        ("a label no catalogue knows", "es", "a label no catalogue knows"),
    ],
)
def test_a_deadline_label_in_the_readers_language(english, lang, said):
    assert Words(lang).label(english) == said


def test_a_board_is_named_in_the_readers_language_with_its_english_name():
    assert Words("es").board("conservation_commission", "Carver Conservation Commission") == (
        "Comisión de Conservación de Carver (Carver Conservation Commission)"
    )
    assert Words("en").board("planning_board", "Carver Planning Board") == "Carver Planning Board"
    assert Words("pt").board("planning_board", "Selectmen of Carver") == "Selectmen of Carver"


def test_a_form_error_is_english_in_logs_and_translated_on_the_page():
    error = Phrase("At most {n} photos.", n=6)
    assert error == "At most 6 photos."
    assert Words("es").say(error) == "Como máximo 6 fotos."
    assert Words("pt").say(error) == "No máximo 6 fotos."


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_an_inspection_events_notice_deadline_names_what_is_inspected_never_the_rule_id(lang):
    said = [Words(lang).label(f"notify the Planning Board before CARVER-247-INSP-EVT{n}: Event {n}: …")
            for n in range(1, 7)]
    assert len(set(said)) == 6 and not any("EVT" in s or "#" in s or "Event" in s for s in said), said
    assert {"en": "notify the Planning Board before the rough grading inspection",
            "es": "avisar a la Junta de Planificación antes de la inspección de nivelación gruesa",
            "pt": "avisar o Conselho de Planejamento antes da inspeção de nivelamento bruto"}[lang] == said[2]
