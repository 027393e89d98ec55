"""Evidence checks: distance to the site boundary in US survey feet, and camera time against the visit."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from pyproj import Geod

from media.evidence import (
    US_SURVEY_FEET_PER_METRE,
    check_site,
    check_time,
    distance_to_boundary_ft,
    evidence_flags,
)
from media.location import DeviceFix, Position, resolve_location

GEOD = Geod(ellps="GRS80")
WEST, SOUTH, EAST, NORTH = -71.8040, 42.5820, -71.8000, 42.5850  # a site in Gardner, MA
SQUARE = {
    "type": "Polygon",
    "coordinates": [[[WEST, SOUTH], [EAST, SOUTH], [EAST, NORTH], [WEST, NORTH], [WEST, SOUTH]]],
}


def east_of_site(metres: float) -> tuple[float, float]:
    lon, lat, _ = GEOD.fwd(EAST, 42.5835, 90, metres)
    return lat, lon


def test_us_survey_foot() -> None:
    assert US_SURVEY_FEET_PER_METRE == pytest.approx(3.280833333, abs=1e-9)


def test_inside_the_site_is_zero_feet() -> None:
    check = check_site(42.5835, -71.8020, SQUARE)
    assert (check.distance_ft, check.inside, check.flagged) == (0.0, True, False)


def test_distance_outside_matches_the_ellipsoid() -> None:
    lat, lon = east_of_site(100.0)
    assert distance_to_boundary_ft(lat, lon, SQUARE) == pytest.approx(100.0 * 3937 / 1200, rel=2e-3)


def test_flagged_beyond_the_margin_only() -> None:
    near, far = east_of_site(20.0), east_of_site(60.0)  # ~66 ft and ~197 ft
    assert not check_site(*near, SQUARE, margin_ft=100).flagged
    far_check = check_site(*far, SQUARE, margin_ft=100)
    assert far_check.flagged and not far_check.inside and far_check.margin_ft == 100


def test_feature_and_feature_collection_boundaries() -> None:
    lat, lon = east_of_site(50.0)
    feature = {"type": "Feature", "properties": {}, "geometry": SQUARE}
    collection = {"type": "FeatureCollection", "features": [feature]}
    plain = distance_to_boundary_ft(lat, lon, SQUARE)
    assert (
        distance_to_boundary_ft(lat, lon, feature) == plain == distance_to_boundary_ft(lat, lon, collection)
    )


INSPECTION = datetime(2024, 7, 15, 14, 0, tzinfo=UTC)  # 10:00 EDT


def test_aware_camera_time_is_compared_directly() -> None:
    taken = datetime(2024, 7, 15, 9, 30, tzinfo=__import__("datetime").timezone(timedelta(hours=-4)))
    check = check_time(taken, INSPECTION)
    assert (check.gap, check.assumed_local, check.flagged) == (timedelta(minutes=-30), False, False)


def test_naive_camera_time_is_read_as_massachusetts_time() -> None:
    summer = check_time(datetime(2024, 7, 15, 10, 0), INSPECTION)  # noqa: DTZ001 - EDT, UTC-4
    winter = check_time(datetime(2024, 1, 15, 9, 0), datetime(2024, 1, 15, 14, 0, tzinfo=UTC))  # noqa: DTZ001
    assert (summer.gap, summer.assumed_local) == (timedelta(0), True)
    assert winter.gap == timedelta(0)  # EST, UTC-5


def test_a_photo_from_another_day_is_flagged() -> None:
    check = check_time(INSPECTION - timedelta(days=3), INSPECTION, max_gap=timedelta(hours=12))
    assert check.flagged and check.gap == timedelta(days=-3)


def test_inspection_time_must_be_aware() -> None:
    with pytest.raises(ValueError):
        check_time(INSPECTION, datetime(2024, 7, 15, 14, 0))  # noqa: DTZ001


def test_evidence_flags_collect_the_checks() -> None:
    lat, lon = east_of_site(500.0)
    far = Position(lat, lon, 5.0)
    inside = Position(42.5835, -71.8020, 5.0)
    location = resolve_location(inside, DeviceFix(far))
    flags = evidence_flags(
        site=check_site(lat, lon, SQUARE),
        time=check_time(datetime(2024, 7, 10, 10, 0), INSPECTION),  # noqa: DTZ001
        location=location,
    )
    assert flags == ("outside_site", "time_gap", "camera_time_assumed_local", "location_disagreement")
    assert evidence_flags(location=resolve_location(None, None)) == ("no_location",)
    assert (
        evidence_flags(site=check_site(42.5835, -71.8020, SQUARE), location=resolve_location(inside, None))
        == ()
    )
