"""EXIF metadata: round trips with known values, both readers, both HEIC layouts, hostile input."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta, timezone

import exifread
import pytest

from media.exif import PhotoMetadata, metadata_via_exifread, metadata_via_pillow, read_metadata
from media.kinds import Kind
from tests.unit.media.factory import (
    BOSTON,
    ExifSpec,
    camera_tiff,
    make_heic,
    make_jpeg,
    make_png,
    with_app1,
)

SYDNEY_HARBOUR = ExifSpec(  # south and east
    latitude=-33.856784,
    longitude=151.215297,
    altitude_m=3.2,
    taken_at=datetime(2024, 1, 5, 18, 30, 0),  # noqa: DTZ001
    offset="+11:00",
    orientation=6,
)
DEAD_SEA = ExifSpec(  # north and east, below sea level
    latitude=31.559028,
    longitude=35.473190,
    altitude_m=-430.5,
    h_error_m=12.0,
    gps_time=datetime(2023, 11, 2, 7, 15, 42, tzinfo=UTC),
    orientation=3,
)
TIERRA_DEL_FUEGO = ExifSpec(
    latitude=-54.801912, longitude=-68.302951, altitude_m=0.0, orientation=8
)  # S and W


def meta(data: bytes, kind: Kind = Kind.JPEG) -> PhotoMetadata:
    return read_metadata(io.BytesIO(data), kind)


def assert_matches(found: PhotoMetadata, spec: ExifSpec) -> None:
    assert found.latitude == pytest.approx(spec.latitude, abs=5e-7)
    assert found.longitude == pytest.approx(spec.longitude, abs=5e-7)
    assert round(found.latitude or 0, 6) == round(spec.latitude or 0, 6)
    assert round(found.longitude or 0, 6) == round(spec.longitude or 0, 6)
    assert found.altitude_m == pytest.approx(spec.altitude_m, abs=1e-3)
    assert found.orientation == spec.orientation


@pytest.mark.parametrize(
    "spec", [BOSTON, SYDNEY_HARBOUR, DEAD_SEA, TIERRA_DEL_FUEGO], ids=["N-W", "S-E", "below-sea", "S-W"]
)
def test_jpeg_round_trip_with_signs(spec: ExifSpec) -> None:
    found = meta(make_jpeg(spec))
    assert found.source == "exifread"
    assert_matches(found, spec)


def test_all_fields_of_a_phone_photo() -> None:
    found = meta(make_jpeg(BOSTON))
    assert found.gps_h_error_m == pytest.approx(4.75)
    assert found.taken_at == datetime(2024, 6, 1, 9, 4, 5, tzinfo=timezone(timedelta(hours=-4)))
    assert found.taken_at is not None and found.taken_at.astimezone(UTC).hour == 13
    assert (found.make, found.model, found.flags) == ("Apple", "iPhone 15", ())


def test_gps_date_and_time_become_a_utc_instant() -> None:
    found = meta(make_jpeg(DEAD_SEA))
    assert found.gps_time == datetime(2023, 11, 2, 7, 15, 42, tzinfo=UTC)
    assert found.gps_time is not None and found.gps_time.utcoffset() == timedelta(0)


def test_camera_time_without_offset_is_naive_and_flagged() -> None:
    found = meta(make_jpeg(ExifSpec(taken_at=datetime(2024, 3, 10, 2, 30, 0))))  # noqa: DTZ001
    assert found.taken_at == datetime(2024, 3, 10, 2, 30, 0)  # noqa: DTZ001
    assert found.taken_at is not None and found.taken_at.tzinfo is None
    assert "taken_at_offset_unknown" in found.flags


@pytest.mark.parametrize("spec", [BOSTON, SYDNEY_HARBOUR, DEAD_SEA], ids=["N-W", "S-E", "below-sea"])
def test_heic_written_by_libheif_falls_back_to_pillow(spec: ExifSpec) -> None:
    data = make_heic(spec)
    with pytest.raises(AssertionError):  # exifread ignores iloc base offsets: this layout defeats it
        exifread.process_file(io.BytesIO(data), details=False)
    found = meta(data, Kind.HEIC)
    assert (found.source, "exifread_failed" in found.flags) == ("pillow", True)
    assert_matches(found, spec)  # orientation is the camera's, not pillow-heif's reset value


@pytest.mark.parametrize("spec", [BOSTON, SYDNEY_HARBOUR, TIERRA_DEL_FUEGO], ids=["N-W", "S-E", "S-W"])
def test_heic_with_iphone_style_extents_is_read_by_exifread(spec: ExifSpec) -> None:
    found = meta(make_heic(spec, layout="extent"), Kind.HEIC)
    assert (found.source, found.flags) == ("exifread", ())
    assert_matches(found, spec)


def test_both_readers_agree_on_a_heic() -> None:
    data = make_heic(DEAD_SEA, layout="extent")
    by_exifread = metadata_via_exifread(io.BytesIO(data))
    by_pillow = metadata_via_pillow(io.BytesIO(data), Kind.HEIC)
    assert by_exifread.found == by_pillow.found == 6
    for field in ("latitude", "longitude", "altitude_m", "gps_h_error_m"):
        assert getattr(by_exifread, field) == pytest.approx(getattr(by_pillow, field), abs=1e-9)
    for field in ("gps_time", "orientation", "flags"):
        assert getattr(by_exifread, field) == getattr(by_pillow, field)


def test_no_exif_at_all_is_flagged_missing() -> None:
    assert meta(make_jpeg()) == PhotoMetadata(flags=("exif_missing",))
    assert meta(make_png(), Kind.PNG) == PhotoMetadata(flags=("exif_missing",))


@pytest.mark.parametrize(
    "payload",
    [
        b"",  # nothing after the Exif header
        b"MM\x00*\x00\x00\x00\x08",  # IFD offset pointing past the end
        b"II*\x00\x08\x00\x00\x00\xff\xff" + b"\x01" * 40,  # 65535 entries claimed
        # one entry: a GPS IFD pointer that points back at IFD0 itself
        b"MM\x00*\x00\x00\x00\x08\x00\x01\x88\x25\x00\x04\x00\x00\x00\x01\x00\x00\x00\x08",
        bytes(range(256)) * 4,
    ],
    ids=["empty", "offset-past-end", "huge-count", "ifd-loop", "noise"],
)
def test_hostile_exif_gives_flags_never_an_exception(payload: bytes) -> None:
    found = meta(with_app1(payload))
    assert (found.latitude, found.taken_at) == (None, None)
    assert set(found.flags) <= {"exif_unreadable", "exif_missing", "exifread_failed", "exif_malformed"}
    assert "exif_malformed" in found.flags and found.exif_problems and not found.trustworthy


def test_exif_present_but_unusable_is_flagged_unreadable_and_malformed() -> None:
    found = meta(with_app1(b"MM\x00*\x00\x00\x00\x08"))
    assert found == PhotoMetadata(
        flags=("exif_unreadable", "exif_malformed"),
        exif_problems=("IFD0 (linked from the TIFF header) is at offset 8, outside the 8-byte block",),
    )


def test_a_well_formed_block_built_byte_by_byte_is_trustworthy() -> None:
    found = meta(with_app1(camera_tiff()))
    assert (found.make, found.model, found.flags, found.exif_problems) == ("Apple", "iPhone 15", (), ())
    assert found.taken_at == datetime(2026, 4, 6, 9, 40, tzinfo=timezone(timedelta(hours=-4)))
    assert found.trustworthy


@pytest.mark.parametrize(
    ("hostile", "problem"),
    [
        ({"exif_claims": 0xFFFF}, "Exif IFD claims 65535 entries; the block holds room for 4"),
        ({"exif_claims": 40}, "Exif IFD claims 40 entries; the block holds room for 4"),
        ({"next_ifd": 8}, "IFD1 (linked from IFD0) points back at IFD0 at offset 8: the directories loop"),
        ({"exif_at": 8}, "Exif IFD (linked from IFD0) points back at IFD0 at offset 8: the directories loop"),
        ({"exif_at": 4000}, "Exif IFD (linked from IFD0) is at offset 4000, outside the"),
    ],
    ids=["entries-overclaimed", "forty-claimed", "next-ifd-loops", "exif-ifd-loops", "exif-ifd-outside"],
)
def test_a_malformed_block_keeps_what_was_read_but_is_flagged_untrustworthy(hostile: dict,
                                                                            problem: str) -> None:
    found = meta(with_app1(camera_tiff(**hostile)))
    assert "exif_malformed" in found.flags and not found.trustworthy
    assert any(p.startswith(problem) for p in found.exif_problems), found.exif_problems
    assert (found.make, found.model) == ("Apple", "iPhone 15")  # kept beside the flag


def test_an_orientation_outside_1_to_8_keeps_its_raw_value() -> None:
    found = meta(make_jpeg(ExifSpec(orientation=9)))
    assert (found.orientation, found.orientation_raw, found.flags) == (None, 9, ("orientation_invalid",))
    from media.exif import metadata_from_raw
    from media.exif_readers import RawTags

    assert metadata_from_raw(RawTags(ifd0={0x0112: [0]}), "pillow").orientation_raw == 0
    assert metadata_from_raw(RawTags(ifd0={0x0112: "up"}), "pillow").orientation_raw == "up"
    assert metadata_from_raw(RawTags(ifd0={0x0112: [6]}), "pillow").orientation_raw is None


def test_implausible_fields_are_dropped_with_a_flag() -> None:
    found = meta(make_jpeg(ExifSpec(latitude=0.0, longitude=0.0, orientation=1)))
    assert (found.latitude, found.flags) == (None, ("gps_null_island",))


def test_values_from_raw_tags_are_validated() -> None:
    from media.exif import metadata_from_raw
    from media.exif_readers import RawTags

    raw = RawTags(
        ifd0={0x0112: [9]},
        exif={0x9003: "0000:00:00 00:00:00", 0x9011: "+99:00"},
        gps={
            1: "N",
            2: [95.0, 0.0, 0.0],
            3: "W",
            4: [71.0, 0.0, 0.0],
            6: float("nan"),
            7: [25.0, 0.0, 0.0],
            29: "2024:01:01",
        },
    )
    found = metadata_from_raw(raw, "exifread")
    assert (found.latitude, found.orientation, found.taken_at, found.gps_time, found.altitude_m) == (
        None,
    ) * 5
    assert set(found.flags) == {
        "gps_invalid",
        "orientation_invalid",
        "taken_at_invalid",
        "gps_time_invalid",
        "altitude_invalid",
    }


def test_missing_hemisphere_refs_give_no_position() -> None:
    from media.exif import metadata_from_raw
    from media.exif_readers import RawTags

    found = metadata_from_raw(RawTags(gps={2: [42.0, 21.0, 0.0], 4: [71.0, 3.0, 0.0]}), "pillow")
    assert (found.latitude, found.flags) == (None, ("gps_ref_missing",))


def test_rounded_sixty_seconds_is_accepted_but_seventy_five_is_not() -> None:
    from media.exif import metadata_from_raw
    from media.exif_readers import RawTags

    rounded = metadata_from_raw(
        RawTags(gps={1: "N", 2: [42.0, 34.0, 60.0], 3: "W", 4: [71.0, 47.0, 60.0]}), "pillow"
    )
    assert (rounded.latitude, rounded.longitude) == (pytest.approx(42 + 35 / 60), pytest.approx(-71.8))
    wrong = metadata_from_raw(
        RawTags(gps={1: "N", 2: [42.0, 34.0, 75.0], 3: "W", 4: [71.0, 47.0, 0.0]}), "pillow"
    )
    assert (wrong.latitude, wrong.flags) == (None, ("gps_invalid",))


def test_subseconds_are_kept() -> None:
    from media.exif import metadata_from_raw
    from media.exif_readers import RawTags

    raw = RawTags(exif={0x9003: "2024:06:01 09:04:05", 0x9291: "042", 0x9011: "+00:00"})
    assert metadata_from_raw(raw, "pillow").taken_at == datetime(2024, 6, 1, 9, 4, 5, 42000, tzinfo=UTC)


def test_implausible_exifread_values_make_pillow_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    from media import exif as exif_module
    from media.exif_readers import RawTags

    garbage = RawTags(gps={1: "N", 2: [4.0e9, 0.0, 0.0], 3: "W", 4: [float("nan")] * 3}, ifd0={0x0112: [0]})
    monkeypatch.setattr(exif_module, "raw_from_exifread", lambda fp: garbage)
    found = meta(make_jpeg(BOSTON))
    assert found.source == "pillow"
    assert_matches(found, BOSTON)
