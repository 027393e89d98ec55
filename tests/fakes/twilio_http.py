"""Twilio HTTP plumbing for the tests.

:class:`RebasedTwilioHttpClient` (production code, re-exported from
:mod:`backend.channels.twilio_http`) is a :class:`twilio.http.http_client.TwilioHttpClient`
that sends every request to a fixed base URL (scheme + host + optional path
prefix) instead of ``https://*.twilio.com``; pass it as
``twilio.rest.Client(..., http_client=...)``. All Twilio hosts
(``api``, ``messaging``, ...) map to the same base.

:class:`SignedWebhook` / :func:`sign_webhook` build a request the way Twilio
signs its webhooks (``X-Twilio-Signature`` = HMAC-SHA1 over URL + sorted
params, via :class:`twilio.request_validator.RequestValidator`).
"""

from __future__ import annotations

import urllib.error
import urllib.request
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit

from twilio.request_validator import RequestValidator

from backend.channels.twilio_http import RebasedTwilioHttpClient

__all__ = ["RebasedTwilioHttpClient", "SignedWebhook", "sign_webhook"]


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
