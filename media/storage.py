"""Where originals and derivatives live: the :class:`PhotoStore` protocol and the local-disk backend.

Originals are evidence: written once under ``<town>/<sha256>``, atomically (temporary file in the same
directory, fsync, ``os.replace``, fsync of the directory), never overwritten and never deleted.  Putting
the same bytes again is a no-op; bytes that do not hash to the key, or an existing object that does not,
raise :class:`IntegrityError` and change nothing.  A process killed mid-write leaves only a ``.tmp-*``
file, which :meth:`LocalPhotoStore.sweep` moves to ``quarantine/`` once it is older than a day.
"""

from __future__ import annotations

import hashlib
import os
import uuid
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import BinaryIO, Protocol, runtime_checkable

from media.errors import IntegrityError, ObjectMissing
from media.keys import QUARANTINE, DerivativeName, check_key, derivative_key, original_key
from media.streaming import CHUNK_BYTES, sha256_of

TEMP_PREFIX = ".tmp-"
SWEEP_AGE = timedelta(days=1)
PROBE_DIR = ".probe"  # the deployment check's objects (written, read back, removed at once)


@runtime_checkable
class PhotoStore(Protocol):
    def put_original(
        self, town: str, sha256: str, src: BinaryIO, *, content_type: str = "application/octet-stream"
    ) -> str:
        """Store ``src`` (seekable, read from 0) under ``<town>/<sha256>``; return the key."""
        ...

    def put_derivative(self, town: str, sha256: str, name: DerivativeName, data: bytes) -> str: ...

    def open(self, key: str) -> BinaryIO:
        """A readable stream (close it, or use it as a context manager); ObjectMissing if absent."""
        ...

    def get(self, key: str) -> bytes: ...

    def exists(self, key: str) -> bool: ...

    def size(self, key: str) -> int: ...

    def list_keys(self, prefix: str = "") -> Iterator[str]:
        """Every stored key starting with ``prefix`` (originals and derivatives), never temporaries."""
        ...

    def sweep(self, *, older_than: timedelta = SWEEP_AGE, now: datetime | None = None) -> list[str]:
        """Move abandoned temporaries to quarantine; return where they went.  Never deletes."""
        ...

    def probe(self) -> None:
        """Write a small object outside the evidence keys, read it back and remove it (the deployment
        check); raises whatever the store raised."""
        ...


class LocalPhotoStore:
    """Files under ``root``; keys map to relative paths."""

    def __init__(self, root: str | os.PathLike[str], *, fsync_derivatives: bool = True) -> None:
        self.root = Path(root)
        self.fsync_derivatives = fsync_derivatives
        self.root.mkdir(parents=True, exist_ok=True)

    def _path(self, key: str) -> Path:
        return self.root.joinpath(*check_key(key))

    def put_original(
        self, town: str, sha256: str, src: BinaryIO, *, content_type: str = "application/octet-stream"
    ) -> str:
        key = original_key(town, sha256)
        target = self._path(key)
        if target.exists():
            _check_existing(key, self.open(key), sha256)
            return key
        src.seek(0)
        chunks = iter(lambda: src.read(CHUNK_BYTES), b"")
        atomic_write(target, chunks, expected_sha256=sha256, drop_cache=True)
        return key

    def put_derivative(self, town: str, sha256: str, name: DerivativeName, data: bytes) -> str:
        key = derivative_key(town, sha256, name)
        atomic_write(self._path(key), [data], durable=self.fsync_derivatives)
        return key

    def open(self, key: str) -> BinaryIO:
        try:
            return self._path(key).open("rb")
        except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
            raise ObjectMissing(key) from None

    def get(self, key: str) -> bytes:
        with self.open(key) as f:
            return f.read()

    def exists(self, key: str) -> bool:
        return self._path(key).is_file()

    def size(self, key: str) -> int:
        try:
            return self._path(key).stat().st_size
        except (FileNotFoundError, NotADirectoryError):
            raise ObjectMissing(key) from None

    def list_keys(self, prefix: str = "") -> Iterator[str]:
        for path in self._files():
            key = path.relative_to(self.root).as_posix()
            if not path.name.startswith(".") and key.startswith(prefix):
                yield key

    def _files(self) -> Iterator[Path]:
        for top, dirs, files in os.walk(self.root):
            dirs[:] = sorted(d for d in dirs if not (top == str(self.root) and d in (QUARANTINE, PROBE_DIR)))
            yield from (Path(top, f) for f in sorted(files))

    def sweep(self, *, older_than: timedelta = SWEEP_AGE, now: datetime | None = None) -> list[str]:
        cutoff = (now or datetime.now(UTC)).timestamp() - older_than.total_seconds()
        moved = []
        for path in list(self._files()):
            if path.name.startswith(TEMP_PREFIX):
                try:
                    if path.stat().st_mtime < cutoff:
                        moved.append(self._quarantine(path))
                except FileNotFoundError:  # its writer finished (renamed it) after we listed it
                    continue
        return moved

    def probe(self) -> None:
        path = self.root / PROBE_DIR / f"{uuid.uuid4().hex}.probe"
        data = uuid.uuid4().bytes
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            path.write_bytes(data)
            if path.read_bytes() != data:
                raise OSError(f"{path} did not read back what was written")
        finally:
            path.unlink(missing_ok=True)

    def _quarantine(self, path: Path) -> str:
        target = self.root / QUARANTINE / path.relative_to(self.root)
        make_dirs(target.parent)
        if target.exists():
            target = target.with_name(f"{target.name}.{uuid.uuid4().hex}")
        os.replace(path, target)
        fsync_dir(target.parent)
        fsync_dir(path.parent)
        return target.relative_to(self.root).as_posix()


def _check_existing(key: str, stream: BinaryIO, sha256: str) -> None:
    with stream:
        actual, _ = sha256_of(stream)
    if actual != sha256:
        raise IntegrityError(f"{key} already holds bytes with SHA-256 {actual}; left untouched")


def atomic_write(
    target: Path,
    chunks: Iterable[bytes],
    *,
    expected_sha256: str | None = None,
    durable: bool = True,
    drop_cache: bool = False,
) -> None:
    """Write ``chunks`` to a temporary file beside ``target``, check the hash, fsync, rename into place.

    ``drop_cache`` evicts the file's (clean, fsynced) pages from the page cache: originals are written
    once and rarely read, and keeping them would push out the derivatives that are served all day.
    """
    make_dirs(target.parent, durable=durable)
    temp = target.with_name(f"{TEMP_PREFIX}{uuid.uuid4().hex}")
    digest = hashlib.sha256()
    try:
        with temp.open("xb") as out:
            for chunk in chunks:
                digest.update(chunk)
                out.write(chunk)
            out.flush()
            if durable:
                os.fsync(out.fileno())
            if drop_cache and durable and hasattr(os, "posix_fadvise"):
                os.posix_fadvise(out.fileno(), 0, 0, os.POSIX_FADV_DONTNEED)
        if expected_sha256 is not None and digest.hexdigest() != expected_sha256:
            raise IntegrityError(f"bytes hash to {digest.hexdigest()}, not {expected_sha256}")
        os.replace(temp, target)
    except BaseException:
        temp.unlink(missing_ok=True)  # our own incomplete temporary, never evidence
        raise
    if durable:
        fsync_dir(target.parent)


def make_dirs(path: Path, *, durable: bool = True) -> None:
    """``mkdir -p`` that also fsyncs each parent whose entries changed."""
    missing = []
    while not path.is_dir():
        missing.append(path)
        path = path.parent
    for directory in reversed(missing):
        directory.mkdir(exist_ok=True)
        if durable:
            fsync_dir(directory.parent)


def fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
