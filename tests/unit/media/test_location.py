"""Location provenance: which reading is used, both kept, and disagreement beyond their accuracies."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from media.exif import PhotoMetadata
from media.location import DeviceFix, Position, exif_position, haversine_m, resolve_location

TOWN_HALL = Position(42.5834, -71.8023, 5.0)  # Gardner, MA
CAPTURED = datetime(2024, 6, 1, 13, 4, 5, tzinfo=UTC)


def moved_north(position: Position, metres: float, accuracy_m: float | None) -> Position:
    return Position(position.latitude + metres / 111_195.0, position.longitude, accuracy_m)


def test_haversine_of_one_degree_of_latitude() -> None:
    assert haversine_m(Position(42.0, -71.0), Position(43.0, -71.0)) == pytest.approx(111_195, rel=1e-3)
    assert haversine_m(TOWN_HALL, TOWN_HALL) == 0.0


def test_exif_only() -> None:
    result = resolve_location(TOWN_HALL, None)
    assert (result.source, result.position, result.device, result.distance_m, result.disagree) == (
        "exif",
        TOWN_HALL,
        None,
        None,
        False,
    )


def test_device_only() -> None:
    fix = DeviceFix(TOWN_HALL, CAPTURED)
    result = resolve_location(None, fix)
    assert (result.source, result.position, result.exif, result.device_captured_at) == (
        "device",
        TOWN_HALL,
        None,
        CAPTURED,
    )
    assert result.position is not None and result.position.accuracy_m == 5.0


def test_both_agreeing_within_their_accuracies() -> None:
    device = moved_north(TOWN_HALL, 20, 18.0)
    result = resolve_location(TOWN_HALL, DeviceFix(device, CAPTURED))
    assert (result.source, result.exif, result.device) == ("exif", TOWN_HALL, device)
    assert result.distance_m == pytest.approx(20, abs=0.2)
    assert (result.allowed_m, result.disagree) == (23.0, False)


def test_both_disagreeing_beyond_their_accuracies() -> None:
    device = moved_north(TOWN_HALL, 400, 10.0)
    result = resolve_location(TOWN_HALL, DeviceFix(device))
    assert result.distance_m == pytest.approx(400, abs=1)
    assert (result.allowed_m, result.disagree, result.source) == (15.0, True, "exif")


def test_unknown_accuracy_uses_the_assumed_default() -> None:
    exif = Position(TOWN_HALL.latitude, TOWN_HALL.longitude)  # no GPSHPositioningError
    device = moved_north(TOWN_HALL, 70, None)
    assert resolve_location(exif, DeviceFix(device)).allowed_m == 100.0
    assert not resolve_location(exif, DeviceFix(device)).disagree
    assert resolve_location(exif, DeviceFix(device), unknown_accuracy_m=20).disagree


def test_none() -> None:
    result = resolve_location(None, None)
    assert (result.source, result.position, result.exif, result.device, result.manual) == ("none",) + (
        None,
    ) * 4
    assert not result.disagree


def test_a_manual_pin_wins_but_both_readings_are_kept() -> None:
    pin = Position(42.5840, -71.8000)
    device = moved_north(TOWN_HALL, 400, 10.0)
    result = resolve_location(TOWN_HALL, DeviceFix(device), pin)
    assert (result.source, result.position, result.exif, result.device, result.disagree) == (
        "manual",
        pin,
        TOWN_HALL,
        device,
        True,
    )


def test_exif_position_from_metadata() -> None:
    assert exif_position(PhotoMetadata("exifread", 42.5, -71.8, gps_h_error_m=6.0)) == Position(
        42.5, -71.8, 6.0
    )
    assert exif_position(PhotoMetadata()) is None


@pytest.mark.parametrize(
    ("lat", "lon", "acc"), [(91, 0, None), (0, -181, None), (0, 0, -1.0), (0, 0, float("nan"))]
)
def test_impossible_positions_are_refused(lat: float, lon: float, acc: float | None) -> None:
    with pytest.raises(ValueError):
        Position(lat, lon, acc)


def test_a_device_fix_goes_before_exif_read_from_a_malformed_block() -> None:
    device = moved_north(TOWN_HALL, 30, 5.0)
    result = resolve_location(TOWN_HALL, DeviceFix(device), exif_trusted=False)
    assert (result.source, result.position, result.exif) == ("device", device, TOWN_HALL)
    alone = resolve_location(TOWN_HALL, None, exif_trusted=False)  # nothing better: used, flagged upstream
    assert (alone.source, alone.position) == ("exif", TOWN_HALL)
