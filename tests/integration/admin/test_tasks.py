"""Inspection tasks: the field app's list (mine, due within N days), created by hand, by a reinspection
request or by a due deadline; edits need If-Match; transitions follow open -> done | cancelled and back
with a reason."""

from __future__ import annotations

import datetime as dt
import uuid

import pytest
from sqlalchemy import select

from backend.extensions import db
from backend.models import InspectionTask, User
from backend.services.tasks import tasks_for_due_deadlines
from inspections.deadlines.carver_247 import deadlines_for_cessation
from inspections.deadlines.carver_247_site import monthly_report_deadline, next_self_inspection
from tests.integration.admin.conftest import audit_trail
from tests.integration.admin.deadlines_builder import permit, store


def user_id(world, town, role) -> str:
    return str(db.session.scalar(select(User.id).where(User.email == world.account(town, role)[0])))


@pytest.fixture
def site_id(world):
    return str(permit("ERC-2026-04").site_id)


def new_task(client, h, site_id, **over):
    body = {
        "site_id": site_id,
        "due_on": "2026-04-08",
        "reason": "complaint",
        "notes": "trucks at 6am",
    } | over
    resp = client.post("/api/v1/tasks", headers=h, json=body)
    assert resp.status_code == 201, resp.json
    return resp.json


def test_my_list_holds_my_tasks_due_within_the_window_overdue_included(client, world, agent, site_id):
    me, other = user_id(world, "carver", "agent"), user_id(world, "carver", "enforcing_officer")
    overdue = new_task(client, agent, site_id, assignee_id=me, due_on="2026-04-01")
    soon = new_task(client, agent, site_id, assignee_id=me, due_on="2026-04-13")
    new_task(client, agent, site_id, assignee_id=me, due_on="2026-04-14")  # 8 days out
    new_task(client, agent, site_id, assignee_id=other, due_on="2026-04-07")
    done = new_task(client, agent, site_id, assignee_id=me, due_on="2026-04-06")
    client.post(f"/api/v1/tasks/{done['id']}/transition", headers=agent, json={"to": "done"})
    resp = client.get("/api/v1/tasks?assignee=me&due_within_days=7&status=open", headers=agent)
    assert [t["id"] for t in resp.json] == [overdue["id"], soon["id"]]
    assert resp.json[0]["site"]["name"] == "Plymouth St gravel pit"
    board = world.headers("carver", "board_member", "earth")
    assert len(client.get("/api/v1/tasks", headers=board).json) == 5
    assert len(client.get(f"/api/v1/tasks?assignee={other}", headers=board).json) == 1


def test_a_task_is_reassigned_with_if_match_and_audited(client, world, agent, site_id):
    task = new_task(client, agent, site_id)
    url = f"/api/v1/tasks/{task['id']}"
    officer = user_id(world, "carver", "enforcing_officer")
    assert client.patch(url, headers=agent, json={"assignee_id": officer}).status_code == 428
    resp = client.patch(url, headers=agent | {"If-Match": '"v1"'}, json={"assignee_id": officer})
    assert resp.status_code == 200 and resp.json["assignee_id"] == officer and resp.headers["ETag"] == '"v2"'
    assert client.patch(url, headers=agent | {"If-Match": '"v1"'}, json={"notes": "x"}).status_code == 412
    assert [a for a, _, _ in audit_trail("InspectionTask", task["id"])] == ["create", "update"]


def test_transitions_follow_the_state_machine(client, agent, site_id):
    task = new_task(client, agent, site_id)
    url = f"/api/v1/tasks/{task['id']}/transition"
    assert client.post(url, headers=agent, json={"to": "cancelled"}).status_code == 422  # needs a reason
    assert client.post(url, headers=agent, json={"to": "done"}).json["completed_at"] is not None
    resp = client.post(url, headers=agent, json={"to": "cancelled", "reason": "x"})
    assert resp.status_code == 409 and "allowed from done: open" in resp.json["message"]
    edit = client.patch(f"/api/v1/tasks/{task['id']}", headers=agent | {"If-Match": "*"}, json={"notes": "x"})
    assert edit.status_code == 409
    reopened = client.post(url, headers=agent, json={"to": "open", "reason": "controls failed again"})
    assert reopened.json["status"] == "open" and reopened.json["completed_at"] is None


def test_done_may_name_the_inspection_of_the_same_site(client, agent, site_id):
    task = new_task(client, agent, site_id)
    url = f"/api/v1/tasks/{task['id']}/transition"
    missing = client.post(url, headers=agent, json={"to": "done", "inspection_id": str(uuid.uuid4())})
    assert (
        missing.status_code == 404
        and client.get(f"/api/v1/tasks/{task['id']}", headers=agent).json["status"] == "open"
    )
    inspection = client.post(
        "/api/v1/inspections",
        headers=agent,
        json={
            "id": str(uuid.uuid4()),
            "site_id": site_id,
            "entry_basis": "permit_on_file",
            "started_at": "2026-04-06T09:00:00-04:00",
        },
    ).json
    resp = client.post(url, headers=agent, json={"to": "done", "inspection_id": inspection["id"]})
    assert resp.status_code == 200 and resp.json["inspection_id"] == inspection["id"]


def test_due_deadlines_open_reminder_tasks_once(client, agent):
    ldp = permit("LDP-2026-02")
    stabilize = store(ldp, deadlines_for_cessation(dt.date(2026, 3, 27))[0])  # permittee, due 2026-04-10
    store(ldp, deadlines_for_cessation(dt.date(2026, 4, 10))[0])  # due 2026-04-24: outside the window
    store(ldp, next_self_inspection(dt.date(2026, 4, 1))[0])  # met by a self-inspection report, not a visit
    store(ldp, monthly_report_deadline(dt.date(2026, 3, 1)))  # a report: escalated, not inspected
    created = tasks_for_due_deadlines(dt.date(2026, 4, 6), lead_days=7)
    assert [(t.source, t.due_on, t.reason, t.permit_id) for t in created] == [
        (f"deadline:{stabilize}", dt.date(2026, 4, 10), "reminder", ldp.id)
    ]
    assert tasks_for_due_deadlines(dt.date(2026, 4, 6), lead_days=7) == []
    listed = client.get("/api/v1/tasks?assignee=unassigned&due_within_days=7", headers=agent).json
    assert [t["source"] for t in listed] == [f"deadline:{stabilize}"]
    assert "stabilize" in listed[0]["notes"]


def test_jobs_may_choose_the_rules_that_make_tasks(world):
    ldp = permit("LDP-2026-02")
    monthly = store(ldp, monthly_report_deadline(dt.date(2026, 3, 1)))
    created = tasks_for_due_deadlines(
        dt.date(2026, 4, 6), rule_ids=[monthly_report_deadline(dt.date(2026, 3, 1)).rule_id]
    )
    assert [t.source for t in created] == [f"deadline:{monthly}"]
    assert (
        db.session.scalar(
            select(InspectionTask.site_id).where(InspectionTask.source == f"deadline:{monthly}")
        )
        == ldp.site_id
    )


def test_another_towns_task_is_404_and_so_is_their_site(client, agent, upton_admin, site_id):
    task = new_task(client, agent, site_id)
    for method, suffix, body in (
        ("GET", "", None),
        ("PATCH", "", {"notes": "x"}),
        ("POST", "/transition", {"to": "done"}),
    ):
        resp = client.open(
            f"/api/v1/tasks/{task['id']}{suffix}",
            method=method,
            headers=upton_admin | {"If-Match": "*"},
            json=body,
        )
        assert resp.status_code == 404
    assert client.get("/api/v1/tasks", headers=upton_admin).json == []
    assert (
        client.post(
            "/api/v1/tasks",
            headers=upton_admin,
            json={"site_id": site_id, "due_on": "2026-04-08", "reason": "routine"},
        ).status_code
        == 404
    )


@pytest.mark.parametrize(
    "over,field",
    [
        pytest.param({"reason": "boredom"}, "reason", id="unknown reason"),
        pytest.param({"due_on": "tomorrow"}, "due_on", id="due not a date"),
        pytest.param({"due_on": None}, "due_on", id="null due date"),
        pytest.param({"site_id": "1; DROP TABLE sites"}, "site_id", id="hostile site id"),
        pytest.param({"assignee_id": str(uuid.uuid4())}, "assignee_id", id="assignee not a member"),
        pytest.param({"permit_id": "UPTON"}, "permit_id", id="permit id not a uuid"),
        pytest.param({"status": "done"}, "status", id="status is not set on create"),
        pytest.param({"notes": "n" * 4001}, "notes", id="notes too long"),
    ],
)
def test_bad_task_input_is_a_422_naming_the_field(client, agent, site_id, over, field):
    resp = client.post(
        "/api/v1/tasks",
        headers=agent,
        json={"site_id": site_id, "due_on": "2026-04-08", "reason": "routine"} | over,
    )
    assert resp.status_code == 422 and field in resp.json["detail"]["json"], resp.json
    assert client.get("/api/v1/tasks", headers=agent).json == []


def test_a_task_for_a_permit_of_another_site_is_refused(client, agent, site_id):
    resp = client.post(
        "/api/v1/tasks",
        headers=agent,
        json={
            "site_id": site_id,
            "due_on": "2026-04-08",
            "reason": "routine",
            "permit_id": str(permit("LDP-2026-02").id),
        },
    )
    assert resp.status_code == 422 and "permit_id" in resp.json["detail"]["json"]


@pytest.mark.parametrize(
    "query,field",
    [
        pytest.param("assignee=everyone", "assignee", id="unknown assignee"),
        pytest.param("due_within_days=-1", "due_within_days", id="negative window"),
        pytest.param("due_within_days=9999", "due_within_days", id="window too long"),
        pytest.param("status=maybe", "status", id="unknown status"),
    ],
)
def test_bad_task_queries_are_422(client, agent, query, field):
    resp = client.get(f"/api/v1/tasks?{query}", headers=agent)
    assert resp.status_code == 422 and field in resp.json["detail"]["query"]
