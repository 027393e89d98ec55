"""Derivatives: sizes, orientation applied exactly once, draft decoding, sRGB, no metadata left."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageCms, ImageOps

from media.derivatives import Derivatives, derive, fitted_box
from media.errors import Rejected
from media.kinds import Kind
from tests.unit.media.factory import (
    BOSTON,
    GREEN,
    ExifSpec,
    display_p3_icc,
    encode,
    green_corner,
    make_heic,
    make_jpeg,
    make_png,
    make_webp,
    scene,
)


def run(data: bytes, kind: Kind = Kind.JPEG, **kwargs: object) -> Derivatives:
    return derive(io.BytesIO(data), kind, **kwargs)  # type: ignore[arg-type]


def opened(jpeg: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(jpeg))
    assert img.format == "JPEG"
    return img


def test_fitted_box_keeps_the_aspect_and_never_upscales() -> None:
    assert fitted_box((4032, 3024), 1600) == (1600, 1200)
    assert fitted_box((3024, 4032), 1600) == (1200, 1600)
    assert fitted_box((300, 200), 1600) == (300, 200)


def test_sizes_of_preview_and_thumb() -> None:
    made = run(make_jpeg(size=(2000, 1500)))
    assert (made.preview_size, made.thumb_size, made.source_size) == ((1600, 1200), (512, 384), (2000, 1500))
    assert opened(made.preview).size == (1600, 1200) and opened(made.thumb).size == (512, 384)


def test_small_images_are_not_upscaled() -> None:
    made = run(make_jpeg(size=(300, 200)))
    assert (made.preview_size, made.thumb_size) == ((300, 200), (300, 200))


def test_draft_decodes_a_big_jpeg_at_a_fraction_of_its_size() -> None:
    made = run(make_jpeg(size=(4000, 3000)))
    assert made.decoded_size == (2000, 1500)  # libjpeg scaled 1/2: still covers the 1600x1200 preview
    assert made.preview_size == (1600, 1200)


def test_draft_box_follows_the_aspect_of_portrait_and_panorama_images() -> None:
    assert run(make_jpeg(size=(1500, 2000)), preview_long_side=400).decoded_size == (375, 500)  # 1/4
    assert run(make_jpeg(size=(4000, 1000)), preview_long_side=400).decoded_size == (500, 125)  # 1/8


@pytest.mark.parametrize("orientation", range(1, 9))
def test_jpeg_orientation_is_applied_once(orientation: int) -> None:
    data = make_jpeg(ExifSpec(orientation=orientation), size=(96, 64))
    expected = ImageOps.exif_transpose(Image.open(io.BytesIO(data)))  # Pillow's reference, full size
    made = run(data)
    assert made.preview_size == expected.size
    assert green_corner(opened(made.preview)) == green_corner(expected)
    assert green_corner(opened(made.thumb)) == green_corner(expected)


@pytest.mark.parametrize("orientation", [3, 6, 8])
def test_heic_orientation_is_applied_once_by_libheif(orientation: int) -> None:
    reference = ImageOps.exif_transpose(opened(make_jpeg(ExifSpec(orientation=orientation))))
    made = run(make_heic(ExifSpec(orientation=orientation)), Kind.HEIC)
    assert made.preview_size == reference.size
    assert green_corner(opened(made.preview)) == green_corner(reference)


def test_big_heic_is_reduced_in_strips_to_the_preview() -> None:
    made = run(make_heic(ExifSpec(orientation=6), size=(1200, 800)), Kind.HEIC, preview_long_side=256)
    assert made.decoded_size == (800, 1200)  # full size, upright
    assert made.preview_size == (171, 256)
    assert green_corner(opened(made.preview)) == "tr"


def test_outputs_carry_no_exif_gps_icc_or_comment() -> None:
    data = make_jpeg(BOSTON, size=(640, 480), icc_profile=display_p3_icc(), comment=b"secret")
    for jpeg in (run(data).preview, run(data).thumb):
        img = opened(jpeg)
        assert not img.getexif() and "exif" not in img.info
        assert "icc_profile" not in img.info and "comment" not in img.info
        assert b"Exif" not in jpeg and b"secret" not in jpeg and b"acsp" not in jpeg


def test_display_p3_is_converted_to_srgb() -> None:
    p3 = display_p3_icc()
    colour = (200, 120, 60)
    data = encode(Image.new("RGB", (64, 64), colour), "PNG", icc_profile=p3)
    made = run(data, Kind.PNG)
    reference = ImageCms.profileToProfile(
        Image.new("RGB", (1, 1), colour),
        ImageCms.ImageCmsProfile(io.BytesIO(p3)),
        ImageCms.createProfile("sRGB"),
    )
    assert reference is not None
    expected = reference.getpixel((0, 0))
    got = opened(made.preview).getpixel((32, 32))
    assert made.colour == "icc_converted"
    assert isinstance(got, tuple) and isinstance(expected, tuple)
    assert all(abs(a - b) <= 3 for a, b in zip(got, expected, strict=True))
    assert abs(got[0] - colour[0]) >= 10  # the conversion really moved the colour


def test_unusable_icc_profile_is_reported_and_ignored() -> None:
    made = run(make_jpeg(icc_profile=b"not a profile at all, really"))
    assert made.colour == "icc_unusable"


def test_without_a_profile_srgb_is_assumed() -> None:
    assert run(make_jpeg()).colour == "assumed_srgb"


def test_transparent_png_is_flattened_on_white() -> None:
    img = Image.new("RGBA", (64, 64), (0, 0, 0, 0))
    img.paste((*GREEN, 255), (0, 0, 16, 16))
    made = run(encode(img, "PNG"), Kind.PNG)
    preview = opened(made.preview)
    assert preview.mode == "RGB"
    assert preview.getpixel((60, 60)) == pytest.approx((255, 255, 255), abs=3)
    assert green_corner(preview) == "tl"


@pytest.mark.parametrize(
    ("data", "kind"),
    [(make_png(size=(900, 600)), Kind.PNG), (make_webp(size=(900, 600)), Kind.WEBP)],
    ids=["png", "webp"],
)
def test_png_and_webp(data: bytes, kind: Kind) -> None:
    made = run(data, kind, preview_long_side=300, thumb_long_side=100)
    assert (made.preview_size, made.thumb_size, made.decoded_size) == ((300, 200), (100, 67), (900, 600))


def test_palette_and_16_bit_images_are_converted() -> None:
    palette = scene().convert("P")
    deep = Image.linear_gradient("L").resize((96, 64)).convert("I").point(lambda v: v * 257).convert("I;16")
    assert run(encode(palette, "PNG"), Kind.PNG).preview_size == (96, 64)
    grey = opened(run(encode(deep, "PNG"), Kind.PNG).preview)
    assert grey.mode == "RGB" and 100 < grey.getpixel((48, 32))[0] < 160  # type: ignore[index]


def test_undecodable_pixels_are_rejected() -> None:
    data = make_jpeg(size=(256, 256))
    with pytest.raises(Rejected) as caught:
        run(data[: len(data) // 2])  # derive on its own, without sniff in front
    assert caught.value.code in ("truncated", "corrupt")


def test_corrupt_heic_is_rejected() -> None:
    data = bytearray(make_heic(size=(256, 256)))
    mdat = data.index(b"mdat")
    data[mdat + 8 :] = bytes(len(data) - mdat - 8)
    with pytest.raises(Rejected):
        run(bytes(data), Kind.HEIC)


def test_heic_pixel_limit_is_checked_before_decoding() -> None:
    from media.sniff import PixelLimits

    with pytest.raises(Rejected) as caught:
        run(make_heic(), Kind.HEIC, limits=PixelLimits(other=1000))
    assert caught.value.code == "decompression_bomb"
