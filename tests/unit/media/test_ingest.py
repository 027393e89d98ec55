"""ingest_upload and make_derivatives against a local store in a temporary directory."""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

import pytest

from media.errors import InvalidKey, Rejected
from media.ingest import ingest_upload, make_derivatives
from media.kinds import Kind
from media.storage import LocalPhotoStore
from tests.unit.media.factory import BOSTON, ExifSpec, make_heic, make_jpeg

PORTRAIT = ExifSpec(latitude=42.58, longitude=-71.80, orientation=6)


@pytest.fixture
def store(tmp_path: Path) -> LocalPhotoStore:
    return LocalPhotoStore(tmp_path / "photos")


def test_jpeg_is_stored_and_derived_in_the_request(store: LocalPhotoStore) -> None:
    data = make_jpeg(PORTRAIT, size=(640, 480))
    result = ingest_upload(io.BytesIO(data), town="gardner", store=store, declared_type="image/jpeg")
    sha = hashlib.sha256(data).hexdigest()
    assert (result.key, result.sha256, result.size, result.kind, result.mime) == (
        f"gardner/{sha}",
        sha,
        len(data),
        Kind.JPEG,
        "image/jpeg",
    )
    assert (result.width, result.height) == (480, 640)  # upright
    assert (result.metadata.source, result.flags) == ("exifread", ())
    assert result.metadata.latitude == pytest.approx(42.58)
    assert store.get(result.key) == data
    assert result.derivatives is not None
    assert result.derivatives.preview_size == (480, 640)
    assert store.exists(result.derivatives.thumb_key) and store.exists(result.derivatives.preview_key)
    assert sorted(store.list_keys()) == sorted(
        [result.key, result.derivatives.thumb_key, result.derivatives.preview_key]
    )


def test_heic_is_stored_now_and_derived_by_the_worker(store: LocalPhotoStore) -> None:
    result = ingest_upload(io.BytesIO(make_heic(PORTRAIT)), town="gardner", store=store)
    assert (result.kind, result.derivatives, result.width, result.height) == (Kind.HEIC, None, 64, 96)
    assert list(store.list_keys()) == [result.key]
    made = make_derivatives(store, result.key, result.kind)
    assert made.preview_size == (64, 96)
    assert store.exists(made.preview_key) and store.exists(made.thumb_key)


def test_heic_can_be_derived_in_the_request_when_asked(store: LocalPhotoStore) -> None:
    result = ingest_upload(io.BytesIO(make_heic()), town="gardner", store=store, derive_now=True)
    assert result.derivatives is not None


def test_the_same_photo_twice_is_one_object(store: LocalPhotoStore) -> None:
    data = make_jpeg(BOSTON)
    first = ingest_upload(io.BytesIO(data), town="gardner", store=store)
    second = ingest_upload(io.BytesIO(data), town="gardner", store=store)
    assert first.key == second.key
    assert len([k for k in store.list_keys() if "derived" not in k]) == 1


def test_trailing_data_is_kept_byte_for_byte_and_flagged(store: LocalPhotoStore) -> None:
    data = make_jpeg(BOSTON) + b"\x00\x00\x00\x18ftypmp42" + bytes(100)
    result = ingest_upload(io.BytesIO(data), town="gardner", store=store)
    assert (result.trailing_data_bytes, "trailing_data" in result.flags) == (112, True)
    assert store.get(result.key) == data


def jpeg_with_bogus_huffman_table() -> bytes:
    """Structurally complete (SOI ... EOI, so sniff passes) but libjpeg cannot decode it."""
    data = bytearray(make_jpeg(size=(64, 64)))
    dht = data.index(b"\xff\xc4")
    data[dht + 5 : dht + 21] = b"\xff" * 16  # code counts summing far beyond 256
    return bytes(data)


@pytest.mark.parametrize(
    ("body", "declared", "code"),
    [
        (b"<html><script>alert(1)</script></html>", "image/jpeg", "not_an_image"),
        (make_jpeg(), "text/html", "type_mismatch"),
        (make_jpeg()[:-300], None, "truncated"),
        (jpeg_with_bogus_huffman_table(), None, "corrupt"),
    ],
    ids=["markup", "not-an-image-type", "cut-off", "undecodable"],
)
def test_refused_uploads_store_nothing(
    store: LocalPhotoStore, body: bytes, declared: str | None, code: str
) -> None:
    with pytest.raises(Rejected) as caught:
        ingest_upload(io.BytesIO(body), town="gardner", store=store, declared_type=declared)
    assert caught.value.code == code
    assert list(store.list_keys()) == []
    assert [p for p in store.root.rglob("*") if p.is_file()] == []


def test_too_large(store: LocalPhotoStore) -> None:
    with pytest.raises(Rejected) as caught:
        ingest_upload(io.BytesIO(make_jpeg(size=(300, 300))), town="gardner", store=store, max_bytes=1000)
    assert caught.value.code == "too_large"


def test_bad_town_is_refused_before_reading(store: LocalPhotoStore) -> None:
    body = io.BytesIO(make_jpeg())
    with pytest.raises(InvalidKey):
        ingest_upload(body, town="../../etc", store=store)
    assert body.tell() == 0


def test_make_derivatives_needs_an_original_key(store: LocalPhotoStore) -> None:
    with pytest.raises(InvalidKey):
        make_derivatives(store, "gardner/derived/" + "a" * 64 + "/thumb.jpg", Kind.JPEG)
