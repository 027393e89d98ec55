"""Stream an upload body into a temporary file in chunks, hashing and counting as it goes.

The body is never held in memory: at most one chunk is.  Going over ``max_bytes`` stops reading at once
with ``Rejected('too_large')``.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import BinaryIO, Protocol

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


@contextmanager
def spool_upload(
    stream: Readable,
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    chunk_bytes: int = CHUNK_BYTES,
    spool_dir: str | os.PathLike[str] | None = None,
) -> Iterator[Spooled]:
    """Copy ``stream`` to an anonymous temporary file; yield it with its SHA-256 and size."""
    with tempfile.TemporaryFile(dir=spool_dir) as file:
        digest, size = hashlib.sha256(), 0
        while chunk := stream.read(chunk_bytes):
            size += len(chunk)
            if size > max_bytes:
                raise Rejected("too_large", f"the upload exceeds {max_bytes} bytes")
            digest.update(chunk)
            file.write(chunk)
        if size == 0:
            raise Rejected("not_an_image", "the upload is empty")
        file.flush()
        file.seek(0)
        yield Spooled(file, digest.hexdigest(), size)  # type: ignore[arg-type]


def sha256_of(fp: Readable, chunk_bytes: int = CHUNK_BYTES) -> tuple[str, int]:
    """SHA-256 (hex) and length of everything ``fp`` yields, read in chunks."""
    digest, size = hashlib.sha256(), 0
    while chunk := fp.read(chunk_bytes):
        digest.update(chunk)
        size += len(chunk)
    return digest.hexdigest(), size
