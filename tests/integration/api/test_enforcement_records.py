"""Violations and orders: create, update, status transitions; an illegal transition is a 409 with the reason."""  # noqa: E501
from __future__ import annotations

import uuid

import pytest


@pytest.fixture
def h(world):
    return world.headers("carver", "agent")


@pytest.fixture
def erc(world):
    return world.headers("carver", "board_member", "earth")


# closing or reopening a CARVER-136 violation, lifting or superseding its order: the ERC acts by vote
# (CARVER-136-AUTH, CARVER-136-CD-ORDER; CARVER-136-ERC-QUORUM-4, CARVER-136-ERC-MAJORITY)
VOTE = {"vote": {"yes": 4, "no": 1}}


@pytest.fixture
def pit(client, h):
    return client.get("/api/v1/sites?q=gravel", headers=h).json[0]


def violation(client, h, site_id, **over):
    body = {"site_id": site_id, "chapter": "CARVER-136", "provision": "CARVER-136-BUFFER-50FT",
            "description": "Excavation within 50 ft of the property line",
            "observed_at": "2026-04-06T10:00:00-04:00"} | over
    return client.post("/api/v1/violations", json=body, headers=h)


def test_a_violation_carries_the_citation_of_its_provision(client, h, pit):
    v = violation(client, h, pit["id"])
    assert v.status_code == 201 and v.json["citation"] == "~§ 136-7C" and v.json["status"] == "open"


@pytest.mark.parametrize("path", [
    pytest.param(["open", "corrected", "closed"], id="corrected then closed"),
    pytest.param(["open", "corrected", "open", "closed"], id="reopened then dismissed"),
])
def test_legal_transitions(client, h, erc, pit, path):
    v = violation(client, h, pit["id"]).json
    for target in path[1:]:
        who = h if target == "corrected" else erc  # the agent finds it corrected; the ERC closes or reopens
        resp = client.post(f"/api/v1/violations/{v['id']}/transition", headers=who,
                           json={"to": target, "reason": "site visit", "authorization": VOTE})
        assert resp.status_code == 200 and resp.json["status"] == target, resp.json
        if target != "corrected":
            assert resp.json["status_authorization"]["rule_id"] == "CARVER-136-AUTH"


def test_illegal_transitions_are_409_with_the_reason(client, h, erc, pit):
    v = violation(client, h, pit["id"]).json
    url = f"/api/v1/violations/{v['id']}/transition"
    client.post(url, headers=erc, json={"to": "closed", "reason": "dismissed", "authorization": VOTE})
    resp = client.post(url, headers=erc, json={"to": "open", "reason": "again", "authorization": VOTE})
    assert resp.status_code == 409
    assert resp.json["message"] == ("violation cannot go from closed to open; allowed from closed: "
                                    "none (final state)")


def test_dismissing_an_open_violation_needs_a_reason(client, h, erc, pit):
    v = violation(client, h, pit["id"]).json
    resp = client.post(f"/api/v1/violations/{v['id']}/transition", headers=erc,
                       json={"to": "closed", "authorization": VOTE})
    assert resp.status_code == 422 and "reason" in resp.json["detail"]["json"]


@pytest.mark.parametrize("over,field", [
    pytest.param({"chapter": "CARVER-999"}, "chapter", id="unknown chapter"),
    pytest.param({"provision": "UPTON-280-NONCRIM-SCHEDULE"}, "provision", id="provision of another bylaw"),
    pytest.param({"provision": "made up"}, "provision", id="made-up provision"),
    pytest.param({"observed_at": "2026-04-06"}, "observed_at", id="date instead of instant"),
    pytest.param({"description": ""}, "description", id="empty description"),
    pytest.param({"line_item": 0}, "line_item", id="line item zero"),
])
def test_bad_violation_input_names_the_field(client, h, pit, over, field):
    resp = violation(client, h, pit["id"], **over)
    assert resp.status_code == 422 and field in str(resp.json["detail"]), resp.json


def test_violation_update_needs_if_match(client, h, pit):
    v = violation(client, h, pit["id"])
    url = f"/api/v1/violations/{v.json['id']}"
    assert client.patch(url, json={"description": "x"}, headers=h).status_code == 428
    ok = client.patch(url, json={"description": "Excavation 30 ft from the line"},
                      headers=h | {"If-Match": v.headers["ETag"]})
    assert ok.status_code == 200 and ok.headers["ETag"] == '"v2"'


def test_order_lifecycle(client, h, pit, world):
    v = violation(client, h, pit["id"]).json
    order = client.post("/api/v1/orders", headers=h, json={
        "site_id": pit["id"], "kind": "cease_and_desist", "chapter": "CARVER-136",
        "violation_ids": [v["id"]]})
    assert order.status_code == 201 and order.json["status"] == "draft"
    oid = order.json["id"]
    assert client.post(f"/api/v1/orders/{oid}/serve", headers=h, json={
        "method": "hand_delivery", "served_at": "2026-04-06T09:30:00-04:00"}).status_code == 409
    board = world.headers("carver", "board_member", "earth")
    issued = client.post(f"/api/v1/orders/{oid}/issue", headers=board, json={
        "at": "2026-04-06T10:00:00-04:00", "authorization": {"vote": {"present": 5, "yes": 4}}})
    assert issued.status_code == 200 and issued.json["status"] == "issued", issued.json
    client.application.extensions["clock"].advance(days=1)  # served the next morning, recorded after
    served = client.post(f"/api/v1/orders/{oid}/serve", headers=h, json={
        "method": "certified_mail", "served_at": "2026-04-07T09:00:00-04:00",
        "detail": {"receipt": "7019 0001"}})
    assert served.status_code == 200 and served.json["service_method"] == "certified_mail"
    assert client.patch(f"/api/v1/orders/{oid}", headers=h | {"If-Match": served.headers["ETag"]},
                        json={"text": "edited"}).status_code == 409
    # the agent may not lift what the ERC issued by vote (CARVER-136-CD-ORDER): refused before the body
    refused = client.post(f"/api/v1/orders/{oid}/transition", headers=h, json={"to": "lifted"})
    assert refused.status_code == 403
    assert "no role under Carver's earth removal bylaw" in refused.json["message"]
    alone = client.post(f"/api/v1/orders/{oid}/transition", headers=board,
                        json={"to": "lifted", "reason": "restored"})
    assert alone.status_code == 403 and "acts by vote" in alone.json["message"]
    assert client.get(f"/api/v1/orders/{oid}", headers=h).json["status"] == "issued"
    assert client.post(f"/api/v1/orders/{oid}/transition", headers=board,
                       json={"to": "lifted", "authorization": VOTE}).status_code == 422
    lifted = client.post(f"/api/v1/orders/{oid}/transition", headers=board,
                         json={"to": "lifted", "reason": "restored", "authorization": VOTE})
    assert lifted.status_code == 200 and lifted.json["lifted_at"]
    assert lifted.json["status_authorization"]["vote"]["yes"] == 4
    again = client.post(f"/api/v1/orders/{oid}/transition", headers=board,
                        json={"to": "superseded", "reason": "x", "authorization": VOTE})
    assert again.status_code == 409


@pytest.mark.parametrize("body,field", [
    pytest.param({"kind": "arrest"}, "kind", id="unknown kind"),
    pytest.param({"violation_ids": []}, "violation_ids", id="no violations"),
    pytest.param({"violation_ids": ["nope"]}, "violation_ids", id="bad id"),
])
def test_bad_order_input_names_the_field(client, h, pit, body, field):
    base = {"site_id": pit["id"], "kind": "cease_and_desist", "chapter": "CARVER-136",
            "violation_ids": [str(uuid.uuid4())]}
    resp = client.post("/api/v1/orders", headers=h, json=base | body)
    assert resp.status_code == 422 and field in str(resp.json["detail"])


def test_an_order_cannot_name_another_towns_violation(client, h, pit, world):
    upton = world.headers("upton", "agent")
    usite = client.get("/api/v1/sites", headers=upton).json[0]
    uv = client.post("/api/v1/violations", headers=upton, json={
        "site_id": usite["id"], "chapter": "UPTON-280", "provision": "UPTON-280-NONCRIM-SCHEDULE",
        "description": "fill", "observed_at": "2026-04-04T10:00:00-04:00"}).json
    resp = client.post("/api/v1/orders", headers=h, json={
        "site_id": pit["id"], "kind": "cease_and_desist", "chapter": "CARVER-136",
        "violation_ids": [uv["id"]]})
    assert resp.status_code == 404
