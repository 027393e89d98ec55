"""The real twilio Client against FakeTwilio over plain HTTP."""

from __future__ import annotations

import base64
import time
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

import pytest
import requests
from pytest_httpserver import HTTPServer
from twilio.base.exceptions import TwilioRestException
from twilio.request_validator import RequestValidator
from twilio.rest import Client
from twilio.rest.api.v2010.account.message import MessageInstance
from werkzeug.test import Client as WsgiClient
from werkzeug.wrappers import Request, Response

from tests.fakes.twilio_http import RebasedTwilioHttpClient
from tests.fakes.twilio_server import FakeTwilio, num_segments

PERMITTEE = "+16175550100"
TOWN_NUMBER = "+19785550199"


def _send(client: Client, body: str = "Your permit hearing is Tuesday.", to: str = PERMITTEE,
          **kwargs: object) -> MessageInstance:
    return client.messages.create(to=to, from_=TOWN_NUMBER, body=body, **kwargs)  # type: ignore[arg-type]


def test_create_fetch_and_list_over_http(fake_twilio: FakeTwilio, fake_twilio_client: Client) -> None:
    created = _send(fake_twilio_client, status_callback="https://app.example/twilio/status")
    _send(fake_twilio_client, to="+16175550111")

    assert created.sid.startswith("SM") and len(created.sid) == 34
    assert (created.status, created.num_segments, created.to) == ("queued", "1", PERMITTEE)
    request = fake_twilio.requests_to("messages.create")[0]
    assert request.path == f"/2010-04-01/Accounts/{fake_twilio.account_sid}/Messages.json"
    assert request.form == {"To": PERMITTEE, "From": TOWN_NUMBER, "Body": "Your permit hearing is Tuesday.",
                            "StatusCallback": "https://app.example/twilio/status"}
    expected_auth = base64.b64encode(f"{fake_twilio.account_sid}:{fake_twilio.auth_token}".encode()).decode()
    assert request.header("Authorization") == f"Basic {expected_auth}"
    assert fake_twilio.sent_messages[0]["status_callback"] == "https://app.example/twilio/status"

    fetched = fake_twilio_client.messages(created.sid).fetch()
    assert fetched.body == "Your permit hearing is Tuesday." and fetched.date_sent is not None
    listed = fake_twilio_client.messages.list(to=PERMITTEE)
    assert [m.sid for m in listed] == [created.sid]
    assert fake_twilio.requests_to("messages.list")[0].query == {"To": PERMITTEE}


def test_messaging_service_send_and_from_filter(fake_twilio: FakeTwilio, fake_twilio_client: Client) -> None:
    fake_twilio.add_messaging_service("MG" + "a" * 32, TOWN_NUMBER)
    via_service = fake_twilio_client.messages.create(to=PERMITTEE, messaging_service_sid="MG" + "a" * 32,
                                                     body="Reminder: permit expires Friday")
    _send(fake_twilio_client, to="+16175550111")
    fake_twilio_client.messages.create(to=PERMITTEE, from_="+19785550000", body="other sender")

    assert (via_service.status, via_service.from_) == ("accepted", TOWN_NUMBER)
    assert "From" not in fake_twilio.requests_to("messages.create")[0].form
    from_town = fake_twilio_client.messages.list(from_=TOWN_NUMBER, to=PERMITTEE)
    assert [m.sid for m in from_town] == [via_service.sid]


def test_list_follows_next_page_uri(fake_twilio: FakeTwilio, fake_twilio_client: Client) -> None:
    sids = [_send(fake_twilio_client, body=f"notice {i}").sid for i in range(3)]

    listed = fake_twilio_client.messages.list(to=PERMITTEE, page_size=2)

    assert [m.sid for m in listed] == list(reversed(sids))
    first, second = fake_twilio.requests_to("messages.list")
    assert first.query["PageSize"] == "2" and "PageToken" in second.query and second.query["To"] == PERMITTEE


def test_date_sent_filters(fake_twilio: FakeTwilio, fake_twilio_client: Client) -> None:
    sid = _send(fake_twilio_client).sid
    now = datetime.now(UTC)
    today, tomorrow = now.date(), now.date() + timedelta(days=1)

    def sids(**filters: object) -> list[str]:
        return [m.sid for m in fake_twilio_client.messages.list(**filters)]  # type: ignore[arg-type]

    assert sids(date_sent_after=now - timedelta(minutes=1)) == [sid]
    assert sids(date_sent_after=now + timedelta(minutes=1)) == []
    assert sids(date_sent_before=now + timedelta(minutes=1)) == [sid]
    assert sids(date_sent_before=now - timedelta(minutes=1)) == []
    assert sids(date_sent=today.isoformat()) == [sid]
    assert sids(date_sent=tomorrow.isoformat()) == []
    sent_filter = fake_twilio.requests_to("messages.list")[0].query["DateSent>"]
    assert sent_filter == (now - timedelta(minutes=1)).strftime("%Y-%m-%dT%H:%M:%SZ")


def test_error_21610_surfaces_as_twilio_rest_exception(fake_twilio: FakeTwilio,
                                                       fake_twilio_client: Client) -> None:
    fake_twilio.error_next(code=21610)
    with pytest.raises(TwilioRestException) as excinfo:
        _send(fake_twilio_client)
    assert (excinfo.value.code, excinfo.value.status) == (21610, 400)
    assert "unsubscribed" in excinfo.value.msg
    assert fake_twilio.sent_messages == []
    assert len(fake_twilio.requests_to("messages.create")) == 1


def test_opted_out_number_and_validation_errors(fake_twilio: FakeTwilio, fake_twilio_client: Client) -> None:
    fake_twilio.opt_out(PERMITTEE)
    cases = [({}, 21610), ({"to": "617-555-0100"}, 21211), ({"to": "+16175550111", "body": ""}, 21602),
             ({"to": "+16175550111", "body": "x" * 1601}, 21617)]
    for kwargs, code in cases:
        with pytest.raises(TwilioRestException) as excinfo:
            _send(fake_twilio_client, **kwargs)  # type: ignore[arg-type]
        assert excinfo.value.code == code, kwargs
    assert fake_twilio.sent_messages == []


def test_wrong_credentials_get_401(fake_twilio: FakeTwilio) -> None:
    with RebasedTwilioHttpClient(fake_twilio.base_url, timeout=1) as http:
        client = Client(fake_twilio.account_sid, "not-the-token", http_client=http)
        with pytest.raises(TwilioRestException) as excinfo:
            _send(client)
    assert (excinfo.value.status, excinfo.value.code) == (401, 20003)
    assert fake_twilio.sent_messages == []


def test_server_error_then_success(fake_twilio: FakeTwilio, fake_twilio_client: Client) -> None:
    fake_twilio.fail_next(status=500)
    with pytest.raises(TwilioRestException) as excinfo:
        _send(fake_twilio_client)
    assert (excinfo.value.status, excinfo.value.code) == (500, 20500)

    assert _send(fake_twilio_client).status == "queued"
    assert [r.fault for r in fake_twilio.requests_to("messages.create")] == ["fail", None]
    assert len(fake_twilio.sent_messages) == 1


def test_rate_limit_is_a_429_with_retry_after(fake_twilio: FakeTwilio, fake_twilio_client: Client) -> None:
    fake_twilio.rate_limit_next(retry_after=3)
    with pytest.raises(TwilioRestException) as excinfo:
        _send(fake_twilio_client)
    assert (excinfo.value.status, excinfo.value.code) == (429, 20429)
    assert fake_twilio.sent_messages == []


def test_hang_leaves_an_ambiguous_send_found_by_recipient_and_time(fake_twilio: FakeTwilio) -> None:
    fake_twilio.hang_next(seconds=10)
    before = datetime.now(UTC) - timedelta(seconds=1)
    started = time.monotonic()

    with RebasedTwilioHttpClient(fake_twilio.base_url, timeout=0.3) as http:
        client = Client(fake_twilio.account_sid, fake_twilio.auth_token, http_client=http)
        with pytest.raises(requests.exceptions.ReadTimeout):
            _send(client, body="Hearing moved to 7pm")
        assert time.monotonic() - started < 3

        (request,) = fake_twilio.requests_to("messages.create")
        assert request.fault == "hang"
        found = client.messages.list(to=PERMITTEE, date_sent_after=before)
    assert [m.body for m in found] == ["Hearing moved to 7pm"]
    assert [m["body"] for m in fake_twilio.sent_messages] == ["Hearing moved to 7pm"]


def test_status_callback_is_signed(fake_twilio: FakeTwilio, fake_twilio_client: Client,
                                   httpserver: HTTPServer) -> None:
    url = httpserver.url_for("/twilio/status")
    httpserver.expect_oneshot_request("/twilio/status", method="POST").respond_with_data("", status=204)
    sid = _send(fake_twilio_client, status_callback=url).sid

    assert fake_twilio.send_status_callback(sid, "delivered") == 204

    (received, _response), = httpserver.log
    params = received.form.to_dict()
    assert params["MessageSid"] == sid and params["MessageStatus"] == "delivered"
    validator = RequestValidator(fake_twilio.auth_token)
    assert validator.validate(url, params, received.headers["X-Twilio-Signature"])
    assert not validator.validate(url, {**params, "MessageStatus": "failed"},
                                  received.headers["X-Twilio-Signature"])
    assert fake_twilio_client.messages(sid).fetch().status == "delivered"
    assert fake_twilio.status_callbacks_sent[0]["status_code"] == 204


def _sms_app(auth_token: str):
    """A stand-in for the app's /twilio/sms route: validates like production must."""

    def app(environ: dict, start_response) -> Iterable[bytes]:
        request = Request(environ)
        valid = RequestValidator(auth_token).validate(
            request.url, request.form.to_dict(), request.headers.get("X-Twilio-Signature", ""))
        body = request.form.get("Body", "") if valid else "forbidden"
        return Response(body, status=200 if valid else 403)(environ, start_response)

    return app


def test_inbound_sms_webhook_is_signed_for_the_app_url(fake_twilio: FakeTwilio) -> None:
    hook = fake_twilio.inbound_sms("http://localhost/twilio/sms", from_=PERMITTEE, to=TOWN_NUMBER,
                                   body="STOP")
    client = WsgiClient(_sms_app(fake_twilio.auth_token))

    ok = client.post(hook.path, data=hook.params, headers={"X-Twilio-Signature": hook.signature})
    tampered = client.post(hook.path, data={**hook.params, "Body": "START"},
                           headers={"X-Twilio-Signature": hook.signature})

    assert (ok.status_code, ok.get_data(as_text=True)) == (200, "STOP")
    assert tampered.status_code == 403
    assert hook.params["AccountSid"] == fake_twilio.account_sid and hook.params["MessageSid"].startswith("SM")


def test_num_segments() -> None:
    assert num_segments("a" * 160) == 1
    assert num_segments("a" * 161) == 2
    assert num_segments("€" * 80) == 1 and num_segments("€" * 81) == 2
    assert num_segments("é" * 160) == 1
    assert num_segments("✓" * 70) == 1 and num_segments("✓" * 71) == 2


def test_rebase_keeps_path_and_query() -> None:
    with RebasedTwilioHttpClient("http://127.0.0.1:9/prefix/", timeout=1) as http:
        assert http.rebase("https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json?To=%2B1") == (
            "http://127.0.0.1:9/prefix/2010-04-01/Accounts/AC1/Messages.json?To=%2B1")
    with pytest.raises(ValueError):
        RebasedTwilioHttpClient("api.twilio.com")


def test_a_messaging_service_and_a_number_show_their_incoming_webhooks(fake_twilio: FakeTwilio,
                                                                        fake_twilio_client: Client) -> None:
    fake_twilio.add_messaging_service("MG" + "a" * 32, TOWN_NUMBER, inbound_request_url="https://x.test/sms")
    fake_twilio.add_number(TOWN_NUMBER, sms_url="https://x.test/n")
    service = fake_twilio_client.messaging.v1.services("MG" + "a" * 32).fetch()
    assert service.inbound_request_url == "https://x.test/sms"
    [number] = fake_twilio_client.incoming_phone_numbers.list(phone_number=TOWN_NUMBER, limit=1)
    assert number.sms_url == "https://x.test/n"
    assert fake_twilio_client.incoming_phone_numbers.list(phone_number=PERMITTEE, limit=1) == []
    with pytest.raises(TwilioRestException) as missing:
        fake_twilio_client.messaging.v1.services("MG" + "b" * 32).fetch()
    assert missing.value.status == 404
