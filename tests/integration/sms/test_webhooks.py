"""Twilio's webhooks: signatures checked against PUBLIC_BASE_URL; STOP, START and HELP per (phone, town)."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from backend.extensions import db
from backend.models import Party
from backend.models.sms import SmsOptOut
from backend.security import is_public
from tests.fakes.twilio_http import sign_webhook
from tests.integration.sms.conftest import (
    CARVER_NUMBER,
    CEDAR,
    PUBLIC,
    UPTON_NUMBER,
    dispatch,
    new_violation,
    notifications,
    party,
    send_notice,
    town,
)

SMS_URL = PUBLIC + "/webhooks/twilio/sms"
CEDAR_PHONE = "+15085550104"


def text_in(client, fake, body, *, to=CARVER_NUMBER, from_=CEDAR_PHONE, url=SMS_URL):
    hook = fake.inbound_sms(url, from_=from_, to=to, body=body)
    return client.post(hook.path, data=hook.params, headers=hook.headers)


def reply_of(resp) -> str:
    assert resp.status_code == 200 and resp.mimetype == "application/xml", resp.data
    found = re.search(r"<Message>(.*)</Message>", resp.get_data(as_text=True), re.S)
    return found.group(1) if found else ""


def opt_outs() -> list[SmsOptOut]:
    db.session.expire_all()
    return list(db.session.scalars(select(SmsOptOut)))


def test_a_signature_made_for_the_public_url_is_accepted(client, world, twilio):
    assert "508-866-3400" in reply_of(text_in(client, twilio, "HELP"))


def test_a_signature_made_for_the_test_clients_own_url_is_refused(client, world, twilio):
    resp = text_in(client, twilio, "STOP", url="http://localhost/webhooks/twilio/sms")
    assert resp.status_code == 403 and resp.json["message"] == "invalid or missing Twilio signature"
    assert opt_outs() == []


@pytest.mark.parametrize("forgery", ["missing", "garbage", "other-token", "tampered-body", "other-query"])
def test_forged_or_missing_signatures_are_refused(client, world, twilio, forgery):
    hook = twilio.inbound_sms(SMS_URL, from_=CEDAR_PHONE, to=CARVER_NUMBER, body="STOP")
    headers, params, path = dict(hook.headers), dict(hook.params), hook.path
    if forgery == "missing":
        headers.pop("X-Twilio-Signature")
    elif forgery == "garbage":
        headers["X-Twilio-Signature"] = "not-a-signature"
    elif forgery == "other-token":
        headers["X-Twilio-Signature"] = sign_webhook(SMS_URL, params, "f" * 32).signature
    elif forgery == "tampered-body":
        params["From"] = "+15085550101"
    else:
        path += "?town=upton"
    assert client.post(path, data=params, headers=headers).status_code == 403
    assert opt_outs() == []


def test_the_query_string_is_part_of_what_twilio_signed(client, world, twilio):
    hook = twilio.inbound_sms(SMS_URL + "?v=2", from_=CEDAR_PHONE, to=CARVER_NUMBER, body="HELP")
    assert "508-866-3400" in reply_of(client.post(hook.path, data=hook.params, headers=hook.headers))


def test_without_an_auth_token_every_webhook_is_refused(client, world, twilio, monkeypatch, app):
    hook = twilio.inbound_sms(SMS_URL, from_=CEDAR_PHONE, to=CARVER_NUMBER, body="HELP")
    monkeypatch.setattr(app.config["SETTINGS"], "twilio_auth_token", "")
    assert client.post(hook.path, data=hook.params, headers=hook.headers).status_code == 403


def test_every_twilio_route_is_public_to_the_bearer_guard_but_needs_a_signature(app, client, twilio):
    routes = [r for r in app.url_map.iter_rules() if r.endpoint.startswith("webhooks_twilio.")]
    assert {r.rule for r in routes} == {"/webhooks/twilio/sms", "/webhooks/twilio/status"}
    for rule in routes:
        assert is_public(rule.endpoint)
        assert (
            client.post(rule.rule, data={"MessageSid": "SM1", "MessageStatus": "failed"}).status_code == 403
        )


def test_stop_opts_the_number_out_for_that_town_answers_in_the_partys_language_and_tells_the_board(
    app, client, world, agent, twilio
):
    reply = reply_of(text_in(client, twilio, "Stop"))
    assert reply.startswith("Carver: no recibirá más mensajes") and "START" in reply
    [row] = opt_outs()
    assert (row.phone_e164, row.town_id, row.source, row.opted_in_at) == (
        CEDAR_PHONE,
        town("carver").id,
        "STOP",
        None,
    )
    assert party(CEDAR).sms_opted_out_at == row.opted_out_at
    [alert] = notifications("slack", "sms.unreachable")
    assert "texted STOP" in alert.payload["text"] and CEDAR in alert.payload["text"]
    text_in(client, twilio, "STOP")
    assert len(notifications("slack", "sms.unreachable")) == 1


def test_a_text_queued_before_the_stop_is_refused_without_asking_twilio(app, client, world, agent, twilio):
    send_notice(client, agent, new_violation(client, agent)["id"])
    text_in(client, twilio, "STOP")
    assert "failed 1" in dispatch(app)
    [sms] = notifications("sms")
    assert (sms.status, sms.error_code) == ("failed", "twilio:21610") and "STOP" in sms.last_error
    assert twilio.requests_to("messages.create") == []
    resp = client.post(
        "/api/v1/sms/violation-notices", headers=agent, json={"violation_id": sms.payload["violation_id"]}
    )
    assert resp.status_code == 409 and "cannot be texted" in resp.json["message"]


def test_a_carver_stop_does_not_silence_uptons_sender(app, client, world, twilio):
    from backend.audit import acting_as

    with acting_as("test:setup"):
        db.session.add(
            Party(
                town_id=town("upton").id,
                kind="operator",
                name="Cedar Brook (Upton job)",
                phone_e164=CEDAR_PHONE,
                language="en",
                sms_consent=True,
            )
        )
        db.session.commit()
    text_in(client, twilio, "STOP", to=CARVER_NUMBER)
    upton_party = db.session.scalar(select(Party).where(Party.name == "Cedar Brook (Upton job)"))
    assert upton_party.sms_opted_out_at is None and party(CEDAR).sms_opted_out_at is not None
    reply = reply_of(text_in(client, twilio, "HELP", to=UPTON_NUMBER))
    assert reply.startswith("Upton enforcement texts") and "508-529-4411" in reply
    from backend.outbox.intents import enqueue

    with acting_as("test:enqueue"):
        enqueue(
            db.session, town("upton").id, "sms", CEDAR_PHONE, "test.notice", {"text": "Upton notice"}, "u-1"
        )
        enqueue(
            db.session, town("carver").id, "sms", CEDAR_PHONE, "test.notice", {"text": "Carver notice"}, "c-1"
        )
        db.session.commit()
    dispatch(app)
    [sent] = twilio.sent_messages
    assert sent["from"] == UPTON_NUMBER and sent["body"].startswith("Upton notice")


def test_start_opts_back_in_and_texts_flow_again(app, client, world, agent, twilio):
    text_in(client, twilio, "STOP")
    reply = reply_of(text_in(client, twilio, "start"))
    assert reply == "Carver: mensajes reanudados. Responda PARAR para detenerlos, AYUDA para ayuda."
    [row] = opt_outs()
    assert row.opted_out_at is None and row.opted_in_at is not None and row.source == "START"
    assert party(CEDAR).sms_opted_out_at is None
    send_notice(client, agent, new_violation(client, agent)["id"])
    dispatch(app)
    assert [m["to"] for m in twilio.sent_messages] == [CEDAR_PHONE]


def test_help_answers_with_the_towns_contact_and_changes_nothing(client, world, twilio):
    reply = reply_of(text_in(client, twilio, "AYUDA"))
    assert "508-866-3400" in reply and "PARAR" in reply and "AYUDA" in reply and opt_outs() == []


@pytest.mark.parametrize(
    ("body", "to"),
    [("ok I will fix the fence", CARVER_NUMBER), ("STOP", "+15550000000")],
    ids=["free-text", "unknown-sender-number"],
)
def test_other_texts_get_an_empty_answer_and_change_nothing(client, world, twilio, body, to):
    assert reply_of(text_in(client, twilio, body, to=to)) == "" and opt_outs() == []
