"""When a photo was taken, by which clock, and whether the camera's clock and the GPS clock agree.  Pure.

A photo carries two clocks: the camera's DateTimeOriginal (with OffsetTimeOriginal it is an instant) and
the GPS date and time stamp (UTC, from the satellites).  :func:`capture_time` picks the instant the record
shows and says where it came from:

* ``exif``: DateTimeOriginal with its offset;
* ``gps``: the GPS clock, because the camera time is missing (``exif_time_missing``), unusable
  (``exif_time_invalid``) or has no offset, so it is not an instant (``exif_offset_unknown``);
* ``none``: neither clock gives an instant.

``trustworthy`` is False when the chosen clock was read from a malformed EXIF block (``exif_malformed``).

:func:`clock_skew` compares the two clocks when both are instants: a camera set to the wrong time, or an
edited DateTimeOriginal, shows as a difference larger than the bound (a town setting, default 2 minutes;
phones stamp the GPS time of their last fix, so seconds of difference are normal).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from media.exif import PhotoMetadata

DEFAULT_MAX_SKEW = timedelta(minutes=2)
TimeSource = Literal["exif", "gps", "none"]


@dataclass(frozen=True)
class CaptureTime:
    at: datetime | None  # aware
    source: TimeSource
    why: str | None  # why not the camera's clock: exif_time_missing | exif_time_invalid | exif_offset_unknown
    trustworthy: bool


@dataclass(frozen=True)
class ClockSkew:
    seconds: float  # camera time minus GPS time
    max_seconds: float
    flagged: bool


def capture_time(meta: PhotoMetadata) -> CaptureTime:
    camera = meta.taken_at
    if camera is not None and camera.tzinfo is not None:
        return CaptureTime(camera, "exif", None, meta.trustworthy)
    why = ("exif_time_invalid" if "taken_at_invalid" in meta.flags
           else "exif_offset_unknown" if camera is not None else "exif_time_missing")
    if meta.gps_time is not None:
        return CaptureTime(meta.gps_time, "gps", why, meta.trustworthy)
    return CaptureTime(None, "none", why, meta.trustworthy)


def clock_skew(meta: PhotoMetadata, *, max_skew: timedelta = DEFAULT_MAX_SKEW) -> ClockSkew | None:
    """Camera time against GPS time, when both are instants (None otherwise)."""
    camera, gps = meta.taken_at, meta.gps_time
    if camera is None or camera.tzinfo is None or gps is None:
        return None
    seconds = (camera - gps).total_seconds()
    return ClockSkew(round(seconds, 3), max_skew.total_seconds(), abs(seconds) > max_skew.total_seconds())
