"""The board sees its own board's violations and orders first (a toggle shows every board's); the town
administrator assigns a site inspection to an agent with a due date, and the agent finds it on Today."""
from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from tests.browser.phone import assert_glove_sized
from tests.browser.records import PIT, rows, site_and_permit, token, violation_at_the_pit
from tests.browser.steps import logged_in

pytestmark = pytest.mark.browser
BOG = "Federici bog, Tremont St"


def _wetland_violation_at_the_bog(live) -> None:  # type: ignore[no-untyped-def]
    """A violation of the wetlands bylaw (the Conservation Commission's), recorded by its agent."""
    agent = token(live, "carver", "agent")
    site, permit = site_and_permit(live, agent, BOG)
    resp = live.app.test_client().post("/api/v1/violations", headers=agent, json={
        "site_id": site["id"], "permit_id": permit["id"], "chapter": "CARVER-281",
        "provision": "CARVER-281-JUR-100FT",
        "description": "Fill placed 40 ft from the wetland without a permit",
        "observed_at": dt.datetime.now(dt.UTC).isoformat()})
    assert resp.status_code == 201, resp.json


def test_the_earth_removal_committee_sees_its_own_violations_unless_it_asks_for_all(live, phones):
    violation_at_the_pit(live)
    _wetland_violation_at_the_bog(live)
    phone = logged_in(phones, live, "board-filter", "board_member", "earth")
    phone.heading("Board")
    page = phone.page
    picks = page.locator(".picks > li")
    page.get_by_text("Showing what concerns the Carver Earth Removal Committee.").wait_for()
    assert picks.count() == 1 and PIT in picks.first.inner_text()
    assert page.get_by_role("heading", name="Open violations (1)").count() == 1
    assert_glove_sized(phone, "board filtered")
    phone.check_accessibility("board filtered")
    page.get_by_label("Show every board’s violations and orders").check()
    page.get_by_role("heading", name="Open violations (2)").wait_for()
    assert BOG in page.locator(".picks").inner_text()
    phone.shot("16-board-all-boards", top=True)


def test_the_town_administrator_assigns_a_site_inspection_and_the_agent_sees_it_on_today(live, phones):
    admin = logged_in(phones, live, "tasks-admin", "town_admin")
    admin.open("#/admin/tasks")
    admin.heading("Admin: Tasks")
    page = admin.page
    page.get_by_text("No open tasks.").wait_for()
    page.get_by_label("Site", exact=True).select_option(label=PIT)
    agent_email, _ = live.account("carver", "agent")
    [agent_row] = rows(live, "User", email=agent_email)
    page.get_by_label("Agent", exact=True).select_option(value=str(agent_row.id))
    due = (dt.datetime.now(ZoneInfo("America/New_York")).date() + dt.timedelta(days=2)).isoformat()
    page.get_by_role("button", name="Assign an inspection").click()
    page.get_by_text("Due by: choose the date").wait_for()  # refused in the browser, said once
    assert page.get_by_text("Due by: choose the date").count() == 1
    page.get_by_label("Due by").fill(due)
    page.get_by_label("Why").select_option("complaint")
    page.get_by_label("Notes for the agent (optional)").fill("Neighbour reports trucks at 6 am")
    page.get_by_role("button", name="Assign an inspection").click()
    page.get_by_role("cell", name=PIT).wait_for()
    admin.check_accessibility("admin tasks")
    assert_glove_sized(admin, "admin tasks")
    [task] = rows(live, "InspectionTask")
    assert (task.assignee_id, task.due_on.isoformat(), task.reason) == (agent_row.id, due, "complaint")

    agent = logged_in(phones, live, "tasks-agent", "agent")
    agent.heading("Today")
    due_list = agent.page.get_by_role("region", name="Due within 7 days")
    due_list.get_by_text("Task: Complaint (Neighbour reports trucks at 6 am)").wait_for()
