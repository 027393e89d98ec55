"""Two independent EXIF readers reduced to the same plain shape, so one parser serves both.

``exifread`` is the primary reader; Pillow's ``getexif()`` / ``get_ifd()`` is the fallback for the HEIC
layouts exifread mis-parses (it ignores ``iloc`` base offsets, as libheif writes them) and for files it
chokes on.  Both readers may raise anything on hostile input; callers catch.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, BinaryIO

import exifread
from PIL import Image

GPS_IFD = 0x8825
EXIF_IFD = 0x8769
ORIENTATION = 0x0112

Value = str | int | float | bytes | list["Value"] | None


@dataclass
class RawTags:
    """Tag id -> plain value, per IFD.  Rationals become floats (NaN when the denominator is 0)."""

    ifd0: dict[int, Value] = field(default_factory=dict)
    exif: dict[int, Value] = field(default_factory=dict)
    gps: dict[int, Value] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.ifd0 or self.exif or self.gps)


def plain(value: Any) -> Value:
    """Normalise one tag value from either reader."""
    if isinstance(value, str):
        return value.strip("\x00 ").strip()
    if isinstance(value, bytes | bytearray):
        return bytes(value)
    if isinstance(value, list | tuple):
        return [plain(v) for v in value[:64]]
    if isinstance(value, bool | int):
        return int(value)
    if isinstance(value, Fraction | float):
        return _as_float(value)
    if hasattr(value, "numerator") and hasattr(value, "denominator"):  # Pillow's IFDRational
        return _as_float(value)
    return None


def _as_float(value: Any) -> float:
    try:
        result = float(value)
    except (ZeroDivisionError, OverflowError, TypeError, ValueError):
        return math.nan
    return result


_EXIFREAD_GROUPS = {"Image": "ifd0", "EXIF": "exif", "GPS": "gps"}


def raw_from_exifread(fp: BinaryIO) -> RawTags:
    """Run exifread (no maker notes, no thumbnail) and index its tags by IFD and numeric id."""
    fp.seek(0)
    tags = exifread.process_file(fp, details=False, extract_thumbnail=False)
    raw = RawTags()
    for name, tag in tags.items():
        group = _EXIFREAD_GROUPS.get(str(name).split(" ", 1)[0])
        if group is not None and isinstance(getattr(tag, "tag", None), int):
            getattr(raw, group)[tag.tag] = plain(tag.values)
    return raw


def raw_from_pillow(im: Image.Image) -> RawTags:
    """Pillow's view of the same tags.  For HEIC, pillow-heif has already reset the orientation tag to 1
    (libheif applies the rotation on decode) and keeps the camera's value in ``info['original_orientation']``.
    """
    exif = im.getexif()
    raw = RawTags(
        ifd0={k: plain(v) for k, v in exif.items() if k not in (GPS_IFD, EXIF_IFD)},
        exif={k: plain(v) for k, v in exif.get_ifd(EXIF_IFD).items()},
        gps={k: plain(v) for k, v in exif.get_ifd(GPS_IFD).items()},
    )
    original = im.info.get("original_orientation")
    if isinstance(original, int):
        raw.ifd0[ORIENTATION] = original
    return raw
