"""Streaming an upload: chunked, hashed, counted, stopped at the size limit."""

from __future__ import annotations

import hashlib
import io

import pytest

from media.body import Announced
from media.errors import Rejected
from media.streaming import spool_upload


class Trickle:
    """A request body that hands out at most ``step`` bytes per read and counts what was asked."""

    def __init__(self, data: bytes, step: int = 1000) -> None:
        self.data, self.step, self.pos, self.largest_read = data, step, 0, 0

    def read(self, size: int = -1) -> bytes:
        self.largest_read = max(self.largest_read, size)
        chunk = self.data[self.pos : self.pos + min(size, self.step)]
        self.pos += len(chunk)
        return chunk


def test_hash_and_size_match_the_body() -> None:
    body = bytes(range(256)) * 5000
    with spool_upload(Trickle(body), chunk_bytes=4096) as spooled:
        assert (spooled.sha256, spooled.size) == (hashlib.sha256(body).hexdigest(), len(body))
        assert spooled.file.read() == body


def test_reads_are_bounded_by_the_chunk_size() -> None:
    stream = Trickle(b"x" * 100_000, step=100_000)
    with spool_upload(stream, chunk_bytes=8192):
        pass
    assert stream.largest_read == 8192


def test_too_large_stops_reading_early() -> None:
    stream = Trickle(b"x" * 1_000_000, step=10_000)
    with pytest.raises(Rejected) as caught, spool_upload(stream, max_bytes=50_000, chunk_bytes=10_000):
        pass
    assert caught.value.code == "too_large"
    assert stream.pos <= 60_000  # did not drain the body


def test_exactly_at_the_limit_is_accepted() -> None:
    with spool_upload(io.BytesIO(b"y" * 5000), max_bytes=5000) as spooled:
        assert spooled.size == 5000


def test_empty_body_is_not_an_image() -> None:
    with pytest.raises(Rejected) as caught, spool_upload(io.BytesIO(b"")):
        pass
    assert caught.value.code == "not_an_image"


BODY = bytes(range(256)) * 40


@pytest.mark.parametrize("length", [len(BODY) + 1, len(BODY) + 4000, len(BODY) - 1],
                         ids=["one byte short", "cut", "longer"])
def test_a_body_of_another_length_than_announced_is_refused(length: int) -> None:
    with pytest.raises(Rejected) as caught, spool_upload(Trickle(BODY), announced=Announced(length)):
        pass
    assert caught.value.code == "body_incomplete"
    assert f"received {len(BODY)} of the {length} bytes" in caught.value.message


@pytest.mark.parametrize("algorithm", ["sha-256", "sha-512"])
def test_the_clients_digest_must_match(algorithm: str) -> None:
    good = hashlib.new(algorithm.replace("-", ""), BODY).digest()
    with spool_upload(Trickle(BODY), announced=Announced(len(BODY), {algorithm: good})) as spooled:
        assert spooled.verified == (algorithm,) and spooled.size == len(BODY)
    bad = bytes(len(good))
    with pytest.raises(Rejected) as caught:
        with spool_upload(Trickle(BODY), announced=Announced(None, {algorithm: bad})):
            pass
    assert caught.value.code == "digest_mismatch"


class Dropped(Trickle):
    """A connection that fails after the first read."""

    def read(self, size: int = -1) -> bytes:
        if self.pos:
            raise ConnectionResetError("peer reset")
        return super().read(size)


def test_a_stream_that_fails_mid_body_is_an_incomplete_body() -> None:
    with pytest.raises(Rejected) as caught, spool_upload(Dropped(BODY)):
        pass
    assert caught.value.code == "body_incomplete"


def test_an_unknown_algorithm_cannot_be_announced() -> None:
    with pytest.raises(ValueError, match="md5"):
        Announced(None, {"md5": b"x" * 16})
