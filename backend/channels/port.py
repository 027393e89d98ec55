"""The channel port: how the outbox hands a message to a delivery provider and asks what it sent.

Adapters raise one of three errors so the dispatcher never has to know a provider's quirks:

* `RetryableError`  - the provider refused (429, 5xx) or was never reached: resending is safe.
* `AmbiguousError`  - the request may have reached the provider (read timeout, 504, dropped connection):
                      do not resend before `find_sent` has looked.
* `PermanentError`  - the provider refused for a reason a retry cannot fix (opted-out number, unknown channel,
                      bad credentials): mark failed, show it, never retry by itself.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True)
class Message:
    channel: str  # console | slack | sms
    recipient: str  # Slack channel ID, or an E.164 phone number
    text: str
    dedupe_key: str
    town: str = ""  # town slug: picks the bot token / sender number
    blocks: list[dict[str, Any]] | None = field(default=None, compare=False)
    thread_ts: str | None = field(default=None, compare=False)  # Slack: reply in this message's thread


@dataclass(frozen=True)
class DeliveryResult:
    provider_id: str
    ok: bool = True


class DeliveryError(Exception):
    """`code` is stable and machine-readable: `twilio:21610`, `slack:channel_not_found`, `http:503`."""

    def __init__(self, reason: str, code: str | None = None, retry_after: float | None = None) -> None:
        super().__init__(reason)
        self.reason, self.code, self.retry_after = reason, code, retry_after


class RetryableError(DeliveryError):
    """Nothing was delivered: resend after a backoff, or after the `retry_after` the provider asked."""


class AmbiguousError(DeliveryError):
    """The provider may have delivered it: reconcile (`find_sent`) before any resend."""


class PermanentError(DeliveryError):
    """The provider will refuse this message again: fail it without retrying."""


def words_of(adapter: object, message: Message) -> tuple[str, list[dict[str, Any]] | None]:
    """The exact words `adapter` puts on the wire for `message`: its own `words(message)` when it adds to
    the text (the SMS reference), else the message's text and blocks as they are."""
    words = getattr(adapter, "words", None)
    return words(message) if callable(words) else (message.text, message.blocks)  # type: ignore[no-any-return]


class ChannelPort(Protocol):
    def send(self, message: Message) -> DeliveryResult:
        """Deliver once, or raise a `DeliveryError` subclass. Never retries by itself."""
        ...

    def find_sent(self, message: Message, since: dt.datetime) -> str | None:
        """The provider id of `message` if the provider accepted it at or after `since`, else None."""
        ...
