"""Standing instructions on an order, and what happens to citations when an input changes: a late-entered
earlier violation, a changed fine path, a town setting (AMB-17). Affected citations are voided and reissued,
audited, and the permittee is told again."""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy import select

from backend.extensions import db
from backend.models import AuditEvent
from tests.integration.enforcement.support_b import (
    PLANNING_BOARD_VOTE,
    amounts,
    at,
    citations,
    counts,
    create_violation,
    issued_order,
    outbox,
    party,
    run_jobs,
    site,
)

UPTON_FILL = "UPTON-280-PROHIBITED"


@pytest.fixture
def upton(app, world):
    """An Upton agent signed in on Mon 2026-09-14 (tokens live two weeks)."""
    app.extensions["clock"].at = at("2026-09-14T10:00:00-04:00")
    return world.headers("upton", "agent")


@pytest.fixture
def fill(app, client, upton):
    """Unauthorised fill at the Mechanic St lot since Mon 2026-09-14, under a noncriminal cease-and-desist."""
    s, p = site("Mechanic St"), party("Mechanic Street Realty Trust")
    v = create_violation(client, upton, s.id, p.id, "UPTON-280", UPTON_FILL, "2026-09-14T09:00:00-04:00")
    order = issued_order(
        client, upton, s.id, [v["id"]], "UPTON-280", "noncriminal", "2026-09-14T10:00:00-04:00"
    )
    return order, v


def instruct(client, headers, order, **body):
    return client.post(
        f"/api/v1/orders/{order['id']}/standing-instruction", headers=headers, json={"active": True} | body
    )


def test_a_standing_instruction_issues_each_days_citation_without_a_click(app, client, upton, fill):
    order, _ = fill
    resp = instruct(client, upton, order, note="continuing fill: cite daily")
    assert resp.status_code == 201, resp.json
    assert (resp.json["issuer_role"], resp.json["rule_id"], resp.json["delivery"]) == (
        "agent",
        "UPTON-280-AUTH",
        "mail",
    )
    run_jobs(app, "2026-09-14T20:00:00-04:00")
    run_jobs(app, "2026-09-15T20:00:00-04:00")
    rows = citations(client, upton, status="issued")
    assert amounts(rows) == [5000, 10000] and citations(client, upton, status="proposed") == []
    assert {r["detail"]["payee"] for r in rows} == {"Town of Upton"}
    assert rows[0]["detail"]["source"] == f"standing instruction {resp.json['id']}"
    assert len(outbox("sms", "citations.issued")) == 2 and outbox("slack", "citations.proposed") == []


def test_a_second_instruction_and_a_revocation_without_reason_are_refused(client, upton, fill):
    order, _ = fill
    assert instruct(client, upton, order).status_code == 201
    assert instruct(client, upton, order).status_code == 409
    no_reason = instruct(client, upton, order, active=False)
    assert no_reason.status_code == 422 and "reason" in no_reason.json["detail"]["json"]
    revoked = instruct(client, upton, order, active=False, reason="officer will review each day")
    assert revoked.status_code == 200 and revoked.json["revoked_at"] is not None
    assert instruct(client, upton, order, active=False, reason="again").status_code == 409


def test_after_revocation_citations_are_only_proposed(app, client, upton, fill):
    order, _ = fill
    instruct(client, upton, order)
    instruct(client, upton, order, active=False, reason="review each day")
    run_jobs(app, "2026-09-14T20:00:00-04:00")
    assert (
        citations(client, upton, status="issued") == []
        and len(citations(client, upton, status="proposed")) == 1
    )
    [digest] = outbox("slack", "citations.proposed")
    assert "must be mailed by Sep 29, 2026" in digest.payload["text"]


def test_an_instruction_needs_an_issued_order_on_the_noncriminal_path(client, world, upton):
    s, p = site("Mechanic St"), party("Mechanic Street Realty Trust")
    v = create_violation(client, upton, s.id, p.id, "UPTON-280", UPTON_FILL, "2026-04-01T09:00:00-04:00")
    order = issued_order(client, upton, s.id, [v["id"]], "UPTON-280", "criminal", "2026-04-01T10:00:00-04:00")
    resp = instruct(client, upton, order)
    assert resp.status_code == 409 and "noncriminal" in resp.json["message"]


def test_on_carver_247_only_the_zoning_enforcement_officer_may_give_one(app, client, world):
    agent, board = world.headers("carver", "agent"), world.headers("carver", "board_member", "planning")
    s, p = site("Cedar Brook"), party("Cedar Brook Homes Inc.")
    v = create_violation(
        client, agent, s.id, p.id, "CARVER-247", "CARVER-247-DESIGN-MAINTAIN", "2026-04-03T09:00:00-04:00"
    )
    order = issued_order(
        client,
        board,
        s.id,
        [v["id"]],
        "CARVER-247",
        "noncriminal",
        "2026-04-03T12:00:00-04:00",
        PLANNING_BOARD_VOTE,
    )
    refused = instruct(client, board, order)
    assert refused.status_code == 403 and refused.json["detail"]["rule_id"] == "CARVER-247-NONCRIM-ZEO"
    assert "it is for the enforcing officer" in refused.json["message"]
    assert instruct(client, world.headers("carver", "enforcing_officer"), order).status_code == 201


@pytest.mark.parametrize(
    "body,field",
    [
        pytest.param({"active": "yes please"}, "active", id="not a boolean"),
        pytest.param({"active": None}, "active", id="null"),
        pytest.param({"delivery": "in_hand"}, "delivery", id="in hand cannot be automatic"),
        pytest.param({"note": "x" * 2001}, "note", id="note too long"),
        pytest.param({"vote": {"yes": "many"}}, "vote", id="garbage vote"),
    ],
)
def test_bad_instruction_input_is_422_naming_the_field(client, upton, fill, body, field):
    order, _ = fill
    before = counts()
    resp = instruct(client, upton, order, **body)
    assert resp.status_code == 422 and field in str(resp.json["detail"]), resp.json
    assert counts() == before


def test_another_towns_order_is_404(client, world, fill):
    order, _ = fill
    carver = world.headers("carver", "enforcing_officer")
    assert instruct(client, carver, order).status_code == 404
    assert instruct(client, carver, {"id": str(uuid.uuid4())}).status_code == 404


def test_a_late_entered_earlier_violation_voids_and_reissues_the_affected_citations(app, client, upton, fill):
    order, _ = fill
    instruct(client, upton, order)
    run_jobs(app, "2026-09-15T20:00:00-04:00")
    assert amounts(citations(client, upton, status="issued")) == [5000, 10000]
    s, p = site("Mechanic St"), party("Mechanic Street Realty Trust")
    create_violation(
        client,
        upton,
        s.id,
        p.id,
        "UPTON-280",
        UPTON_FILL,
        "2026-09-12T09:00:00-04:00",
        description="fill found to have been placed on Saturday",
    )
    run_jobs(app, "2026-09-15T21:00:00-04:00")
    void = citations(client, upton, status="void")
    issued = citations(client, upton, status="issued")
    assert amounts(void) == [5000, 10000] and amounts(issued) == [30000, 30000]
    assert {c["replaces_id"] for c in issued} == {c["id"] for c in void}
    assert all(c["revision"] == 2 and c["void_reason"] is None for c in issued)
    assert all("amount changed on reassessment" in c["void_reason"] for c in void)
    [sms] = outbox("sms", "citations.reissued")
    assert "Sep 14, 2026: $50.00 is now $300.00; Sep 15, 2026: $100.00 is now $300.00" in sms.payload["text"]
    [slack] = outbox("slack", "citations.reissued")
    assert "Mechanic Street Realty Trust" in slack.payload["text"]
    voided = db.session.scalar(
        select(AuditEvent).where(AuditEvent.object_id == void[0]["id"], AuditEvent.action == "update")
    )
    assert voided is not None and '"status":"void"' in voided.snapshot
    before = counts()
    run_jobs(app, "2026-09-15T21:00:00-04:00")
    assert counts() == before


def test_a_changed_fine_path_voids_the_proposals_and_records_exposure(app, client, upton, fill):
    order, v = fill
    run_jobs(app, "2026-09-15T20:00:00-04:00")
    app.extensions["clock"].at = at("2026-09-16T10:00:00-04:00")
    issued_order(
        client,
        upton,
        site("Mechanic St").id,
        [v["id"]],
        "UPTON-280",
        "criminal",
        "2026-09-16T10:00:00-04:00",
        kind="enforcement_order",
    )
    run_jobs(app, "2026-09-16T20:00:00-04:00")
    assert (
        len(citations(client, upton, status="void")) == 2
        and citations(client, upton, status="proposed") == []
    )
    body = client.get(f"/api/v1/assessments?violation_id={v['id']}", headers=upton).json
    assert body["fine_path"] == "criminal" and body["criminal"]["maximum_cents"] == 3 * 30000


def test_the_town_confirming_its_amb_17_setting_releases_the_amounts_to_messages(app, client, world):
    agent, board = world.headers("carver", "agent"), world.headers("carver", "board_member", "planning")
    zeo = world.headers("carver", "enforcing_officer")
    s, p = site("Cedar Brook"), party("Cedar Brook Homes Inc.")
    v = create_violation(
        client, agent, s.id, p.id, "CARVER-247", "CARVER-247-DESIGN-MAINTAIN", "2026-04-04T09:00:00-04:00"
    )
    order = issued_order(
        client,
        board,
        s.id,
        [v["id"]],
        "CARVER-247",
        "noncriminal",
        "2026-04-04T12:00:00-04:00",
        PLANNING_BOARD_VOTE,
    )
    run_jobs(app, "2026-04-06T20:00:00-04:00")
    assert [c["withhold"] for c in citations(client, zeo)] == [False, False, True]
    admin = world.headers("carver", "town_admin")  # the town admin confirms the reading, through the API
    read = client.get("/api/v1/admin/settings", headers=admin)
    amb17 = next(s for s in read.json["settings"] if s["key"] == "carver247.noncriminal_3rd_amount")
    assert (amb17["value"], amb17["set"]) == (300000, False) and "AMB-17" in amb17["note"]
    confirmed = client.patch("/api/v1/admin/settings", headers=admin | {"If-Match": read.headers["ETag"]},
                             json={"set": {"carver247.noncriminal_3rd_amount": 300000}})
    assert confirmed.status_code == 200, confirmed.json
    confirmed_amb17 = next(s for s in confirmed.json["settings"] if s["key"] == amb17["key"])
    assert (confirmed_amb17["value"], confirmed_amb17["set"]) == (300000, True)  # the same figure, now chosen
    assert confirmed.json["config_version"] != read.json["config_version"]  # a decision, so a new version
    run_jobs(app, "2026-04-06T21:00:00-04:00")
    rows = citations(client, zeo)
    assert [c["withhold"] for c in rows] == [False, False, False] and len(
        rows
    ) == 3  # confirmed, not reissued
    resp = client.post("/api/v1/citations/issue", headers=zeo, json={"order_id": order["id"]})
    assert resp.status_code == 200
    assert "$3,000.00" in outbox("sms", "citations.issued")[0].payload["text"]
    packet = client.get(f"/api/v1/orders/{order['id']}/evidence.pdf", headers=zeo)  # counsel sees the reading
    assert packet.status_code == 200
    assert confirmed.json["config_version"].encode() in packet.data
    assert b"carver247.noncriminal_3rd_amount = 300000" in packet.data
    assert read.json["config_version"].encode() in packet.data  # the first two days, before the confirmation
