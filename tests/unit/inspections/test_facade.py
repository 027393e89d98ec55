"""Issue 22: one facade (`inspections.api`) lists every operation of the engine; each takes and returns plain
JSON-able data, every deadline event function is answered for every chapter that has it, and a missing input
is refused naming it, never invented."""

from __future__ import annotations

import json

import pytest

from inspections import api
from inspections.api.events import SPECS
from inspections.api.registry import InputError
from tests.unit.inspections.law_samples import SAMPLES, event_payload, path


def test_every_operation_has_a_worked_request():
    assert set(SAMPLES) == set(api.OPERATIONS)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_operation_answers_plain_json(name):
    payload, where, expected = SAMPLES[name]
    answer = api.call(name, json.loads(json.dumps(payload)))
    assert json.loads(json.dumps(answer)) == answer
    assert path(answer, where) == expected


@pytest.mark.parametrize("key", sorted(SPECS), ids=lambda k: f"{k[0]} / {k[1]}")
def test_every_event_function_is_answered_for_its_chapter(key):
    spec = SPECS[key]
    answer = api.call("deadlines", event_payload(spec))
    assert answer["deadlines"], spec
    assert all(d["rule_id"].startswith(key[1]) for d in answer["deadlines"]), answer


def test_the_event_list_names_each_events_facts():
    listed = {(e["event"], e["chapter"]): e for e in api.events()}
    assert set(listed) == set(SPECS)
    assert listed[("cease_and_desist_issued", "CARVER-136")]["needs"] == ["at", "operator_notified_at"]


@pytest.mark.parametrize(
    "body,field",
    [
        pytest.param(
            {
                "event": "cease_and_desist_issued",
                "chapter": "CARVER-136",
                "at": "2026-04-06T10:00:00-04:00",
                "operator_notified_at": "2026-04-06T10:00:00-04:00",
            },
            "posted_at",
            id="OML posting time never defaults to the order time",
        ),
        pytest.param(
            {
                "event": "cease_and_desist_issued",
                "chapter": "CARVER-136",
                "at": "2026-04-06T10:00:00-04:00",
                "posted_at": "2026-04-06T10:00:00-04:00",
            },
            "operator_notified_at",
            id="operator notice",
        ),
        pytest.param(
            {"event": "hearing_closed", "chapter": "CARVER-136", "on": "2026-05-04", "extended_by_days": 14},
            "extended_by_days",
            id="no extension under ch. 136",
        ),
        pytest.param(
            {"event": "activity_ceased", "chapter": "CARVER-281", "on": "2026-05-01"},
            "event",
            id="no such event function in that chapter",
        ),
        pytest.param(
            {
                "event": "hearing_closed",
                "chapter": "CARVER-247",
                "on": "2026-05-04",
                "extended_to": "2026-06-01",
                "extended_by_days": 14,
            },
            "extended_to",
            id="an extension as a date and as days",
        ),
        pytest.param(
            {"event": "permit_issued", "chapter": "UPTON-280", "on": "1776-07-04"},
            "on",
            id="a date out of reason",
        ),
        pytest.param(
            {"event": "work_starts", "chapter": "CARVER-247", "on": "2026-05-04"},
            "surety_required",
            id="whether a surety is required is never assumed",
        ),
        pytest.param(
            {
                "event": "reports_due",
                "chapter": "CARVER-136",
                "issued_on": "2026-03-02",
                "through_on": "2027-03-02",
                "settings": {"carver136.report_anchor": "work_started"},
            },
            "work_started_on",
            id="report clock from the start of removal needs that date",
        ),
    ],
)
def test_a_missing_or_wrong_fact_is_refused_naming_it(body, field):
    with pytest.raises(InputError) as refused:
        api.call("deadlines", body)
    assert field in refused.value.problems, refused.value.problems


def test_settings_in_the_request_apply_to_that_answer_only():
    body = {"event": "hearing_closed", "chapter": "UPTON-280", "on": "2026-06-13"}
    plain = api.call("deadlines", body)["deadlines"][0]["latest_on"]
    rolled = api.call("deadlines", {**body, "settings": {"roll_c4s9": True}})["deadlines"][0]["latest_on"]
    assert (plain, rolled) == ("2026-07-04", "2026-07-06")  # AMB-51: Sat Jul 4 2026 is a legal holiday
    with pytest.raises(InputError) as refused:
        api.call("deadlines", {**body, "settings": {"roll_c4s9": "sometimes"}})
    assert "settings.roll_c4s9" in refused.value.problems


def test_the_facades_own_documentation_lists_every_operation():
    assert api.__doc__ is not None
    assert [n for n in api.OPERATIONS if n not in api.__doc__] == []


def _ring(n: int) -> list[list[float]]:
    """A closed ring of n + 1 positions around a point in Gardner."""
    import math

    pts = [
        [-71.99 + 0.001 * math.cos(2 * math.pi * i / n), 42.57 + 0.001 * math.sin(2 * math.pi * i / n)]
        for i in range(n)
    ]
    return [*pts, pts[0]]


def test_geometries_are_bounded_in_vertices():
    big = {"type": "Polygon", "coordinates": [_ring(20_001)]}
    zone = {**SAMPLES["zone"][0], "point": None, "geometry": big}
    with pytest.raises(InputError) as refused:
        api.call("zone", zone)
    assert "geometry" in refused.value.problems
    feature = {"type": "Feature", "geometry": big, "properties": {"id": "W", "type": "isolated_wetland"}}
    with pytest.raises(InputError) as refused:
        api.call("resource-area", {"feature": feature})
    assert "feature.geometry" in refused.value.problems
    small = {
        "type": "Feature",
        "geometry": {"type": "Polygon", "coordinates": [_ring(64)]},
        "properties": {"id": "W", "type": "isolated_wetland"},
    }
    assert api.call("resource-area", {"feature": small})["plane_area_sq_ft"] > 0
