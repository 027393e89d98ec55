"""Evaluation on submit: failed items open violations under their provision, a stabilization fail starts its
14-day clock (the violation opens only when it runs out), a later pass corrects; re-submitting is a no-op."""

from __future__ import annotations

import datetime as dt
import uuid

import pytest
from sqlalchemy import select

from backend.extensions import db
from backend.models import Party, Photo
from tests.integration.enforcement.support_a import (
    STABILIZATION_FAIL,
    audit_events,
    deadlines,
    notifications,
    set_clock,
    site_and_permit,
    submit,
    violations,
)


@pytest.fixture
def agent(world):
    return world.headers("carver", "agent")


@pytest.fixture
def cedar(client, agent):
    return site_and_permit(client, agent, "Cedar")


def party_id(name: str) -> str:
    return str(db.session.scalar(select(Party.id).where(Party.name == name)))


def test_a_failed_item_opens_a_violation_under_its_provision(client, agent, cedar):
    site, permit = cedar
    _, resp = submit(
        client,
        agent,
        site,
        permit,
        [
            {
                "item_id": "controls-in-place",
                "answer": "fail",
                "note": "silt fence breached at the NE corner",
            },
            {"item_id": "dust", "answer": "pass"},
        ],
    )
    assert resp.status_code == 200 and resp.json["status"] == "submitted", resp.json
    [v] = violations(client, agent, site)
    assert (v["provision"], v["citation"], v["status"]) == (
        "CARVER-247-DESIGN-MAINTAIN",
        "~§ 247-7B(7)",
        "open",
    )
    assert v["observed_at"] == "2026-04-06T13:30:00+00:00" and v["permit_id"] == permit["id"]
    assert v["offender_id"] == party_id("Cedar Brook Homes Inc.")
    assert "silt fence breached" in v["description"]
    [alert] = notifications("violation_opened")
    assert alert.channel == "slack"
    assert "(Carver bylaw § 247-7B(7)), from Apr 6, 2026: " in alert.payload["text"]
    assert "CARVER-247-" not in alert.payload["text"], "the rule id stays in the record"
    # the board reads what was found (the item's finding) and the inspector's note, not the checklist question
    assert "Erosion and sediment controls were missing or not kept up. Observed: silt fence breached" in (
        alert.payload["text"]
    )
    assert "Are all erosion" not in alert.payload["text"]
    assert alert.payload["finding"] == "Erosion and sediment controls were missing or not kept up."


def test_the_violation_opened_alert_links_the_sites_record_and_its_map(client, agent, cedar):
    from backend.models import Site
    from backend.notifications.board import site_links
    from backend.notifications.catalogue import kind
    from backend.notifications.registry import slack_words
    site, permit = cedar
    submit(client, agent, site, permit, [{"item_id": "controls-in-place", "answer": "fail", "note": "x"}])
    [alert] = notifications("violation_opened")
    row = db.session.get(Site, uuid.UUID(site["id"]))
    links = site_links(alert)["links"]
    assert (links["lat"], links["lon"]) == (row.lat, row.lon) and links["record_label"] == "Open the site"
    assert links["record_url"] is None or links["record_url"].endswith(f"#/site/{site['id']}")
    text, blocks = slack_words(kind("violation_opened"), site_links(alert))
    assert text == alert.payload["text"]
    osm = f"https://www.openstreetmap.org/?mlat={row.lat:.6f}&mlon={row.lon:.6f}"
    assert osm in blocks[-1]["elements"][0]["text"]


def test_a_failed_permit_condition_is_cited_as_permit_number_and_condition(client, agent, cedar):
    site, permit = cedar
    submit(client, agent, site, permit, [{"item_id": "permit.sc-1", "answer": "fail", "note": "lot 5 bare"}])
    [v] = violations(client, agent, site)
    assert v["provision"] == "permit:LDP-2026-02:SC-1"
    [alert] = notifications("violation_opened")
    assert "(Carver bylaw § 247-8B; permit condition SC-1)" in alert.payload["text"]
    assert "permit:" not in alert.payload["text"]
    assert v["citation"].endswith("permit condition SC-1")


def test_a_stabilization_fail_starts_a_14_day_clock_and_opens_no_violation(client, agent, cedar):
    site, permit = cedar
    submit(client, agent, site, permit, [STABILIZATION_FAIL])
    assert violations(client, agent, site) == []
    [clock] = deadlines(client, agent, site_id=site["id"])
    assert (clock["rule_id"], clock["latest_on"], clock["status"]) == (
        "CARVER-247-STABILIZE-14D",
        "2026-04-15",
        "open",
    )
    assert clock["binds"] == "permittee" and "lots 4-9" in clock["label"]
    assert "ceased Wed 2026-04-01 + 14 days" in clock["explanation"]


def test_the_violation_opens_the_day_after_the_clock_runs_out(app, client, agent, cedar):
    site, permit = cedar
    submit(client, agent, site, permit, [STABILIZATION_FAIL])
    runner = app.test_cli_runner()
    on_the_last_day = runner.invoke(args=["clocks", "expire", "--as-of", "2026-04-15T23:59:00-04:00"])
    assert "0 violation(s) opened" in on_the_last_day.output and violations(client, agent, site) == []
    after = runner.invoke(args=["clocks", "expire", "--as-of", "2026-04-16T06:00:00-04:00"])
    assert after.exit_code == 0 and "1 violation(s) opened" in after.output, after.output
    [v] = violations(client, agent, site)
    origin = evidence(client, agent, v)["origin"]
    assert origin["opened_on"] == "2026-04-16" and origin["flags"] == ["OPENED-BY-CLOCK"]
    assert v["provision"] == "CARVER-247-STABILIZE-14D" and v["observed_at"] == "2026-04-16T04:00:00+00:00"
    assert (
        deadlines(client, agent, site_id=site["id"], status="missed")[0]["rule_id"]
        == "CARVER-247-STABILIZE-14D"
    )
    events = audit_events()
    again = runner.invoke(args=["clocks", "expire", "--as-of", "2026-04-17T06:00:00-04:00"])
    assert "0 violation(s) opened" in again.output and audit_events() == events
    assert len(violations(client, agent, site)) == 1 and len(notifications("violation_opened")) == 1


def test_a_later_pass_stops_the_clock(app, client, agent, cedar):
    site, permit = cedar
    submit(client, agent, site, permit, [STABILIZATION_FAIL])
    app.extensions["clock"].at = dt.datetime(2026, 4, 10, 15, 0, tzinfo=dt.UTC)  # filed the day of the visit
    submit(
        client,
        agent,
        site,
        permit,
        [{"item_id": "stabilization", "answer": "pass"}],
        started_at="2026-04-10T10:00:00-04:00",
    )
    [clock] = deadlines(client, agent, site_id=site["id"], status="met")
    assert clock["met_at"] == "2026-04-10T14:00:00+00:00"
    result = app.test_cli_runner().invoke(args=["clocks", "expire", "--as-of", "2026-05-01T06:00:00-04:00"])
    assert "0 violation(s) opened" in result.output and violations(client, agent, site) == []


def test_a_clock_already_run_out_at_the_inspection_opens_the_violation_from_the_day_after(
    client, agent, cedar
):
    site, permit = cedar
    submit(client, agent, site, permit, [STABILIZATION_FAIL | {"ceased_on": "2026-03-01"}])
    [v] = violations(client, agent, site)
    assert v["observed_at"] == "2026-03-16T04:00:00+00:00"  # offense day 1 is Mon 2026-03-16 (due Sun 03-15)
    assert deadlines(client, agent, site_id=site["id"], status="missed")[0]["latest_on"] == "2026-03-15"


def test_an_unknown_ceased_date_counts_from_the_inspection_and_is_flagged(client, agent, cedar):
    site, permit = cedar
    iid, _ = submit(client, agent, site, permit, [STABILIZATION_FAIL | {"ceased_on": None}])
    [clock] = deadlines(client, agent, site_id=site["id"])
    assert clock["latest_on"] == "2026-04-20" and "CEASED-DATE-UNKNOWN" in clock["explanation"]
    record = client.get(f"/api/v1/inspections/{iid}/evaluation", headers=agent).json
    assert "CEASED-DATE-UNKNOWN" in record["flags"] and record["violation_ids"] == []
    assert any(line.startswith("stabilization: start CARVER-247-STABILIZE-14D") for line in record["lines"])


def test_a_later_pass_of_the_same_item_marks_the_violation_corrected(app, client, agent, cedar):
    site, permit = cedar
    submit(client, agent, site, permit, [{"item_id": "tracking", "answer": "fail"}])
    set_clock(app, "2026-04-08T15:00:00+00:00")
    submit(
        client,
        agent,
        site,
        permit,
        [{"item_id": "tracking", "answer": "pass"}],
        started_at="2026-04-08T09:00:00-04:00",
    )
    [v] = violations(client, agent, site)
    assert v["status"] == "corrected" and v["corrected_at"] == "2026-04-08T13:00:00+00:00"


def test_an_earlier_inspection_entered_late_corrects_nothing(client, agent, cedar):
    site, permit = cedar
    submit(client, agent, site, permit, [{"item_id": "tracking", "answer": "fail"}])
    submit(
        client,
        agent,
        site,
        permit,
        [{"item_id": "tracking", "answer": "pass"}],
        started_at="2026-04-05T09:00:00-04:00",
    )
    assert [v["status"] for v in violations(client, agent, site)] == ["open"]


def test_resubmitting_changes_nothing(client, agent, cedar):
    site, permit = cedar
    iid, first = submit(
        client, agent, site, permit, [STABILIZATION_FAIL, {"item_id": "dust", "answer": "fail"}]
    )
    events, rows = audit_events(), len(notifications())
    again = client.post(f"/api/v1/inspections/{iid}/submit", headers=agent)
    assert again.status_code == 200 and again.json == first.json
    assert audit_events() == events and len(notifications()) == rows
    assert (
        len(violations(client, agent, site)) == 1 and len(deadlines(client, agent, site_id=site["id"])) == 1
    )


def add_photo(inspection_id: str) -> uuid.UUID:
    """A Photo row as the upload route stores it (the bytes are the media pipeline's business)."""
    town_id = db.session.scalar(select(Party.town_id).where(Party.name == "Cedar Brook Homes Inc."))
    photo = Photo(
        id=uuid.uuid4(),
        town_id=town_id,
        inspection_id=uuid.UUID(inspection_id),
        sha256="a" * 64,
        size=10,
        mime="image/jpeg",
    )
    db.session.add(photo)
    db.session.commit()
    return photo.id


def evidence(client, headers, violation: dict) -> dict:
    resp = client.get(f"/api/v1/violations/{violation['id']}/evidence", headers=headers)
    assert resp.status_code == 200, resp.json
    return resp.json


def test_a_repeated_fail_keeps_one_violation_and_adds_its_photos_as_evidence(app, client, agent, cedar):
    site, permit = cedar
    first, _ = submit(client, agent, site, permit, [{"item_id": "dust", "answer": "fail"}])
    app.extensions["clock"].at = dt.datetime(2026, 4, 9, 14, 0, tzinfo=dt.UTC)  # the later visit, that day
    iid = str(uuid.uuid4())
    client.post(
        "/api/v1/inspections",
        headers=agent,
        json={
            "id": iid,
            "site_id": site["id"],
            "permit_id": permit["id"],
            "entry_basis": "permit_on_file",
            "started_at": "2026-04-09T09:00:00-04:00",
            "responses": [{"item_id": "dust", "answer": "fail"}],
        },
    )
    photo = add_photo(iid)
    client.post(f"/api/v1/inspections/{iid}/submit", headers=agent)
    [v] = violations(client, agent, site)
    assert v["inspection_id"] == first
    found = evidence(client, agent, v)
    assert found["photo_ids"] == [str(photo)] and found["origin"]["item_id"] == "dust"
    assert found["origin"]["inspection_id"] == first and found["origin"]["opened_on"] == "2026-04-06"


def test_photos_uploaded_after_the_submit_can_be_linked_once(client, agent, cedar):
    from backend.services.findings import link_late_photos

    site, permit = cedar
    iid, _ = submit(client, agent, site, permit, [{"item_id": "dust", "answer": "fail"}])
    photo = add_photo(iid)
    assert (link_late_photos(uuid.UUID(iid)), link_late_photos(uuid.UUID(iid))) == (1, 0)
    db.session.commit()
    [v] = violations(client, agent, site)
    assert evidence(client, agent, v)["photo_ids"] == [str(photo)]


def test_a_violation_entered_by_hand_has_no_checklist_origin(world, client, agent, cedar):
    site, _ = cedar
    v = client.post(
        "/api/v1/violations",
        headers=agent,
        json={
            "site_id": site["id"],
            "chapter": "CARVER-247",
            "provision": "CARVER-247-DESIGN-DUST",
            "description": "dust cloud",
            "observed_at": "2026-04-06T09:00:00-04:00",
        },
    ).json
    assert evidence(client, agent, v) == {"violation_id": v["id"], "origin": None, "photo_ids": []}
    assert (
        client.get(
            f"/api/v1/violations/{v['id']}/evidence", headers=world.headers("upton", "agent")
        ).status_code
        == 404
    )


def test_a_measurement_decides_over_the_ticked_answer(world, client):
    agent = world.headers("carver", "agent")
    site, permit = site_and_permit(client, agent, "gravel")
    submit(
        client,
        agent,
        site,
        permit,
        [{"item_id": "buffer-50ft", "answer": "pass", "data": {"nearest_disturbance_ft": 30}}],
    )
    [v] = violations(client, agent, site)
    assert v["provision"] == "CARVER-136-BUFFER-50FT" and v["citation"] == "~§ 136-7C"
    flags = client.get(f"/api/v1/inspections/{v['inspection_id']}/evaluation", headers=agent).json["flags"]
    assert "MEASUREMENT-OVERRIDES-ANSWER:buffer-50ft" in flags
    assert v["offender_id"] == party_id("South Shore Sand & Gravel LLC")  # ch. 136: the operator


def test_a_ticked_pass_with_a_failing_measurement_does_not_correct_the_earlier_violation(app, world, client):
    """CARVER-136-BUFFER-50FT: the agent ticks "pass" but measures 30 ft; the measurement decides, so the
    violation found two days earlier is still open (no correction, no corrected_at)."""
    agent = world.headers("carver", "agent")
    site, permit = site_and_permit(client, agent, "gravel")
    measured_30ft = {"item_id": "buffer-50ft", "data": {"nearest_disturbance_ft": 30}}
    submit(client, agent, site, permit, [measured_30ft | {"answer": "fail"}])
    set_clock(app, "2026-04-08T15:00:00+00:00")
    later, resp = submit(client, agent, site, permit, [measured_30ft | {"answer": "pass"}],
                         started_at="2026-04-08T09:00:00-04:00")
    assert resp.status_code == 200, resp.json
    [v] = violations(client, agent, site)
    assert (v["status"], v["corrected_at"]) == ("open", None)
    record = client.get(f"/api/v1/inspections/{later}/evaluation", headers=agent).json
    assert record["corrected_ids"] == [] and "MEASUREMENT-OVERRIDES-ANSWER:buffer-50ft" in record["flags"]


def test_an_inspection_without_a_checklist_only_records_its_answers(client, agent):
    bog = client.get("/api/v1/sites?q=bog", headers=agent).json[0]
    iid, resp = submit(client, agent, bog, None, [{"item_id": "silt-fence", "answer": "fail"}])
    assert resp.status_code == 200 and violations(client, agent, bog) == []
    assert client.get(f"/api/v1/inspections/{iid}/evaluation", headers=agent).status_code == 404


@pytest.mark.parametrize(
    "response,item,needle",
    [
        pytest.param(
            {"item_id": "no-such-item", "answer": "fail"},
            "no-such-item",
            "not an item",
            id="item not on the checklist",
        ),
        pytest.param(
            {"item_id": "stabilization", "answer": "fail", "ceased_on": "2026-04-01"},
            "stabilization",
            "portion",
            id="required field missing",
        ),
        pytest.param(
            {
                "item_id": "self-inspections",
                "answer": "fail",
                "data": {"last_self_inspection_on": "last Tuesday"},
            },
            "self-inspections",
            "last_self_inspection_on",
            id="date field not a date",
        ),
        pytest.param(
            {"item_id": "dust", "answer": "fail", "data": {"photo": {"$where": "1"}, "x": "<script>"}},
            None,
            None,
            id="hostile extra data is ignored",
        ),
    ],
)
def test_answers_the_engine_cannot_read_refuse_the_submit_and_keep_the_draft(
    client, agent, cedar, response, item, needle
):
    site, permit = cedar
    iid, resp = submit(client, agent, site, permit, [response])
    if item is None:
        assert resp.status_code == 200 and len(violations(client, agent, site)) == 1
        return
    assert resp.status_code == 422 and needle in str(resp.json["detail"]["json"]["responses"]), resp.json
    assert item in str(resp.json["detail"])
    stored = client.get(f"/api/v1/inspections/{iid}", headers=agent).json
    assert stored["status"] == "draft" and violations(client, agent, site) == []


def test_a_measured_field_that_is_not_a_number_is_refused(world, client):
    agent = world.headers("carver", "agent")
    site, permit = site_and_permit(client, agent, "gravel")
    _, resp = submit(
        client,
        agent,
        site,
        permit,
        [{"item_id": "buffer-50ft", "answer": "fail", "data": {"nearest_disturbance_ft": "thirty"}}],
    )
    assert resp.status_code == 422 and "nearest_disturbance_ft" in resp.json["message"]
