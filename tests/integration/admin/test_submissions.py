"""Permittee submissions: recorded by staff, they meet the deadlines they satisfy, so escalations fire
only where a submission is really missing."""

from __future__ import annotations

import datetime as dt
import uuid

import pytest

from backend.extensions import db
from backend.models import Deadline
from backend.services.submissions import mark_met_by_recorded_submissions, missing_report_escalations
from inspections.deadlines.carver_136_permit import reporting_deadlines
from inspections.deadlines.carver_247_site import (
    InspectionEvent,
    deadlines_for_inspection_event,
    deadlines_for_storm,
    monthly_report_deadline,
    next_self_inspection,
)
from tests.integration.admin.conftest import audit_trail
from tests.integration.admin.deadlines_builder import at, permit, status, store

LDP, ERC = "LDP-2026-02", "ERC-2026-04"


@pytest.fixture
def december(app):
    app.extensions["clock"].at = at(2026, 12, 5)


def submit(client, h, number, kind, status_code=201, **fields):
    p = permit(number)
    body = {
        "permit_id": str(p.id),
        "kind": kind,
        "received_at": "2026-12-03T10:15:00-05:00",
        "received_via": "email",
        "from_name": "Cedar Brook Homes",
    } | fields
    resp = client.post("/api/v1/submissions", headers=h, json=body)
    assert resp.status_code == status_code, resp.json
    return resp.json


def monthly(month: int) -> uuid.UUID:
    return store(permit(LDP), monthly_report_deadline(dt.date(2026, month, 1)))


def escalated(as_of: dt.date) -> list[uuid.UUID]:
    return [d.id for d in missing_report_escalations(as_of)]


def test_a_recorded_monthly_report_stops_that_months_escalation_and_its_absence_starts_it(
    december, client, agent
):
    october, november = monthly(10), monthly(11)
    assert escalated(dt.date(2026, 11, 30)) == [october]  # November is not yet past due
    assert escalated(dt.date(2026, 12, 5)) == [october, november]
    sub = submit(client, agent, LDP, "monthly_report", period_start="2026-11-01", period_end="2026-11-30")
    assert sub["satisfied_deadline_ids"] == [str(november)]
    assert status(november) == "met" and status(october) == "open"
    assert escalated(dt.date(2026, 12, 5)) == [october]


def test_a_late_report_still_meets_its_month_and_records_when_it_came(december, client, agent):
    october = monthly(10)
    submit(client, agent, LDP, "monthly_report", period_start="2026-10-01", period_end="2026-10-31")
    row = db.session.get(Deadline, october)
    assert row.status == "met" and row.met_at == at(2026, 12, 3, 15) + dt.timedelta(minutes=15)
    assert row.met_at > row.latest_at


def test_a_report_received_before_its_deadline_was_stored_still_counts(december, client, agent):
    submit(client, agent, LDP, "monthly_report", period_start="2026-11-01", period_end="2026-11-30")
    november = monthly(11)
    assert escalated(dt.date(2026, 12, 5)) == []  # the query checks submissions, not only the status
    assert mark_met_by_recorded_submissions(db.session.get(Deadline, november)) is not None
    assert status(november) == "met"


def test_a_report_for_another_permit_meets_nothing_here(december, client, agent):
    november = monthly(11)
    submit(client, agent, ERC, "monthly_report", period_start="2026-11-01", period_end="2026-11-30")
    assert status(november) == "open" and escalated(dt.date(2026, 12, 5)) == [november]


def test_erc_90_day_reports_meet_the_overdue_period_first_then_the_current_one(client, world, app):
    app.extensions["clock"].at = at(2026, 10, 1)
    h = world.headers("carver", "board_member", "earth")
    first, second, third = (
        store(permit(ERC), d) for d in reporting_deadlines(dt.date(2026, 3, 2), dt.date(2026, 12, 31))[:3]
    )
    assert escalated(dt.date(2026, 9, 1)) == [first, second]
    submit(client, h, ERC, "erc_90_day_report", received_at="2026-09-10T12:00:00-04:00")
    assert [status(first), status(second), status(third)] == ["met", "open", "open"]
    submit(client, h, ERC, "erc_90_day_report", received_at="2026-09-20T12:00:00-04:00")
    assert [status(second), status(third)] == ["met", "open"]
    assert escalated(dt.date(2026, 12, 31)) == [third]


def test_a_90_day_report_with_a_stated_period_meets_that_period(client, world, app):
    app.extensions["clock"].at = at(2026, 10, 1)
    h = world.headers("carver", "board_member", "earth")
    first, second = (
        store(permit(ERC), d) for d in reporting_deadlines(dt.date(2026, 3, 2), dt.date(2026, 9, 1))
    )
    submit(
        client,
        h,
        ERC,
        "erc_90_day_report",
        received_at="2026-09-10T12:00:00-04:00",
        period_start="2026-05-31",
        period_end="2026-08-29",
    )
    assert [status(first), status(second)] == ["open", "met"]


def test_an_inspection_notice_meets_the_notice_for_its_event(client, world, app):
    app.extensions["clock"].at = at(2026, 6, 1)
    agent = world.headers("carver", "agent")
    notices = [
        store(permit(LDP), deadlines_for_inspection_event(event, on)[0])
        for event, on in (
            (InspectionEvent.CONTROLS_IN_PLACE, dt.date(2026, 6, 10)),
            (InspectionEvent.CLEARING_DONE, dt.date(2026, 7, 8)),
        )
    ]
    submit(
        client,
        agent,
        LDP,
        "inspection_event_notice",
        received_at="2026-05-29T09:00:00-04:00",
        event_on="2026-07-08",
        received_via="portal",
    )
    assert [status(n) for n in notices] == ["open", "met"]


def test_weekly_and_storm_inspections(client, world, app):
    app.extensions["clock"].at = at(2026, 6, 30)
    agent = world.headers("carver", "agent")
    weekly = store(permit(LDP), next_self_inspection(dt.date(2026, 6, 1))[0])
    before, after = (
        store(permit(LDP), d) for d in deadlines_for_storm(at(2026, 6, 20, 18), at(2026, 6, 21, 12))
    )
    submit(
        client,
        agent,
        LDP,
        "weekly_self_inspection",
        period_start="2026-06-07",
        received_via="hand",
        received_at="2026-06-08T09:00:00-04:00",
    )
    assert status(weekly) == "met"
    submit(
        client,
        agent,
        LDP,
        "storm_inspection",
        period_start="2026-06-22",
        received_via="mail",
        received_at="2026-06-23T09:00:00-04:00",
    )
    assert [status(before), status(after)] == [
        "open",
        "met",
    ]  # an inspection after the storm is not one before


def test_withdrawing_a_submission_reopens_its_deadline_and_escalation_resumes(december, client, agent):
    november = monthly(11)
    sub = submit(client, agent, LDP, "monthly_report", period_start="2026-11-01", period_end="2026-11-30")
    resp = client.post(
        f"/api/v1/submissions/{sub['id']}/withdraw",
        headers=agent,
        json={"reason": "entered against the wrong permit"},
    )
    assert resp.status_code == 200 and resp.json["status"] == "withdrawn"
    assert status(november) == "open" and escalated(dt.date(2026, 12, 5)) == [november]
    again = client.post(f"/api/v1/submissions/{sub['id']}/withdraw", headers=agent, json={"reason": "twice"})
    assert again.status_code == 409
    assert [a for a, _, _ in audit_trail("Submission", sub["id"])] == ["create", "update"]
    assert [s["status"] for _, _, s in audit_trail("Deadline", november)] == ["open", "met", "open"]


def test_a_reinspection_request_opens_a_task_and_withdrawal_cancels_it(december, client, agent):
    sub = submit(client, agent, LDP, "reinspection_request", received_via="sms_link")
    tasks = client.get("/api/v1/tasks?assignee=unassigned", headers=agent).json
    assert [(t["reason"], t["due_on"], t["source"]) for t in tasks] == [
        ("reinspection", "2026-12-10", f"submission:{sub['id']}")
    ]
    client.post(f"/api/v1/submissions/{sub['id']}/withdraw", headers=agent, json={"reason": "duplicate"})
    assert client.get(f"/api/v1/tasks/{tasks[0]['id']}", headers=agent).json["status"] == "cancelled"


def test_documents_and_receipt_details_are_kept_and_can_be_corrected(december, client, agent):
    sub = submit(
        client,
        agent,
        LDP,
        "certified_mail_receipt",
        received_via="mail",
        documents=[
            {
                "kind": "document",
                "ref": "scans/green-card-7019.pdf",
                "sha256": "ab" * 32,
                "title": "green card",
            }
        ],
    )
    assert sub["documents"] == [
        {"kind": "document", "ref": "scans/green-card-7019.pdf", "sha256": "ab" * 32, "title": "green card"}
    ]
    url = f"/api/v1/submissions/{sub['id']}"
    assert client.patch(url, headers=agent, json={"notes": "x"}).status_code == 428
    etag = client.get(url, headers=agent).headers["ETag"]
    resp = client.patch(url, headers=agent | {"If-Match": etag}, json={"notes": "signed by site foreman"})
    assert resp.status_code == 200 and resp.json["notes"] == "signed by site foreman"
    assert client.patch(url, headers=agent | {"If-Match": etag}, json={"notes": "stale"}).status_code == 412
    listed = client.get(
        f"/api/v1/submissions?kind=certified_mail_receipt&permit_id={sub['permit_id']}", headers=agent
    ).json
    assert [s["id"] for s in listed] == [sub["id"]]


def test_another_towns_submission_is_404(december, client, agent, upton_admin):
    sub = submit(client, agent, LDP, "final_report", received_via="portal")
    url = f"/api/v1/submissions/{sub['id']}"
    assert client.get(url, headers=upton_admin).status_code == 404
    assert client.post(f"{url}/withdraw", headers=upton_admin, json={"reason": "x"}).status_code == 404
    assert client.patch(url, headers=upton_admin | {"If-Match": "*"}, json={"notes": "x"}).status_code == 404
    assert client.get("/api/v1/submissions", headers=upton_admin).json == []


def test_an_upton_agent_cannot_file_against_a_carver_permit(december, client, world):
    resp = client.post(
        "/api/v1/submissions",
        headers=world.headers("upton", "agent"),
        json={
            "permit_id": str(permit(LDP).id),
            "kind": "final_report",
            "received_at": "2026-12-01T10:00:00Z",
            "received_via": "mail",
        },
    )
    assert resp.status_code == 404


GOOD = {
    "kind": "monthly_report",
    "received_at": "2026-12-03T10:15:00-05:00",
    "received_via": "email",
    "period_start": "2026-11-01",
    "period_end": "2026-11-30",
}


@pytest.mark.parametrize(
    "over,field,code",
    [
        pytest.param({"kind": None}, "kind", 422, id="null kind"),
        pytest.param({"kind": "love_letter"}, "kind", 422, id="unknown kind"),
        pytest.param({"received_via": "pigeon"}, "received_via", 422, id="unknown channel"),
        pytest.param({"received_at": "2026-12-03T10:15:00"}, "received_at", 422, id="naive instant"),
        pytest.param({"received_at": "2027-01-01T00:00:00Z"}, "received_at", 422, id="in the future"),
        pytest.param({"period_end": "2026-10-31"}, "period_end", 422, id="period ends before it starts"),
        pytest.param({"period_start": None}, "period_start", 422, id="monthly report without a period"),
        pytest.param(
            {"kind": "inspection_event_notice"}, "event_on", 422, id="notice without the event date"
        ),
        pytest.param({"permit_id": None}, "site_id", 422, id="neither site nor permit"),
        pytest.param({"site_id": "SITE_OF_ANOTHER_PERMIT"}, "permit_id", 422, id="permit of another site"),
        pytest.param({"received_by": str(uuid.uuid4())}, "received_by", 422, id="received by a stranger"),
        pytest.param(
            {"documents": [{"kind": "photo", "ref": "IMG_0001.jpg"}]},
            "documents",
            422,
            id="photo ref not an id",
        ),
        pytest.param(
            {"documents": [{"kind": "photo", "ref": str(uuid.uuid4())}]}, None, 404, id="unknown photo"
        ),
        pytest.param(
            {"documents": [{"kind": "document", "ref": "a", "sha256": "xyz"}]},
            "documents",
            422,
            id="bad hash",
        ),
        pytest.param({"documents": "report.pdf"}, "documents", 422, id="documents not a list"),
        pytest.param(
            {"satisfied_deadline_ids": ["x"]}, "satisfied_deadline_ids", 422, id="cannot claim deadlines"
        ),
        pytest.param({"from_party_id": str(uuid.uuid4())}, None, 404, id="unknown sender party"),
    ],
)
def test_bad_submissions_are_refused_naming_the_field(december, client, agent, over, field, code):
    p = permit(LDP)
    body = GOOD | {"permit_id": str(p.id)} | over
    if body.get("site_id") == "SITE_OF_ANOTHER_PERMIT":
        body["site_id"] = str(permit(ERC).site_id)
    resp = client.post("/api/v1/submissions", headers=agent, json=body)
    assert resp.status_code == code, resp.json
    if field:
        assert field in resp.json["detail"]["json"], resp.json
    assert client.get("/api/v1/submissions", headers=agent).json == []
