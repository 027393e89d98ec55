"""HTTP clients for the official `twilio` Client (production code; the test fakes reuse them).

:class:`KeepingTwilioHttpClient` remembers the last response, because `TwilioRestException` drops the
headers and a 429's ``Retry-After`` must be honoured. :class:`RebasedTwilioHttpClient` also sends every
request to a fixed base URL (scheme + host + optional path prefix) instead of ``https://*.twilio.com``
(TWILIO_API_BASE: a regional edge, a proxy, or the local fake in tests). Both need a timeout.
"""

from __future__ import annotations

from types import TracebackType
from typing import Any, Self
from urllib.parse import urlsplit, urlunsplit

from twilio.http.http_client import TwilioHttpClient
from twilio.http.response import Response


class KeepingTwilioHttpClient(TwilioHttpClient):
    """A pooled Twilio HTTP client that keeps `last_response` (status, body, headers)."""

    def __init__(self, *, timeout: float | None = 10.0, **kwargs: Any) -> None:
        super().__init__(timeout=timeout, **kwargs)
        self.last_response: Response | None = None

    def request(self, method: str, url: str, params: dict[str, object] | None = None,
                data: dict[str, object] | None = None, headers: dict[str, str] | None = None,
                auth: tuple[str, str] | None = None, timeout: float | None = None,
                allow_redirects: bool = False) -> Response:
        self.last_response = None
        response = super().request(method, url, params=params, data=data, headers=headers, auth=auth,
                                   timeout=timeout, allow_redirects=allow_redirects)
        self.last_response = response
        return response

    def retry_after(self) -> float | None:
        """Seconds from the last response's Retry-After header (None when absent or not a number)."""
        headers = self.last_response.headers if self.last_response is not None else None
        value = headers.get("Retry-After") if headers is not None else None
        try:
            return max(0.0, float(value)) if value is not None else None
        except ValueError:
            return None

    def close(self) -> None:
        """Close the pooled ``requests`` session."""
        if self.session is not None:
            self.session.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


class RebasedTwilioHttpClient(KeepingTwilioHttpClient):
    """Send Twilio REST calls to ``base_url`` (e.g. ``http://127.0.0.1:51234``).

    ``timeout`` (seconds) applies to connect and read of every request unless
    the call passes its own. Keep ``pool_connections=True`` (the default) and
    call :meth:`close` (or use ``with``) so pooled sockets are released.
    """

    def __init__(self, base_url: str, *, timeout: float | None = 10.0, **kwargs: Any) -> None:
        super().__init__(timeout=timeout, **kwargs)
        parts = urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValueError(f"base_url must be an absolute http(s) URL, got {base_url!r}")
        self.base_url = base_url.rstrip("/")

    def rebase(self, url: str) -> str:
        """Swap scheme and host of ``url`` for the base URL's, keeping path and query."""
        target, base = urlsplit(url), urlsplit(self.base_url)
        return urlunsplit((base.scheme, base.netloc, base.path.rstrip("/") + target.path, target.query, ""))

    def request(self, method: str, url: str, params: dict[str, object] | None = None,
                data: dict[str, object] | None = None, headers: dict[str, str] | None = None,
                auth: tuple[str, str] | None = None, timeout: float | None = None,
                allow_redirects: bool = False) -> Response:
        return super().request(method, self.rebase(url), params=params, data=data, headers=headers,
                               auth=auth, timeout=timeout, allow_redirects=allow_redirects)
