"""SMS through the official `twilio` Client: one account; a sender number or Messaging Service per town.

Every body ends with a short reference derived from the dedupe key ("Ref K3F9QZ"): permittees can quote it,
and `find_sent` recognises an ambiguous send by To, DateSent and that marker. Delivery receipts go to
PUBLIC_BASE_URL + STATUS_CALLBACK_PATH (the SMS webhooks issue serves that route). No SDK retries.
"""
from __future__ import annotations

import base64
import datetime as dt
import hashlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

import requests
from twilio.base import values
from twilio.base.exceptions import TwilioException, TwilioRestException
from twilio.rest import Client
from urllib3.exceptions import ConnectTimeoutError

from backend.channels.errors import AMBIGUOUS_HTTP, twilio_reason
from backend.channels.port import (
    AmbiguousError,
    DeliveryError,
    DeliveryResult,
    Message,
    PermanentError,
    RetryableError,
)
from backend.channels.twilio_http import KeepingTwilioHttpClient, RebasedTwilioHttpClient

STATUS_CALLBACK_PATH = "/webhooks/twilio/status"


def reference(dedupe_key: str) -> str:
    """Six base32 characters of SHA-256(dedupe key): short enough to read out, unique enough per recipient."""
    return base64.b32encode(hashlib.sha256(dedupe_key.encode()).digest()).decode()[:6]


def sms_body(message: Message) -> str:
    return f"{message.text}\nRef {reference(message.dedupe_key)}"


class TwilioSmsChannel:
    def __init__(self, account_sid: str, auth_token: str, senders: Mapping[str, str], *, api_base: str = "",
                 timeout: float, status_callback: str | None = None) -> None:
        """`senders` maps town slug ("*" = any) to an E.164 number or a Messaging Service SID (MG…)."""
        self.senders, self.status_callback = dict(senders), status_callback
        self.http = (RebasedTwilioHttpClient(api_base, timeout=timeout) if api_base
                     else KeepingTwilioHttpClient(timeout=timeout))
        self.client = Client(account_sid, auth_token, http_client=self.http)

    @staticmethod
    def words(message: Message) -> tuple[str, None]:
        """The body exactly as Twilio receives it (the outbox stores it on the row)."""
        return sms_body(message), None

    def send(self, message: Message) -> DeliveryResult:
        sender = self.senders.get(message.town) or self.senders.get("*")
        if not sender:
            raise PermanentError(f"no SMS sender for town {message.town!r} (TWILIO_SENDERS)", "config:sms")
        by_service = sender.startswith("MG")
        with self.translated_errors():
            created = self.client.messages.create(
                to=message.recipient, body=self.words(message)[0],
                from_=values.unset if by_service else sender,
                status_callback=self.status_callback or values.unset,
                messaging_service_sid=sender if by_service else values.unset)
        return DeliveryResult(provider_id=str(created.sid))

    def find_sent(self, message: Message, since: dt.datetime) -> str | None:
        marker = f"\nRef {reference(message.dedupe_key)}"
        with self.translated_errors():
            for sent in self.client.messages.stream(to=message.recipient, date_sent_after=since,
                                                    page_size=100):
                if (sent.body or "").endswith(marker):
                    return str(sent.sid)
        return None

    def close(self) -> None:
        self.http.close()

    @contextmanager
    def translated_errors(self) -> Iterator[None]:
        """twilio and requests exceptions -> the port's Retryable / Ambiguous / Permanent errors."""
        try:
            yield
        except TwilioRestException as exc:
            raise rest_error(exc, self.http.retry_after()) from exc
        except requests.exceptions.ConnectTimeout as exc:
            raise RetryableError(f"Twilio unreachable: {exc}", "network") from exc
        except requests.exceptions.ConnectionError as exc:
            if _never_sent(exc):
                raise RetryableError(f"Twilio unreachable: {exc}", "network") from exc
            raise AmbiguousError(f"connection to Twilio lost mid-request: {exc}", "network") from exc
        except (requests.exceptions.RequestException, TwilioException, ValueError) as exc:
            raise AmbiguousError(f"no complete answer from Twilio: {exc!r}", "timeout") from exc


def rest_error(exc: TwilioRestException, retry_after: float | None) -> DeliveryError:
    status, code = int(exc.status), exc.code
    label = f"twilio:{code}" if code else f"http:{status}"
    if status == 429:
        return RetryableError("Twilio rate limit", label, retry_after)
    if status in AMBIGUOUS_HTTP:
        return AmbiguousError(f"Twilio gateway timeout (HTTP {status})", label)
    if status >= 500:
        return RetryableError(f"Twilio server error (HTTP {status}): {exc.msg}", label)
    return PermanentError(f"{code or status}: {twilio_reason(code, str(exc.msg))}", label)


def _never_sent(exc: requests.exceptions.ConnectionError) -> bool:
    reason = getattr(exc.args[0], "reason", None) if exc.args else None
    return isinstance(reason, ConnectTimeoutError)  # includes NewConnectionError and DNS failures
