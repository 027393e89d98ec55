"""Rate limits: a slack_sdk retry handler that waits exactly what Slack's `Retry-After` asks, within a bound.

Slack answers 429 with `Retry-After: <seconds>`. The bot's WebClients retry such a call after that wait (at
most `max_wait` seconds; a longer wait gives up at once and the caller sees the error). `sleep` is injected so
tests can check the wait without sleeping. The outbox's own Slack delivery keeps SDK retries off: its
dispatcher reschedules by Retry-After instead.
"""
from __future__ import annotations

import time
from collections.abc import Callable

from slack_sdk.http_retry.handler import RetryHandler
from slack_sdk.http_retry.request import HttpRequest
from slack_sdk.http_retry.response import HttpResponse
from slack_sdk.http_retry.state import RetryState


def retry_after_seconds(response: HttpResponse) -> float:
    for name, values in response.headers.items():
        if name.lower() == "retry-after" and values:
            try:
                return max(0.0, float(values[0]))
            except ValueError:
                return 1.0
    return 1.0


class RetryAfterHandler(RetryHandler):
    def __init__(self, max_retry_count: int = 2, max_wait: float = 30.0,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        super().__init__(max_retry_count=max_retry_count)
        self.max_wait, self.sleep = max_wait, sleep

    def _can_retry(self, *, state: RetryState, request: HttpRequest, response: HttpResponse | None = None,
                   error: Exception | None = None) -> bool:
        return response is not None and response.status_code == 429 and \
            retry_after_seconds(response) <= self.max_wait

    def prepare_for_next_attempt(self, *, state: RetryState, request: HttpRequest,
                                 response: HttpResponse | None = None,
                                 error: Exception | None = None) -> None:
        assert response is not None  # _can_retry only says yes to a 429 response
        self.sleep(retry_after_seconds(response))
        state.next_attempt_requested = True
        state.increment_current_attempt()
