"""Issue 22: POST /api/v1/law/<operation> serves every operation of the engine's facade to staff, the same
JSON in and out, each documented in OpenAPI with its own request and response schema, authenticated, every
input bounded (a 422 naming the field). The deadline calculator answers every event function the facade
lists."""

from __future__ import annotations

import pytest

from backend.extensions import db
from backend.models import Town
from backend.services.fine_config import town_config
from inspections import api
from inspections.api.events import SPECS
from tests.unit.inspections.law_samples import SAMPLES, event_payload, path


@pytest.fixture
def agent(world):
    return world.headers("carver", "agent")


def law(client, headers, name, body):
    return client.post(f"/api/v1/law/{name}", headers=headers, json=body)


def _component(spec, ref):
    return spec["components"]["schemas"][ref.rsplit("/", 1)[1]]


def _documented(spec, name):
    post = spec["paths"][f"/api/v1/law/{name}"]["post"]
    body = _component(spec, post["requestBody"]["content"]["application/json"]["schema"]["$ref"])
    answer = _component(spec, post["responses"]["200"]["content"]["application/json"]["schema"]["$ref"])
    op = api.OPERATIONS[name]
    assert set(body["properties"]) == set(op.input.model_fields), "each input field documented"
    assert set(answer["properties"]) == set(op.output.model_fields), "each output field documented"
    assert post["security"] == [{"BearerAuth": []}] and post["summary"] == op.summary
    assert {"401", "422"} <= set(post["responses"])


def test_each_operation_is_documented_with_its_own_schemas(client):
    spec = client.get("/api/v1/openapi.json").json
    for name in sorted(api.OPERATIONS):
        _documented(spec, name)
    assert len(
        {
            spec["paths"][f"/api/v1/law/{n}"]["post"]["requestBody"]["content"]["application/json"]["schema"][
                "$ref"
            ]
            for n in api.OPERATIONS
        }
    ) == len(api.OPERATIONS), "no shared blob"


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_staff_get_the_facades_answer_as_json(world, client, agent, name):
    payload, where, expected = SAMPLES[name]
    resp = law(client, agent, name, payload)
    assert resp.status_code == 200, resp.json
    assert path(resp.json, where) == expected
    carver = db.session.query(Town).filter_by(slug="carver").one()
    assert resp.json == api.call(name, payload, settings=town_config(carver))


@pytest.mark.parametrize("key", sorted(SPECS), ids=lambda k: f"{k[0]} / {k[1]}")
def test_the_calculator_answers_every_event_function_of_the_facade(client, agent, key):
    body = event_payload(SPECS[key])
    resp = client.post("/api/v1/deadlines/calculate", headers=agent, json=body)
    assert resp.status_code == 200, resp.json
    assert resp.json["deadlines"] and resp.json == law(client, agent, "deadlines", body).json


def test_the_catalogue_lists_operations_and_events(client, agent):
    resp = client.get("/api/v1/law", headers=agent)
    assert resp.status_code == 200
    assert {o["name"] for o in resp.json["operations"]} == set(api.OPERATIONS)
    assert len(resp.json["events"]) == len(SPECS)


@pytest.mark.parametrize(
    "name,body,field",
    [
        pytest.param(
            "zone",
            {**SAMPLES["zone"][0], "assessed_on": "0001-01-01"},
            "assessed_on",
            id="date out of reason",
        ),
        pytest.param(
            "abutter",
            {"rule_id": "UPTON-280-ABUTTER-300FT", "distance_ft": 1e300},
            "distance_ft",
            id="distance out of bounds",
        ),
        pytest.param(
            "abutter",
            {"rule_id": "UPTON-280-ABUTTER-300FT", "distance_ft": -1},
            "distance_ft",
            id="negative distance",
        ),
        pytest.param(
            "consultant-fee-cap",
            {"chapter": "CARVER-281", "project_cost_cents": 10**16},
            "project_cost_cents",
            id="cost out of bounds",
        ),
        pytest.param(
            "erc-roster",
            {"members": [{"name": "x", "seat": "appointed", "resident": True}] * 21},
            "members",
            id="too many members",
        ),
        pytest.param(
            "penalty",
            {"chapter": "UPTON-280", "track": "noncriminal"},
            "sequence",
            id="noncriminal amount without a sequence",
        ),
        pytest.param(
            "offense-days",
            {
                "violation": {**SAMPLES["offense-days"][0]["violation"], "started_at": "2026-03-02T09:00:00"},
                "through_on": "2026-03-31",
            },
            "violation.started_at",
            id="naive instant",
        ),
        pytest.param("rule", {"rule_id": "'; DROP TABLE towns; --"}, "rule_id", id="hostile rule id"),
        pytest.param("rule", {"rule_id": "CARVER-281-NO-SUCH-RULE"}, "rule_id", id="unknown rule"),
        pytest.param(
            "filing-fee",
            {"chapter": "CARVER-281", "filing": "RDA", "surprise": 1},
            "surprise",
            id="unknown field",
        ),
        pytest.param(
            "filing-fee",
            {"chapter": "CARVER-281", "filing": "RDA", "settings": {"tz": "Europe/Paris"}},
            "settings.tz",
            id="a retired switch at another value",
        ),
        pytest.param(
            "notice-in-time",
            {
                "rule_id": "CARVER-281-HEARING-NOTICE-14D",
                "event_on": "2026-05-20",
                "received_on": "2026-05-01",
            },
            "mailed_on",
            id="a mailed notice is dated by its mailing: that date is needed",
        ),
        pytest.param(
            "zone",
            {
                **SAMPLES["zone"][0],
                "point": None,
                "geometry": {"type": "Point", "coordinates": [2.35, 48.85]},
            },
            "geometry",
            id="a geometry outside Massachusetts",
        ),
    ],
)
def test_bad_input_is_a_422_naming_the_field(client, agent, name, body, field):
    resp = law(client, agent, name, body)
    assert resp.status_code == 422, resp.json
    assert field in resp.json["detail"]["json"], resp.json


def test_a_body_over_five_megabytes_is_refused_before_it_is_read(client, agent):
    padding = "x" * (5 * 1024 * 1024)
    resp = client.post("/api/v1/law/rule", headers=agent | {"Content-Type": "application/json"},
                       data='{"rule_id": "CARVER-281-RDA-FEE-125", "pad": "' + padding + '"}')
    assert resp.status_code == 413 and "5 MB" in resp.json["message"]


def test_the_law_needs_a_token(client):
    assert (
        client.post("/api/v1/law/filing-fee", json={"chapter": "CARVER-281", "filing": "RDA"}).status_code
        == 401
    )
    assert client.get("/api/v1/law").status_code == 401


def test_the_towns_own_settings_apply(world, client):
    """Upton's admin sets roll_c4s9: the same request then answers under it (AMB-51's Saturday holiday)."""
    upton = db.session.query(Town).filter_by(slug="upton").one()
    upton.settings = {**(upton.settings or {}), "roll_c4s9": True}
    db.session.commit()
    body = {"event": "hearing_closed", "chapter": "UPTON-280", "on": "2026-06-13"}
    rolled = law(client, world.headers("upton", "agent"), "deadlines", body).json["deadlines"][0]
    plain = law(client, world.headers("carver", "agent"), "deadlines", body).json["deadlines"][0]
    assert (rolled["latest_on"], plain["latest_on"]) == ("2026-07-06", "2026-07-04")
