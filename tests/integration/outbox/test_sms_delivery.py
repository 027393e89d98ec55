"""SMS delivery with the real twilio Client against the fake Twilio: faults lose nothing, nothing twice."""
from __future__ import annotations

import datetime as dt

from backend.channels.sms import reference
from tests.integration.outbox.conftest import CARVER_NUMBER, PERMITTEE


def _bodies(fake) -> list[str]:
    return [m["body"] for m in fake.sent_messages]


def test_an_sms_goes_from_the_towns_number_with_a_reference_and_a_status_callback(outbox, towns, twilio,
                                                                                  settings):
    nid = outbox.add(towns["carver"], "sms", PERMITTEE, "carver:order:7:served", "Cease and desist served")

    assert "sent 1" in outbox.dispatch()

    (message,) = twilio.sent_messages
    assert message["to"] == PERMITTEE and message["from"] == CARVER_NUMBER
    assert message["body"] == f"Cease and desist served\nRef {reference('carver:order:7:served')}"
    assert message["status_callback"] == settings.public_base_url + "/webhooks/twilio/status"
    row = outbox.row(nid)
    assert (row.status, row.provider_id) == ("sent", message["sid"])


def test_a_messaging_service_sid_is_used_as_the_sender(outbox, towns, twilio, settings, monkeypatch):
    twilio.add_messaging_service("MG" + "1" * 32, "+15085550999")
    monkeypatch.setattr(settings, "twilio_senders", {"*": "MG" + "1" * 32})

    outbox.add(towns["upton"], "sms", PERMITTEE, "k-mg")
    outbox.dispatch()

    (message,) = twilio.sent_messages
    assert message["messaging_service_sid"] == "MG" + "1" * 32 and message["from"] == "+15085550999"


def test_server_errors_and_a_rate_limit_lose_nothing_and_deliver_exactly_once(outbox, towns, twilio):
    nid = outbox.add(towns["carver"], "sms", PERMITTEE, "k-sms-500-429")
    twilio.fail_next(status=503)

    outbox.dispatch()
    assert outbox.row(nid).error_code == "twilio:20503"
    outbox.advance_to(outbox.row(nid).next_attempt_at)
    twilio.rate_limit_next(retry_after=9)
    started = outbox.app.extensions["clock"].now()
    outbox.dispatch()
    limited = outbox.row(nid)
    assert (limited.status, limited.error_code) == ("pending", "twilio:20429")
    assert dt.timedelta(seconds=9) <= limited.next_attempt_at - started <= dt.timedelta(seconds=9.9)

    outbox.advance(seconds=10)
    assert "sent 1" in outbox.dispatch()
    assert len(twilio.sent_messages) == 1 and len(twilio.requests_to("messages.create")) == 3


def test_an_sms_that_was_accepted_before_the_timeout_is_reconciled_not_resent(outbox, towns, twilio):
    nid = outbox.add(towns["carver"], "sms", PERMITTEE, "k-sms-hang", "Hearing moved to 7pm")
    twilio.hang_next(seconds=5, apply=True)

    assert "reconcile 1" in outbox.dispatch()
    outbox.advance(seconds=31)
    assert "found 1" in outbox.reconcile()

    (message,) = twilio.sent_messages
    assert outbox.row(nid).provider_id == message["sid"] and outbox.row(nid).status == "sent"
    (lookup,) = twilio.requests_to("messages.list")
    assert lookup.query["To"] == PERMITTEE and "DateSent>" in lookup.query
    assert "sent 0" in outbox.dispatch() and len(twilio.sent_messages) == 1


def test_reconciliation_tells_two_messages_to_one_number_apart_by_reference(outbox, towns, twilio):
    outbox.add(towns["carver"], "sms", PERMITTEE, "k-first", "Same words")
    outbox.dispatch()
    nid = outbox.add(towns["carver"], "sms", PERMITTEE, "k-second", "Same words")
    twilio.hang_next(seconds=5, apply=False)

    outbox.dispatch()
    outbox.advance(seconds=31)
    assert "requeued 1" in outbox.reconcile()
    assert "sent 1" in outbox.dispatch()

    assert _bodies(twilio) == [f"Same words\nRef {reference('k-first')}",
                               f"Same words\nRef {reference('k-second')}"]
    assert outbox.row(nid).provider_id == twilio.sent_messages[1]["sid"]


def test_an_opted_out_recipient_fails_at_once_and_is_never_retried(outbox, towns, twilio):
    twilio.opt_out(PERMITTEE)
    nid = outbox.add(towns["carver"], "sms", PERMITTEE, "k-stop")

    assert "failed 1" in outbox.dispatch()
    row = outbox.row(nid)
    assert (row.status, row.error_code) == ("failed", "twilio:21610") and "STOP" in row.last_error
    outbox.advance(days=3)
    outbox.dispatch()
    assert len(twilio.requests_to("messages.create")) == 1 and twilio.sent_messages == []
    assert "refused 1" in outbox.cli("redrive", "--id", str(nid), code=1)
    assert outbox.row(nid).status == "failed"


def test_an_unregistered_sender_fails_visibly_and_can_be_redriven_once_fixed(outbox, towns, twilio):
    twilio.error_next(30034, status=400)
    nid = outbox.add(towns["carver"], "sms", PERMITTEE, "k-10dlc")

    outbox.dispatch()
    row = outbox.row(nid)
    assert (row.status, row.error_code) == ("failed", "twilio:30034") and "A2P 10DLC" in row.last_error
    assert "failed 1" in outbox.cli("status")

    assert "re-driven 1" in outbox.cli("redrive", "--id", str(nid))
    assert "sent 1" in outbox.dispatch() and len(twilio.sent_messages) == 1


def test_an_unreachable_twilio_is_retried_not_reconciled(outbox, towns, twilio, settings, monkeypatch):
    monkeypatch.setattr(settings, "twilio_api_base", "http://127.0.0.1:9")
    nid = outbox.add(towns["carver"], "sms", PERMITTEE, "k-refused")

    outbox.dispatch()

    assert (outbox.row(nid).status, outbox.row(nid).error_code) == ("pending", "network")
