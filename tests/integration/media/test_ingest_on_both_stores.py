"""The request step and the worker step end to end, on the local disk and on S3."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from media.body import Announced
from media.errors import Rejected
from media.fixity import verify
from media.ingest import ingest_upload, make_derivatives
from media.kinds import Kind
from tests.integration.media.conftest import Backend
from tests.unit.media.factory import ExifSpec, green_corner, make_heic, make_jpeg

TURNED = ExifSpec(latitude=-12.5, longitude=-45.25, altitude_m=-20.0, orientation=6)


def test_jpeg_in_the_request(backend: Backend) -> None:
    result = ingest_upload(io.BytesIO(make_jpeg(TURNED, size=(400, 300))), town="upton", store=backend.store)
    assert result.derivatives is not None
    preview = Image.open(io.BytesIO(backend.store.get(result.derivatives.preview_key)))
    assert preview.size == (300, 400) and green_corner(preview) == "tr"
    assert (result.metadata.latitude, result.metadata.altitude_m) == (-12.5, -20.0)
    assert verify(backend.store, {result.key: result.sha256}).ok


def test_heic_in_the_worker(backend: Backend) -> None:
    result = ingest_upload(io.BytesIO(make_heic(TURNED, size=(400, 300))), town="upton", store=backend.store)
    assert result.derivatives is None and list(backend.store.list_keys()) == [result.key]
    made = make_derivatives(backend.store, result.key, Kind.HEIC)  # S3 bodies cannot seek: spooled first
    thumb = Image.open(io.BytesIO(backend.store.get(made.thumb_key)))
    assert thumb.size == (300, 400) and green_corner(thumb) == "tr"
    assert made.decoded_size == (300, 400)


def test_a_body_shorter_than_announced_leaves_nothing_in_the_store(backend: Backend) -> None:
    whole = make_jpeg(TURNED, size=(400, 300)) + b"MotionPhoto_Data" + bytes(8000)
    cut = whole[:-3000]  # the JPEG parses: only the count shows the trailer is short
    with pytest.raises(Rejected) as caught:
        ingest_upload(io.BytesIO(cut), town="upton", store=backend.store, announced=Announced(len(whole)))
    assert caught.value.code == "body_incomplete" and list(backend.store.list_keys()) == []
    result = ingest_upload(io.BytesIO(whole), town="upton", store=backend.store,
                           announced=Announced(len(whole)))
    assert backend.store.get(result.key) == whole and "trailing_data" in result.flags
