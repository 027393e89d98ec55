"""Whose calendar shows what: a board member's feed holds their own board's review meetings and deadlines, not
another board's; an agent's holds the town's. The secret is stored only as a hash."""

from __future__ import annotations

from icalendar import Calendar
from sqlalchemy import select

from backend.extensions import db
from backend.models.calendar_feeds import CalendarFeed
from backend.services.calendar_feeds import token_hash
from tests.integration.enforcement.support_a import DESIGNATION, ERC_VOTE, draft_order, issue, site_and_permit

FEED = "/api/v1/me/calendar-feed"


def _uids(client, headers) -> list[str]:
    url = client.post(FEED, headers=headers).json["url"]
    resp = client.get("/calendar/" + url.rsplit("/calendar/", 1)[1])
    assert resp.status_code == 200
    return [str(e["UID"]) for e in Calendar.from_ical(resp.data).walk("VEVENT")]


def test_each_member_sees_their_boards_meetings_and_the_agent_sees_the_towns(app, client, world):
    erc, agent = world.headers("carver", "board_member", "earth"), world.headers("carver", "agent")
    planning = world.headers("carver", "board_member", "planning")
    pit, permit = site_and_permit(client, erc, "gravel")
    order = draft_order(client, erc, pit, permit, "CARVER-136")
    assert issue(client, erc, order, ERC_VOTE).status_code == 200
    meeting = client.post(f"/api/v1/orders/{order['id']}/meetings", headers=agent, json={
        "scheduled_for": "2026-04-09T18:00:00-04:00", "operator_notified_at": "2026-04-06T12:00:00-04:00",
        "posted_at": "2026-04-06T12:00:00-04:00", "authorization": DESIGNATION,
        "address": "Town Hall, 108 Main St"}).json
    uid = next(u for u in _uids(client, erc) if u.startswith("meeting-"))
    assert meeting["id"] in uid
    assert not any(u.startswith("meeting-") for u in _uids(client, planning))  # not the Planning Board's
    assert uid in _uids(client, agent)


def test_only_a_hash_of_the_secret_is_stored(client, world):
    made = client.post(FEED, headers=world.headers("carver", "agent")).json
    token = made["url"].rsplit("/calendar/", 1)[1].removesuffix(".ics")
    [feed] = db.session.scalars(select(CalendarFeed)).all()
    assert feed.token_hash == token_hash(token) and token not in feed.token_hash
