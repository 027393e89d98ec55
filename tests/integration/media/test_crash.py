"""A writer killed with SIGKILL in the middle of storing an original leaves nothing under the real key;
a retry succeeds; the abandoned temporary is quarantined by the sweeper, never deleted."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from media.storage import LocalPhotoStore
from tests.integration.media.conftest import Backend

ROOT = Path(__file__).resolve().parents[3]

# Runs in the child: a source that serves the bytes normally for `passes` full reads, then stops half-way
# through the next one, says so on stdout and waits to be killed.  Local: the first read is the copy into
# the temporary file.  S3 over http: we hash, botocore's SigV4 signer hashes, then urllib3 sends -- so the
# kill lands with half the body on the wire.
CHILD = r"""
import sys, time
from media.s3store import S3PhotoStore
from media.storage import LocalPhotoStore

class Stalling:
    def __init__(self, data, passes):
        self.data, self.stop, self.pos, self.read_total = data, passes * len(data) + len(data) // 2, 0, 0
    def seek(self, pos, whence=0):
        self.pos = pos if whence == 0 else self.pos + pos if whence == 1 else len(self.data) + pos
        return self.pos
    def tell(self):
        return self.pos
    def read(self, size=-1):
        size = len(self.data) if size is None or size < 0 else size
        room = self.stop - self.read_total
        if room <= 0:
            print("stalled", flush=True)
            time.sleep(120)
        chunk = self.data[self.pos : self.pos + min(size, room)]
        self.pos += len(chunk)
        self.read_total += len(chunk)
        return chunk

kind, target, source, sha = sys.argv[1:5]
data = open(source, "rb").read()
if kind == "local":
    LocalPhotoStore(target).put_original("gardner", sha, Stalling(data, 0))
else:
    import boto3
    endpoint, bucket = target.split("|")
    client = boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1",
                          aws_access_key_id="testing", aws_secret_access_key="testing")
    S3PhotoStore(client, bucket, prefix="evidence").put_original("gardner", sha, Stalling(data, 2))
"""


def kill_mid_write(backend: Backend, source: Path, sha: str) -> None:
    target = str(backend.root) if backend.root else f"{backend.client.meta.endpoint_url}|{backend.bucket}"  # type: ignore[attr-defined]
    with subprocess.Popen(
        [sys.executable, "-c", CHILD, backend.name, target, str(source), sha],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        text=True,
    ) as child:
        try:
            assert child.stdout is not None
            assert child.stdout.readline().strip() == "stalled"
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL


@pytest.fixture
def photo(tmp_path: Path) -> tuple[Path, bytes, str]:
    data = os.urandom(3 * 1024 * 1024)
    source = tmp_path / "upload.bin"
    source.write_bytes(data)
    return source, data, hashlib.sha256(data).hexdigest()


def test_sigkill_mid_write_leaves_no_object_and_a_retry_succeeds(
    backend: Backend, photo: tuple[Path, bytes, str]
) -> None:
    source, data, sha = photo
    key = f"gardner/{sha}"
    kill_mid_write(backend, source, sha)
    assert not backend.store.exists(key)
    assert list(backend.store.list_keys()) == []
    if backend.root is not None:
        (temp,) = (backend.root / "gardner").iterdir()
        assert temp.name.startswith(".tmp-") and temp.stat().st_size >= len(data) // 2  # really mid-write
    with source.open("rb") as retry:
        assert backend.store.put_original("gardner", sha, retry) == key
    assert backend.store.get(key) == data


def test_the_sweeper_quarantines_abandoned_temporaries(
    tmp_path: Path, photo: tuple[Path, bytes, str]
) -> None:
    source, data, sha = photo
    store = LocalPhotoStore(tmp_path / "photos")
    kill_mid_write(Backend("local", store, root=store.root), source, sha)
    (temp,) = (store.root / "gardner").iterdir()
    partial = temp.read_bytes()
    assert store.sweep() == []  # too young: its writer might still be running
    moved = store.sweep(now=datetime.now(UTC) + timedelta(days=2))
    assert moved == [f"quarantine/gardner/{temp.name}"]
    assert not temp.exists()
    assert (store.root / moved[0]).read_bytes() == partial  # moved, not deleted
    assert list(store.list_keys()) == []
