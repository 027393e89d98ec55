"""Content sniffing: kind from the bytes, declared type checked, truncation, trailers and pixel limits."""

from __future__ import annotations

import io
import struct

import pytest
from PIL import Image

from media.errors import Rejected
from media.kinds import Kind, check_declared, needs_worker
from media.sniff import PILLOW_DEFAULT_MAX_PIXELS, PixelLimits, sniff
from tests.unit.media.factory import BOSTON, make_heic, make_jpeg, make_png, make_webp


def rejected(data: bytes, declared: str | None = None, **kwargs: object) -> Rejected:
    with pytest.raises(Rejected) as caught:
        sniff(io.BytesIO(data), declared, **kwargs)  # type: ignore[arg-type]
    return caught.value


@pytest.mark.parametrize(
    ("data", "kind", "mime"),
    [
        (make_jpeg(BOSTON), Kind.JPEG, "image/jpeg"),
        (make_heic(BOSTON), Kind.HEIC, "image/heic"),
        (make_png(), Kind.PNG, "image/png"),
        (make_webp(), Kind.WEBP, "image/webp"),
        (make_webp(lossless=True), Kind.WEBP, "image/webp"),
    ],
    ids=["jpeg", "heic", "png", "webp-lossy", "webp-lossless"],
)
def test_kind_comes_from_the_content(data: bytes, kind: Kind, mime: str) -> None:
    result = sniff(io.BytesIO(data), mime)
    assert (result.kind, result.mime, result.width, result.height) == (kind, mime, 96, 64)
    assert result.trailing_data_bytes == 0 and result.flags == ()


def test_extended_webp_with_exif_reports_its_canvas() -> None:
    result = sniff(io.BytesIO(make_webp(exif=b"Exif\x00\x00MM\x00*\x00\x00\x00\x08\x00\x00")))
    assert (result.kind, result.width, result.height) == (Kind.WEBP, 96, 64)


@pytest.mark.parametrize(
    ("data", "declared", "kind"),
    [(make_png(), "image/jpeg", Kind.PNG), (make_jpeg(), "image/heic", Kind.JPEG),
     (make_heic(), "image/jpeg; charset=binary", Kind.HEIC)],
    ids=["png-as-jpeg", "jpeg-as-heic", "heic-as-jpeg"],
)
def test_a_declared_type_naming_another_image_type_is_kept_and_flagged(data: bytes, declared: str,
                                                                       kind: Kind) -> None:
    found = sniff(io.BytesIO(data), declared)
    assert (found.kind, found.declared_mismatch) == (kind, declared.split(";")[0])
    assert found.flags == ("declared_type_mismatch",)


@pytest.mark.parametrize("declared", ["text/html", "image/svg+xml", "image/gif", "application/pdf"])
def test_a_declared_type_that_is_no_supported_image_is_refused(declared: str) -> None:
    assert rejected(make_jpeg(), declared).code == "type_mismatch"


@pytest.mark.parametrize(
    "declared", [None, "", "application/octet-stream", "IMAGE/JPEG; charset=binary", "image/jpg"]
)
def test_no_claim_or_a_matching_claim_passes(declared: str | None) -> None:
    found = sniff(io.BytesIO(make_jpeg()), declared)
    assert (found.kind, found.declared_mismatch, found.flags) == (Kind.JPEG, None, ())


def test_heif_and_heic_names_both_match_heic_content() -> None:
    check_declared("image/heif", Kind.HEIC)
    check_declared("image/heic", Kind.HEIC)
    assert needs_worker(Kind.HEIC) and not needs_worker(Kind.JPEG)


@pytest.mark.parametrize(
    "body",
    [
        b"<!DOCTYPE html><html><body><script>alert(1)</script></body></html>",
        b"\xef\xbb\xbf  <svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>",
        b"<?php system($_GET['c']); ?>",
        b"#!/bin/sh\nrm -rf /\n",
    ],
)
def test_markup_or_script_where_the_header_should_be_is_refused(body: bytes) -> None:
    error = rejected(body, "image/jpeg")
    assert error.code == "not_an_image" and "markup" in error.message


def test_empty_and_unknown_content_is_not_an_image() -> None:
    assert rejected(b"").code == "not_an_image"
    assert rejected(b"GIF89a" + bytes(64)).code == "not_an_image"
    assert rejected(bytes(300)).code == "not_an_image"


def test_avif_is_not_accepted_as_heic() -> None:
    head = struct.pack(">I", 24) + b"ftypavif" + bytes(4) + b"mif1avif"
    assert rejected(head + bytes(64)).code == "not_an_image"


def test_trailing_data_after_the_jpeg_eoi_is_accepted_and_flagged() -> None:
    motion_photo = b"\x00\x00\x00\x18ftypmp42" + bytes(4000)  # Google Motion Photo: an MP4 after the JPEG
    samsung = b"...SEFHSEFT" + bytes(100)
    gain_map = make_jpeg(size=(24, 16))  # Ultra HDR: a second JPEG after the primary
    for trailer in (motion_photo, samsung, gain_map):
        result = sniff(io.BytesIO(make_jpeg(BOSTON) + trailer))
        assert result.trailing_data_bytes == len(trailer)
        assert result.flags == ("trailing_data",)


def test_script_appended_after_the_image_is_refused() -> None:
    error = rejected(make_jpeg() + b"\n<?php eval($_POST['x']); ?>")
    assert (error.code, "markup" in error.message) == ("not_an_image", True)


@pytest.mark.parametrize(
    "make", [make_jpeg, make_png, make_webp, make_heic], ids=["jpeg", "png", "webp", "heic"]
)
def test_a_cut_off_upload_is_truncated(make: object) -> None:
    data = make()  # type: ignore[operator]
    assert rejected(data[: len(data) * 2 // 3]).code == "truncated"


def test_garbage_after_a_valid_header_is_corrupt() -> None:
    data = make_jpeg()
    assert data[2:4] == b"\xff\xe0" and data[4:6] == b"\x00\x10"  # SOI, then an 18-byte JFIF segment
    assert rejected(data[:20] + b"\x00" * 50 + data[70:]).code == "corrupt"


def jpeg_claiming(width: int, height: int, *, progressive: bool = False) -> bytes:
    """A small JPEG whose SOF claims another size (the pixel check happens before any decoding)."""
    data = bytearray(make_jpeg(progressive=progressive))
    marker = b"\xff\xc2" if progressive else b"\xff\xc0"
    sof = data.index(marker)
    data[sof + 5 : sof + 9] = struct.pack(">HH", height, width)
    return bytes(data)


def test_big_baseline_jpegs_pass_without_touching_pillows_global_limit() -> None:
    before = Image.MAX_IMAGE_PIXELS
    result = sniff(io.BytesIO(jpeg_claiming(15_000, 12_000)))  # 180 MP: above Pillow's own error limit
    assert (result.width, result.height) == (15_000, 12_000)
    assert Image.MAX_IMAGE_PIXELS == before  # and no DecompressionBombWarning (warnings are errors here)


def test_jpegs_beyond_250_megapixels_are_bombs() -> None:
    assert rejected(jpeg_claiming(20_000, 15_000)).code == "decompression_bomb"


def test_progressive_jpegs_keep_pillows_default_limit() -> None:
    assert sniff(io.BytesIO(jpeg_claiming(9000, 9000, progressive=True))).progressive
    assert rejected(jpeg_claiming(10_000, 10_000, progressive=True)).code == "decompression_bomb"


def png_claiming(width: int, height: int) -> bytes:
    data = bytearray(make_png())
    data[16:24] = struct.pack(">II", width, height)
    data[29:33] = struct.pack(">I", __import__("zlib").crc32(bytes(data[12:29])))
    return bytes(data)


def test_other_formats_keep_pillows_default_limit() -> None:
    assert PILLOW_DEFAULT_MAX_PIXELS == 89_478_485
    assert rejected(png_claiming(10_000, 9_000)).code == "decompression_bomb"  # 90 MP
    assert sniff(io.BytesIO(png_claiming(9_000, 9_000))).width == 9_000  # 81 MP


def test_heic_pixel_limit_comes_from_its_ispe_box() -> None:
    data = bytearray(make_heic())
    ispe = data.index(b"ispe")
    data[ispe + 8 : ispe + 16] = struct.pack(">II", 12_000, 9_000)
    assert rejected(bytes(data)).code == "decompression_bomb"


def test_limits_are_configurable() -> None:
    assert rejected(make_png(), limits=PixelLimits(other=1000)).code == "decompression_bomb"
    assert rejected(make_jpeg(), limits=PixelLimits(baseline_jpeg=1000)).code == "decompression_bomb"


def test_a_lowered_global_limit_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 1000)  # someone else's setting: Image.open refuses
    assert rejected(make_png()).code == "decompression_bomb"
