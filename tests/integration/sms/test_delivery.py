"""Texts through the real twilio Client and the fake Twilio: receipts, provider errors, quiet hours, the daily
accrual text (one per party per day, in the party's language)."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import select

from backend.audit import acting_as
from backend.extensions import db
from backend.models import Deadline
from backend.models.sms import SmsDeliveryEvent, SmsOptOut
from backend.outbox.intents import enqueue
from backend.sms.segments import count
from inspections.deadlines.carver_247 import STABILIZE
from tests.integration.enforcement.support_b import PLANNING_BOARD_VOTE, issued_order, run_jobs
from tests.integration.sms.conftest import (
    CEDAR,
    PUBLIC,
    dispatch,
    link_of,
    new_violation,
    notifications,
    party,
    send_notice,
    set_clock,
    site,
    town,
)

CEDAR_PHONE = "+15085550104"


@pytest.fixture
def sent_notice(app, client, world, agent, twilio):
    """A violation notice to Cedar Brook Homes, delivered to the fake Twilio; returns its Twilio message."""
    send_notice(client, agent, new_violation(client, agent)["id"])
    dispatch(app)
    [message] = twilio.sent_messages
    return message


def receipt(client, fake, sid, status, error_code=None):
    hook = fake.status_callback(sid, status, error_code=error_code)
    assert hook.url == PUBLIC + "/webhooks/twilio/status"
    return client.post(hook.path, data=hook.params, headers=hook.headers)


def events() -> list[SmsDeliveryEvent]:
    db.session.expire_all()
    return list(
        db.session.scalars(
            select(SmsDeliveryEvent).order_by(SmsDeliveryEvent.received_at, SmsDeliveryEvent.status)
        )
    )


def undelivered(client, board, since="2026-04-01T00:00:00Z"):
    resp = client.get(f"/api/v1/sms/undelivered?since={since}", headers=board)
    assert resp.status_code == 200, resp.json
    return resp.json


def test_a_notice_goes_out_in_spanish_within_five_segments_with_its_link_and_a_status_callback(sent_notice):
    body = sent_notice["body"]
    assert body.startswith("Carver: infracción del 6 abr 2026 en Cedar Brook subdivision: ")
    assert count(body).count <= 5 and "Cortesía" in body and f"{PUBLIC}/n/" in body
    assert sent_notice["status_callback"] == PUBLIC + "/webhooks/twilio/status"


def test_receipts_are_recorded_once_per_status(client, sent_notice, twilio):
    for status in ("sent", "delivered", "delivered"):
        assert receipt(client, twilio, sent_notice["sid"], status).status_code == 204
    assert [(e.status, e.outcome, e.to_number) for e in events()] == [
        ("delivered", None, CEDAR_PHONE),
        ("sent", None, CEDAR_PHONE),
    ]
    assert notifications("sms")[0].status == "sent"


def test_a_receipt_for_a_message_we_did_not_send_changes_nothing(client, sent_notice, twilio):
    hook = twilio.status_callback(sent_notice["sid"], "failed", error_code=30003)
    params = hook.params | {"MessageSid": "SM" + "0" * 32, "SmsSid": "SM" + "0" * 32}
    from tests.fakes.twilio_http import sign_webhook

    forged_free = sign_webhook(hook.url, params, twilio.auth_token)
    assert client.post(forged_free.path, data=params, headers=forged_free.headers).status_code == 204
    assert events() == [] and notifications("sms")[0].status == "sent"


@pytest.mark.parametrize("code", [30003, 30005, 30006])
def test_an_unreachable_number_fails_at_once_shows_as_undelivered_and_tells_the_board(
    app, client, world, board, sent_notice, twilio, code
):
    assert receipt(client, twilio, sent_notice["sid"], "undelivered", code).status_code == 204
    [sms] = notifications("sms")
    assert (sms.status, sms.error_code) == ("failed", f"twilio:{code}")
    [row] = undelivered(client, board)
    assert (row["party_name"], row["recipient"], row["error_code"], row["status"]) == (
        CEDAR,
        CEDAR_PHONE,
        f"twilio:{code}",
        "failed",
    )
    [alert] = notifications("slack", "sms.unreachable")
    assert alert.recipient == "unconfigured:planning_board" and CEDAR in alert.payload["text"]
    app.extensions["clock"].advance(days=1)
    dispatch(app)
    assert len(twilio.requests_to("messages.create")) == 1


def test_an_unregistered_sender_marks_the_party_undelivered_and_stops_retries(
    app, client, world, board, sent_notice, twilio
):
    receipt(client, twilio, sent_notice["sid"], "failed", 30034)
    [sms] = notifications("sms")
    assert (sms.status, sms.error_code) == ("failed", "twilio:30034") and "A2P 10DLC" in sms.last_error
    assert [r["party_name"] for r in undelivered(client, board)] == [CEDAR]
    assert party(CEDAR).sms_opted_out_at is None  # the town's sender is at fault, not the permittee's choice
    app.extensions["clock"].advance(days=2)
    dispatch(app)
    assert len(twilio.requests_to("messages.create")) == 1


def test_an_unsubscribed_receipt_opts_the_number_out_for_the_town(app, client, world, sent_notice, twilio):
    receipt(client, twilio, sent_notice["sid"], "failed", 21610)
    [opt_out] = db.session.scalars(select(SmsOptOut)).all()
    assert (opt_out.phone_e164, opt_out.town_id, opt_out.source) == (
        CEDAR_PHONE,
        town("carver").id,
        "twilio:21610",
    )
    assert party(CEDAR).sms_opted_out_at is not None and notifications("sms")[0].status == "failed"


def test_a_transient_carrier_error_is_sent_again_then_given_up_after_the_attempts(
    app, client, world, board, agent, sent_notice, twilio
):
    sid = sent_notice["sid"]
    for attempt in (2, 3):
        assert receipt(client, twilio, sid, "undelivered", 30008).status_code == 204
        row = notifications("sms")[0]
        assert (row.status, row.error_code) == ("pending", "twilio:30008")
        app.extensions["clock"].at = row.next_attempt_at
        dispatch(app)
        assert len(twilio.sent_messages) == attempt
        sid = twilio.sent_messages[-1]["sid"]
    receipt(client, twilio, sid, "undelivered", 30008)
    row = notifications("sms")[0]
    assert (row.status, row.attempts) == ("dead", 3)
    assert [e.outcome for e in events() if e.status == "undelivered"] == ["retry", "retry", "gave_up"]
    assert len(notifications("slack", "sms.unreachable")) == 1 and len(undelivered(client, board)) == 1


def test_twilio_refusing_an_unsubscribed_number_opts_it_out_and_never_retries(
    app, client, world, agent, twilio
):
    twilio.opt_out(CEDAR_PHONE)
    send_notice(client, agent, new_violation(client, agent)["id"])
    dispatch(app)
    [sms] = notifications("sms")
    assert (sms.status, sms.error_code) == ("failed", "twilio:21610")
    assert party(CEDAR).sms_opted_out_at is not None
    assert db.session.scalar(select(SmsOptOut.source)) == "twilio:21610"
    app.extensions["clock"].advance(days=3)
    dispatch(app)
    assert len(twilio.requests_to("messages.create")) == 1


def test_twilio_refusing_an_unregistered_sender_fails_visibly_and_tells_the_board(
    app, client, world, agent, board, twilio
):
    twilio.error_next(30034, status=400)
    send_notice(client, agent, new_violation(client, agent)["id"])
    dispatch(app)
    assert notifications("sms")[0].error_code == "twilio:30034"
    assert [r["error_code"] for r in undelivered(client, board)] == ["twilio:30034"]
    assert "A2P 10DLC" in notifications("slack", "sms.unreachable")[0].payload["text"]


def test_a_notice_due_in_quiet_hours_waits_until_eight_and_then_goes(app, client, world, agent, twilio):
    set_clock(app, "2026-04-06T21:00:00-04:00")
    send_notice(client, agent, new_violation(client, agent)["id"])
    assert "deferred 1" in dispatch(app)
    [sms] = notifications("sms")
    assert (sms.status, sms.attempts) == ("pending", 0)
    assert sms.next_attempt_at == dt.datetime(2026, 4, 7, 12, 0, tzinfo=dt.UTC)  # 08:00 in Carver
    set_clock(app, "2026-04-07T07:59:00-04:00")
    dispatch(app)
    assert twilio.sent_messages == []
    set_clock(app, "2026-04-07T08:00:00-04:00")
    dispatch(app)
    assert [m["to"] for m in twilio.sent_messages] == [CEDAR_PHONE]


def _enqueue(town_slug, payload, key):
    with acting_as("test:enqueue"):
        enqueue(db.session, town(town_slug).id, "sms", CEDAR_PHONE, "test.notice", payload, key)
        db.session.commit()


def test_an_urgent_text_goes_at_night_and_a_routine_one_waits(app, client, world, twilio):
    set_clock(app, "2026-04-06T23:00:00-04:00")
    _enqueue("carver", {"text": "Urgent: hearing tonight", "urgent": True}, "k-urgent")
    _enqueue("carver", {"text": "Routine"}, "k-routine")
    dispatch(app)
    assert [m["body"].split("\n")[0] for m in twilio.sent_messages] == ["Urgent: hearing tonight"]


def test_a_town_may_set_its_own_quiet_hours_or_none(app, client, world, twilio):
    with acting_as("test:settings"):
        town("upton").settings = {"sms_quiet_hours": "off"}
        town("carver").settings = {"sms_quiet_hours": "22:00-07:00"}
        db.session.commit()
    set_clock(app, "2026-04-06T21:00:00-04:00")
    _enqueue("upton", {"text": "Upton routine"}, "k-upton")
    _enqueue("carver", {"text": "Carver routine"}, "k-carver")
    dispatch(app)
    set_clock(app, "2026-04-06T23:00:00-04:00")
    _enqueue("carver", {"text": "Carver late"}, "k-carver-late")
    dispatch(app)
    assert sorted(m["body"].split("\n")[0] for m in twilio.sent_messages) == [
        "Carver routine",
        "Upton routine",
    ]


def test_the_daily_accrual_text_is_written_once_per_party_per_day_and_sent_enriched_in_spanish(
    app, client, world, agent, board, twilio
):
    first = new_violation(client, agent, observed_at="2026-04-03T09:00:00-04:00")
    second = new_violation(
        client,
        agent,
        observed_at="2026-04-03T10:00:00-04:00",
        provision="CARVER-247-DESIGN-NO-OFFSITE-SEDIMENT",
    )
    issued_order(
        client,
        board,
        site("Cedar Brook").id,
        [first["id"], second["id"]],
        "CARVER-247",
        "criminal",
        "2026-04-03T12:00:00-04:00",
        PLANNING_BOARD_VOTE,
    )
    run_jobs(app, "2026-04-06T06:00:00-04:00", "offense-days")
    run_jobs(app, "2026-04-06T06:30:00-04:00", "offense-days")
    [accrual] = notifications("sms", "accrual.offense_days")
    assert accrual.recipient == CEDAR_PHONE
    set_clock(app, "2026-04-06T06:45:00-04:00")
    assert "deferred" in dispatch(app) and twilio.sent_messages == []
    set_clock(app, "2026-04-06T08:00:00-04:00")
    dispatch(app)
    [message] = [m for m in twilio.sent_messages if m["to"] == CEDAR_PHONE and "a la fecha" in m["body"]]
    body = message["body"]
    # one case (both violations under one order, at one site): its day count since 04-03 and the court
    # maximum of every day of each violation to date (2 x 4 days x $100)
    assert body.startswith("Carver: Día 4 de las 2 infracciones en Cedar Brook subdivision (reglamento "
                           "§ 247-7B(7), § 247-7B(8)): hasta $800 a la fecha (máximo de un tribunal).")
    assert count(body).count <= 5
    link = link_of(notifications("sms", "accrual.offense_days")[0])
    assert link.id in body and sorted(link.violation_ids) == sorted([first["id"], second["id"]])
    assert client.get(f"/n/{link.id}").status_code == 200


def test_the_reminder_jobs_deadline_text_goes_in_the_partys_language_with_a_link_to_the_site(
    app, client, world, twilio
):
    cedar = site("Cedar Brook")
    with acting_as("test:deadline"):
        deadline = Deadline(
            town_id=cedar.town_id,
            site_id=cedar.id,
            subject_type="site",
            subject_id=cedar.id,
            kind="stabilization",
            rule_id=STABILIZE,
            citation="~§ 247-7B(5)",
            label="Stabilize disturbed areas of lots 4-9",
            binds="permittee",
            latest_on=dt.date(2026, 4, 8),
        )
        db.session.add(deadline)
        db.session.commit()
    run_jobs(app, "2026-04-06T09:00:00-04:00", "reminders")
    run_jobs(app, "2026-04-06T10:00:00-04:00", "reminders")
    [reminder] = notifications("sms", "reminder.stabilization")
    assert reminder.payload["text"].startswith("Town of Carver: reminder")  # the job's own words
    dispatch(app)
    [message] = twilio.sent_messages
    assert message["body"].startswith(
        "Carver: recordatorio: estabilizar la parte alterada en Cedar Brook subdivision: quedan 2 días, "
        "hasta el 8 abr 2026 (reglamento § 247-7B(5))."
    )
    link = link_of(notifications("sms", "reminder.stabilization")[0])
    assert link.site_id == cedar.id and link.id in message["body"]
    html = client.get(f"/n/{link.id}").get_data(as_text=True)
    assert "Stabilize disturbed areas of lots 4-9" in html and "Rochester Rd" in html
