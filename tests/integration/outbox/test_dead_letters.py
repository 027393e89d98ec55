"""Dead letters: after OUTBOX_MAX_ATTEMPTS a notification is dead, visible, and re-drivable from the CLI."""
from __future__ import annotations

from backend.extensions import db
from backend.models import Notification
from tests.integration.outbox.conftest import PERMITTEE, SLACK_CHANNEL


def _exhaust(outbox, nid, attempts: int) -> None:
    for _ in range(attempts):
        outbox.dispatch()
        row = outbox.row(nid)
        if row.next_attempt_at:
            outbox.advance_to(row.next_attempt_at)


def test_a_notification_is_dead_after_the_configured_attempts_and_visible_in_status(outbox, towns, twilio):
    twilio.fail_next(status=500, times=4)
    nid = outbox.add(towns["carver"], "sms", PERMITTEE, "k-dead")

    _exhaust(outbox, nid, 4)

    row = outbox.row(nid)
    assert (row.status, row.attempts, row.next_attempt_at) == ("dead", 4, None)
    assert row.last_error.startswith("attempt 4:") and row.error_code == "twilio:20500"
    assert outbox.cli("status").strip() == "carver: dead 1"
    outbox.advance(days=1)
    outbox.dispatch()
    assert len(twilio.requests_to("messages.create")) == 4 and twilio.sent_messages == []


def test_all_dead_notifications_are_redriven_and_then_delivered_once(outbox, towns, twilio, slack):
    twilio.fail_next(status=500, times=4)
    slack.fail_next("chat.postMessage", status=502, times=4)
    sms = outbox.add(towns["carver"], "sms", PERMITTEE, "k-dead-sms")
    board = outbox.add(towns["carver"], "slack", SLACK_CHANNEL, "k-dead-slack")
    for _ in range(4):
        outbox.dispatch()
        outbox.advance(hours=1)
    assert outbox.statuses() == ["dead", "dead"]

    assert "re-driven 2, refused 0" in outbox.cli("redrive", "--all-dead")
    assert [outbox.row(i).attempts for i in (sms, board)] == [0, 0]
    assert "sent 2" in outbox.dispatch()
    assert len(twilio.sent_messages) == 1 and len(slack.posted_messages) == 1


def test_redrive_all_dead_can_be_limited_to_one_town(outbox, towns):
    carver = outbox.add(towns["carver"], "slack", SLACK_CHANNEL, "k-c")
    upton = outbox.add(towns["upton"], "slack", SLACK_CHANNEL, "k-u")
    for nid in (carver, upton):
        db.session.get(Notification, nid).status = "dead"
    db.session.commit()

    assert "re-driven 1" in outbox.cli("redrive", "--all-dead", "--town", "upton")
    assert (outbox.row(carver).status, outbox.row(upton).status) == ("dead", "pending")


def test_redrive_needs_ids_or_all_dead_and_refuses_rows_that_are_not_dead_or_failed(outbox, towns):
    nid = outbox.add(towns["carver"], "console", "ops", "k-pending")

    assert "give --id" in outbox.cli("redrive", code=2)
    assert "give --id" in outbox.cli("redrive", "--all-dead", "--id", str(nid), code=2)
    assert "refused 1" in outbox.cli("redrive", "--id", str(nid), code=1)
    assert "refused 1" in outbox.cli("redrive", "--id", "00000000-0000-0000-0000-000000000000", code=1)
    assert "not a valid UUID" in outbox.cli("redrive", "--id", "nope", code=2)
    assert outbox.row(nid).status == "pending"


def test_dispatch_as_of_rejects_a_naive_or_garbage_instant(outbox, towns):
    assert "give a zone" in outbox.cli("dispatch", "--as-of", "2026-04-06T14:00:00", code=2)
    assert "not an ISO 8601 instant" in outbox.cli("dispatch", "--as-of", "yesterday", code=2)
    assert "not an ISO 8601 instant" in outbox.cli("reconcile", "--as-of", "13/13/2026", code=2)


def test_dispatch_as_of_delivers_what_is_due_at_that_instant(outbox, towns, twilio):
    twilio.fail_next(status=500)
    nid = outbox.add(towns["carver"], "sms", PERMITTEE, "k-as-of")
    outbox.dispatch()
    due = outbox.row(nid).next_attempt_at

    assert "sent 1" in outbox.cli("dispatch", "--as-of", due.isoformat())
    assert outbox.row(nid).status == "sent" and len(twilio.sent_messages) == 1


def test_status_says_when_the_outbox_is_empty(outbox, towns):
    assert outbox.cli("status").strip() == "outbox is empty"
