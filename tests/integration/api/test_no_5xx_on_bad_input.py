"""No 5xx on bad input: integers beyond 2^53, JSON nested deeper than 64 levels, non-finite numbers and
out-of-range query values are 422s naming where, before any view or schema reads them; nothing is written."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select

from backend.extensions import db
from backend.models import Violation


@pytest.fixture
def agent(world):
    return world.headers("carver", "agent")


def _violation_body(client, agent, **over) -> dict:
    pit = client.get("/api/v1/sites?q=gravel", headers=agent).json[0]
    return {"site_id": pit["id"], "chapter": "CARVER-136", "provision": "CARVER-136-BUFFER-50FT",
            "description": "Excavation within 50 ft", "observed_at": "2026-04-06T10:00:00-04:00"} | over


def _raw(client, agent, url: str, body: str):
    return client.post(url, headers=agent | {"Content-Type": "application/json"}, data=body)


@pytest.mark.parametrize("number", [str(2**53), str(-(2**53)), "1" + "0" * 30, "1" + "0" * 5000])
def test_an_integer_beyond_2_to_the_53_is_a_422_naming_the_field(client, agent, number):
    body = _violation_body(client, agent)
    text = '{"line_item": ' + number + ", " + json.dumps(body)[1:]
    resp = _raw(client, agent, "/api/v1/violations", text)
    assert resp.status_code == 422, resp.json
    assert set(resp.json["detail"]["json"]) <= {"line_item", "_body"}
    assert db.session.scalar(select(func.count()).select_from(Violation)) == 0


@pytest.mark.parametrize("depth,status", [(64, 422), (65, 422), (100_000, 422)])
def test_json_nested_deeper_than_64_levels_is_a_422(client, agent, depth, status):
    """64 levels parse (then the schema refuses the unknown field); 65 and beyond never reach a parser."""
    body = '{"description": ' + "[" * (depth - 1) + "]" * (depth - 1) + "}"
    resp = _raw(client, agent, "/api/v1/violations", body)
    assert resp.status_code == status, resp.json
    deep = "nested deeper" in resp.get_data(as_text=True)
    assert deep is (depth > 64)


@pytest.mark.parametrize("text", ["NaN", "Infinity", "-Infinity", "1e400"])
def test_a_non_finite_number_is_a_422(client, agent, text):
    resp = _raw(client, agent, "/api/v1/violations", '{"line_item": ' + text + "}")
    assert resp.status_code == 422, resp.json


@pytest.mark.parametrize("path", [
    "/api/v1/violations", "/api/v1/orders", "/api/v1/inspections", "/api/v1/admin/sites",
    "/api/v1/admin/parties", "/api/v1/admin/permits", "/api/v1/submissions", "/api/v1/tasks",
    "/api/v1/outbox", "/api/v1/offense-days", "/api/v1/citations",
])
@pytest.mark.parametrize("query", ["offset=99999999999999999999", "limit=99999999999999999999",
                                   "offset=-1", "offset=1e3", "stauts=open"])
def test_list_query_values_out_of_range_are_422s(client, world, path, query):
    headers = world.headers("carver", "town_admin" if "/admin/" in path or "outbox" in path else "agent")
    resp = client.get(f"{path}?{query}", headers=headers)
    assert resp.status_code == 422, (path, query, resp.status_code, resp.json)
