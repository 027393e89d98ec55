"""Keys cannot escape their town, hit temporaries or quarantine."""

from __future__ import annotations

import pytest

from media.errors import InvalidKey
from media.keys import check_key, derivative_key, original_key, parse_original_key

SHA = "ab" * 32


def test_key_shapes() -> None:
    assert original_key("gardner", SHA) == f"gardner/{SHA}"
    assert derivative_key("gardner", SHA, "thumb.jpg") == f"gardner/derived/{SHA}/thumb.jpg"
    assert parse_original_key(f"gardner/{SHA}") == ("gardner", SHA)
    assert parse_original_key(f"gardner/derived/{SHA}/thumb.jpg") is None


@pytest.mark.parametrize("town", ["", "Gardner", "../etc", "a/b", "quarantine", "derived", "-x", "x" * 64])
def test_bad_towns(town: str) -> None:
    with pytest.raises(InvalidKey):
        original_key(town, SHA)


@pytest.mark.parametrize("sha", ["", "AB" * 32, "ab" * 31, "zz" * 32])
def test_bad_hashes(sha: str) -> None:
    with pytest.raises(InvalidKey):
        original_key("gardner", sha)


@pytest.mark.parametrize("key", ["", "/abs", "a//b", "../x", "a/../b", "a/.tmp-1", "quarantine/x", "a/b c"])
def test_unsafe_keys(key: str) -> None:
    with pytest.raises(InvalidKey):
        check_key(key)


def test_bad_derivative_name() -> None:
    with pytest.raises(InvalidKey):
        derivative_key("gardner", SHA, "../../x.jpg")  # type: ignore[arg-type]
