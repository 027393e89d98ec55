"""Deadlines: the calculator (event in, the engine's deadlines out, with rule id, citation and one line why)
and the stored deadlines by site, authority and due-within-N-days."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from backend.extensions import db
from backend.models import Authority, Town
from tests.integration.enforcement.support_a import (
    ERC_VOTE,
    STABILIZATION_FAIL,
    deadlines,
    draft_order,
    issue,
    set_clock,
    site_and_permit,
    submit,
)


@pytest.fixture
def agent(world):
    return world.headers("carver", "agent")


def calculate(client, headers, **body):
    return client.post("/api/v1/deadlines/calculate", headers=headers, json=body)


@pytest.mark.parametrize(
    "ceased,due",
    [
        pytest.param("2026-05-01", "2026-05-15", id="S30 Fri May 1"),
        pytest.param("2026-12-24", "2027-01-07", id="S30 over the new year"),
    ],
)
def test_stabilization_after_activity_ceases(client, agent, ceased, due):
    resp = calculate(client, agent, event="activity_ceased", chapter="CARVER-247", on=ceased)
    assert resp.status_code == 200, resp.json
    [d] = resp.json["deadlines"]
    assert (d["rule_id"], d["latest_on"], d["binds"], d["kind"]) == (
        "CARVER-247-STABILIZE-14D",
        due,
        "permittee",
        "must_by",
    )
    assert d["citation"] == "~§ 247-7B(12)" and d["explanation"].startswith(
        "CARVER-247-STABILIZE-14D (~§ 247-7B(12))"
    )


def test_an_inspection_event_notice_skips_patriots_day(client, agent):
    resp = calculate(
        client, agent, event="inspection_event", chapter="CARVER-247", on="2026-04-21", inspection_event=1
    )
    [d] = resp.json["deadlines"]
    assert d["latest_on"] == "2026-04-16" and d["rule_id"] == "CARVER-247-INSP-NOTICE-2WD"  # S29


def test_the_erc_review_window_of_a_cease_and_desist(client, agent):
    resp = calculate(
        client,
        agent,
        event="cease_and_desist_issued",
        chapter="CARVER-136",
        at="2026-04-06T10:00:00-04:00",
        operator_notified_at="2026-04-06T12:00:00-04:00",
        posted_at="2026-04-09T09:00:00-04:00",
    )
    cease, window = resp.json["deadlines"]
    assert cease["rule_id"] == "CARVER-136-CD-ORDER" and cease["binds"] == "operator"
    assert window["kind"] == "window" and window["earliest_at"] == "2026-04-13T13:00:00+00:00"
    assert window["latest_on"] == "2026-04-13" and "EXT-OML-48H" in window["flags"]
    empty = calculate(
        client,
        agent,
        event="cease_and_desist_issued",
        chapter="CARVER-136",
        at="2026-04-06T10:00:00-04:00",
        operator_notified_at="2026-04-06T10:00:00-04:00",
        posted_at="2026-04-10T12:00:00-04:00",
    ).json["deadlines"][1]
    assert empty["empty_reason"].startswith("no valid meeting time")


@pytest.mark.parametrize("missing", ["operator_notified_at", "posted_at"])
def test_the_review_window_never_assumes_the_notice_or_the_posting_time(client, agent, missing):
    """Issue 22: the Open Meeting Law posting time (and the operator's notice) used to default to the
    order time. ~§ 136-9: "after at least 48 hours' notice thereof to the operator"; EXT-OML-48H counts
    from the posting."""
    body = {"event": "cease_and_desist_issued", "chapter": "CARVER-136", "at": "2026-04-06T10:00:00-04:00",
            "operator_notified_at": "2026-04-06T12:00:00-04:00", "posted_at": "2026-04-09T09:00:00-04:00"}
    del body[missing]
    resp = calculate(client, agent, **body)
    assert resp.status_code == 422 and list(resp.json["detail"]["json"]) == [missing], resp.json


@pytest.mark.parametrize(
    "body,rule_id,latest_on",
    [
        pytest.param(
            {"event": "permit_issued", "chapter": "CARVER-136", "on": "2026-03-02"},
            "CARVER-136-TERM-12M",
            "2027-03-02",
            id="earth removal permit: 12 months",
        ),
        pytest.param(
            {"event": "permit_issued", "chapter": "UPTON-280", "on": "2026-07-13"},
            "UPTON-280-PERMIT-3Y",
            "2029-07-13",
            id="Upton order: 3 years",
        ),
        pytest.param(
            {"event": "permit_issued", "chapter": "GARDNER-650", "on": "2026-08-03"},
            "GARDNER-650-PERMIT-3Y",
            "2029-08-03",
            id="Gardner permit: 3 years",
        ),
        pytest.param(
            {"event": "permit_expiry", "chapter": "GARDNER-650", "on": "2029-08-03"},
            "GARDNER-650-RENEW-30D",
            "2029-07-04",
            id="Gardner renewal request 30 days before expiry",
        ),
    ],
)
def test_permit_expiry(client, agent, body, rule_id, latest_on):
    resp = calculate(client, agent, **body)
    assert resp.status_code == 200, resp.json
    assert {"rule_id": rule_id, "latest_on": latest_on} in [
        {"rule_id": d["rule_id"], "latest_on": d["latest_on"]} for d in resp.json["deadlines"]
    ], resp.json


def test_a_stated_expiry_beyond_the_longest_term_is_refused_with_a_reason(client, agent):
    resp = calculate(
        client, agent, event="permit_expiry", chapter="CARVER-136", issued_on="2026-03-02", on="2027-06-01"
    )
    [d] = resp.json["deadlines"]
    assert d["latest_on"] is None and "exceeds the longest term" in d["empty_reason"]


@pytest.mark.parametrize(
    "body,field",
    [
        pytest.param(
            {"event": "activity_ceased", "chapter": "CARVER-281", "on": "2026-05-01"},
            "event",
            id="no such clock in that chapter",
        ),
        pytest.param({"event": "activity_ceased", "chapter": "CARVER-247"}, "on", id="date missing"),
        pytest.param(
            {"event": "activity_ceased", "chapter": "CARVER-247", "on": "May 1"}, "on", id="not a date"
        ),
        pytest.param(
            {"event": "cease_and_desist_issued", "chapter": "CARVER-136", "at": "2026-04-06T10:00"},
            "at",
            id="naive instant",
        ),
        pytest.param(
            {"event": "inspection_event", "chapter": "CARVER-247", "on": "2026-04-21", "inspection_event": 7},
            "inspection_event",
            id="event (7) does not exist",
        ),
        pytest.param(
            {"event": "inspection_event", "chapter": "CARVER-247", "on": "2026-04-21"},
            "inspection_event",
            id="which event missing",
        ),
        pytest.param({"event": "rm -rf /", "chapter": "CARVER-247"}, "event", id="hostile event"),
        pytest.param({"event": "permit_issued", "chapter": "BOSTON-1"}, "chapter", id="unknown chapter"),
        pytest.param(
            {"event": "permit_expiry", "chapter": "CARVER-136", "on": "2027-03-02"},
            "issued_on",
            id="expiry check without the issue date",
        ),
    ],
)
def test_bad_calculator_input_is_422_naming_the_field(client, agent, body, field):
    resp = calculate(client, agent, **body)
    assert resp.status_code == 422 and field in str(resp.json["detail"]), resp.json


def test_the_calculator_needs_a_token(client):
    assert client.post("/api/v1/deadlines/calculate", json={}).status_code == 401


@pytest.fixture
def stored(world, client, agent):
    """A stabilization clock at Cedar Brook (due Apr 15) and an ERC order at the pit (window Apr 13)."""
    cedar = site_and_permit(client, agent, "Cedar")
    submit(client, agent, *cedar, [STABILIZATION_FAIL])
    pit = site_and_permit(client, agent, "gravel")
    order = draft_order(client, agent, *pit, "CARVER-136")
    issue(client, world.headers("carver", "board_member", "earth"), order, ERC_VOTE)
    return cedar[0], pit[0]


def test_deadlines_by_site_and_authority(client, agent, stored):
    cedar, pit = stored
    assert {d["rule_id"] for d in deadlines(client, agent, site_id=cedar["id"])} == {
        "CARVER-247-STABILIZE-14D"
    }
    erc = {d["rule_id"] for d in deadlines(client, agent, authority="earth_removal_committee")}
    assert erc == {"CARVER-136-CD-ORDER", "CARVER-136-CD-REVIEW-7D"}
    pb = db.session.scalar(
        select(Authority.id).join(Town).where(Town.slug == "carver", Authority.kind == "planning_board")
    )
    assert [d["site_id"] for d in deadlines(client, agent, authority=str(pb))] == [cedar["id"]]


def test_deadlines_due_within_n_days_soonest_first_with_overdue_marked(app, client, agent, stored):
    due = deadlines(client, agent, due_within_days=7)
    assert [d["latest_on"] for d in due] == ["2026-04-06", "2026-04-13"]  # cease at once; review window
    assert [d["rule_id"] for d in deadlines(client, agent, due_within_days=9)][
        -1
    ] == "CARVER-247-STABILIZE-14D"
    set_clock(app, "2026-04-14T12:00:00-04:00")
    overdue = {d["rule_id"]: d["overdue"] for d in deadlines(client, agent, due_within_days=0)}
    assert overdue == {"CARVER-136-CD-ORDER": True, "CARVER-136-CD-REVIEW-7D": True}


@pytest.mark.parametrize(
    "query,status",
    [
        pytest.param("authority=zoning_board", 422, id="unknown authority kind"),
        pytest.param("authority=' OR 1=1 --", 422, id="hostile authority"),
        pytest.param("due_within_days=-1", 422, id="negative days"),
        pytest.param("due_within_days=soon", 422, id="days not a number"),
        pytest.param("site_id=nope", 422, id="site id not a uuid"),
        pytest.param("status=overdue", 422, id="unknown status"),
    ],
)
def test_bad_deadline_queries(client, agent, query, status):
    assert client.get(f"/api/v1/deadlines?{query}", headers=agent).status_code == status


def test_another_towns_deadlines_stay_hidden(world, client, agent, stored):
    cedar, _ = stored
    upton = world.headers("upton", "agent")
    assert client.get(f"/api/v1/deadlines?site_id={cedar['id']}", headers=upton).status_code == 404
    assert client.get("/api/v1/deadlines", headers=upton).json == []
    carver_board = db.session.scalar(select(Authority.id).where(Authority.kind == "earth_removal_committee"))
    assert client.get(f"/api/v1/deadlines?authority={carver_board}", headers=upton).status_code == 404
    assert client.get("/api/v1/deadlines").status_code == 401
