"""What a photo upload announces about its body, read from the request, and its body as a stream whose
failures say what they are.

* Content-Length, and the RFC 9530 digests of ``Content-Digest`` / ``Repr-Digest`` (structured-field
  dictionaries such as ``sha-256=:<base64>:``; algorithms other than sha-256 and sha-512 are ignored, as the
  RFC allows): a body that does not match them is refused before anything is stored (`media.body`).
* A multipart form is parsed by Werkzeug, which stops quietly at the end of what arrived: its request body
  is tallied as it is read and checked the same way once the form is parsed.
* A body sent with a Content-Encoding is refused: the original is kept byte for byte, never decoded.
"""
from __future__ import annotations

import http_sf
from apiflask import abort
from flask import Request
from werkzeug.exceptions import ClientDisconnected

from media.body import ALGORITHMS, Announced, Tally, TallyingReader

DIGEST_FIELDS = ("Content-Digest", "Repr-Digest")


def announced(request: Request, *, length: bool = True) -> Announced:
    """The request's Content-Length (unless `length` is False) and the digests it sends."""
    _identity_only(request)
    digests: dict[str, bytes] = {}
    for name in DIGEST_FIELDS:
        for algorithm, digest in _digests(name, request.headers.get(name)).items():
            if digests.get(algorithm, digest) != digest:
                abort(400, f"Content-Digest and Repr-Digest give different {algorithm} digests",
                      detail={"code": "digest_mismatch"})
            digests[algorithm] = digest
    return Announced(request.content_length if length else None, digests)


def _identity_only(request: Request) -> None:
    coding = request.headers.get("Content-Encoding", "identity").strip().lower()
    if coding not in ("", "identity"):
        abort(415, f"send the photo without Content-Encoding ({coding[:40]!r}): the original is kept byte "
                   "for byte", detail={"code": "content_encoding"})


def _digests(name: str, value: str | None) -> dict[str, bytes]:
    if value is None:
        return {}
    try:
        members = http_sf.parse(value.encode("ascii"), tltype="dictionary")
    except (ValueError, UnicodeEncodeError):
        members = None
    if not isinstance(members, dict):
        abort(400, f"{name} is not an RFC 9530 digest field (e.g. sha-256=:<base64 digest>:)",
              detail={"code": "digest_field", "header": name})
    found: dict[str, bytes] = {}
    for algorithm, (digest, _params) in members.items():
        if algorithm not in ALGORITHMS:
            continue
        if not isinstance(digest, bytes) or len(digest) != ALGORITHMS[algorithm]().digest_size:
            abort(400, f"{name}: {algorithm} must be a byte sequence of the digest (:<base64>:)",
                  detail={"code": "digest_field", "header": name})
        found[algorithm] = digest
    return found


class RequestBody:
    """The raw request body; a client gone mid-body is an `OSError`, which `media` names an incomplete
    body (Werkzeug's own server reports it as `ClientDisconnected`; gunicorn simply ends the stream, which
    the Content-Length check catches)."""

    def __init__(self, request: Request) -> None:
        self._stream = request.stream

    def read(self, size: int = -1, /) -> bytes:
        try:
            return self._stream.read(size)
        except ClientDisconnected as exc:
            raise OSError("the client disconnected") from exc


def tally_form_body(request: Request, expected: Announced) -> Tally:
    """Put a tally under the request's input before Werkzeug parses the form (call before `request.files`)."""
    tally = Tally(expected)
    request.environ["wsgi.input"] = TallyingReader(request.environ["wsgi.input"], tally)
    return tally


def drain(request: Request) -> None:
    """Read what the form parser left (an epilogue after the last boundary) so the tally sees every byte."""
    try:
        while request.stream.read(64 * 1024):
            pass
    except ClientDisconnected:
        pass
