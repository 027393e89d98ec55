"""Did the upload arrive whole?  What was received, measured against what the client announced.

A server may hand the application a body that simply ends early: gunicorn bounds the stream by
Content-Length, so a connection cut mid-body reads as an ordinary end of stream.  When the cut falls in
data after the end of the image (a Motion Photo's video, a gain map) the image still parses, and without
this check a shortened file would be stored as evidence.  The client's announcements are compared before
anything is stored:

* ``length``: Content-Length (a raw body) -- the bytes received must be exactly that many;
* ``digests``: RFC 9530 ``Content-Digest`` / ``Repr-Digest`` values, algorithm -> digest bytes
  (``sha-256``, ``sha-512``) -- each must match the bytes received.  The field app sends the SHA-256 it
  computed on the phone, so a body changed anywhere on the way is refused, not only a short one.

:class:`Tally` counts and hashes bytes as they pass (the spool uses it; so can a caller whose parser reads
the body, e.g. multipart); :meth:`Tally.check` raises ``Rejected('body_incomplete' | 'digest_mismatch')``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from media.errors import Rejected

ALGORITHMS: Mapping[str, Callable[[], Any]] = {"sha-256": hashlib.sha256, "sha-512": hashlib.sha512}


@dataclass(frozen=True)
class Announced:
    """What the client said about the body before sending it."""

    length: int | None = None  # Content-Length
    digests: Mapping[str, bytes] = field(default_factory=dict)  # algorithm (a key of ALGORITHMS) -> digest

    def __post_init__(self) -> None:
        unknown = set(self.digests) - set(ALGORITHMS)
        if unknown:
            raise ValueError(f"unsupported digest algorithms: {sorted(unknown)}")


NOTHING = Announced()


class Tally:
    """Bytes counted and hashed as they pass: always SHA-256, and every algorithm the client announced."""

    def __init__(self, announced: Announced = NOTHING) -> None:
        self.size = 0
        self._hashes = {name: ALGORITHMS[name]() for name in {"sha-256", *announced.digests}}

    def update(self, chunk: bytes) -> None:
        self.size += len(chunk)
        for h in self._hashes.values():
            h.update(chunk)

    def digest(self, algorithm: str) -> bytes:
        return self._hashes[algorithm].digest()  # type: ignore[no-any-return]

    @property
    def sha256(self) -> str:
        return self._hashes["sha-256"].hexdigest()  # type: ignore[no-any-return]

    def check(self, announced: Announced) -> None:
        """Refuse a body shorter or longer than announced, or whose digest differs from the client's."""
        if announced.length is not None and self.size != announced.length:
            raise Rejected("body_incomplete", f"received {self.size} of the {announced.length} bytes the "
                           "request announced (Content-Length): the body did not arrive whole; nothing was "
                           "stored, send it again")
        for algorithm, expected in sorted(announced.digests.items()):
            if self.digest(algorithm) != expected:
                raise Rejected("digest_mismatch", f"the {self.size} bytes received do not have the "
                               f"{algorithm} digest the client sent (Content-Digest/Repr-Digest): the body "
                               "changed on the way; nothing was stored, send it again")


class Readable(Protocol):
    def read(self, size: int = ..., /) -> bytes: ...


class TallyingReader:
    """A readable that tallies what passes through it, for a body some parser reads (multipart forms)."""

    def __init__(self, raw: Readable, tally: Tally) -> None:
        self._raw, self.tally = raw, tally

    def read(self, size: int = -1, /) -> bytes:
        chunk = self._raw.read(size)
        self.tally.update(chunk)
        return chunk

    def readline(self, size: int = -1, /) -> bytes:
        chunk = self._raw.readline(size)  # type: ignore[attr-defined]
        self.tally.update(chunk)
        return chunk  # type: ignore[no-any-return]
