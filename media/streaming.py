"""Stream an upload body into a temporary file in chunks, hashing and counting as it goes.

The body is never held in memory: at most one chunk is.  Going over ``max_bytes`` stops reading at once
with ``Rejected('too_large')``.  A body that is not what the client announced (shorter than its
Content-Length, or another digest: :mod:`media.body`) or whose stream fails mid-way is refused before the
caller sees it.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import BinaryIO, Protocol

from media.body import NOTHING, Announced, Tally
from media.errors import Rejected

DEFAULT_MAX_BYTES = 40 * 1024 * 1024
CHUNK_BYTES = 1024 * 1024


class Readable(Protocol):
    def read(self, size: int = ..., /) -> bytes: ...


@dataclass(frozen=True)
class Spooled:
    file: BinaryIO  # seekable, positioned at 0, deleted when the context ends
    sha256: str  # hex
    size: int
    verified: tuple[str, ...] = ()  # digest algorithms the client sent and the body matched


@contextmanager
def spool_upload(
    stream: Readable,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    chunk_bytes: int = CHUNK_BYTES,
    spool_dir: str | os.PathLike[str] | None = None,
    announced: Announced = NOTHING,
) -> Iterator[Spooled]:
    """Copy ``stream`` to an anonymous temporary file; yield it with its SHA-256 and size, once it is known
    to be the body the client announced (``announced``: its Content-Length and digests, if it sent them)."""
    with tempfile.TemporaryFile(dir=spool_dir) as file:
        tally = Tally(announced)
        while chunk := _read(stream, chunk_bytes):
            if tally.size + len(chunk) > max_bytes:
                raise Rejected("too_large", f"the upload exceeds {max_bytes} bytes")
            tally.update(chunk)
            file.write(chunk)
        tally.check(announced)
        if tally.size == 0:
            raise Rejected("not_an_image", "the upload is empty")
        file.flush()
        file.seek(0)
        yield Spooled(file, tally.sha256, tally.size, tuple(sorted(announced.digests)))  # type: ignore[arg-type]


def _read(stream: Readable, size: int) -> bytes:
    try:
        return stream.read(size)
    except OSError as exc:  # the connection failed mid-body: what came is not the whole upload
        raise Rejected("body_incomplete", f"the body stopped arriving ({exc}); nothing was stored, send it "
                       "again") from None


def sha256_of(fp: Readable, chunk_bytes: int = CHUNK_BYTES) -> tuple[str, int]:
    """SHA-256 (hex) and length of everything ``fp`` yields, read in chunks."""
    digest, size = hashlib.sha256(), 0
    while chunk := fp.read(chunk_bytes):
        digest.update(chunk)
        size += len(chunk)
    return digest.hexdigest(), size
