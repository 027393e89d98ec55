"""Photo metadata for evidence: where (GPS), when (camera clock and GPS clock), which way up, which camera.

:func:`read_metadata` never raises.  Unreadable, truncated or hostile EXIF gives a :class:`PhotoMetadata`
with nothing in it and a flag; single implausible fields are dropped with a flag of their own.

Flags: ``exif_missing`` (no EXIF at all), ``exif_unreadable`` (EXIF present or readers crashed, nothing
usable), ``exifread_failed`` (primary reader failed, Pillow's answer used), ``exif_malformed`` (the block's
directories overrun it, loop or point outside it: :mod:`media.exif_structure`; what the readers found is
kept, with the problems in ``exif_problems``, and is not to be presented as trustworthy), ``gps_invalid``,
``gps_ref_missing`` (no N/S or E/W: the sign is unknown, so no position), ``gps_null_island`` (0,0),
``altitude_invalid``, ``gps_time_invalid``, ``taken_at_invalid``, ``taken_at_offset_unknown`` (naive
local camera time), ``orientation_invalid`` (the tag's value is kept in ``orientation_raw``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from datetime import UTC, datetime, timedelta, timezone
from typing import BinaryIO, Literal

from media.exif_readers import ORIENTATION, RawTags, Value, raw_from_exifread, raw_from_pillow
from media.exif_structure import structure_problems
from media.kinds import Kind
from media.sniff import open_image

Source = Literal["exifread", "pillow", "none"]

# GPS IFD
_LAT_REF, _LAT, _LON_REF, _LON, _ALT_REF, _ALT, _GPS_TIME, _GPS_DATE, _H_ERROR = 1, 2, 3, 4, 5, 6, 7, 29, 31
# Exif IFD and IFD0
_DATETIME_ORIGINAL, _OFFSET_ORIGINAL, _SUBSEC_ORIGINAL = 0x9003, 0x9011, 0x9291
_MAKE, _MODEL = 0x010F, 0x0110


@dataclass(frozen=True)
class PhotoMetadata:
    source: Source = "none"
    latitude: float | None = None  # WGS84 degrees, south negative
    longitude: float | None = None  # west negative
    altitude_m: float | None = None  # below sea level negative
    gps_h_error_m: float | None = None  # GPSHPositioningError: horizontal error, metres
    gps_time: datetime | None = None  # GPS date + time stamp, aware UTC
    # DateTimeOriginal: aware when OffsetTimeOriginal is known, else naive local wall-clock time
    taken_at: datetime | None = None
    orientation: int | None = None  # EXIF orientation 1..8 as the camera wrote it
    make: str | None = None
    model: str | None = None
    flags: tuple[str, ...] = ()
    orientation_raw: int | str | None = None  # the Orientation tag's value when it is not 1..8
    exif_problems: tuple[str, ...] = ()  # what is wrong with the block's structure (exif_malformed)

    @property
    def has_position(self) -> bool:
        return self.latitude is not None and self.longitude is not None

    @property
    def trustworthy(self) -> bool:
        """False when the values come from a malformed block: keep them, never present them as facts."""
        return "exif_malformed" not in self.flags

    @property
    def found(self) -> int:
        """How many fields hold a value: used to pick the better of two readers."""
        skip = ("source", "flags", "exif_problems")
        return sum(getattr(self, f.name) is not None for f in fields(self) if f.name not in skip)


def read_metadata(fp: BinaryIO, kind: Kind) -> PhotoMetadata:
    """What the readers found, flagged ``exif_malformed`` when the block's structure is broken.  Never
    raises."""
    block = _attempt_block(fp, kind)
    found = _read(fp, kind, bool(block))
    problems = _attempt_problems(block) if block else ()
    if problems:
        return replace(found, flags=found.flags + ("exif_malformed",), exif_problems=problems)
    return found


def _read(fp: BinaryIO, kind: Kind, block_present: bool) -> PhotoMetadata:
    """exifread first; Pillow when exifread fails or finds less."""
    primary = _attempt(lambda: metadata_from_raw(raw_from_exifread(fp), "exifread"))
    if primary is not None and primary.found and not _has_field_flags(primary):
        return primary
    fallback = _attempt(lambda: metadata_via_pillow(fp, kind))
    usable = [m for m in (primary, fallback) if m is not None and m.found]
    if usable:
        best = max(usable, key=lambda m: m.found)  # ties keep exifread
        return _with_flags(best, ("exifread_failed",) if primary is None else ())
    crashed = primary is None and fallback is None
    return PhotoMetadata(flags=("exif_unreadable",) if crashed or block_present else ("exif_missing",))


def metadata_via_exifread(fp: BinaryIO) -> PhotoMetadata:
    """exifread alone (may raise): for cross-checking the readers."""
    return metadata_from_raw(raw_from_exifread(fp), "exifread")


def metadata_via_pillow(fp: BinaryIO, kind: Kind) -> PhotoMetadata:
    """Pillow alone (may raise): ``getexif()``, ``get_ifd(0x8825)`` GPS and ``get_ifd(0x8769)`` Exif."""
    with open_image(fp, kind) as im:
        return metadata_from_raw(raw_from_pillow(im), "pillow")


def _attempt(read: Callable[[], PhotoMetadata]) -> PhotoMetadata | None:
    try:
        return read()
    except Exception:  # hostile EXIF may break either reader in any way; the caller falls back
        return None


def _attempt_block(fp: BinaryIO, kind: Kind) -> bytes | None:
    """The EXIF block as the container holds it (Pillow finds it in JPEG, HEIC, PNG and WebP)."""
    try:
        with open_image(fp, kind) as im:
            block = im.info.get("exif")
    except Exception:  # unreadable container: nothing more to say about its EXIF
        return None
    return bytes(block) if isinstance(block, bytes | bytearray) and block else None


def _attempt_problems(block: bytes) -> tuple[str, ...]:
    try:
        return structure_problems(block)
    except Exception:  # a walk that fails is itself a sign of a broken block
        return ("the EXIF block's directories cannot be walked",)


def _has_field_flags(meta: PhotoMetadata) -> bool:
    return any(f.endswith(("_invalid", "_missing")) for f in meta.flags)


def _with_flags(meta: PhotoMetadata, extra: tuple[str, ...]) -> PhotoMetadata:
    return replace(meta, flags=meta.flags + extra)


def metadata_from_raw(raw: RawTags, source: Source) -> PhotoMetadata:
    """Validate and convert the plain tags of one reader."""
    flags: list[str] = []
    lat, lon = _position(raw.gps, flags)
    return PhotoMetadata(
        source=source if raw else "none",
        latitude=lat,
        longitude=lon,
        altitude_m=_altitude(raw.gps, flags),
        gps_h_error_m=_non_negative(raw.gps.get(_H_ERROR)),
        gps_time=_gps_time(raw.gps, flags),
        taken_at=_taken_at(raw.exif, flags),
        orientation=_orientation(raw.ifd0, flags),
        make=_text(raw.ifd0.get(_MAKE)),
        model=_text(raw.ifd0.get(_MODEL)),
        flags=tuple(flags),
        orientation_raw=_orientation_raw(raw.ifd0) if "orientation_invalid" in flags else None,
    )


def _first(value: Value) -> Value:
    return value[0] if isinstance(value, list) and value else value


def _number(value: Value) -> float | None:
    value = _first(value)
    if isinstance(value, bytes) and len(value) == 1:
        value = value[0]
    if isinstance(value, int | float) and math.isfinite(value):
        return float(value)
    return None


def _non_negative(value: Value) -> float | None:
    number = _number(value)
    return number if number is not None and number >= 0 else None


def _text(value: Value, limit: int = 64) -> str | None:
    if isinstance(value, bytes):
        value = value.decode("ascii", "replace")
    if not isinstance(value, str):
        return None
    cleaned = "".join(c for c in value if c.isprintable()).strip()[:limit]
    return cleaned or None


def _ref(value: Value) -> str | None:
    text = _text(value)
    return text[0].upper() if text else None


def _degrees(value: Value, bound: float) -> float | None:
    parts = value if isinstance(value, list) else [value]
    numbers = [_number(p) for p in parts[:3]]
    if not numbers or any(n is None or n < 0 for n in numbers):
        return None
    dms = [n for n in numbers if n is not None] + [0.0, 0.0]
    if dms[1] > 60 or dms[2] > 60:  # exactly 60 happens when writers round 59.9999996
        return None
    degrees = dms[0] + dms[1] / 60 + dms[2] / 3600
    return degrees if degrees <= bound else None


def _position(gps: dict[int, Value], flags: list[str]) -> tuple[float | None, float | None]:
    if _LAT not in gps and _LON not in gps:
        return None, None
    lat, lon = _degrees(gps.get(_LAT), 90), _degrees(gps.get(_LON), 180)
    lat_ref, lon_ref = _ref(gps.get(_LAT_REF)), _ref(gps.get(_LON_REF))
    if lat is None or lon is None or lat_ref not in (None, "N", "S") or lon_ref not in (None, "E", "W"):
        flags.append("gps_invalid")
        return None, None
    if lat_ref is None or lon_ref is None:
        flags.append("gps_ref_missing")
        return None, None
    if lat == 0 and lon == 0:
        flags.append("gps_null_island")
        return None, None
    return (-lat if lat_ref == "S" else lat), (-lon if lon_ref == "W" else lon)


def _altitude(gps: dict[int, Value], flags: list[str]) -> float | None:
    if _ALT not in gps:
        return None
    altitude, ref = _non_negative(gps.get(_ALT)), _number(gps.get(_ALT_REF, 0))
    if altitude is None or ref not in (0, 1):
        flags.append("altitude_invalid")
        return None
    return -altitude if ref == 1 else altitude


_DATE = re.compile(r"^(\d{4})[:-](\d{2})[:-](\d{2})$")
_DATETIME = re.compile(r"^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})$")
_OFFSET = re.compile(r"^([+-])(\d{2}):(\d{2})$")


def _gps_time(gps: dict[int, Value], flags: list[str]) -> datetime | None:
    if _GPS_DATE not in gps and _GPS_TIME not in gps:
        return None
    date = _DATE.match(_text(gps.get(_GPS_DATE)) or "")
    hms = gps.get(_GPS_TIME)
    numbers = [_number(v) for v in hms[:3]] if isinstance(hms, list) and len(hms) == 3 else []
    try:
        if date is None or len(numbers) != 3 or None in numbers:
            raise ValueError("incomplete GPS date/time")
        year, month, day_of_month = (int(g) for g in date.groups())
        day = datetime(year, month, day_of_month, tzinfo=UTC)
        hours, minutes, seconds = (float(n) for n in numbers if n is not None)
        if not (0 <= hours < 24 and 0 <= minutes < 60 and 0 <= seconds < 61):
            raise ValueError("GPS time out of range")
        return day + timedelta(hours=hours, minutes=minutes, seconds=seconds)
    except (ValueError, OverflowError):
        flags.append("gps_time_invalid")
        return None


def _taken_at(exif: dict[int, Value], flags: list[str]) -> datetime | None:
    if _DATETIME_ORIGINAL not in exif:
        return None
    found = _DATETIME.match(_text(exif.get(_DATETIME_ORIGINAL)) or "")
    try:
        if found is None:
            raise ValueError("not an EXIF date/time")
        y, mo, d, h, mi, sec = (int(g) for g in found.groups())
        local = datetime(y, mo, d, h, mi, sec)  # noqa: DTZ001 - naive local wall-clock time by design
    except ValueError:
        flags.append("taken_at_invalid")
        return None
    local = local.replace(microsecond=_microseconds(exif.get(_SUBSEC_ORIGINAL)))
    offset = _offset(exif.get(_OFFSET_ORIGINAL))
    if offset is None:
        flags.append("taken_at_offset_unknown")
        return local
    return local.replace(tzinfo=offset)


def _microseconds(value: Value) -> int:
    digits = _text(value) or ""
    return int((digits + "000000")[:6]) if digits.isdigit() else 0


def _offset(value: Value) -> timezone | None:
    found = _OFFSET.match(_text(value) or "")
    if found is None:
        return None
    sign, hours, minutes = found.groups()
    delta = timedelta(hours=int(hours), minutes=int(minutes))
    if delta > timedelta(hours=14) or int(minutes) >= 60:
        return None
    return timezone(-delta if sign == "-" else delta)


def _orientation(ifd0: dict[int, Value], flags: list[str]) -> int | None:
    if ORIENTATION not in ifd0:
        return None
    number = _number(ifd0.get(ORIENTATION))
    if number is None or number not in range(1, 9):
        flags.append("orientation_invalid")
        return None
    return int(number)


def _orientation_raw(ifd0: dict[int, Value]) -> int | str | None:
    """What an invalid Orientation tag held: its number, else its text (kept short), as evidence."""
    number = _number(ifd0.get(ORIENTATION))
    if number is not None and number.is_integer():
        return int(number)
    return _text(_first(ifd0.get(ORIENTATION)), limit=32) or (None if number is None else str(number))
