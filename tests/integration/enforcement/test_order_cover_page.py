"""The order PDF opens with a courtesy cover page in each party's language (issue 18 item 7): what the order
is, what was found, what to do and by when, what follows if not, how to respond, and that the English order
behind it governs."""

from __future__ import annotations

import pytest

from tests.integration.enforcement.support_a import ERC_VOTE, draft_order, issue, site_and_permit
from tests.integration.enforcement.test_order_pdf import pdf_lines


@pytest.fixture
def agent(world):
    return world.headers("carver", "agent")


@pytest.fixture
def cease_and_desist(world, client, agent):
    """An ERC cease-and-desist at the gravel pit: its parties read English (the operator) and Portuguese."""
    pit = site_and_permit(client, agent, "gravel")
    order = draft_order(client, agent, *pit, "CARVER-136")
    issue(client, world.headers("carver", "board_member", "earth"), order, ERC_VOTE)
    body = client.get(f"/api/v1/orders/{order['id']}.pdf", headers=agent).data
    return " ".join(pdf_lines(body)), body


def test_the_cover_pages_come_first_one_per_language(cease_and_desist):
    text, _body = cease_and_desist
    english = text.index("Courtesy summary of this order")
    portuguese = text.index("Resumo de cortesia desta ordem")
    order = text.index("CEASE-AND-DESIST ORDER")
    assert english < portuguese < order


def test_the_portuguese_cover_says_what_the_order_is_and_what_to_do_in_portuguese(cease_and_desist):
    text, _body = cease_and_desist
    cover = text[text.index("Resumo de cortesia desta ordem") : text.index("CEASE-AND-DESIST ORDER")]
    assert "ordem de paralisação" in cover and "Comitê de Remoção de Terra de Carver" in cover
    assert "O que você deve fazer, e até quando" in cover and "Pare imediatamente" in cover
    assert "Como responder" in cover and "508-866-3400" in cover
    assert "é o documento legal e é ela que vale" in cover
    for banned in ("ordem de cessação", "ordem de execução", "citação", "levantada"):
        assert banned not in cover


def test_the_english_cover_is_plain_and_names_the_board_and_site(cease_and_desist):
    text, _body = cease_and_desist
    cover = text[text.index("Courtesy summary of this order") : text.index("Resumo de cortesia desta ordem")]
    assert "Carver Earth Removal Committee issued a cease-and-desist order about the site" in cover
    assert "Stop the work the order names at once." in cover
    assert "call Carver Earth Removal Committee at 508-866-3400" in cover
    assert "CARVER-136" not in cover, "no rule id on the cover page"
    assert "Town of Carver - Courtesy summary of this order  -  page 1" in cover, "a footer with no record id"


def test_a_draft_cover_says_it_binds_no_one(client, agent):
    bog = site_and_permit(client, agent, "bog")
    order = draft_order(client, agent, *bog, "CARVER-281", kind="enforcement_order")
    lines = pdf_lines(client.get(f"/api/v1/orders/{order['id']}.pdf", headers=agent).data)
    assert lines[0] == "DRAFT - NOT ISSUED - NOT AN ORDER"
    assert any("It has not been issued and binds no one." in line for line in lines)
