"""The SMS API for staff: violation texts, undelivered texts, links, opt-outs; roles and towns."""

from __future__ import annotations

import uuid

import pytest

from backend.audit import acting_as
from backend.extensions import db
from backend.sms.status import undelivered_since
from tests.integration.sms.conftest import (
    CEDAR,
    dispatch,
    new_violation,
    notifications,
    party,
    send_notice,
    town,
)


def test_a_violation_notice_is_queued_once_per_violation_version_with_a_fresh_link(client, world, agent):
    v = new_violation(client, agent)
    first = send_notice(client, agent, v["id"])
    again = send_notice(client, agent, v["id"])
    assert first["id"] == again["id"] and first["template"] == "sms.violation_notice"
    assert first["recipient"] == "+15085550104" and "infracción" in first["text"]
    [row] = notifications("sms")
    assert row.payload["violation_id"] == v["id"] and row.payload["language"] == "es"


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({}, 422),
        ({"violation_id": "not-a-uuid"}, 422),
        ({"violation_id": str(uuid.uuid4())}, 404),
        ({"violation_id": None}, 422),
        ("[]", 422),
    ],
    ids=["missing", "garbage", "unknown", "null", "not-an-object"],
)
def test_garbage_notice_requests_are_refused(client, world, agent, body, status):
    resp = client.post("/api/v1/sms/violation-notices", headers=agent, json=body if body != "[]" else [])
    assert resp.status_code == status and resp.is_json
    assert notifications("sms") == []


def test_another_towns_violation_or_party_is_404(client, world, agent):
    upton = world.headers("upton", "agent")
    theirs = new_violation(
        client,
        upton,
        site_name="Mechanic St",
        offender="Mechanic Street Realty Trust",
        chapter="UPTON-280",
        provision="UPTON-280-ZONE-100FT",
    )
    assert (
        client.post(
            "/api/v1/sms/violation-notices", headers=agent, json={"violation_id": theirs["id"]}
        ).status_code
        == 404
    )
    mine = new_violation(client, agent)
    other_party = str(party("Mechanic Street Realty Trust").id)
    assert (
        client.post(
            "/api/v1/sms/violation-notices",
            headers=agent,
            json={"violation_id": mine["id"], "party_id": other_party},
        ).status_code
        == 404
    )
    opened = {(n.recipient, n.payload["violation_id"]) for n in notifications("sms")}  # each its own offender
    assert opened == {(party("Mechanic Street Realty Trust").phone_e164, theirs["id"]),
                      (party(CEDAR).phone_e164, mine["id"])}


def test_a_party_without_consent_or_a_closed_violation_is_a_409(client, world, agent):
    v = new_violation(client, agent)
    with acting_as("test:consent"):
        party(CEDAR).sms_consent = False
        db.session.commit()
    resp = client.post("/api/v1/sms/violation-notices", headers=agent, json={"violation_id": v["id"]})
    assert resp.status_code == 409 and "cannot be texted" in resp.json["message"]
    planning_board = world.headers("carver", "board_member", "planning")  # closing: the Board by vote
    closed = client.post(f"/api/v1/violations/{v['id']}/transition", headers=planning_board,
                         json={"to": "closed", "reason": "x", "authorization": {"vote": {"yes": 3}}})
    assert closed.status_code == 200, closed.json
    resp = client.post("/api/v1/sms/violation-notices", headers=agent, json={"violation_id": v["id"]})
    assert resp.status_code == 409 and "closed" in resp.json["message"]


def test_roles_board_members_read_agents_send(client, world, agent):
    board = world.headers("carver", "board_member", "planning")
    assert client.get("/api/v1/sms/undelivered", headers=agent).status_code == 403
    assert client.get("/api/v1/sms/links", headers=agent).status_code == 403
    assert client.get("/api/v1/sms/opt-outs", headers=agent).status_code == 403
    assert client.get("/api/v1/sms/undelivered", headers=board).status_code == 200
    v = new_violation(client, agent)
    assert (
        client.post(
            "/api/v1/sms/violation-notices", headers=board, json={"violation_id": v["id"]}
        ).status_code
        == 403
    )


def test_undelivered_lists_only_the_towns_failures_since_the_instant(app, client, world, agent, twilio):
    twilio.error_next(30003, status=400)
    send_notice(client, agent, new_violation(client, agent)["id"])
    dispatch(app)
    board = world.headers("carver", "board_member", "planning")
    assert [r["error_code"] for r in client.get("/api/v1/sms/undelivered", headers=board).json] == [
        "twilio:30003"
    ]
    assert client.get("/api/v1/sms/undelivered?since=2026-04-07T00:00:00Z", headers=board).json == []
    assert client.get("/api/v1/sms/undelivered?since=yesterday", headers=board).status_code == 422
    upton = world.headers("upton", "board_member")
    assert client.get("/api/v1/sms/undelivered", headers=upton).json == []
    import datetime as dt

    [row] = undelivered_since(town("carver").id, dt.datetime(2026, 4, 1, tzinfo=dt.UTC))
    assert row.party_name == CEDAR and row.status == "failed"


def test_links_and_opt_outs_are_listed_for_the_town(client, world, agent):
    v = new_violation(client, agent)
    send_notice(client, agent, v["id"])
    board = world.headers("carver", "board_member", "planning")
    [link] = client.get(f"/api/v1/sms/links?violation_id={v['id']}", headers=board).json
    assert (
        link["violation_ids"] == [v["id"]]
        and link["expires_at"] is None
        and link["purpose"] == "sms.violation_notice"
    )
    assert client.get("/api/v1/sms/links?limit=0", headers=board).status_code == 422
    assert client.get(f"/api/v1/sms/links?violation_id={uuid.uuid4()}", headers=board).status_code == 404
    upton = world.headers("upton", "board_member")
    assert client.get("/api/v1/sms/links", headers=upton).json == []
    assert (
        client.post(
            f"/api/v1/sms/links/{'x' * 300}/revoke", headers=board, json={"reason": "bad id"}
        ).status_code
        == 404
    )
    assert client.get("/api/v1/sms/opt-outs", headers=board).json == []


@pytest.mark.parametrize(
    "body",
    [{}, {"reason": "no"}, {"reason": "x" * 301}, {"reason": 7}, []],
    ids=["missing", "too-short", "too-long", "not-text", "not-an-object"],
)
def test_garbage_revocations_are_refused_and_the_link_stays_live(client, world, agent, body):
    send_notice(client, agent, new_violation(client, agent)["id"])
    board = world.headers("carver", "board_member", "planning")
    [link] = client.get("/api/v1/sms/links", headers=board).json
    resp = client.post(f"/api/v1/sms/links/{link['id']}/revoke", headers=board, json=body)
    assert resp.status_code == 422 and resp.is_json
    assert client.get(f"/n/{link['id']}").status_code == 200
