"""Photo evidence: idempotent uploads under a client photo id, stored byte for byte, with its checks.

The original is streamed to a temporary file, hashed, sniffed, read for EXIF and stored atomically under
`<town>/<sha256>` before the row is committed, so a crash leaves at most an orphan file (found by
`flask media verify`), never a row pointing at a missing file. A retry with the same id and bytes returns the
stored record; other bytes under the same id are a 409.
"""
from __future__ import annotations

import datetime as dt
import uuid
from dataclasses import dataclass
from typing import Any, BinaryIO, NoReturn

from sqlalchemy import select

from backend.audit import jsonable
from backend.extensions import db
from backend.models import Authority, Inspection, Photo, Site, Town
from backend.runtime import derive_later, photo_store, settings
from backend.security import Principal
from backend.services.findings import link_late_photos
from backend.services.zones import zone_at
from inspections.calendar import local_date
from inspections.distance import round_ft
from inspections.errors import Conflict, DomainError, Invalid, Malformed, TooLarge
from media.body import NOTHING, Announced
from media.capture_time import CaptureTime, capture_time, clock_skew
from media.errors import Rejected
from media.evidence import check_site, check_time, evidence_flags
from media.ingest import IngestResult, ingest_upload
from media.location import DeviceFix, Position, exif_position, resolve_location
from media.streaming import spool_upload

CLOCK_SKEW_KEY, CLOCK_SKEW_DEFAULT_S = "photo_clock_skew_max_seconds", 120
REJECTED_AS: dict[str, type[DomainError]] = {"too_large": TooLarge, "body_incomplete": Malformed,
                                             "digest_mismatch": Malformed}


@dataclass(frozen=True)
class CaptureFacts:
    """What the client measured at capture (browsers strip GPS from uploads)."""

    device: DeviceFix | None
    manual: Position | None
    not_for_public: bool = False


def rejected(exc: Rejected) -> NoReturn:
    raise REJECTED_AS.get(exc.code, Invalid)(exc.message, detail={"code": exc.code}) from exc


def upload(who: Principal, inspection: Inspection, photo_id: uuid.UUID, body: BinaryIO, *,
           declared_type: str | None, facts: CaptureFacts, announced: Announced = NOTHING,
           verified: tuple[str, ...] = ()) -> tuple[Photo, bool]:
    """`announced`: what the client said of `body` (checked before anything is stored); `verified`: digests
    of the whole request the caller already checked (a multipart form)."""
    max_bytes = settings().photo_max_bytes
    existing = db.session.get(Photo, photo_id)
    if existing is not None:
        return _retry(who, existing, inspection, body, max_bytes, announced), False
    try:
        result = ingest_upload(body, town=who.town.slug, store=photo_store(), declared_type=declared_type,
                               max_bytes=max_bytes, announced=announced)
    except Rejected as exc:
        rejected(exc)
    photo = _record(who, inspection, photo_id, result, facts, verified)
    db.session.add(photo)
    db.session.flush()
    if inspection.status == "submitted":  # offline sync: photos may land after the submit
        link_late_photos(inspection.id)
    db.session.commit()
    if result.derivatives is None:
        derive_later(photo.id)
    return photo, True


def _retry(who: Principal, existing: Photo, inspection: Inspection, body: BinaryIO, max_bytes: int,
           announced: Announced) -> Photo:
    if existing.town_id != who.town_id or existing.inspection_id != inspection.id:
        raise Conflict(f"photo id {existing.id} is already used by another inspection; generate a new id")
    try:
        with spool_upload(body, max_bytes=max_bytes, announced=announced) as spooled:
            digest = spooled.sha256
    except Rejected as exc:
        rejected(exc)
    if digest != existing.sha256:
        raise Conflict(f"photo {existing.id} was stored with other bytes (sha256 {existing.sha256[:12]}…); "
                       "use a new photo id for a new picture")
    return existing


def _record(who: Principal, inspection: Inspection, photo_id: uuid.UUID, result: IngestResult,
            facts: CaptureFacts, verified: tuple[str, ...]) -> Photo:
    meta = result.metadata
    where = resolve_location(exif_position(meta), facts.device, facts.manual, exif_trusted=meta.trustworthy)
    site = db.session.get(Site, inspection.site_id)
    when = capture_time(meta)
    checks = _checks(who.town, site, inspection, where, meta.taken_at, result.sha256)
    skew = clock_skew(meta, max_skew=dt.timedelta(seconds=clock_skew_bound(who.town)))
    if skew is not None:
        checks |= {"camera_vs_gps_s": skew.seconds, "camera_vs_gps_max_s": skew.max_seconds}
    flags = list(dict.fromkeys([*result.flags, *checks.pop("flags"),
                                *(["capture_time_skew"] if skew and skew.flagged else [])]))
    return Photo(
        id=photo_id, town_id=who.town_id, inspection_id=inspection.id, sha256=result.sha256, size=result.size,
        mime=result.mime, width=result.width, height=result.height, taken_at=when.at,
        lat=where.position.latitude if where.position else None,
        lon=where.position.longitude if where.position else None,
        accuracy_m=where.position.accuracy_m if where.position else None, provenance=where.source,
        meta=jsonable(_meta(meta, where, result, verified) | {"capture_time": _when(when)}), flags=flags,
        checks=checks,
        not_for_public=facts.not_for_public, derivatives_ready=result.derivatives is not None)


def _meta(meta: Any, where: Any, result: IngestResult, verified: tuple[str, ...]) -> dict[str, Any]:
    pos = lambda p: None if p is None else {"lat": p.latitude, "lon": p.longitude,  # noqa: E731
                                            "accuracy_m": p.accuracy_m}
    exif = {k: getattr(meta, k) for k in ("source", "latitude", "longitude", "altitude_m", "gps_h_error_m",
                                          "gps_time", "taken_at", "orientation", "orientation_raw", "make",
                                          "model")}
    exif |= {"trustworthy": meta.trustworthy, "problems": list(meta.exif_problems)}
    return {"exif": exif,
            "exif_position": pos(where.exif), "device_position": pos(where.device),
            "manual_position": pos(where.manual), "device_captured_at": where.device_captured_at,
            "positions_disagree": where.disagree, "distance_exif_device_m": where.distance_m,
            "trailing_data_bytes": result.trailing_data_bytes, "kind": str(result.kind),
            "declared_type": result.declared_type,
            "received": {"bytes": result.size,
                         "digests_verified": sorted({*result.verified_digests, *verified})}}


def _when(when: CaptureTime) -> dict[str, Any]:
    """Where the record's taken_at came from (and why not the camera's clock), and whether to trust it."""
    return {"source": when.source, "why": when.why, "trustworthy": when.trustworthy}


def clock_skew_bound(town: Town) -> int:
    """Seconds camera and GPS clocks may differ before a photo is flagged (town setting, default 120)."""
    value = (town.settings or {}).get(CLOCK_SKEW_KEY)
    return value if isinstance(value, int) and not isinstance(value, bool) else CLOCK_SKEW_DEFAULT_S


def _checks(town: Town, site: Site, inspection: Inspection, where: Any, taken_at: dt.datetime | None,
            sha256: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    site_check = time_check = None
    if where.position is not None and site.boundary:
        site_check = check_site(where.position.latitude, where.position.longitude, site.boundary)
        out["site_distance_ft"] = float(round_ft(site_check.distance_ft))  # CONV-DIST
    if taken_at is not None:
        time_check = check_time(taken_at, inspection.started_at)
        out["taken_vs_inspection_s"] = round(time_check.gap.total_seconds())
    dup = db.session.scalar(select(Photo.inspection_id).where(
        Photo.town_id == town.id, Photo.sha256 == sha256, Photo.inspection_id != inspection.id).limit(1))
    out["duplicate_of_inspection"] = str(dup) if dup else None
    if where.position is not None:
        out["zone"] = zone_at(town, _chapters(town), site, where.position.latitude, where.position.longitude,
                              where.position.accuracy_m, local_date(inspection.started_at))
    out["flags"] = [*evidence_flags(site=site_check, time=time_check, location=where),
                    *(["duplicate"] if dup else [])]
    return out


def _chapters(town: Town) -> list[str]:
    return [c for a in db.session.scalars(select(Authority).where(Authority.town_id == town.id))
            for c in a.chapters]
