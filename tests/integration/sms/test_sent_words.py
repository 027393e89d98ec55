"""What is sent is what is kept: the SMS body stored on the outbox row is byte for byte the body the fake
Twilio received (the notice's words in the party's language, its link and its reference)."""
from __future__ import annotations

from tests.integration.sms.conftest import dispatch, new_violation, notifications, send_notice


def test_the_violation_notice_row_keeps_exactly_the_body_twilio_received(app, client, agent, twilio):
    send_notice(client, agent, new_violation(client, agent)["id"])
    (row,) = notifications("sms")
    assert row.sent_text is None  # nothing attempted, nothing claimed as sent

    dispatch(app)

    (message,) = twilio.sent_messages
    (request,) = twilio.requests_to("messages.create")
    (row,) = notifications("sms")
    stored = row.sent_text.encode("utf-8")
    assert stored == message["body"].encode("utf-8") == request.form["Body"].encode("utf-8")
    assert row.sent_blocks is None and row.provider_id == message["sid"]


def test_a_failed_attempt_keeps_the_words_it_tried(app, client, agent, twilio):
    send_notice(client, agent, new_violation(client, agent)["id"])
    twilio.error_next(21211)

    dispatch(app)

    (row,) = notifications("sms")
    (request,) = twilio.requests_to("messages.create")
    assert row.status == "failed" and row.sent_text == request.form["Body"]
