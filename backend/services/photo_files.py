"""Stored photo files: derivatives made later, serving originals as evidence, fixity against the rows."""
from __future__ import annotations

import base64
import uuid

from sqlalchemy import select

from backend.extensions import db
from backend.models import Photo, Town
from backend.runtime import photo_store
from media.fixity import FixityReport, verify
from media.ingest import make_derivatives
from media.keys import original_key
from media.kinds import Kind

MIME_KIND = {"image/jpeg": Kind.JPEG, "image/heic": Kind.HEIC, "image/heif": Kind.HEIC, "image/png": Kind.PNG,
             "image/webp": Kind.WEBP}


def key_of(photo: Photo) -> str:
    return original_key(db.session.get(Town, photo.town_id).slug, photo.sha256)


def derive_stored(photo_id: uuid.UUID) -> None:
    photo = db.session.get(Photo, photo_id)
    if photo is None or photo.derivatives_ready:
        return
    make_derivatives(photo_store(), key_of(photo), MIME_KIND[photo.mime])
    photo.derivatives_ready = True
    db.session.commit()


def repr_digest(sha256_hex: str) -> str:
    """RFC 9530 Repr-Digest for the stored representation."""
    return "sha-256=:" + base64.b64encode(bytes.fromhex(sha256_hex)).decode() + ":"


def fixity_report(town_slug: str | None = None) -> FixityReport:
    """Re-hash originals against their rows: missing, mismatched and orphaned files."""
    stmt = select(Town.slug, Photo.sha256).join(Town, Town.id == Photo.town_id)
    if town_slug:
        stmt = stmt.where(Town.slug == town_slug)
    expected = {original_key(slug, sha): sha for slug, sha in db.session.execute(stmt)}
    return verify(photo_store(), expected, town=town_slug)
