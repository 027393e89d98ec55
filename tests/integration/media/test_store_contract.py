"""One behaviour for every PhotoStore: the same tests run on the local disk and on S3 (moto server)."""

from __future__ import annotations

import hashlib
import io

import pytest

from media.errors import IntegrityError, InvalidKey, ObjectMissing
from media.storage import PhotoStore
from tests.integration.media.conftest import Backend

DATA = b"\xff\xd8\xff" + bytes(range(256)) * 40
SHA = hashlib.sha256(DATA).hexdigest()


def test_it_is_a_photo_store(backend: Backend) -> None:
    assert isinstance(backend.store, PhotoStore)


def test_put_then_read_back(backend: Backend) -> None:
    store = backend.store
    key = store.put_original("gardner", SHA, io.BytesIO(DATA), content_type="image/jpeg")
    assert key == f"gardner/{SHA}"
    assert (store.exists(key), store.size(key), store.get(key)) == (True, len(DATA), DATA)
    with store.open(key) as stream:
        assert stream.read(3) == b"\xff\xd8\xff"
        assert stream.read() == DATA[3:]
    assert list(store.list_keys()) == [key]


def test_putting_the_same_bytes_again_is_a_no_op(backend: Backend) -> None:
    store = backend.store
    first = store.put_original("gardner", SHA, io.BytesIO(DATA))
    second = store.put_original("gardner", SHA, io.BytesIO(DATA))
    assert first == second and list(store.list_keys()) == [first]


def test_bytes_that_do_not_match_their_hash_are_refused(backend: Backend) -> None:
    with pytest.raises(IntegrityError):
        backend.store.put_original("gardner", SHA, io.BytesIO(DATA + b"x"))
    assert list(backend.store.list_keys()) == []
    if backend.root is not None:
        assert [p for p in backend.root.rglob("*") if p.is_file()] == []  # no temporary left behind


def test_an_existing_object_is_never_overwritten(backend: Backend) -> None:
    store = backend.store
    key = store.put_original("gardner", SHA, io.BytesIO(DATA))
    backend.overwrite(key, b"tampered")
    with pytest.raises(IntegrityError):
        store.put_original("gardner", SHA, io.BytesIO(DATA))
    assert store.get(key) == b"tampered"  # evidence of the tampering is left for fixity to report


def test_derivatives_live_under_derived_and_may_be_replaced(backend: Backend) -> None:
    store = backend.store
    thumb = store.put_derivative("gardner", SHA, "thumb.jpg", b"one")
    assert thumb == f"gardner/derived/{SHA}/thumb.jpg"
    store.put_derivative("gardner", SHA, "thumb.jpg", b"two")
    preview = store.put_derivative("gardner", SHA, "preview.jpg", b"three")
    assert (store.get(thumb), store.get(preview)) == (b"two", b"three")
    assert sorted(store.list_keys("gardner/derived/")) == sorted([thumb, preview])


def test_missing_objects(backend: Backend) -> None:
    store, key = backend.store, f"gardner/{SHA}"
    assert not store.exists(key)
    for read in (store.open, store.get, store.size):
        with pytest.raises(ObjectMissing):
            read(key)


def test_listing_by_town(backend: Backend) -> None:
    store = backend.store
    other = b"other town's photo"
    a = store.put_original("gardner", SHA, io.BytesIO(DATA))
    b = store.put_original("upton", hashlib.sha256(other).hexdigest(), io.BytesIO(other))
    assert list(store.list_keys("gardner/")) == [a]
    assert sorted(store.list_keys()) == sorted([a, b])


@pytest.mark.parametrize("key", ["../escape", "gardner/../../x", "/abs", "quarantine/x", "gardner/.tmp-1"])
def test_unsafe_keys_are_refused(backend: Backend, key: str) -> None:
    with pytest.raises(InvalidKey):
        backend.store.get(key)


def test_nothing_to_sweep_in_a_healthy_store(backend: Backend) -> None:
    backend.store.put_original("gardner", SHA, io.BytesIO(DATA))
    assert backend.store.sweep() == []
