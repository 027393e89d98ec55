"""Fixity finds a deleted, a modified and an orphaned original, on both stores."""

from __future__ import annotations

import hashlib
import io

from media.fixity import Mismatch, verify
from tests.integration.media.conftest import Backend


def put(backend: Backend, town: str, data: bytes) -> tuple[str, str]:
    sha = hashlib.sha256(data).hexdigest()
    return backend.store.put_original(town, sha, io.BytesIO(data)), sha


def test_a_clean_store_verifies(backend: Backend) -> None:
    expected = dict(put(backend, "gardner", bytes([i]) * 5000) for i in range(3))
    backend.store.put_derivative("gardner", next(iter(expected.values())), "thumb.jpg", b"thumb")
    report = verify(backend.store, expected)
    assert report.ok and report.checked == 3


def test_deleted_modified_and_orphaned_are_reported(backend: Backend) -> None:
    kept, kept_sha = put(backend, "gardner", b"kept" * 1000)
    deleted, deleted_sha = put(backend, "gardner", b"deleted" * 1000)
    modified, modified_sha = put(backend, "gardner", b"modified" * 1000)
    orphan, _ = put(backend, "gardner", b"nobody knows me" * 100)
    backend.delete(deleted)
    backend.overwrite(modified, b"modified" * 999 + b"MODIFIED")
    expected = {kept: kept_sha, deleted: deleted_sha, modified: modified_sha}
    report = verify(backend.store, expected)
    assert report.missing == (deleted,)
    actual = hashlib.sha256(b"modified" * 999 + b"MODIFIED").hexdigest()
    assert report.mismatched == (Mismatch(modified, modified_sha, actual),)
    assert report.orphaned == (orphan,)
    assert report.checked == 2 and not report.ok


def test_scoped_to_one_town(backend: Backend) -> None:
    mine, mine_sha = put(backend, "gardner", b"mine" * 100)
    put(backend, "upton", b"theirs" * 100)
    assert verify(backend.store, {mine: mine_sha}, town="gardner").ok
    assert not verify(backend.store, {mine: mine_sha}).ok  # without the scope, upton's photo is an orphan
