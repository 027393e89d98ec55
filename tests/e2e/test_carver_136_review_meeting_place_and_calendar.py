"""Carver ch. 136, end to end with a controlled clock: the Earth Removal Committee's cease-and-desist at the
Plymouth St gravel pit is reviewed at a meeting within 7 days (~§ 136-9), held at a stated place. Every copy
states the date, the time with its zone and the place: the board's alert, the operator's text at scheduling,
the notice page the text links to, the order PDF, the 48-hour reminder to the board and to the operator, and
the ERC member's calendar. When the meeting moves, every copy is updated (the calendar event in place: same
UID, SEQUENCE 1). A revoked or rotated calendar URL answers 404."""

from __future__ import annotations

import json
import uuid

from icalendar import Calendar
from sqlalchemy import select

from backend.extensions import db
from backend.models import AuditEvent, EnforcementOrder
from backend.models.meetings import Meeting
from backend.services.order_documents import document_for
from backend.slack import alerts
from bot.blocks import review_notice
from tests.integration.enforcement.support_a import DESIGNATION, ERC_VOTE, draft_order, issue, site_and_permit
from tests.integration.enforcement.support_b import at, outbox, run_jobs
from tests.integration.sms.conftest import dispatch, link_of, twilio  # noqa: F401 - `twilio` is a fixture

OPERATOR = "+15085550102"  # South Shore Sand & Gravel LLC, the operator on the ERC permit
PLACE = {"address": "Town Hall, 108 Main St", "room": "Room 2", "remote_url": "https://meet.example.org/erc-0409"}
FIRST_WHEN, FIRST_PLACE = "Apr 9, 2026, 6:00 PM EDT", "Room 2, Town Hall, 108 Main St"
MOVED_WHEN, MOVED_PLACE = "Apr 10, 2026, 6:30 PM EDT", "Room 3, Town Hall, 108 Main St"
FEED = "/api/v1/me/calendar-feed"


def clock(app, iso: str) -> None:
    db.session.commit()
    app.extensions["clock"].at = at(iso)


def board_notice(meeting_id: str, reminder: bool = False) -> str:
    """The board's Slack message for the meeting, as the outbox renders it from the record (blocks + text)."""
    db.session.expire_all()
    meeting = db.session.get(Meeting, uuid.UUID(meeting_id))
    rendered = review_notice(alerts.review_notice(meeting, reminder))
    return rendered.text + json.dumps(rendered.blocks, ensure_ascii=False)


def texts_to_operator(twilio_fake) -> list[str]:  # noqa: F811
    return [m["body"] for m in twilio_fake.sent_messages if m["to"] == OPERATOR]


def calendar_event(client, url: str, meeting_id: str):
    resp = client.get(url.removeprefix("https://enforce.example.org"))
    assert resp.status_code == 200 and resp.mimetype == "text/calendar"
    events = [e for e in Calendar.from_ical(resp.data).walk("VEVENT") if str(e["UID"]).startswith("meeting-")]
    [event] = [e for e in events if meeting_id in str(e["UID"])]
    return event


def test_the_review_meeting_is_stated_with_its_place_everywhere_and_moves_everywhere(  # noqa: PLR0915
        app, client, world, twilio):  # noqa: F811 - the fixture imported above
    clock(app, "2026-04-06T10:00:00-04:00")
    erc = world.headers("carver", "board_member", "earth")
    pit, permit = site_and_permit(client, erc, "gravel")
    order = draft_order(client, erc, pit, permit, "CARVER-136")
    assert issue(client, erc, order, ERC_VOTE).status_code == 200

    # the ERC member subscribes to their calendar before anything is scheduled
    made = client.post(FEED, headers=erc)
    assert made.status_code == 201 and made.json["url"].endswith(".ics")
    url = made.json["url"]
    assert client.get(FEED, headers=erc).json == {"active": True, "created_at": made.json["created_at"],
                                                  "url": None}  # the secret is shown once

    clock(app, "2026-04-06T12:30:00-04:00")
    body = {"scheduled_for": "2026-04-09T18:00:00-04:00", "operator_notified_at": "2026-04-06T12:00:00-04:00",
            "posted_at": "2026-04-06T12:00:00-04:00", "authorization": DESIGNATION} | PLACE
    agent = world.headers("carver", "agent")
    scheduled = client.post(f"/api/v1/orders/{order['id']}/meetings", headers=agent, json=body)
    assert scheduled.status_code == 201, scheduled.json
    meeting = scheduled.json
    assert (meeting["address"], meeting["room"], meeting["remote_url"], meeting["moves"]) == (
        PLACE["address"], PLACE["room"], PLACE["remote_url"], 0)

    # the board's alert
    [alert] = outbox("slack", "review_meeting_scheduled")
    assert f"scheduled for {FIRST_WHEN}, at {FIRST_PLACE}" in alert.payload["text"]
    notice = board_notice(meeting["id"])
    assert FIRST_WHEN in notice and FIRST_PLACE in notice and PLACE["remote_url"] in notice

    # the operator's text at scheduling, and the notice page it links to
    [told] = outbox("sms", "sms.review_meeting")
    assert told.recipient == OPERATOR
    dispatch(app, at("2026-04-06T12:31:00-04:00"))
    [text] = [t for t in texts_to_operator(twilio) if "review meeting" in t]
    assert f"{FIRST_WHEN}, at {FIRST_PLACE}. Join online: {PLACE['remote_url']}" in text
    page = client.get(f"/n/{link_of(told).id}").get_data(as_text=True)
    assert "Review meeting" in page and f"{FIRST_WHEN}, at {FIRST_PLACE}" in page

    # the order PDF's words
    order_row = db.session.get(EnforcementOrder, uuid.UUID(order["id"]))
    assert document_for(order_row).meetings == (
        f"{FIRST_WHEN}, at {FIRST_PLACE}. Join online: {PLACE['remote_url']}",)

    # the calendar event
    event = calendar_event(client, url, meeting["id"])
    assert str(event["LOCATION"]) == FIRST_PLACE and int(event["SEQUENCE"]) == 0
    assert event.decoded("DTSTART").isoformat() == "2026-04-09T22:00:00+00:00"
    assert str(event["URL"]).endswith(f"/#/order/{order['id']}") and PLACE["remote_url"] in str(
        event["DESCRIPTION"])
    uid = str(event["UID"])

    # the 48-hour reminder, to the board and to the operator
    run_jobs(app, "2026-04-07T19:00:00-04:00", "reminders")
    reminders = outbox(template="reminder.erc-review")
    assert sorted(n.channel for n in reminders) == ["slack", "sms"]
    assert all(f"{FIRST_WHEN}, at {FIRST_PLACE}" in n.payload["text"] for n in reminders)
    assert "within 48 hours" in board_notice(meeting["id"], reminder=True)
    dispatch(app, at("2026-04-07T19:01:00-04:00"))
    assert f"reminder: review meeting of the cease-and-desist order for {pit['name']}: {FIRST_WHEN}, at " \
           f"{FIRST_PLACE}" in texts_to_operator(twilio)[-1]

    # the meeting moves: a day later, another room; only who may schedule it may move it
    clock(app, "2026-04-08T09:00:00-04:00")
    move = {"scheduled_for": "2026-04-10T18:30:00-04:00", "room": "Room 3", "authorization": DESIGNATION}
    version = {"If-Match": f'"v{meeting["version"]}"'}
    planning = world.headers("carver", "board_member", "planning")
    refused = client.post(f"/api/v1/meetings/{meeting['id']}/move", headers=planning | version,
                          json=move | {"authorization": {}})
    assert refused.status_code == 403, refused.json
    moved = client.post(f"/api/v1/meetings/{meeting['id']}/move", headers=agent | version, json=move)
    assert moved.status_code == 200, moved.json
    assert (moved.json["moves"], moved.json["room"], moved.json["address"]) == (1, "Room 3", PLACE["address"])
    assert moved.json["scheduled_for"] == "2026-04-10T22:30:00+00:00"
    audited = db.session.scalars(select(AuditEvent).where(AuditEvent.object_id == meeting["id"])).all()
    assert any(json.loads(e.snapshot).get("moves") == 1 for e in audited)  # the move is in the audit chain

    # every copy updated
    alerts_now = outbox("slack", "review_meeting_scheduled")
    assert len(alerts_now) == 2 and any(f"moved to {MOVED_WHEN}, at {MOVED_PLACE}" in a.payload["text"]
                                        for a in alerts_now)
    assert "moved" in board_notice(meeting["id"]) and MOVED_WHEN in board_notice(meeting["id"])
    dispatch(app, at("2026-04-08T09:01:00-04:00"))
    moved_text = (f"MOVED: the review meeting of the cease-and-desist order for {pit['name']} is now "
                  f"{MOVED_WHEN}, at {MOVED_PLACE}")
    assert moved_text in texts_to_operator(twilio)[-1]
    page = client.get(f"/n/{link_of(told).id}").get_data(as_text=True)
    assert f"{MOVED_WHEN}, at {MOVED_PLACE}" in page and FIRST_WHEN not in page
    db.session.expire_all()
    assert document_for(db.session.get(EnforcementOrder, uuid.UUID(order["id"]))).meetings[0].startswith(
        f"{MOVED_WHEN}, at {MOVED_PLACE}")
    event = calendar_event(client, url, meeting["id"])
    assert str(event["UID"]) == uid and int(event["SEQUENCE"]) == 1 and str(event["LOCATION"]) == MOVED_PLACE
    assert event.decoded("DTSTART").isoformat() == "2026-04-10T22:30:00+00:00"
    run_jobs(app, "2026-04-08T19:00:00-04:00", "reminders")  # 47.5 hours before the new time
    again = [n for n in outbox(template="reminder.erc-review") if n.dedupe_key.endswith(":48h:move-1")]
    assert sorted(n.channel for n in again) == ["slack", "sms"]
    assert all(f"{MOVED_WHEN}, at {MOVED_PLACE}" in n.payload["text"] for n in again)

    # rotating the URL ends the old one; revoking ends the feed
    rotated = client.post(FEED, headers=erc)
    assert rotated.status_code == 201 and rotated.json["url"] != url
    assert client.get(url.removeprefix("https://enforce.example.org")).status_code == 404
    assert client.delete(FEED, headers=erc).status_code == 200
    assert client.get(rotated.json["url"].removeprefix("https://enforce.example.org")).status_code == 404
    assert client.get(FEED, headers=erc).json["active"] is False
    assert client.delete(FEED, headers=erc).status_code == 404

    verify = app.test_cli_runner().invoke(args=["audit", "verify", "--town", "carver"])
    assert verify.exit_code == 0 and "OK" in verify.output, verify.output


def test_a_place_is_bounded_and_a_remote_link_must_be_https(app, client, world):
    clock(app, "2026-04-06T10:00:00-04:00")
    erc = world.headers("carver", "board_member", "earth")
    pit, permit = site_and_permit(client, erc, "gravel")
    order = draft_order(client, erc, pit, permit, "CARVER-136")
    assert issue(client, erc, order, ERC_VOTE).status_code == 200
    body = {"scheduled_for": "2026-04-09T18:00:00-04:00", "operator_notified_at": "2026-04-06T12:00:00-04:00",
            "posted_at": "2026-04-06T12:00:00-04:00", "authorization": ERC_VOTE}
    for bad, field in (({"remote_url": "http://meet.example.org/x"}, "remote_url"),
                       ({"remote_url": "javascript:alert(1)"}, "remote_url"),
                       ({"address": "x" * 301}, "address"), ({"room": ""}, "room")):
        resp = client.post(f"/api/v1/orders/{order['id']}/meetings", headers=erc, json=body | bad)
        assert resp.status_code == 422 and field in json.dumps(resp.json), (bad, resp.json)


def test_a_calendar_feed_needs_a_signed_in_user_and_an_unknown_token_is_404(client):
    assert client.post(FEED).status_code == 401
    assert client.get("/calendar/not-a-token.ics").status_code == 404
    assert client.get(f"/calendar/{'x' * 500}.ics").status_code == 404
