"""Photos: idempotent uploads (multipart POST or raw PUT) and evidence-grade downloads."""
from __future__ import annotations

import datetime as dt
import math
import uuid
from collections.abc import Mapping
from typing import Any

from apiflask import APIBlueprint, abort
from flask import Response, request

from backend.api import photo_body
from backend.api.schemas import PhotoOut, PhotoPatch
from backend.extensions import db
from backend.models import Inspection, Photo
from backend.security import get_in_town, principal, require_roles
from backend.services import photo_files
from backend.services import photos as service
from media.errors import Rejected
from media.keys import derivative_key
from media.location import DeviceFix, Position

bp = APIBlueprint("photos", __name__, url_prefix="/api/v1", tag="Photos")
FIELD = ("agent", "enforcing_officer")
READERS = ("agent", "board_member", "enforcing_officer", "town_admin")
UPLOAD_DOC = ("Upload one photo under a client-generated photo id. The client also sends the position it "
              "measured at capture (browsers strip GPS): lat, lon, accuracy_m, captured_at; optionally a "
              "manual pin (manual_lat, manual_lon) and not_for_public. A retry with the same id and bytes "
              "returns the stored record (200); other bytes under the same id are a 409. Type comes from "
              "the content (a declared type naming another supported image is recorded and flagged). A body "
              "shorter than its Content-Length, or whose Content-Digest/Repr-Digest (RFC 9530, sha-256 or "
              "sha-512) does not match, is a 400 and nothing is stored.")


def _float(values: Mapping[str, Any], name: str, lo: float, hi: float) -> float | None:
    raw = values.get(name)
    if raw in (None, ""):
        return None
    try:
        value = float(raw)
    except (TypeError, ValueError):
        value = math.nan
    if not math.isfinite(value) or not lo <= value <= hi:
        abort(422, "invalid capture facts", detail={"form": {name: [f"a number from {lo} to {hi}"]}})
    return value


def _instant(values: Mapping[str, Any], name: str) -> dt.datetime | None:
    raw = values.get(name)
    if not raw:
        return None
    try:
        value = dt.datetime.fromisoformat(str(raw).replace("Z", "+00:00"))
    except ValueError:
        value = None
    if value is None or value.tzinfo is None:
        abort(422, "invalid capture facts", detail={"form": {name: ["an ISO 8601 instant with its offset"]}})
    return value


def capture_facts(values: Mapping[str, Any]) -> service.CaptureFacts:
    lat, lon = _float(values, "lat", -90, 90), _float(values, "lon", -180, 180)
    accuracy = _float(values, "accuracy_m", 0, 100_000)
    mlat, mlon = _float(values, "manual_lat", -90, 90), _float(values, "manual_lon", -180, 180)
    if (lat is None) != (lon is None) or (mlat is None) != (mlon is None):
        abort(422, "invalid capture facts", detail={"form": {"lat": ["lat and lon go together"]}})
    device = None if lat is None else DeviceFix(Position(lat, lon, accuracy), _instant(values, "captured_at"))
    manual = None if mlat is None else Position(mlat, mlon)
    flag = str(values.get("not_for_public", "")).lower() in ("1", "true", "yes", "on")
    return service.CaptureFacts(device, manual, flag)


def _photo_id(raw: Any) -> uuid.UUID:
    try:
        return uuid.UUID(str(raw))
    except ValueError:
        abort(422, "invalid photo id", detail={"form": {"photo_id": ["a client-generated UUID"]}})


def _answer(photo: Photo, created: bool):  # type: ignore[no-untyped-def]
    return PhotoOut().dump(photo_view(photo)), (201 if created else 200)


@bp.post("/inspections/<uuid:inspection_id>/photos")
@bp.doc(security="BearerAuth", description=UPLOAD_DOC,
        responses={201: "stored", 200: "already stored", 400: "the body did not arrive whole",
                   409: "id used for other bytes", 413: "too large", 422: "not an acceptable image"})
@require_roles(*FIELD)
def upload_photo_multipart(inspection_id: uuid.UUID):  # type: ignore[no-untyped-def]
    inspection = get_in_town(Inspection, inspection_id)
    expected = photo_body.announced(request)
    tally = photo_body.tally_form_body(request, expected)
    upload = request.files.get("file")
    photo_body.drain(request)
    try:
        tally.check(expected)
    except Rejected as exc:
        service.rejected(exc)
    if upload is None:
        abort(422, "no file", detail={"form": {"file": ["a multipart part named 'file' is required"]}})
    photo, created = service.upload(principal(), inspection, _photo_id(request.form.get("photo_id")),
                                    upload.stream, declared_type=upload.mimetype or None,
                                    facts=capture_facts(request.form), verified=tuple(expected.digests))
    return _answer(photo, created)


@bp.put("/inspections/<uuid:inspection_id>/photos/<uuid:photo_id>")
@bp.doc(security="BearerAuth", description=UPLOAD_DOC + " Raw body; capture facts as query parameters.",
        responses={201: "stored", 200: "already stored", 400: "the body did not arrive whole",
                   409: "id used for other bytes", 413: "too large", 422: "not an acceptable image"})
@require_roles(*FIELD)
def upload_photo_raw(inspection_id: uuid.UUID, photo_id: uuid.UUID):  # type: ignore[no-untyped-def]
    inspection = get_in_town(Inspection, inspection_id)
    declared = request.mimetype if request.mimetype not in ("", "application/octet-stream") else None
    facts, expected = capture_facts(request.args), photo_body.announced(request)
    photo, created = service.upload(principal(), inspection, photo_id, photo_body.RequestBody(request),
                                    declared_type=declared, facts=facts, announced=expected)
    return _answer(photo, created)


def photo_view(photo: Photo) -> dict[str, Any]:
    out = {c: getattr(photo, c) for c in ("id", "inspection_id", "sha256", "size", "mime", "width", "height",
                                          "taken_at", "lat", "lon", "accuracy_m", "provenance", "flags",
                                          "checks", "meta", "not_for_public")}
    out["derivatives"] = "ready" if photo.derivatives_ready else "pending"
    return out


@bp.get("/inspections/<uuid:inspection_id>/photos")
@bp.output(PhotoOut(many=True))
@bp.doc(security="BearerAuth")
@require_roles(*READERS)
def list_photos(inspection_id: uuid.UUID) -> list[dict[str, Any]]:
    inspection = get_in_town(Inspection, inspection_id)
    rows = db.session.query(Photo).filter_by(inspection_id=inspection.id).order_by(Photo.created_at)
    return [photo_view(p) for p in rows]


@bp.get("/photos/<uuid:photo_id>")
@bp.output(PhotoOut)
@bp.doc(security="BearerAuth")
@require_roles(*READERS)
def get_photo(photo_id: uuid.UUID) -> dict[str, Any]:
    return photo_view(get_in_town(Photo, photo_id))


@bp.patch("/photos/<uuid:photo_id>")
@bp.input(PhotoPatch)
@bp.output(PhotoOut)
@bp.doc(security="BearerAuth", summary="Mark a photo not for public notice (faces, neighbours)")
@require_roles(*FIELD)
def update_photo(photo_id: uuid.UUID, json_data: dict) -> dict[str, Any]:
    photo = get_in_town(Photo, photo_id)
    photo.not_for_public = json_data["not_for_public"]
    db.session.commit()
    return photo_view(photo)


@bp.get("/photos/<uuid:photo_id>/original")
@bp.doc(security="BearerAuth", summary="The original, byte for byte, as an attachment")
@require_roles(*READERS)
def get_original(photo_id: uuid.UUID) -> Response:
    photo = get_in_town(Photo, photo_id)
    etag = f'"{photo.sha256}"'
    headers = {"ETag": etag, "Repr-Digest": photo_files.repr_digest(photo.sha256), "Cache-Control": "private",
               "Content-Security-Policy": "default-src 'none'; sandbox", "X-Content-Type-Options": "nosniff",
               "Content-Disposition": f'attachment; filename="{photo.id}.{photo.mime.split("/")[-1]}"'}
    if etag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]:
        return Response(status=304, headers=headers)
    stream = photo_files.photo_store().open(photo_files.key_of(photo))
    return Response(_chunks(stream), mimetype=photo.mime,
                    headers=headers | {"Content-Length": str(photo.size)})


def _chunks(stream):  # type: ignore[no-untyped-def]
    with stream:
        while chunk := stream.read(1024 * 1024):
            yield chunk


@bp.get("/photos/<uuid:photo_id>/<any(thumb, preview):name>")
@bp.doc(security="BearerAuth", summary="EXIF-free sRGB JPEG derivative (202 while it is being made)")
@require_roles(*READERS)
def get_derivative(photo_id: uuid.UUID, name: str) -> Response:
    photo = get_in_town(Photo, photo_id)
    if not photo.derivatives_ready:
        return Response('{"message": "derivative pending", "detail": {"pending": true}}', status=202,
                        mimetype="application/json", headers={"Retry-After": "5"})
    town_slug = photo_files.key_of(photo).split("/")[0]
    data = photo_files.photo_store().get(derivative_key(town_slug, photo.sha256, f"{name}.jpg"))
    return Response(data, mimetype="image/jpeg", headers={"Cache-Control": "private, max-age=86400",
                                                          "X-Content-Type-Options": "nosniff"})
