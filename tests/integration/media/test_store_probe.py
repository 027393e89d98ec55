"""The deployment check's probe: each store writes, reads back and removes a small object, and leaves no
key behind; a store it cannot write to raises."""
from __future__ import annotations

import pytest

from media.storage import LocalPhotoStore


def test_the_probe_writes_reads_back_and_removes_its_object(backend):
    backend.store.probe()
    assert list(backend.store.list_keys()) == []


def test_the_probe_of_a_store_that_cannot_be_written_raises(tmp_path):
    store = LocalPhotoStore(tmp_path / "photos")
    (tmp_path / "photos" / ".probe").write_text("a file where the probe's folder should be")
    with pytest.raises(OSError):
        store.probe()
