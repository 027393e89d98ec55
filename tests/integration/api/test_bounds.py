"""Dates and numbers within reason: every instant and date the API takes is bounded by kind, in one place
(backend/api/bounds.py); out of range is a 422 naming the field and the bound, never a row written."""

from __future__ import annotations

import pytest
from marshmallow import Schema, fields
from sqlalchemy import func, select

from backend.api.admin_work_schemas import TASK_REASONS
from backend.api.bounds import BOUNDED
from backend.extensions import db
from backend.models import Violation

DATE_FIELDS = (fields.DateTime, fields.Date)


def _schemas(app):
    for endpoint, view in app.view_functions.items():
        spec = getattr(view, "_spec", {}) or {}
        for key in ("body", "query", "args", "form", "files"):
            found = spec.get(key)
            for schema in (found if isinstance(found, list) else [found]):
                if isinstance(schema, tuple):
                    schema = schema[0]
                if isinstance(schema, type) and issubclass(schema, Schema):
                    schema = schema()
                if isinstance(schema, Schema):
                    yield endpoint, schema


def _unbounded(schema: Schema, path: str = ""):
    for name, field in schema.fields.items():
        inner = field.inner if isinstance(field, fields.List) else field
        if isinstance(inner, fields.Nested):
            yield from _unbounded(inner.schema, f"{path}{name}.")
        elif isinstance(inner, DATE_FIELDS) and not isinstance(inner, BOUNDED):
            yield f"{path}{name}"


def test_every_date_and_instant_the_api_takes_is_bounded_by_kind(app):
    found = {f"{endpoint}: {name}" for endpoint, schema in _schemas(app) for name in _unbounded(schema)}
    assert found == set()
    assert sum(1 for _ in _schemas(app)) > 40  # the walk does see the routes' input schemas


@pytest.fixture
def agent(world):
    return world.headers("carver", "agent")


def _violation(client, agent, observed_at: str):
    pit = client.get("/api/v1/sites?q=gravel", headers=agent).json[0]
    return client.post("/api/v1/violations", headers=agent, json={
        "site_id": pit["id"], "chapter": "CARVER-136", "provision": "CARVER-136-BUFFER-50FT",
        "description": "Excavation within 50 ft of the property line", "observed_at": observed_at})


@pytest.mark.parametrize("observed_at,bound", [
    pytest.param("0001-01-01T00:00:00+00:00", "2000-01-01", id="year 0001 (740,000 offense-days)"),
    pytest.param("1999-12-31T23:59:59+00:00", "2000-01-01", id="the day before the floor"),
    pytest.param("2026-04-06T14:10:01+00:00", "clock skew", id="a second past the skew"),
    pytest.param("9999-12-31T23:59:59-12:00", "clock skew", id="year 9999 west of UTC (overflows)"),
])
def test_an_observation_out_of_range_is_a_422_naming_field_and_bound(client, agent, observed_at, bound):
    resp = _violation(client, agent, observed_at)
    assert resp.status_code == 422, resp.json
    assert bound in str(resp.json["detail"]["json"]["observed_at"]), resp.json
    assert db.session.scalar(select(func.count()).select_from(Violation)) == 0


@pytest.mark.parametrize("observed_at", ["2000-01-01T00:00:00+00:00", "2026-04-06T14:09:59+00:00"])
def test_an_observation_within_the_bounds_is_taken(client, agent, observed_at):
    assert _violation(client, agent, observed_at).status_code == 201


@pytest.mark.parametrize("due_on,status", [("1899-12-31", 422), ("1900-01-01", 201), ("2051-04-06", 201),
                                           ("2051-04-07", 422), ("9999-12-31", 422)])
def test_a_scheduled_date_lies_within_1900_and_25_years_ahead(client, world, due_on, status):
    admin = world.headers("carver", "town_admin")
    pit = client.get("/api/v1/sites?q=gravel", headers=admin).json[0]
    resp = client.post("/api/v1/tasks", headers=admin,
                       json={"site_id": pit["id"], "reason": TASK_REASONS[0], "due_on": due_on})
    assert resp.status_code == status, resp.json
    if status == 422:
        assert "25 years" in str(resp.json["detail"]["json"]["due_on"])


@pytest.mark.parametrize("query", ["since=0001-01-01T00:00:00%2B00:00", "since=9999-12-31T23:59:59-12:00"])
def test_a_query_instant_out_of_range_is_a_422(client, world, query):
    resp = client.get(f"/api/v1/sms/undelivered?{query}", headers=world.headers("carver", "town_admin"))
    assert resp.status_code == 422 and "since" in str(resp.json["detail"]), resp.json


def _kind_of(app, endpoint: str, name: str) -> str:
    schema = next(s for e, s in _schemas(app) if e == endpoint)
    return schema.fields[name].kind


@pytest.mark.parametrize("endpoint,name", [
    ("enforcement.serve_order", "served_at"),
    ("enforcement.issue_order", "at"),
    ("enforcement.transition_order", "at"),
    ("enforcement.transition_violation", "at"),
    ("meetings.record_meeting", "held_at"),
    ("meetings.record_meeting", "posted_at"),
    ("meetings.record_meeting", "operator_notified_at"),
])
def test_what_was_done_is_an_observation_not_a_schedule(app, endpoint, name):
    """Service, an act's time and a meeting held happened: 2000-01-01 .. now + 10 minutes (observed_at)."""
    assert _kind_of(app, endpoint, name) == "observation"


def test_a_transition_dated_tomorrow_is_a_422_and_the_violation_is_unchanged(client, agent):
    made = _violation(client, agent, "2026-04-06T13:00:00+00:00").json
    resp = client.post(f"/api/v1/violations/{made['id']}/transition", headers=agent,
                       json={"to": "corrected", "reason": "fill removed", "at": "2026-04-07T14:00:00+00:00"})
    assert resp.status_code == 422, resp.json
    assert "clock skew" in str(resp.json["detail"]["json"]["at"]), resp.json
    assert client.get(f"/api/v1/violations/{made['id']}", headers=agent).json["status"] == made["status"]
