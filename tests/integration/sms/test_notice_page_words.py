"""The notice page in the party's words (issue 18 items 2, 6, 7): what was found is the checklist item's
finding in the reader's language, dates name their month, the board's name is translated, and nothing says
the English question."""

from __future__ import annotations

import pytest

from tests.integration.enforcement.support_a import site_and_permit, submit
from tests.integration.sms.conftest import link_of, new_violation, notifications, send_notice


@pytest.fixture
def link_id(app, client, world, agent):
    """Cedar Brook fails "controls-in-place" at an inspection: the violation opens and its offender (who reads
    Spanish) is texted a link to the notice page."""
    place, permit = site_and_permit(client, agent, "Cedar")
    submit(client, agent, place, permit, [{"item_id": "controls-in-place", "answer": "fail", "note": "torn"}])
    [row] = notifications("sms", "sms.violation_notice")
    return link_of(row).id


@pytest.mark.parametrize(
    ("lang", "finding", "found_on", "board"),
    [
        (
            "es",
            "Los controles de erosión y sedimentos faltaban o no se mantenían.",
            "6 abr 2026",
            "Junta de Planificación de Carver (Carver Planning Board)",
        ),
        (
            "pt",
            "Os controles de erosão e sedimentos faltavam ou não eram mantidos.",
            "6 abr 2026",
            "Conselho de Planejamento de Carver (Carver Planning Board)",
        ),
        (
            "en",
            "Erosion and sediment controls were missing or not kept up.",
            "Apr 6, 2026",
            "Carver Planning Board",
        ),
    ],
)
def test_the_page_says_what_was_found_in_the_readers_language(
    client, link_id, lang, finding, found_on, board
):
    html = client.get(f"/n/{link_id}", query_string={"lang": lang}).get_data(as_text=True)
    assert finding in html
    assert "Are all erosion and sediment controls installed" not in html, "the question is not a finding"
    assert found_on in html and "06/04/2026" not in html and "4/6/2026" not in html
    assert board in html


def test_a_violation_opened_by_hand_shows_its_own_description(client, world, agent):
    made = new_violation(client, agent, description="Silt fence down along lots 4-6")
    send_notice(client, agent, made["id"])
    html = client.get(f"/n/{link_of(notifications('sms')[0]).id}").get_data(as_text=True)
    assert "Silt fence down along lots 4-6" in html


def test_the_spanish_page_uses_the_glossary_terms(client, link_id):
    html = client.get(f"/n/{link_id}", query_string={"lang": "es"}).get_data(as_text=True)
    assert "reglamento municipal" in html and "citación" not in html.lower()


def test_the_text_payload_carries_the_finding_in_the_partys_language(link_id):
    [row] = notifications("sms", "sms.violation_notice")
    assert row.payload["finding"] == "Los controles de erosión y sedimentos faltaban o no se mantenían."
