"""Photo evidence pipeline: uploads in, verified originals, metadata and derivatives out.

Pure library: no Flask, SQLAlchemy, backend, bot or inspections imports.  Functions take bytes, file
objects or stores and return bytes plus frozen dataclasses.  Everything below can be imported from
``media`` directly (loaded on first use) or from its module.

Request (HTTP route) -- one call, the durable step plus in-request derivatives for JPEG/PNG/WebP::

    ingest_upload(stream, *, town, store, declared_type=None, max_bytes=40 MiB,
                  derive_now=None, limits=DEFAULT_LIMITS) -> IngestResult          # media.ingest
        IngestResult(key, town, sha256, size, kind, mime, width, height, metadata: PhotoMetadata,
                     flags, trailing_data_bytes, derivatives: DerivativeResult | None)
    raises Rejected(code, message)  # media.errors; nothing is stored when an upload is refused
        codes: not_an_image, type_mismatch, truncated, corrupt, decompression_bomb, too_large
    PixelLimits(baseline_jpeg=250_000_000, other=Pillow's default 89_478_485) = DEFAULT_LIMITS
    DEFAULT_MAX_BYTES = 40 MiB

Worker -- when ``result.derivatives is None`` (``needs_worker(kind)``: HEIC)::

    make_derivatives(store, key, kind, *, limits=DEFAULT_LIMITS) -> DerivativeResult   # media.ingest
        DerivativeResult(thumb_key, preview_key, thumb_size, preview_size, decoded_size, colour)
    needs_worker(kind: Kind) -> bool                                                  # media.kinds

Storage (``media.storage``, ``media.s3store``; keys ``<town>/<sha256>`` and
``<town>/derived/<sha256>/thumb.jpg|preview.jpg``)::

    class PhotoStore(Protocol):
        put_original(town, sha256, src, *, content_type=...) -> key   # atomic, idempotent, never overwrites
        put_derivative(town, sha256, name, data: bytes) -> key
        open(key) -> BinaryIO;  get(key) -> bytes;  exists(key) -> bool;  size(key) -> int
        list_keys(prefix="") -> Iterator[str]
        sweep(*, older_than=1 day, now=None) -> list[str]             # temporaries -> quarantine/
    LocalPhotoStore(root, *, fsync_derivatives=True)
    S3PhotoStore(client, bucket, prefix="", *, conditional_writes=True)
    errors (all MediaError): Rejected; StorageError > IntegrityError (bytes do not match their key),
                             ObjectMissing, InvalidKey

Fixity (``media.fixity``)::

    verify(store, expected: Mapping[key, sha256], *, town=None) -> FixityReport(checked, missing,
                                                                        mismatched, orphaned, ok)
        mismatched: tuple[Mismatch(key, expected, actual), ...]

Building blocks, usable on their own::

    sniff(fp, declared_type=None, *, limits) -> SniffResult(kind, width, height, trailing_data_bytes, ...)
    read_metadata(fp, kind) -> PhotoMetadata     # never raises; source 'exifread' | 'pillow' | 'none'
        PhotoMetadata(source, latitude, longitude, altitude_m, gps_h_error_m, gps_time, taken_at,
                      orientation, make, model, flags)
    derive(fp, kind, *, preview_long_side=1600, thumb_long_side=512, quality=82, limits) -> Derivatives
    spool_upload(stream, *, max_bytes, chunk_bytes, spool_dir) -> ContextManager[Spooled(file, sha256, size)]

Location and evidence checks (pure)::

    resolve_location(exif: Position | None, device: DeviceFix | None, manual: Position | None = None,
                     *, unknown_accuracy_m=50) -> LocationProvenance(source, position, exif, device,
                     manual, device_captured_at, distance_m, allowed_m, disagree)
    exif_position(metadata) -> Position | None;   haversine_m(a, b) -> float
    check_site(lat, lon, boundary_geojson, *, margin_ft=100)
        -> SiteCheck(distance_ft, inside, margin_ft, flagged)
    distance_to_boundary_ft(lat, lon, boundary_geojson) -> float      # EPSG:26986, US survey feet
    check_time(taken_at, inspection_at, *, max_gap=12 h, local_zone=America/New_York) -> TimeCheck
    evidence_flags(*, site=None, time=None, location=None) -> tuple[str, ...]

Duplicates: the same ``sha256`` in another inspection of the same town is a duplicate; the backend owns
that query (the store itself de-duplicates by key).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_EXPORTS = {
    "media.errors": (
        "MediaError",
        "Rejected",
        "StorageError",
        "IntegrityError",
        "ObjectMissing",
        "InvalidKey",
    ),
    "media.kinds": ("Kind", "needs_worker"),
    "media.ingest": ("ingest_upload", "make_derivatives", "IngestResult", "DerivativeResult"),
    "media.storage": ("PhotoStore", "LocalPhotoStore"),
    "media.s3store": ("S3PhotoStore",),
    "media.fixity": ("verify", "FixityReport", "Mismatch"),
    "media.sniff": ("sniff", "SniffResult", "PixelLimits", "DEFAULT_LIMITS"),
    "media.exif": ("read_metadata", "PhotoMetadata"),
    "media.derivatives": ("derive", "Derivatives"),
    "media.streaming": ("spool_upload", "Spooled", "DEFAULT_MAX_BYTES"),
    "media.location": (
        "resolve_location",
        "exif_position",
        "haversine_m",
        "Position",
        "DeviceFix",
        "LocationProvenance",
    ),
    "media.evidence": (
        "check_site",
        "check_time",
        "distance_to_boundary_ft",
        "evidence_flags",
        "SiteCheck",
        "TimeCheck",
    ),
}
_WHERE = {name: module for module, names in _EXPORTS.items() for name in names}
__all__ = [
    "DEFAULT_LIMITS",
    "DEFAULT_MAX_BYTES",
    "DerivativeResult",
    "Derivatives",
    "DeviceFix",
    "FixityReport",
    "IngestResult",
    "IntegrityError",
    "InvalidKey",
    "Kind",
    "LocalPhotoStore",
    "LocationProvenance",
    "MediaError",
    "Mismatch",
    "ObjectMissing",
    "PhotoMetadata",
    "PhotoStore",
    "PixelLimits",
    "Position",
    "Rejected",
    "S3PhotoStore",
    "SiteCheck",
    "SniffResult",
    "Spooled",
    "StorageError",
    "TimeCheck",
    "check_site",
    "check_time",
    "derive",
    "distance_to_boundary_ft",
    "evidence_flags",
    "exif_position",
    "haversine_m",
    "ingest_upload",
    "make_derivatives",
    "needs_worker",
    "read_metadata",
    "resolve_location",
    "sniff",
    "spool_upload",
    "verify",
]


def __getattr__(name: str) -> Any:
    """Load heavy dependencies (Pillow, pyproj, boto) only when a name is first used."""
    if name not in _WHERE:
        raise AttributeError(f"module 'media' has no attribute {name!r}")
    return getattr(importlib.import_module(_WHERE[name]), name)


if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from media.derivatives import Derivatives, derive
    from media.errors import IntegrityError, InvalidKey, MediaError, ObjectMissing, Rejected, StorageError
    from media.evidence import (
        SiteCheck,
        TimeCheck,
        check_site,
        check_time,
        distance_to_boundary_ft,
        evidence_flags,
    )
    from media.exif import PhotoMetadata, read_metadata
    from media.fixity import FixityReport, Mismatch, verify
    from media.ingest import DerivativeResult, IngestResult, ingest_upload, make_derivatives
    from media.kinds import Kind, needs_worker
    from media.location import (
        DeviceFix,
        LocationProvenance,
        Position,
        exif_position,
        haversine_m,
        resolve_location,
    )
    from media.s3store import S3PhotoStore
    from media.sniff import DEFAULT_LIMITS, PixelLimits, SniffResult, sniff
    from media.storage import LocalPhotoStore, PhotoStore
    from media.streaming import DEFAULT_MAX_BYTES, Spooled, spool_upload
