"""Orchestration: an upload body in, a stored original (and maybe derivatives) and its facts out.

Two steps, so the request stays fast whatever the format:

* durable (in the request): stream to a temp file while hashing -> sniff -> metadata -> atomic store.
* derive: thumbnail + preview.  JPEG/PNG/WebP are derived in the request, *before* the original is
  stored, so an undecodable upload is refused with nothing written.  HEIC is left to the worker
  (``needs_worker(kind)``), which calls :func:`make_derivatives` with the stored key.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import BinaryIO

from media.body import NOTHING, Announced
from media.derivatives import Derivatives, derive
from media.errors import InvalidKey
from media.exif import PhotoMetadata, read_metadata
from media.keys import check_town, parse_original_key
from media.kinds import Kind, needs_worker
from media.sniff import DEFAULT_LIMITS, PixelLimits, SniffResult, sniff
from media.storage import PhotoStore
from media.streaming import CHUNK_BYTES, DEFAULT_MAX_BYTES, Readable, spool_upload


@dataclass(frozen=True)
class DerivativeResult:
    thumb_key: str
    preview_key: str
    thumb_size: tuple[int, int]
    preview_size: tuple[int, int]
    decoded_size: tuple[int, int]
    colour: str


@dataclass(frozen=True)
class IngestResult:
    key: str  # <town>/<sha256>
    town: str
    sha256: str  # hex; the same sha256 elsewhere in the town is a duplicate (the backend checks)
    size: int
    kind: Kind
    mime: str
    width: int  # upright, as displayed
    height: int
    metadata: PhotoMetadata
    flags: tuple[str, ...]  # sniff flags (trailing_data) + metadata flags
    trailing_data_bytes: int
    derivatives: DerivativeResult | None  # None: the worker must call make_derivatives(store, key, kind)
    verified_digests: tuple[str, ...] = ()  # the client's digests (RFC 9530) the body matched on arrival
    declared_type: str | None = None  # the client's Content-Type when it named another image type


def ingest_upload(
    stream: Readable,
    *,
    town: str,
    store: PhotoStore,
    declared_type: str | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    derive_now: bool | None = None,
    limits: PixelLimits = DEFAULT_LIMITS,
    announced: Announced = NOTHING,
) -> IngestResult:
    """Accept one upload; raise :class:`media.errors.Rejected` (nothing stored) if it is refused.

    ``derive_now`` defaults to ``not needs_worker(kind)``.  ``announced``: what the client said of the body
    (Content-Length, digests); a body that does not match is refused before anything is read from it.
    """
    check_town(town)
    with spool_upload(stream, max_bytes=max_bytes, announced=announced) as spooled:
        sniffed = sniff(spooled.file, declared_type, limits=limits)
        metadata = read_metadata(spooled.file, sniffed.kind)
        derive_here = not needs_worker(sniffed.kind) if derive_now is None else derive_now
        made = derive(spooled.file, sniffed.kind, limits=limits) if derive_here else None
        key = store.put_original(town, spooled.sha256, spooled.file, content_type=sniffed.mime)
        stored = _store_derivatives(store, town, spooled.sha256, made) if made else None
    width, height = _upright(sniffed, metadata)
    return IngestResult(
        key=key,
        town=town,
        sha256=spooled.sha256,
        size=spooled.size,
        kind=sniffed.kind,
        mime=sniffed.mime,
        width=width,
        height=height,
        metadata=metadata,
        flags=sniffed.flags + metadata.flags,
        trailing_data_bytes=sniffed.trailing_data_bytes,
        derivatives=stored,
        verified_digests=spooled.verified,
        declared_type=sniffed.declared_mismatch,
    )


def make_derivatives(
    store: PhotoStore, key: str, kind: Kind, *, limits: PixelLimits = DEFAULT_LIMITS
) -> DerivativeResult:
    """The worker step: derive from a stored original and store ``thumb.jpg`` and ``preview.jpg``."""
    parsed = parse_original_key(key)
    if parsed is None:
        raise InvalidKey(f"not an original's key: {key!r}")
    with store.open(key) as stream, _seekable(stream) as fp:
        made = derive(fp, kind, limits=limits)
    return _store_derivatives(store, parsed[0], parsed[1], made)


def _store_derivatives(store: PhotoStore, town: str, sha256: str, made: Derivatives) -> DerivativeResult:
    return DerivativeResult(
        thumb_key=store.put_derivative(town, sha256, "thumb.jpg", made.thumb),
        preview_key=store.put_derivative(town, sha256, "preview.jpg", made.preview),
        thumb_size=made.thumb_size,
        preview_size=made.preview_size,
        decoded_size=made.decoded_size,
        colour=made.colour,
    )


@contextmanager
def _seekable(stream: BinaryIO) -> Iterator[BinaryIO]:
    """``stream`` itself when it can seek (local files), else a temporary copy (S3 bodies)."""
    if getattr(stream, "seekable", lambda: False)():
        yield stream
        return
    with tempfile.TemporaryFile() as copy:
        shutil.copyfileobj(stream, copy, CHUNK_BYTES)
        copy.seek(0)
        yield copy  # type: ignore[misc]


def _upright(sniffed: SniffResult, metadata: PhotoMetadata) -> tuple[int, int]:
    turned = sniffed.kind is not Kind.HEIC and metadata.orientation in (5, 6, 7, 8)
    return (sniffed.height, sniffed.width) if turned else (sniffed.width, sniffed.height)
