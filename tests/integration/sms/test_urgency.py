"""Urgency is declared by each kind in its module (backend/notifications/kinds/): an order issued or lifted is
texted at once, even in the town's quiet hours (20:00-08:00 in Carver); a violation notice waits until 08:00.
The operator's text about a review meeting goes at once when the meeting is less than 48 hours away.
The clock is the app's controlled clock, never the wall clock's hour."""

from __future__ import annotations

import datetime as dt

from backend.notifications.catalogue import catalogue
from tests.integration.enforcement.support_a import DESIGNATION, ERC_VOTE, draft_order, issue, site_and_permit
from tests.integration.enforcement.support_b import PLANNING_BOARD_VOTE, issued_order
from tests.integration.sms.conftest import (
    dispatch,
    new_violation,
    notifications,
    send_notice,
    set_clock,
    site,
)

CEDAR_PHONE = "+15085550104"
OPERATOR = "+15085550102"  # South Shore Sand & Gravel LLC, the operator on the ERC permit


def test_an_order_issued_at_nine_pm_is_texted_at_once_and_a_violation_notice_waits_until_eight(
    app, client, world, agent, board, twilio
):
    set_clock(app, "2026-04-06T21:00:00-04:00")
    violation = new_violation(client, agent, observed_at="2026-04-06T17:00:00-04:00")
    send_notice(client, agent, violation["id"])
    issued_order(client, board, site("Cedar Brook").id, [violation["id"]], "CARVER-247", "criminal",
                 "2026-04-06T21:00:00-04:00", PLANNING_BOARD_VOTE)

    dispatch(app)

    [order_text] = notifications("sms", "sms.order_issued")
    assert order_text.status == "sent"
    assert [m["to"] for m in twilio.sent_messages] == [CEDAR_PHONE]
    assert twilio.sent_messages[0]["body"] == order_text.sent_text
    [notice] = notifications("sms", "sms.violation_notice")
    assert (notice.status, notice.attempts) == ("pending", 0)
    assert notice.next_attempt_at == dt.datetime(2026, 4, 7, 12, 0, tzinfo=dt.UTC)  # 08:00 in Carver

    set_clock(app, "2026-04-07T08:00:00-04:00")
    dispatch(app)
    assert [m["to"] for m in twilio.sent_messages] == [CEDAR_PHONE, CEDAR_PHONE]


def test_only_orders_issued_lifted_and_their_board_alerts_are_urgent_kinds():
    urgent = {name for name, spec in catalogue().items() if spec.urgency == "urgent"}
    assert urgent == {"order_issued", "order_lifted", "order_alert", "board_order_alert"}


def test_a_review_meeting_texted_at_nine_pm_waits_unless_it_is_less_than_48_hours_away(
    app, client, world, twilio
):
    set_clock(app, "2026-04-06T10:00:00-04:00")
    erc = world.headers("carver", "board_member", "earth")
    pit, permit = site_and_permit(client, erc, "gravel")
    order = draft_order(client, erc, pit, permit, "CARVER-136")
    assert issue(client, erc, order, ERC_VOTE).status_code == 200
    dispatch(app)
    sent_before = len(twilio.sent_messages)

    # scheduled at 21:00 for Thursday evening, 69 hours away: the operator's text waits for 08:00
    set_clock(app, "2026-04-06T21:00:00-04:00")
    body = {"scheduled_for": "2026-04-09T18:00:00-04:00", "operator_notified_at": "2026-04-06T12:00:00-04:00",
            "posted_at": "2026-04-06T12:00:00-04:00", "authorization": DESIGNATION, "room": "Room 2",
            "address": "Town Hall, 108 Main St"}
    scheduled = client.post(f"/api/v1/orders/{order['id']}/meetings", headers=erc, json=body)
    assert scheduled.status_code == 201, scheduled.json
    dispatch(app)
    [told] = notifications("sms", "sms.review_meeting")
    assert (told.status, told.recipient) == ("pending", OPERATOR)
    assert told.next_attempt_at == dt.datetime(2026, 4, 7, 12, 0, tzinfo=dt.UTC)  # 08:00 in Carver
    set_clock(app, "2026-04-07T08:00:00-04:00")
    dispatch(app)
    assert len(twilio.sent_messages) == sent_before + 1

    # moved at 21:00 on Wednesday to Friday 18:00, 45 hours away: the operator is texted at once
    set_clock(app, "2026-04-08T21:00:00-04:00")
    version = {"If-Match": f'"v{scheduled.json["version"]}"'}
    move = {"scheduled_for": "2026-04-10T18:00:00-04:00", "authorization": DESIGNATION}
    moved = client.post(f"/api/v1/meetings/{scheduled.json['id']}/move", headers=erc | version, json=move)
    assert moved.status_code == 200, moved.json
    dispatch(app)
    moved_text = [n for n in notifications("sms", "sms.review_meeting") if n.id != told.id]
    assert [(n.status, n.recipient) for n in moved_text] == [("sent", OPERATOR)]
    assert twilio.sent_messages[-1]["to"] == OPERATOR and "Apr 10, 2026" in twilio.sent_messages[-1]["body"]
