"""Slack delivery: chat.postMessage through slack_sdk's WebClient, one bot token per town: fixed
(SLACK_BOT_TOKENS) or, with "Add to Slack", the town's installed token, looked up when a message is sent.

Each message carries metadata
`{"event_type": "fieldenforce_notification", "event_payload": {"dedupe_key": …}}`, so `find_sent` can
read conversations.history (include_all_metadata) and tell whether an ambiguous post landed. Recipients
should be channel IDs (Authority.slack_channel): conversations.history takes no names.
The SDK's own retries are off: the outbox dispatcher owns retries, backoff and reconciliation.
"""
from __future__ import annotations

import datetime as dt
import http.client
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any
from urllib.error import URLError

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from backend.channels.errors import AMBIGUOUS_HTTP, SLACK_PERMANENT, SLACK_RETRYABLE
from backend.channels.port import (
    AmbiguousError,
    DeliveryError,
    DeliveryResult,
    Message,
    PermanentError,
    RetryableError,
)

EVENT_TYPE = "fieldenforce_notification"
_API_ERROR = re.compile(r"^[a-z_]+$")


TokenSource = Callable[[str], "str | None"]  # town slug -> its bot token, or None


def fixed_tokens(tokens: Mapping[str, str]) -> TokenSource:
    """Town slug -> bot token, "*" serving any town without its own (SLACK_BOT_TOKENS)."""
    table = dict(tokens)
    return lambda town: table.get(town) or table.get("*")


class SlackChannel:
    def __init__(self, tokens: Mapping[str, str] | TokenSource, *, base_url: str = "",
                 timeout: float) -> None:
        """`tokens`: a map of town slug to bot token ("*" = any town), or a function giving a town's token;
        `base_url` overrides https://slack.com/api/."""
        self.token_for = tokens if callable(tokens) else fixed_tokens(tokens)
        self.base_url, self.timeout = base_url or WebClient.BASE_URL, timeout
        self._clients: dict[tuple[str, str], WebClient] = {}

    def send(self, message: Message) -> DeliveryResult:
        client = self._client(message.town)
        metadata = {"event_type": EVENT_TYPE, "event_payload": {"dedupe_key": message.dedupe_key}}
        with translated_errors():
            resp = client.chat_postMessage(channel=message.recipient, text=message.text,
                                           blocks=message.blocks, thread_ts=message.thread_ts,
                                           metadata=metadata, unfurl_links=False)
        return DeliveryResult(provider_id=f"{resp['channel']}:{resp['ts']}")

    def find_sent(self, message: Message, since: dt.datetime) -> str | None:
        client, cursor = self._client(message.town), None
        with translated_errors():
            while True:
                # replies are not in history
                in_thread = {"ts": message.thread_ts} if message.thread_ts else {}
                read = client.conversations_replies if message.thread_ts else client.conversations_history
                page = read(channel=message.recipient, oldest=f"{since.timestamp():.6f}",
                            include_all_metadata=True, limit=200, cursor=cursor, **in_thread)
                for posted in page.get("messages") or []:
                    if _carries(posted, message.dedupe_key):
                        return f"{message.recipient}:{posted['ts']}"
                cursor = (page.get("response_metadata") or {}).get("next_cursor")
                if not cursor:
                    return None

    def close(self) -> None:
        self._clients.clear()

    def _client(self, town: str) -> WebClient:
        token = self.token_for(town)
        if not token:
            raise PermanentError(f"no Slack bot token for town {town!r}: Slack is not installed there "
                                 "(or not in SLACK_BOT_TOKENS)", "config:slack")
        if (town, token) not in self._clients:
            self._clients[town, token] = WebClient(token=token, base_url=self.base_url, timeout=self.timeout,
                                                   retry_handlers=[])
        return self._clients[town, token]


def _carries(posted: dict[str, Any], dedupe_key: str) -> bool:
    metadata = posted.get("metadata") or {}
    payload = metadata.get("event_payload") or {}
    return metadata.get("event_type") == EVENT_TYPE and payload.get("dedupe_key") == dedupe_key


@contextmanager
def translated_errors() -> Iterator[None]:
    """slack_sdk and urllib exceptions -> the port's Retryable / Ambiguous / Permanent errors."""
    try:
        yield
    except SlackApiError as exc:
        raise api_error(exc.response.status_code, exc.response.data, exc.response.headers) from exc
    except URLError as exc:  # urllib raises URLError only before the request was sent (connect, DNS)
        raise RetryableError(f"Slack unreachable: {exc.reason}", "network") from exc
    except (TimeoutError, ConnectionError, http.client.HTTPException, OSError) as exc:
        raise AmbiguousError(f"no complete answer from Slack: {exc!r}", "timeout") from exc


def api_error(status: int, data: Any, headers: Mapping[str, Any]) -> DeliveryError:
    error = str(data.get("error") or "") if isinstance(data, dict) else ""
    if status == 429:
        return RetryableError("Slack rate limit", "slack:ratelimited", _retry_after(headers))
    if status in AMBIGUOUS_HTTP:
        return AmbiguousError(f"Slack gateway timeout (HTTP {status})", f"http:{status}")
    if status >= 500:
        return RetryableError(f"Slack server error (HTTP {status}) {error}".strip(), f"http:{status}")
    if status != 200:
        return PermanentError(f"Slack refused the request (HTTP {status}) {error}".strip(), f"http:{status}")
    if error in SLACK_PERMANENT:
        return PermanentError(f"{error}: {SLACK_PERMANENT[error]}", f"slack:{error}")
    if error in SLACK_RETRYABLE or _API_ERROR.match(error):
        return RetryableError(f"Slack error {error}", f"slack:{error}")
    return AmbiguousError(f"unreadable answer from Slack: {error[:200]}", "slack:unreadable")


def _retry_after(headers: Mapping[str, Any]) -> float | None:
    value = next((v for k, v in headers.items() if k.lower() == "retry-after"), None)
    if isinstance(value, list):
        value = value[0] if value else None
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None
