"""What `flask audit verify` keeps of each object's last audit event, on disk: bounded memory at any size.

A town's chain can hold millions of objects (the daily job seals an offense-day, an assessment and an outbox
row per open violation per day). Verification reads the chain once in seq order and must then compare every
current row with its object's last event; holding one entry per object in a dict cost about 700 bytes each
(1.5 GB at 2.2 million rows). Here the entries go into a scratch SQLite file in a private temporary folder
(deleted when verification ends), written in batches and looked up in batches as the rows stream past, with
a small fixed page cache: memory stays flat whatever the size of the town, at about 60 bytes of disk a row.
"""
from __future__ import annotations

import sqlite3
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

BATCH = 10_000  # marks written per statement
LOOKUP = 500  # ids per lookup statement (well under SQLite's bound on parameters)
CACHE_KIB = 8 * 1024  # the scratch file's page cache


class Mark(NamedTuple):
    """An object's last event: its seq, its action and the SHA-256 (hex) of its snapshot (a sealed row: the
    digest the seal holds for it)."""

    seq: int
    action: str
    digest: str


class Marks:
    """(object type, object id) -> the Mark of its last event. `put` in seq order: a later mark replaces an
    earlier one. `take` hands the marks of some objects over and forgets them, so what is left at the end is
    the objects that have no row."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._db = conn
        self._pending: list[tuple[str, str, int, str, bytes]] = []

    def put(self, object_type: str, object_id: str, mark: Mark) -> None:
        self._pending.append((object_type, object_id, mark.seq, mark.action, bytes.fromhex(mark.digest)))
        if len(self._pending) >= BATCH:
            self.flush()

    def put_many(self, object_type: str, seq: int, action: str, digests: Iterable[tuple[str, str]]) -> None:
        for object_id, digest in digests:
            self.put(object_type, object_id, Mark(seq, action, digest))

    def flush(self) -> None:
        if self._pending:
            self._db.executemany("INSERT OR REPLACE INTO marks VALUES (?, ?, ?, ?, ?)", self._pending)
            self._pending.clear()

    def take(self, object_type: str, object_ids: list[str]) -> dict[str, Mark]:
        self.flush()
        found: dict[str, Mark] = {}
        for start in range(0, len(object_ids), LOOKUP):
            part = object_ids[start:start + LOOKUP]
            where = f"type = ? AND id IN ({', '.join('?' * len(part))})"
            for oid, seq, action, digest in self._db.execute(
                    f"SELECT id, seq, action, digest FROM marks WHERE {where}", (object_type, *part)):
                found[oid] = Mark(seq, action, digest.hex())
            self._db.execute(f"DELETE FROM marks WHERE {where}", (object_type, *part))
        return found

    def left(self, but_action: str) -> Iterator[tuple[str, str, Mark]]:
        """What no `take` asked for, other than marks of `but_action`, by type and id."""
        self.flush()
        rows = self._db.execute("SELECT type, id, seq, action, digest FROM marks WHERE action != ? "
                                "ORDER BY type, id", (but_action,))
        for object_type, oid, seq, action, digest in rows:
            yield object_type, oid, Mark(seq, action, digest.hex())


@contextmanager
def scratch_marks(folder: str | None = None) -> Iterator[Marks]:
    """An empty `Marks` in a new SQLite file, deleted (with its folder) however verification ends."""
    with tempfile.TemporaryDirectory(prefix="audit-verify-", dir=folder) as where:
        conn = sqlite3.connect(Path(where) / "marks.sqlite3", isolation_level=None)
        try:
            for pragma in ("journal_mode = OFF", "synchronous = OFF", "locking_mode = EXCLUSIVE",
                           "temp_store = FILE", f"cache_size = -{CACHE_KIB}"):
                conn.execute(f"PRAGMA {pragma}")
            conn.execute("CREATE TABLE marks (type TEXT, id TEXT, seq INTEGER, action TEXT, digest BLOB, "
                         "PRIMARY KEY (type, id)) WITHOUT ROWID")
            conn.execute("BEGIN")
            yield Marks(conn)
        finally:
            conn.close()
