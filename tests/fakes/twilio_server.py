"""A fake Twilio REST API (Programmable Messaging) for the real ``twilio`` Client.

Connect with :class:`tests.fakes.twilio_http.RebasedTwilioHttpClient`::

    http = RebasedTwilioHttpClient(fake.base_url, timeout=1)
    client = Client(fake.account_sid, fake.auth_token, http_client=http)

Supported, under ``/2010-04-01/Accounts/{AccountSid}``:

* ``POST /Messages.json`` (fault endpoint ``"messages.create"``): To, From,
  MessagingServiceSid, Body, MediaUrl, StatusCallback -> 201, sid ``SM…``,
  status ``queued`` (``accepted`` with only a MessagingServiceSid),
  ``num_segments`` from GSM-7 / UCS-2 length. Validation errors use Twilio
  codes 21604, 21603, 21602, 21617, 21211, and 21610 for :meth:`FakeTwilio.opt_out`
  numbers.
* ``GET /Messages.json`` (``"messages.list"``): filters To, From, DateSent,
  ``DateSent<`` / ``DateSent>`` (inclusive; ``YYYY-MM-DD`` compares dates,
  a full ``…T…Z`` timestamp compares to the second), newest first, paged
  with PageSize/Page/PageToken and the ``*_page_uri`` fields the client follows.
* ``GET /Messages/{Sid}.json`` (``"messages.fetch"``), 404 code 20404 if unknown.
* ``GET /IncomingPhoneNumbers.json?PhoneNumber=`` (``"numbers.list"``): the account's numbers added with
  :meth:`FakeTwilio.add_number`, with their ``sms_url``.
* ``GET /v1/Services/{MG…}`` (Messaging API, ``"services.fetch"``): a service added with
  :meth:`FakeTwilio.add_messaging_service`, with its ``inbound_request_url`` (404 code 20404 if unknown).

HTTP Basic auth must be a known AccountSid (the one in the path) and its auth
token, else 401 code 20003. Errors are Twilio's JSON
``{"code", "message", "more_info", "status"}``.

Differences from real Twilio: ``date_sent`` is set at creation (real Twilio
fills it when the carrier accepts), statuses only move when a test calls
:meth:`FakeTwilio.set_status` / :meth:`FakeTwilio.send_status_callback`;
no API keys (``SK…``), subaccount access, media, prices, scheduling,
Messaging Service sender pools (a service maps to one ``from`` number), or
other Twilio products.
"""

from __future__ import annotations

import base64
import copy
import json
import math
import re
import uuid
from collections.abc import Callable
from datetime import UTC, date, datetime
from email.utils import format_datetime, parsedate_to_datetime
from typing import Any
from urllib.parse import urlencode

from werkzeug.wrappers import Request, Response

from tests.fakes.base import FakeHTTPServer, Fault
from tests.fakes.twilio_http import SignedWebhook, sign_webhook

DEFAULT_ACCOUNT_SID = "AC" + "0" * 31 + "1"
DEFAULT_AUTH_TOKEN = "0123456789abcdef0123456789abcdef"
API_VERSION = "2010-04-01"

_ACCOUNT = r"^/2010-04-01/Accounts/(?P<account>AC[0-9A-Za-z]+)"
_MESSAGES = re.compile(_ACCOUNT + r"/Messages\.json$")
_MESSAGE = re.compile(_ACCOUNT + r"/Messages/(?P<sid>[SM]M[0-9A-Za-z]+)\.json$")
_NUMBERS = re.compile(_ACCOUNT + r"/IncomingPhoneNumbers\.json$")
_SERVICE = re.compile(r"^/v1/Services/(?P<sid>MG[0-9A-Za-z]+)$")
_E164 = re.compile(r"^\+[1-9]\d{6,14}$")

ERROR_MESSAGES = {
    20003: "Authenticate",
    20404: "The requested resource was not found",
    20429: "Too Many Requests",
    20500: "Internal Server Error",
    20503: "Service Unavailable",
    21211: "Invalid 'To' Phone Number",
    21408: "Permission to send an SMS has not been enabled for the region indicated by the 'To' number",
    21602: "Message body is required.",
    21603: "A 'From' phone number is required.",
    21604: "A 'To' phone number is required.",
    21610: "Attempt to send to unsubscribed recipient",
    21614: "'To' number is not a valid mobile number",
    21617: "The concatenated message body exceeds the 1600 character limit.",
}

_GSM_BASIC = set(
    "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    "ÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
)
_GSM_EXTENDED = set("^{}\\[~]|€\f")


def num_segments(body: str) -> int:
    """Rough SMS segment count: GSM-7 (160 / 153 per part) else UCS-2 (70 / 67)."""
    if all(ch in _GSM_BASIC or ch in _GSM_EXTENDED for ch in body):
        units, single, multi = sum(2 if ch in _GSM_EXTENDED else 1 for ch in body), 160, 153
    else:
        units, single, multi = len(body.encode("utf-16-le")) // 2, 70, 67
    return 1 if units <= single else math.ceil(units / multi)


def twilio_error(code: int, status: int, message: str | None = None) -> dict[str, Any]:
    """Twilio's legacy JSON error body."""
    return {"code": code, "message": message or ERROR_MESSAGES.get(code, f"Error {code}"),
            "more_info": f"https://www.twilio.com/docs/errors/{code}", "status": status}


def _json(payload: dict[str, Any], status: int, headers: dict[str, str] | None = None) -> Response:
    return Response(json.dumps(payload), status=status, headers=headers,
                    content_type="application/json; charset=utf-8")


class _TwilioError(Exception):
    def __init__(self, code: int, status: int = 400, message: str | None = None) -> None:
        super().__init__(code)
        self.response = _json(twilio_error(code, status, message), status)


def _rfc2822(moment: datetime) -> str:
    return format_datetime(moment.replace(microsecond=0))


def _date_filter(value: str) -> tuple[datetime | date, bool]:
    """Parse a DateSent filter value: ``(moment, is_date_only)``."""
    try:
        if len(value) == 10:
            return date.fromisoformat(value), True
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError as exc:
        raise _TwilioError(20001, message=f"Invalid DateSent filter {value!r}") from exc
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)), False


class FakeTwilio(FakeHTTPServer):
    """Fake Twilio Messages API. See the module docstring for what it supports.

    Setup: :meth:`add_account`, :meth:`add_messaging_service`, :meth:`opt_out`.
    Faults (default endpoint ``"messages.create"``): ``fail_next``,
    ``rate_limit_next``, ``hang_next``, :meth:`error_next`.
    Inspection: ``requests``, ``requests_to(endpoint)``, :attr:`sent_messages`,
    :meth:`message`, :attr:`status_callbacks_sent`.
    Webhooks: :meth:`set_status`, :meth:`status_callback`,
    :meth:`send_status_callback`, :meth:`inbound_sms`.
    """

    endpoints = frozenset({"messages.create", "messages.list", "messages.fetch"})
    default_endpoint = "messages.create"
    account_sid = DEFAULT_ACCOUNT_SID
    auth_token = DEFAULT_AUTH_TOKEN

    def __init__(self) -> None:
        super().__init__()
        self._accounts: dict[str, str] = {DEFAULT_ACCOUNT_SID: DEFAULT_AUTH_TOKEN}
        self._services: dict[str, str] = {}
        self._service_urls: dict[str, str | None] = {}
        self._numbers: dict[str, str | None] = {}  # this account's numbers -> sms_url
        self._opted_out: set[str] = set()
        self._messages: dict[str, dict[str, Any]] = {}
        self._callback_urls: dict[str, str | None] = {}
        self._callbacks: list[dict[str, Any]] = []

    @property
    def base_url(self) -> str:
        """What to give :class:`RebasedTwilioHttpClient`: ``http://127.0.0.1:<port>``."""
        return self.base_address

    # -- setup -----------------------------------------------------------
    def add_account(self, account_sid: str, auth_token: str) -> None:
        """Another account (e.g. one town's subaccount) with its own auth token."""
        with self._lock:
            self._accounts[account_sid] = auth_token

    def add_messaging_service(self, service_sid: str, from_number: str, *,
                              inbound_request_url: str | None = None) -> None:
        """Messages sent with only this MessagingServiceSid get ``from_number``; the service's incoming
        webhook is ``inbound_request_url``."""
        with self._lock:
            self._services[service_sid] = from_number
            self._service_urls[service_sid] = inbound_request_url

    def add_number(self, number: str, *, sms_url: str | None = None) -> None:
        """A number of the default account, whose incoming-message webhook is ``sms_url``."""
        with self._lock:
            self._numbers[number] = sms_url

    def opt_out(self, number: str) -> None:
        """The recipient texted STOP: sends to it fail with 21610."""
        with self._lock:
            self._opted_out.add(number)

    def opt_in(self, number: str) -> None:
        with self._lock:
            self._opted_out.discard(number)

    def error_next(self, code: int = 21610, *, status: int = 400, message: str | None = None,
                   endpoint: str | None = None, times: int = 1) -> None:
        """Answer the next ``times`` calls with a Twilio JSON error ``code``; nothing is applied."""
        self._queue(endpoint, Fault("error", status=status, code=code, message=message), times)

    # -- inspection ------------------------------------------------------
    @property
    def sent_messages(self) -> list[dict[str, Any]]:
        """Every created message in creation order: API shape (current status) plus
        a fake-only ``status_callback`` key (the StatusCallback URL or ``None``)."""
        with self._lock:
            return [self.message(sid) for sid in self._messages]

    def message(self, sid: str) -> dict[str, Any]:
        """One created message, shaped like :attr:`sent_messages` items."""
        with self._lock:
            return {**copy.deepcopy(self._messages[sid]), "status_callback": self._callback_urls[sid]}

    @property
    def status_callbacks_sent(self) -> list[dict[str, Any]]:
        """Callbacks POSTed by :meth:`send_status_callback`: url, params, status_code."""
        with self._lock:
            return copy.deepcopy(self._callbacks)

    # -- webhooks --------------------------------------------------------
    def set_status(self, sid: str, status: str, *, error_code: int | None = None) -> None:
        """Move a message to ``status`` (sent, delivered, undelivered, failed, ...)."""
        with self._lock:
            message = self._messages[sid]
            message["status"] = status
            message["error_code"] = error_code
            message["date_updated"] = _rfc2822(datetime.now(UTC))

    def status_callback(self, sid: str, status: str, *, error_code: int | None = None,
                        url: str | None = None) -> SignedWebhook:
        """Set the status and build (not send) the signed StatusCallback request."""
        self.set_status(sid, status, error_code=error_code)
        message = self.message(sid)
        target = url or message["status_callback"]
        if not target:
            raise ValueError(f"message {sid} has no StatusCallback; pass url=")
        params = {
            "MessageSid": sid, "SmsSid": sid, "AccountSid": message["account_sid"],
            "From": message["from"] or "", "To": message["to"], "MessageStatus": status,
            "SmsStatus": status, "ApiVersion": API_VERSION,
        }
        if message.get("messaging_service_sid"):
            params["MessagingServiceSid"] = message["messaging_service_sid"]
        if error_code is not None:
            params["ErrorCode"] = str(error_code)
        return sign_webhook(target, params, self._accounts[message["account_sid"]])

    def send_status_callback(self, sid: str, status: str, *, error_code: int | None = None,
                             url: str | None = None, timeout: float = 2.0) -> int:
        """Set the status and POST the signed callback; returns the receiver's HTTP status."""
        hook = self.status_callback(sid, status, error_code=error_code, url=url)
        code = hook.post(timeout=timeout)
        with self._lock:
            self._callbacks.append({"url": hook.url, "params": hook.params, "status_code": code})
        return code

    def inbound_sms(self, url: str, *, from_: str, to: str, body: str, message_sid: str | None = None,
                    account_sid: str | None = None, extra: dict[str, str] | None = None) -> SignedWebhook:
        """A signed inbound-SMS webhook (what Twilio POSTs to the app's SMS URL)."""
        account = account_sid or self.account_sid
        sid = message_sid or "SM" + uuid.uuid4().hex
        params = {
            "MessageSid": sid, "SmsSid": sid, "SmsMessageSid": sid, "AccountSid": account,
            "From": from_, "To": to, "Body": body, "NumMedia": "0", "NumSegments": str(num_segments(body)),
            "SmsStatus": "received", "ApiVersion": API_VERSION, "FromCountry": "US", "ToCountry": "US",
            **(extra or {}),
        }
        return sign_webhook(url, params, self._accounts[account])

    # -- HTTP plumbing ---------------------------------------------------
    def route(self, request: Request) -> tuple[str, Callable[[], Response]]:
        if match := _MESSAGES.match(request.path):
            account = match["account"]
            if request.method == "POST":
                return "messages.create", lambda: self._guarded(request, account, self._create)
            if request.method == "GET":
                return "messages.list", lambda: self._guarded(request, account, self._list)
        elif (match := _MESSAGE.match(request.path)) and request.method == "GET":
            account, sid = match["account"], match["sid"]
            return "messages.fetch", lambda: self._guarded(request, account,
                                                           lambda r, a: self._fetch(r, a, sid))
        elif (match := _NUMBERS.match(request.path)) and request.method == "GET":
            account = match["account"]
            return "numbers.list", lambda: self._guarded(request, account, self._list_numbers)
        elif (match := _SERVICE.match(request.path)) and request.method == "GET":
            sid = match["sid"]
            return "services.fetch", lambda: self._guarded(
                request, request.authorization.username if request.authorization else "",
                lambda r, a: self._fetch_service(r, sid))
        missing = twilio_error(20404, 404, f"The requested resource {request.path} was not found")
        return "unknown", lambda: _json(missing, 404)

    def fault_response(self, fault: Fault, endpoint: str) -> Response:
        if fault.kind == "rate_limit":
            return _json(twilio_error(20429, 429), 429, headers={"Retry-After": str(fault.retry_after)})
        code = fault.code or {503: 20503, 429: 20429}.get(fault.status, 20500)
        return _json(twilio_error(code, fault.status, fault.message), fault.status)

    def _guarded(self, request: Request, account: str,
                 handler: Callable[[Request, str], Response]) -> Response:
        auth = request.authorization
        if (auth is None or auth.type != "basic" or auth.username != account
                or self._accounts.get(account) != auth.password):
            return _json({**twilio_error(20003, 401),
                          "detail": "Your AccountSid or AuthToken was incorrect."}, 401)
        try:
            with self._lock:
                return handler(request, account)
        except _TwilioError as exc:
            return exc.response

    # -- endpoints -------------------------------------------------------
    def _create(self, request: Request, account: str) -> Response:
        form = request.form
        to, from_ = form.get("To", "").strip(), form.get("From", "").strip() or None
        service, body = form.get("MessagingServiceSid") or None, form.get("Body", "")
        media = form.getlist("MediaUrl")
        if not to:
            raise _TwilioError(21604)
        if not from_ and not service:
            raise _TwilioError(21603)
        if not body and not media and not form.get("ContentSid"):
            raise _TwilioError(21602)
        if len(body) > 1600:
            raise _TwilioError(21617)
        if not _E164.match(to):
            raise _TwilioError(21211, message=f"The 'To' number {to} is not a valid phone number.")
        if to in self._opted_out:
            raise _TwilioError(21610)
        now = datetime.now(UTC)
        sid = ("MM" if media else "SM") + uuid.uuid4().hex
        uri = f"/{API_VERSION}/Accounts/{account}/Messages/{sid}.json"
        message: dict[str, Any] = {
            "account_sid": account, "api_version": API_VERSION, "body": body,
            "date_created": _rfc2822(now), "date_updated": _rfc2822(now), "date_sent": _rfc2822(now),
            "direction": "outbound-api", "error_code": None, "error_message": None,
            "from": from_ or self._services.get(service or ""), "messaging_service_sid": service,
            "num_media": str(len(media)), "num_segments": str(num_segments(body)), "price": None,
            "price_unit": "USD", "sid": sid, "status": "queued" if from_ else "accepted", "to": to,
            "uri": uri, "subresource_uris": {"media": uri.replace(".json", "/Media.json"),
                                             "feedback": uri.replace(".json", "/Feedback.json")},
        }
        self._messages[sid] = message
        self._callback_urls[sid] = form.get("StatusCallback") or None
        return _json(message, 201)

    def _fetch_service(self, request: Request, sid: str) -> Response:
        if sid not in self._services:
            raise _TwilioError(20404, 404, f"The requested resource {request.path} was not found")
        return _json({"sid": sid, "account_sid": DEFAULT_ACCOUNT_SID, "friendly_name": sid,
                      "inbound_request_url": self._service_urls.get(sid), "inbound_method": "POST",
                      "use_inbound_webhook_on_number": False, "url": request.url}, 200)

    def _list_numbers(self, request: Request, account: str) -> Response:
        wanted = request.args.get("PhoneNumber")
        rows = [{"phone_number": n, "sms_url": url, "sms_method": "POST", "account_sid": account,
                 "sid": "PN" + uuid.uuid5(uuid.NAMESPACE_URL, n).hex}
                for n, url in self._numbers.items() if account == DEFAULT_ACCOUNT_SID and wanted in (None, n)]
        path = request.path
        return _json({"incoming_phone_numbers": rows, "page": 0, "page_size": 50,
                      "first_page_uri": path, "next_page_uri": None, "previous_page_uri": None,
                      "uri": path, "start": 0, "end": max(len(rows) - 1, 0)}, 200)

    def _fetch(self, request: Request, account: str, sid: str) -> Response:
        message = self._messages.get(sid)
        if message is None or message["account_sid"] != account:
            raise _TwilioError(20404, 404, f"The requested resource {request.path} was not found")
        return _json(message, 200)

    def _list(self, request: Request, account: str) -> Response:
        args = request.args
        filters = {k: args[k] for k in ("To", "From", "DateSent", "DateSent<", "DateSent>") if args.get(k)}
        bounds = {k: _date_filter(v) for k, v in filters.items() if k.startswith("DateSent")}
        matching = [m for m in reversed(self._messages.values()) if m["account_sid"] == account
                    and filters.get("To", m["to"]) == m["to"] and filters.get("From", m["from"]) == m["from"]
                    and all(self._date_matches(m, op, bound) for op, bound in bounds.items())]
        try:
            page_size = max(1, min(int(args.get("PageSize") or 50), 1000))
            page = int(args.get("Page") or 0)
            token = args.get("PageToken") or ""
            offset = page * page_size
            if token.startswith("PA"):
                offset = int(base64.urlsafe_b64decode(token[2:]).decode())
        except ValueError as exc:
            raise _TwilioError(20001, message="Invalid paging parameters") from exc
        items = matching[offset:offset + page_size]
        path = request.path

        def page_uri(number: int, start: int) -> str:
            query = {**filters, "PageSize": page_size, "Page": number}
            if start:
                query["PageToken"] = "PA" + base64.urlsafe_b64encode(str(start).encode()).decode()
            return f"{path}?{urlencode(query)}"

        has_next = offset + page_size < len(matching)
        return _json({
            "messages": items, "page": page, "page_size": page_size,
            "start": offset, "end": offset + max(len(items) - 1, 0), "uri": page_uri(page, offset),
            "first_page_uri": page_uri(0, 0),
            "next_page_uri": page_uri(page + 1, offset + page_size) if has_next else None,
            "previous_page_uri": page_uri(page - 1, max(offset - page_size, 0)) if page > 0 else None,
        }, 200)

    @staticmethod
    def _date_matches(message: dict[str, Any], op: str, bound: tuple[datetime | date, bool]) -> bool:
        if not message.get("date_sent"):
            return False
        sent = parsedate_to_datetime(message["date_sent"])
        moment, date_only = bound
        value: datetime | date = sent.date() if date_only else sent
        if op == "DateSent<":
            return value <= moment  # type: ignore[operator]
        if op == "DateSent>":
            return value >= moment  # type: ignore[operator]
        return value == moment
