"""Thumbnail (~512 px) and preview (~1600 px) JPEGs: upright, sRGB, and free of EXIF, GPS and ICC data.

Decoding happens once, at the smallest size that still covers the preview:

* JPEG: ``draft('RGB', box)`` makes libjpeg decode at 1/2, 1/4 or 1/8 scale.  The box must have the
  image's own aspect ratio -- Pillow picks ``min(w // box_w, h // box_h)`` -- otherwise it silently decodes
  at full size.  The EXIF orientation is applied to the small preview, once.
* HEIC: libheif decodes at full size and applies the HEIF rotation/mirror itself (pillow-heif resets the
  EXIF tag to 1), so no EXIF rotation is applied again.  The decoded buffer is box-reduced in strips
  straight into a small image, so only one full-size copy (libheif's) ever exists.  An embedded HEIF
  thumbnail is never used: it need not show what the primary image shows.
* PNG/WebP: decoded at full size, then box-reduced like HEIC.

The thumbnail is made from the preview.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import BinaryIO

import pillow_heif
from PIL import Image

from media.colour import Colour, normalise_mode, to_srgb
from media.errors import Rejected
from media.exif_readers import ORIENTATION
from media.kinds import Kind
from media.sniff import DEFAULT_LIMITS, PixelLimits, check_pixels, open_image

PREVIEW_LONG_SIDE = 1600
THUMB_LONG_SIDE = 512
JPEG_QUALITY = 82
RESAMPLE = Image.Resampling.LANCZOS
_STRIP_ROWS = 64  # output rows per strip when reducing a decoded HEIC

_TRANSPOSE = {  # the same table as ImageOps.exif_transpose
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_270,
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_90,
}


@dataclass(frozen=True)
class Derivatives:
    preview: bytes  # JPEG
    thumb: bytes  # JPEG
    preview_size: tuple[int, int]  # upright
    thumb_size: tuple[int, int]
    source_size: tuple[int, int]  # the original's pixel size as stored
    decoded_size: tuple[int, int]  # what the decoder produced (smaller than source when drafted)
    colour: Colour


@dataclass(frozen=True)
class _Decoded:
    image: Image.Image
    icc_profile: bytes | None
    orientation: int  # still to apply
    source_size: tuple[int, int]
    decoded_size: tuple[int, int]


def fitted_box(size: tuple[int, int], long_side: int) -> tuple[int, int]:
    """``size`` scaled so its long side is at most ``long_side``, aspect kept (never upscaled)."""
    width, height = size
    scale = min(1.0, long_side / max(width, height))
    return max(1, round(width * scale)), max(1, round(height * scale))


def derive(
    fp: BinaryIO,
    kind: Kind,
    *,
    preview_long_side: int = PREVIEW_LONG_SIDE,
    thumb_long_side: int = THUMB_LONG_SIDE,
    quality: int = JPEG_QUALITY,
    limits: PixelLimits = DEFAULT_LIMITS,
) -> Derivatives:
    """Make both derivatives from the image in ``fp``; raise :class:`Rejected` if it cannot be decoded."""
    decoded = _decode(fp, kind, preview_long_side, limits)
    preview, colour = to_srgb(_resize(decoded.image, preview_long_side), decoded.icc_profile)
    transpose = _TRANSPOSE.get(decoded.orientation)
    if transpose is not None:
        preview = preview.transpose(transpose)
    thumb = _resize(preview, thumb_long_side)
    return Derivatives(
        preview=encode_jpeg(preview, quality),
        thumb=encode_jpeg(thumb, quality),
        preview_size=preview.size,
        thumb_size=thumb.size,
        source_size=decoded.source_size,
        decoded_size=decoded.decoded_size,
        colour=colour,
    )


def encode_jpeg(img: Image.Image, quality: int = JPEG_QUALITY) -> bytes:
    """Baseline JPEG with no metadata at all (no EXIF, no ICC: sRGB is implied, no comment)."""
    img.info = {}
    out = io.BytesIO()
    img.save(out, "JPEG", quality=quality)
    return out.getvalue()


def _resize(img: Image.Image, long_side: int) -> Image.Image:
    box = fitted_box(img.size, long_side)
    return img if box == img.size else img.resize(box, RESAMPLE)


def _decode(fp: BinaryIO, kind: Kind, long_side: int, limits: PixelLimits) -> _Decoded:
    if kind is Kind.HEIC:
        return _decode_heic(fp, long_side, limits)
    im = open_image(fp, kind, limits=limits)  # not closed here: closing would discard the decoded pixels
    source_size, orientation = im.size, _orientation(im)
    if kind is Kind.JPEG:
        im.draft("RGB", fitted_box(im.size, long_side))
    try:
        im.load()
    except Exception as exc:  # hostile pixels: any decoder failure is a rejection
        im.close()
        raise _decode_error(exc) from None
    image = _prereduce(normalise_mode(im), long_side)
    return _Decoded(image, im.info.get("icc_profile"), orientation, source_size, im.size)


def _orientation(im: Image.Image) -> int:
    try:
        value = im.getexif().get(ORIENTATION, 1)
    except Exception:  # unreadable EXIF: the metadata reader flags it; pixels stay as stored
        return 1
    return value if isinstance(value, int) and value in _TRANSPOSE else 1


def _prereduce(img: Image.Image, long_side: int) -> Image.Image:
    factor = _reduce_factor(img.size, long_side)
    return img.reduce(factor) if factor > 1 else img


def _reduce_factor(size: tuple[int, int], long_side: int) -> int:
    """Largest integer box-reduction that keeps the image at least as large as the fitted preview box."""
    box = fitted_box(size, long_side)
    return max(1, min(size[0] // box[0], size[1] // box[1]))


def _decode_heic(fp: BinaryIO, long_side: int, limits: PixelLimits) -> _Decoded:
    fp.seek(0)
    try:
        heif = pillow_heif.open_heif(fp, convert_hdr_to_8bit=True)
        primary = heif[heif.primary_index]
        check_pixels(Kind.HEIC, primary.size, False, limits)
        icc = primary.info.get("icc_profile")
        data, stride, mode, size = primary.data, primary.stride, primary.mode, primary.size
    except Rejected:
        raise
    except Exception as exc:  # hostile input: libheif errors of any kind
        raise _decode_error(exc) from None
    image = _reduce_strips(mode, size, memoryview(data), stride, _reduce_factor(size, long_side))
    return _Decoded(normalise_mode(image), icc if isinstance(icc, bytes) else None, 1, size, size)


def _reduce_strips(
    mode: str, size: tuple[int, int], data: memoryview, stride: int, factor: int
) -> Image.Image:
    width, height = size
    if factor == 1:
        return Image.frombuffer(mode, size, data, "raw", mode, stride, 1)  # type: ignore[arg-type]
    out = Image.new(mode, (-(-width // factor), -(-height // factor)))
    step = factor * _STRIP_ROWS
    for top in range(0, height, step):
        rows = min(step, height - top)
        rows_data = data[top * stride : (top + rows) * stride]  # a view, not a copy
        strip = Image.frombuffer(mode, (width, rows), rows_data, "raw", mode, stride, 1)  # type: ignore[arg-type]
        out.paste(strip.reduce(factor), (0, top // factor))
    return out


def _decode_error(exc: Exception) -> Rejected:
    text = str(exc)
    if "truncated" in text.lower():
        return Rejected("truncated", f"the image data stops early: {text}")
    return Rejected("corrupt", f"the image cannot be decoded: {text}")
