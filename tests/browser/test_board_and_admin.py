"""The board in a real browser: a member of the Earth Removal Committee issues a cease-and-desist by a
recorded vote, records its service and later lifts it; the board's Slack channel hears of it. The town
administrator's screens list the town's records and add a party."""
from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from tests.browser.records import PIT, rows, violation_at_the_pit

pytestmark = pytest.mark.browser
MEMBERS = "A. Lopes\nB. Reed\nC. Shaw\nD. Pina\nE. Wong"


def test_an_erc_member_issues_and_serves_a_cease_and_desist_and_the_board_hears_of_it_in_slack(
        live, phones, fake_slack):
    violation_at_the_pit(live)
    email, password = live.account("carver", "board_member", "earth")
    phone = phones.open("erc")
    phone.open()
    phone.log_in(email, password, "carver")
    phone.heading("Board")
    page = phone.page
    page.get_by_label(PIT).check()
    page.get_by_label("Kind of order").select_option("cease_and_desist")
    phone.check_accessibility("board")
    phone.shot("09-board")
    page.get_by_role("button", name="Draft the order").click()
    phone.heading(f"Cease and desist — {PIT}")

    _vote(page.get_by_role("form", name="Issue the order"))
    phone.check_accessibility("order draft")
    page.get_by_role("button", name="Issue order").click()
    page.get_by_role("heading", name="Record service").wait_for()
    page.get_by_label("Method").select_option("certified_mail")
    page.get_by_label("Receipt or tracking number").fill("7019 0001 2345")
    page.get_by_role("button", name="Record service").click()
    page.get_by_text("Certified mail").wait_for()
    phone.check_accessibility("issued order")
    phone.shot("10-order-issued")

    [order] = rows(live, "EnforcementOrder")
    assert (order.status, order.kind) == ("issued", "cease_and_desist")
    assert order.service_method == "certified_mail" and order.service_detail == {"receipt": "7019 0001 2345"}
    assert order.authorization["vote"]["present"] == 5
    live.dispatch_outbox()
    texts = [m["text"] for m in fake_slack.messages(fake_slack.channel_id)]
    assert any("cease-and-desist" in t.lower() and PIT in t for t in texts), texts

    meeting_day = dt.datetime.now(ZoneInfo("America/New_York")) + dt.timedelta(days=5)
    page.get_by_label("Meeting at").fill(meeting_day.strftime("%Y-%m-%dT18:00"))
    page.get_by_label("Reason to record outside the window (optional)").fill("The only evening with a quorum")
    _vote(page.get_by_role("form", name="Schedule the review"))
    page.get_by_role("button", name="Schedule").click()
    page.get_by_text("Scheduled:").wait_for()
    [meeting] = rows(live, "Meeting")
    assert meeting.status == "scheduled" and meeting.order_id == order.id

    lift = page.get_by_role("form", name="Lift the order")
    lift.get_by_label("Reason (e.g. the violation was corrected)").fill("Buffer restored")
    lift.get_by_role("button", name="Lift order").click()  # one member alone may not lift the ERC's order
    lift.get_by_text("quorum is 4").wait_for()  # nothing entered: no members present
    assert rows(live, "EnforcementOrder")[0].status == "issued"
    _vote(lift)
    lift.get_by_role("button", name="Lift order").click()
    page.locator(".badge", has_text="lifted").wait_for()
    [order] = rows(live, "EnforcementOrder")
    assert order.status == "lifted" and order.status_reason == "Buffer restored"
    record = order.status_authorization
    assert record["vote"]["yes"] == 4 and record["role"] == "board_member"


def _vote(form) -> None:  # type: ignore[no-untyped-def]
    form.get_by_label("Votes in favor").fill("4")
    form.get_by_label("Votes against").fill("1")
    form.get_by_label("Members present (one per line)").fill(MEMBERS)


def test_a_board_member_without_a_vote_is_told_why_the_order_was_not_issued(live, phones):
    violation_at_the_pit(live)
    email, password = live.account("carver", "board_member", "earth")
    phone = phones.open("erc-alone")
    phone.open()
    phone.log_in(email, password, "carver")
    phone.page.get_by_label(PIT).check()
    phone.page.get_by_role("button", name="Draft the order").click()
    phone.page.get_by_label("My own role").check()
    phone.page.get_by_role("button", name="Issue order").click()
    phone.page.get_by_role("alert").get_by_text("one member alone may not").wait_for()
    assert rows(live, "EnforcementOrder")[0].status == "draft"


def test_the_town_administrator_reads_the_records_and_adds_a_party(live, phones):
    email, password = live.account("carver", "town_admin")
    phone = phones.open("admin")
    phone.open()
    phone.log_in(email, password, "carver")
    page = phone.page
    page.get_by_role("link", name="Admin").click()
    phone.heading("Admin: Sites")
    page.get_by_role("cell", name=PIT).wait_for()
    phone.check_accessibility("admin sites")
    for tab, expected in (("Permits", "ERC-2026-04"), ("Users", "carver.agent.conservation@example.org"),
                          ("Submissions", "No submissions recorded.")):
        page.get_by_role("link", name=tab, exact=True).click()
        phone.heading(f"Admin: {tab}")
        page.get_by_text(expected).first.wait_for()
        phone.check_accessibility(f"admin {tab}")
    page.get_by_role("link", name="Parties", exact=True).click()
    phone.heading("Admin: Parties")
    page.get_by_label("Name", exact=True).fill("Rocha Trucking Inc.")
    page.get_by_label("Kind", exact=True).select_option("contractor")
    page.get_by_label("Mobile phone").fill("508-555-0199")
    page.get_by_label("Agreed to receive texts").check()
    page.get_by_role("button", name="Add a party").click()
    page.get_by_role("cell", name="Rocha Trucking Inc.").wait_for()
    phone.shot("11-admin-parties")
    [party] = rows(live, "Party", name="Rocha Trucking Inc.")
    assert party.phone_e164 == "+15085550199" and party.sms_consent and party.kind == "contractor"

    page.get_by_role("button", name="Add a party").click()
    page.get_by_role("alert").wait_for()
    assert "name" in page.get_by_role("alert").inner_text()


def test_the_town_administrator_confirms_a_reading_in_the_settings_and_a_refusal_is_named(live, phones):
    email, password = live.account("carver", "town_admin")
    phone = phones.open("settings")
    phone.open()
    phone.log_in(email, password, "carver")
    page = phone.page
    page.goto(phone.page.url.split("#")[0] + "#/admin/settings")
    phone.heading("Admin: Settings")
    amb17 = page.locator("[data-setting='carver247.noncriminal_3rd_amount']")
    # labelled with the title its pack gives, explained in its sentence
    assert amb17.get_by_label("Third ticket amount (Carver ch. 247)").input_value() == "300000"
    assert "held for review until the town confirms it" in amb17.inner_text()
    assert "AMB-17" in amb17.inner_text() and "the default applies" in amb17.inner_text()
    assert amb17.get_by_label("Use the default").is_checked(), "the default applies: the box says so"
    phone.check_accessibility("admin settings")
    page.get_by_label("Roll a due date off a Sunday or holiday", exact=True).select_option("true")
    page.get_by_label("reinspection_due_days", exact=True).fill("400")
    page.get_by_role("button", name="Save settings").click()
    alert = page.get_by_role("alert").filter(has_text="reinspection_due_days")
    alert.wait_for()
    assert "between 0 and 90" in alert.inner_text()
    assert alert.inner_text().count("between 0 and 90") == 1, "each error once"
    [town] = rows(live, "Town", slug="carver")
    assert "roll_c4s9" not in (town.settings or {}), "all or nothing"
    page.get_by_label("reinspection_due_days", exact=True).fill("10")
    page.get_by_role("button", name="Save settings").click()
    page.get_by_role("status").filter(has_text="Saved: roll_c4s9, reinspection_due_days").wait_for()
    [town] = rows(live, "Town", slug="carver")
    assert town.settings["roll_c4s9"] is True and town.settings["reinspection_due_days"] == 10
    assert "chosen by the town" in page.locator("[data-setting='roll_c4s9']").inner_text()
    assert not page.locator("[data-setting='roll_c4s9']").get_by_label("Use the default").is_checked()
    phone.shot("12-admin-settings")
