"""Twilio HTTP plumbing that production code could reuse unchanged.

:class:`RebasedTwilioHttpClient` is a :class:`twilio.http.http_client.TwilioHttpClient`
that sends every request to a fixed base URL (scheme + host + optional path
prefix) instead of ``https://*.twilio.com``; pass it as
``twilio.rest.Client(..., http_client=...)``. All Twilio hosts
(``api``, ``messaging``, ...) map to the same base. It depends only on
``twilio`` and ``requests``.

:class:`SignedWebhook` / :func:`sign_webhook` build a request the way Twilio
signs its webhooks (``X-Twilio-Signature`` = HMAC-SHA1 over URL + sorted
params, via :class:`twilio.request_validator.RequestValidator`).
"""

from __future__ import annotations

import urllib.error
import urllib.request
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Self
from urllib.parse import urlencode, urlsplit, urlunsplit

from twilio.http.http_client import TwilioHttpClient
from twilio.http.response import Response
from twilio.request_validator import RequestValidator


class RebasedTwilioHttpClient(TwilioHttpClient):
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

    def request(
        self,
        method: str,
        url: str,
        params: dict[str, object] | None = None,
        data: dict[str, object] | None = None,
        headers: dict[str, str] | None = None,
        auth: tuple[str, str] | None = None,
        timeout: float | None = None,
        allow_redirects: bool = False,
    ) -> Response:
        return super().request(method, self.rebase(url), params=params, data=data, headers=headers,
                               auth=auth, timeout=timeout, allow_redirects=allow_redirects)

    def close(self) -> None:
        """Close the pooled ``requests`` session."""
        if self.session is not None:
            self.session.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


@dataclass(frozen=True)
class SignedWebhook:
    """A form POST signed like Twilio signs webhooks.

    Use ``headers`` and ``params`` (or ``body``) with a test client, e.g.
    ``flask_client.post(hook.path, data=hook.params, headers=hook.headers)``:
    the app must rebuild exactly ``url`` (scheme, host, path, query) to
    validate, so build the hook with the URL the app will see
    (``http://localhost/twilio/sms`` for Flask's test client).
    """

    url: str
    params: dict[str, str]
    signature: str

    @property
    def headers(self) -> dict[str, str]:
        return {"X-Twilio-Signature": self.signature, "Content-Type": "application/x-www-form-urlencoded"}

    @property
    def body(self) -> bytes:
        return urlencode(self.params).encode()

    @property
    def path(self) -> str:
        parts = urlsplit(self.url)
        return parts.path + (f"?{parts.query}" if parts.query else "")

    def post(self, timeout: float = 2.0) -> int:
        """POST it over HTTP to ``url``; returns the response status code."""
        request = urllib.request.Request(self.url, data=self.body, method="POST",
                                         headers={**self.headers, "User-Agent": "TwilioProxy/1.1"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                response.read()
                return int(response.status)
        except urllib.error.HTTPError as exc:
            with exc:
                return exc.code


def sign_webhook(url: str, params: dict[str, str], auth_token: str) -> SignedWebhook:
    """Sign ``params`` for ``url`` with ``auth_token`` as Twilio would."""
    signature = RequestValidator(auth_token).compute_signature(url, params)
    return SignedWebhook(url=url, params=dict(params), signature=signature)
