"""Inspections are created under a client UUID (idempotent retries, 409 on a different body) and edited
through If-Match, the way ODK Central treats instance ids."""
from __future__ import annotations

import uuid

import pytest


@pytest.fixture
def agent(world):
    return world.headers("carver", "agent")


@pytest.fixture
def bog(world, client, agent):
    return next(s for s in client.get("/api/v1/sites?q=bog", headers=agent).json)


def body(site_id: str, **over) -> dict:
    base = {"id": str(uuid.uuid4()), "site_id": site_id, "entry_basis": "permit_on_file",
            "started_at": "2026-04-06T09:30:00-04:00",
            "responses": [{"item_id": "silt-fence", "answer": "fail", "note": "breached at the NE corner"}]}
    return base | over


def test_a_retry_with_the_same_body_returns_the_stored_record(client, agent, bog):
    b = body(bog["id"])
    first = client.post("/api/v1/inspections", json=b, headers=agent)
    same_instant_other_offset = dict(b, started_at="2026-04-06T13:30:00Z")
    second = client.post("/api/v1/inspections", json=same_instant_other_offset, headers=agent)
    assert (first.status_code, second.status_code) == (201, 200)
    assert first.json == second.json and first.headers["ETag"] == second.headers["ETag"] == '"v1"'
    assert len(client.get("/api/v1/inspections", headers=agent).json) == 1


def test_the_same_id_with_a_different_body_is_409(client, agent, bog):
    b = body(bog["id"])
    assert client.post("/api/v1/inspections", json=b, headers=agent).status_code == 201
    resp = client.post("/api/v1/inspections", json=dict(b, notes="changed"), headers=agent)
    assert resp.status_code == 409 and "different body" in resp.json["message"]


def test_if_match_edits(client, agent, bog):
    b = body(bog["id"])
    client.post("/api/v1/inspections", json=b, headers=agent)
    url = f"/api/v1/inspections/{b['id']}"
    assert client.patch(url, json={"notes": "x"}, headers=agent).status_code == 428
    ok = client.patch(url, json={"notes": "gate locked"}, headers=agent | {"If-Match": '"v1"'})
    assert ok.status_code == 200 and ok.headers["ETag"] == '"v2"' and ok.json["notes"] == "gate locked"
    stale = client.patch(url, json={"notes": "offline edit"}, headers=agent | {"If-Match": '"v1"'})
    assert stale.status_code == 412 and stale.json["detail"]["current_etag"] == '"v2"'
    offline = client.patch(url, json={"responses": [{"item_id": "silt-fence", "answer": "pass"}]},
                           headers=agent | {"If-Match": '"v2"'})
    assert offline.status_code == 200 and offline.json["responses"][0]["answer"] == "pass"


def test_submit_is_final_and_idempotent(client, agent, bog):
    b = body(bog["id"])
    client.post("/api/v1/inspections", json=b, headers=agent)
    url = f"/api/v1/inspections/{b['id']}"
    first = client.post(url + "/submit", headers=agent)
    again = client.post(url + "/submit", headers=agent)
    assert first.status_code == again.status_code == 200
    assert first.json["status"] == "submitted" and first.json["submitted_at"] == again.json["submitted_at"]
    edit = client.patch(url, json={"notes": "late"}, headers=agent | {"If-Match": first.headers["ETag"]})
    assert edit.status_code == 409 and "submitted" in edit.json["message"]


def test_device_clock_skew_is_recorded(client, agent, bog, app):
    b = body(bog["id"], device_clock_at_sync="2026-04-06T14:02:00Z")  # server clock: 14:00:00Z
    resp = client.post("/api/v1/inspections", json=b, headers=agent)
    assert resp.json["device_skew_seconds"] == 120.0


@pytest.mark.parametrize("change,field", [
    pytest.param({"id": "not-a-uuid"}, "id", id="bad uuid"),
    pytest.param({"entry_basis": "trespass"}, "entry_basis", id="unknown entry basis"),
    pytest.param({"entry_basis": "owner_consent"}, "consent_name", id="consent without a name"),
    pytest.param({"entry_basis": "warrant"}, "warrant_number", id="warrant without a number"),
    pytest.param({"started_at": "2026-04-06T09:30:00"}, "started_at", id="naive time"),
    pytest.param({"started_at": "yesterday"}, "started_at", id="garbage time"),
    pytest.param({"responses": [{"item_id": "a", "answer": "maybe"}]}, "responses", id="bad answer"),
    pytest.param({"responses": [{"item_id": "a", "answer": "pass"}, {"item_id": "a", "answer": "fail"}]},
                 "responses", id="item answered twice"),
    pytest.param({"notes": "x" * 20001}, "notes", id="notes too long"),
    pytest.param({"site_id": None}, "site_id", id="null site"),
    pytest.param({"template_key": "no-such-checklist"}, "template_key", id="unknown template"),
])
def test_bad_input_is_a_4xx_naming_the_field(client, agent, bog, change, field):
    resp = client.post("/api/v1/inspections", json=body(bog["id"]) | change, headers=agent)
    assert resp.status_code == 422, resp.json
    assert field in str(resp.json["detail"])
    assert client.get("/api/v1/inspections", headers=agent).json == []


@pytest.mark.parametrize("payload", [None, [], "text", {"id": 7}, {}])
def test_non_object_bodies_are_refused(client, agent, payload):
    resp = client.post("/api/v1/inspections", json=payload, headers=agent)
    assert resp.status_code in (400, 415, 422) and resp.is_json


def test_an_unknown_site_or_another_towns_site_is_404(client, agent, world):
    upton_site = client.get("/api/v1/sites", headers=world.headers("upton", "agent")).json[0]
    for site_id in (str(uuid.uuid4()), upton_site["id"]):
        resp = client.post("/api/v1/inspections", json=body(site_id), headers=agent)
        assert resp.status_code == 404


def test_board_members_cannot_file_inspections(client, world, bog):
    resp = client.post("/api/v1/inspections", json=body(bog["id"]),
                       headers=world.headers("upton", "board_member"))
    assert resp.status_code in (403, 404)


def test_an_id_used_in_another_town_is_answered_as_any_id_conflict_without_naming_a_town(client, world, agent,
                                                                                       bog):
    """The 409 for a client id that exists in another town is word for word the one for a conflict in one's
    own town: it does not tell an Upton user that Carver has that inspection."""
    b = body(bog["id"])
    assert client.post("/api/v1/inspections", json=b, headers=agent).status_code == 201
    own = client.post("/api/v1/inspections", json=dict(b, notes="changed"), headers=agent)
    upton = world.headers("upton", "agent", "conservation")
    usite = client.get("/api/v1/sites", headers=upton).json[0]
    other = client.post("/api/v1/inspections", json=dict(b, site_id=usite["id"]), headers=upton)
    assert (own.status_code, other.status_code) == (409, 409)
    assert own.json == other.json and "carver" not in str(other.json).lower()
