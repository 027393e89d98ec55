"""Urgency is declared by each kind in its module (backend/notifications/kinds/): an order issued or lifted is
texted at once, even in the town's quiet hours (20:00-08:00 in Carver); a violation notice waits until 08:00.
The clock is the app's controlled clock, never the wall clock's hour."""

from __future__ import annotations

import datetime as dt

from backend.notifications.catalogue import catalogue
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
