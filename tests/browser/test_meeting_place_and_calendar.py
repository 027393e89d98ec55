"""On a phone (412 px): an Earth Removal Committee member schedules the cease-and-desist's review meeting at
a stated place, moves it to another room and day, and subscribes to the calendar feed from the account
screen; the feed carries the moved meeting and stops answering when it is turned off."""
from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from tests.browser.phone import assert_glove_sized
from tests.browser.records import PIT, rows, violation_at_the_pit
from tests.browser.test_board_and_admin import _vote

pytestmark = pytest.mark.browser
ADDRESS, ROOM, REMOTE = "Town Hall, 108 Main St", "Room 2", "https://meet.example.org/erc"


def test_the_place_is_entered_shown_and_moved_and_the_calendar_feed_is_made_and_turned_off(live, phones):
    violation_at_the_pit(live)
    email, password = live.account("carver", "board_member", "earth")
    phone = phones.open("erc-place")
    phone.open()
    phone.log_in(email, password, "carver")
    phone.heading("Board")
    page = phone.page
    page.get_by_label(PIT).check()
    page.get_by_label("Kind of order").select_option("cease_and_desist")
    page.get_by_role("button", name="Draft the order").click()
    phone.heading(f"Cease and desist — {PIT}")
    _vote(page.get_by_role("form", name="Issue the order"))
    page.get_by_role("button", name="Issue order").click()
    page.get_by_role("heading", name="Record service").wait_for()

    schedule = page.get_by_role("form", name="Schedule the review")
    day = dt.datetime.now(ZoneInfo("America/New_York")) + dt.timedelta(days=5)
    schedule.get_by_label("Meeting at").fill(day.strftime("%Y-%m-%dT18:00"))
    schedule.get_by_label("Meeting place (address)").fill(ADDRESS)
    schedule.get_by_label("Room").fill(ROOM)
    schedule.get_by_label("Remote attendance link (optional)").fill("http://meet.example.org/erc")
    reason = schedule.get_by_label("Reason to record outside the window (optional)")
    reason.fill("The only evening with a quorum")
    _vote(schedule)
    schedule.get_by_role("button", name="Schedule").click()
    schedule.get_by_text("remote_url").wait_for()  # http refused, named: https only
    assert rows(live, "Meeting") == []
    schedule.get_by_label("Remote attendance link (optional)").fill(REMOTE)
    schedule.get_by_role("button", name="Schedule").click()
    page.get_by_text(f"{ROOM}, {ADDRESS} · online: {REMOTE}").wait_for()
    [meeting] = rows(live, "Meeting")
    assert (meeting.address, meeting.room, meeting.remote_url) == (ADDRESS, ROOM, REMOTE)
    page.get_by_role("form", name="Move the meeting (new time or place)").scroll_into_view_if_needed()
    page.get_by_text(f"{ROOM}, {ADDRESS}").scroll_into_view_if_needed()
    phone.shot("19-meeting-place")
    phone.check_accessibility("meeting place")
    assert_glove_sized(phone, "meeting place")

    move = page.get_by_role("form", name="Move the meeting (new time or place)")
    move.get_by_label("New time").fill((day + dt.timedelta(days=1)).strftime("%Y-%m-%dT18:30"))
    move.get_by_label("Room").fill("Room 3")
    move.get_by_label("Reason to record outside the window (optional)").fill("Room 2 is being painted")
    _vote(move)
    move.get_by_role("button", name="Move meeting").click()
    page.get_by_text("moved 1 time").wait_for()
    [meeting] = rows(live, "Meeting")
    assert (meeting.moves, meeting.room, meeting.address) == (1, "Room 3", ADDRESS)

    phone.open("#/account")
    phone.heading("Account")
    page.get_by_role("button", name="Make my calendar address").click()
    url = page.get_by_label("Your calendar address (copy it now: it is shown only once)").input_value()
    assert url.endswith(".ics")
    phone.shot("20-account-calendar-feed", top=True)
    phone.check_accessibility("account")
    assert_glove_sized(phone, "account")
    path = "/calendar/" + url.rsplit("/calendar/", 1)[1]
    feed = live.app.test_client().get(path)
    assert feed.status_code == 200 and "Room 3\\, Town Hall\\, 108 Main St" in feed.get_data(as_text=True)
    assert "SEQUENCE:1" in feed.get_data(as_text=True)
    page.get_by_role("button", name="Turn the feed off").click()
    page.get_by_text("No calendar feed yet.").wait_for()
    assert live.app.test_client().get(path).status_code == 404
