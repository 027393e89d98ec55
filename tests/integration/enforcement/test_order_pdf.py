"""Orders render as PDF: Carver ch. 281 in the Form D enforcement-order layout, others in the general layout;
text only and deterministic."""

from __future__ import annotations

import re

import pytest

from tests.integration.enforcement.support_a import ERC_VOTE, draft_order, issue, set_clock, site_and_permit


def pdf_lines(body: bytes) -> list[str]:
    """The text shown on the pages (uncompressed content streams, one string per line)."""
    raw = re.findall(rb"\((.*?)\) Tj", body)
    return [
        s.replace(rb"\(", b"(").replace(rb"\)", b")").replace(rb"\\", b"\\").decode("latin-1") for s in raw
    ]


@pytest.fixture
def agent(world):
    return world.headers("carver", "agent")


@pytest.fixture
def form_d(client, agent):
    bog = site_and_permit(client, agent, "bog")
    order = draft_order(
        client,
        agent,
        *bog,
        "CARVER-281",
        kind="enforcement_order",
        text="Remove the fill from the bordering vegetated wetland by May 1 - “restore grade” ≤ 6 in 🚜",
    )
    assert issue(client, agent, order).status_code == 200
    return order


def test_a_carver_281_order_renders_in_the_form_d_layout(client, agent, form_d):
    resp = client.get(f"/api/v1/orders/{form_d['id']}.pdf", headers=agent)
    assert resp.status_code == 200 and resp.mimetype == "application/pdf" and resp.data.startswith(b"%PDF-")
    lines = pdf_lines(resp.data)
    for expected in (
        "Town of Carver",
        "Carver Conservation Commission",
        "ENFORCEMENT ORDER (Form D)",
        "Town of Carver Code ch. 281, Wetlands",
        "Federici Cranberry Co., 12 Bog Rd, Carver MA",
        "Federici bog, Tremont St, 210 Tremont St, Carver, MA 02330",
        "SE 112-1501",
        "D. Failure to comply",
        "E. Signatures (Commission members or the Conservation Agent)",
        "F. Service",
        "Not yet served.",
    ):
        assert expected in lines, (expected, lines)
    text = "\n".join(lines)
    assert "CARVER-281-PROHIBITED-ACTS (~§ 281-4A(1))" in text
    assert 'The provision reads: "' in text and "fill or other alteration" in text
    assert "up to $100 per day" in text and "CARVER-281-AUTH-EO" in text
    assert '"restore grade" <= 6 in ?' in text  # typography outside Latin-1 degrades, never fails


def test_the_pdf_is_deterministic_and_follows_the_order(client, agent, form_d):
    url = f"/api/v1/orders/{form_d['id']}.pdf"
    first, second = client.get(url, headers=agent).data, client.get(url, headers=agent).data
    assert first == second
    set_clock(client.application, "2026-04-07T09:30:00-04:00")  # service is recorded after it happened
    client.post(
        f"/api/v1/orders/{form_d['id']}/serve",
        headers=agent,
        json={
            "method": "certified_mail",
            "served_at": "2026-04-07T09:00:00-04:00",
            "detail": {"receipt": "7019 0001"},
        },
    )
    served = "\n".join(pdf_lines(client.get(url, headers=agent).data))
    assert "Served by certified mail on Tue 2026-04-07 09:00 EDT; receipt: 7019 0001." in served


def test_an_erc_cease_and_desist_uses_the_general_layout_with_its_review_window(world, client, agent):
    pit = site_and_permit(client, agent, "gravel")
    order = draft_order(client, agent, *pit, "CARVER-136")
    issue(client, world.headers("carver", "board_member", "earth"), order, ERC_VOTE)
    text = "\n".join(pdf_lines(client.get(f"/api/v1/orders/{order['id']}.pdf", headers=agent).data))
    assert "CEASE-AND-DESIST ORDER" in text and "Form D" not in text
    assert "Carver Earth Removal Committee" in text and "South Shore Sand & Gravel LLC" in text
    assert "CARVER-136-CD-REVIEW-7D" in text and "cease and desist immediately" in text
    assert "vote 4 yes, 1 no, 0 abstaining" in text


def test_a_draft_says_it_is_not_an_order(client, agent):
    bog = site_and_permit(client, agent, "bog")
    order = draft_order(client, agent, *bog, "CARVER-281", kind="enforcement_order")
    lines = pdf_lines(client.get(f"/api/v1/orders/{order['id']}.pdf", headers=agent).data)
    assert lines[0] == "DRAFT - NOT ISSUED - NOT AN ORDER" and "not issued" in lines


def test_the_pdf_is_for_the_orders_town_only(world, client, agent, form_d):
    url = f"/api/v1/orders/{form_d['id']}.pdf"
    assert client.get(url, headers=world.headers("upton", "agent")).status_code == 404
    assert client.get(url).status_code == 401
    assert client.get("/api/v1/orders/not-a-uuid.pdf", headers=agent).status_code == 404
