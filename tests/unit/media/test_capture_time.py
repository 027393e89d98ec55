"""Which clock a photo's time comes from, and whether the camera's clock and the GPS clock agree."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from media.capture_time import capture_time, clock_skew
from media.exif import PhotoMetadata

EDT = timezone(timedelta(hours=-4))
CAMERA = datetime(2026, 4, 6, 9, 40, 0, tzinfo=EDT)  # 13:40:00 UTC
GPS = datetime(2026, 4, 6, 13, 40, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    ("meta", "expected"),
    [
        (PhotoMetadata(taken_at=CAMERA, gps_time=GPS), (CAMERA, "exif", None, True)),
        (PhotoMetadata(gps_time=GPS), (GPS, "gps", "exif_time_missing", True)),
        (PhotoMetadata(gps_time=GPS, flags=("taken_at_invalid",)), (GPS, "gps", "exif_time_invalid", True)),
        (PhotoMetadata(taken_at=CAMERA.replace(tzinfo=None), gps_time=GPS,
                       flags=("taken_at_offset_unknown",)), (GPS, "gps", "exif_offset_unknown", True)),
        (PhotoMetadata(), (None, "none", "exif_time_missing", True)),
        (PhotoMetadata(taken_at=CAMERA, flags=("exif_malformed",)), (CAMERA, "exif", None, False)),
    ],
    ids=["camera", "gps-no-camera-time", "gps-camera-time-unusable", "gps-no-offset", "neither", "malformed"],
)
def test_the_capture_time_says_which_clock_and_why(meta: PhotoMetadata, expected: tuple) -> None:
    found = capture_time(meta)
    assert (found.at, found.source, found.why, found.trustworthy) == expected


@pytest.mark.parametrize(
    ("gps", "seconds", "flagged"),
    [(GPS, -30.0, False), (GPS - timedelta(minutes=2), 90.0, False),
     (GPS - timedelta(minutes=3), 150.0, True), (GPS + timedelta(hours=1), -3630.0, True)],
    ids=["30 s", "90 s", "150 s", "an hour the other way"],
)
def test_camera_and_gps_clocks_more_than_two_minutes_apart_are_flagged(gps: datetime, seconds: float,
                                                                      flagged: bool) -> None:
    skew = clock_skew(PhotoMetadata(taken_at=CAMERA, gps_time=gps))
    assert skew is not None and (skew.seconds, skew.max_seconds, skew.flagged) == (seconds, 120.0, flagged)


def test_the_bound_is_a_setting_and_a_naive_camera_time_is_not_compared() -> None:
    meta = PhotoMetadata(taken_at=CAMERA, gps_time=GPS - timedelta(minutes=3))
    assert not clock_skew(meta, max_skew=timedelta(minutes=5)).flagged  # type: ignore[union-attr]
    assert clock_skew(PhotoMetadata(taken_at=CAMERA.replace(tzinfo=None), gps_time=GPS)) is None
    assert clock_skew(PhotoMetadata(taken_at=CAMERA)) is None
