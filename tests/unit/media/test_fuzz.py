"""Mutated JPEG/HEIC/PNG/WebP bytes through sniff, metadata and derivatives: only Rejected may escape."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from media.derivatives import derive
from media.errors import Rejected
from media.exif import PhotoMetadata, read_metadata
from media.kinds import Kind
from media.sniff import sniff
from tests.unit.media.factory import ExifSpec, make_heic, make_jpeg, make_png, make_webp

SPEC = ExifSpec(
    latitude=-33.856784,
    longitude=-71.058880,
    altitude_m=-3.5,
    h_error_m=4.0,
    orientation=6,
    gps_time=datetime(2024, 6, 1, 13, 4, 5, tzinfo=UTC),
    taken_at=datetime(2024, 6, 1, 9, 4, 5),  # noqa: DTZ001
    offset="-04:00",
    make="Apple",
    model="iPhone",
)
BASES = {
    "jpeg": (make_jpeg(SPEC, size=(48, 32)), Kind.JPEG),
    "heic": (make_heic(SPEC, size=(48, 32)), Kind.HEIC),
    "heic-extent": (make_heic(SPEC, size=(48, 32), layout="extent"), Kind.HEIC),
    "png": (make_png(size=(48, 32)), Kind.PNG),
    "webp": (make_webp(size=(48, 32)), Kind.WEBP),
}
POSITION = st.integers(0, 1024) | st.integers(0, 1 << 20)  # mostly the headers and EXIF
MUTATION = st.one_of(
    st.tuples(st.just("flip"), POSITION, st.integers(1, 255)),
    st.tuples(st.just("insert"), POSITION, st.binary(min_size=1, max_size=16)),
    st.tuples(st.just("overwrite"), POSITION, st.binary(min_size=1, max_size=8)),
    st.tuples(st.just("truncate"), POSITION, st.just(0)),
)


def mutate(data: bytes, mutations: list[tuple[str, int, Any]]) -> bytes:
    buf = bytearray(data)
    for op, position, arg in mutations:
        at = position % max(1, len(buf))
        if not buf and op != "insert":
            continue
        if op == "flip":
            buf[at] ^= arg
        elif op == "insert":
            buf[at:at] = arg
        elif op == "overwrite":
            buf[at : at + len(arg)] = arg
        else:
            del buf[at:]
    return bytes(buf)


@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(base=st.sampled_from(sorted(BASES)), mutations=st.lists(MUTATION, min_size=1, max_size=4))
def test_only_rejected_escapes(base: str, mutations: list[tuple[str, int, Any]]) -> None:
    original, kind = BASES[base]
    data = mutate(original, mutations)
    try:
        sniff(io.BytesIO(data))
    except Rejected:
        pass
    assert isinstance(read_metadata(io.BytesIO(data), kind), PhotoMetadata)  # never raises
    try:
        derive(io.BytesIO(data), kind, preview_long_side=32, thumb_long_side=16)
    except Rejected:
        pass


def test_the_mutator_really_mutates() -> None:
    data = BASES["jpeg"][0]
    assert mutate(data, [("truncate", 10, 0)]) == data[:10]
    assert mutate(data, [("flip", 3, 0xFF)])[3] == data[3] ^ 0xFF
    assert mutate(data, [("insert", 2, b"ab")])[2:4] == b"ab"
