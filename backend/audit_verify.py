"""`flask audit verify`: check a town's chain (links, HMACs) and compare every current row with its last event.

Memory is bounded whatever the size of the town: the chain is streamed once in seq order, each object's last
event is kept on disk (`backend.audit_marks`), and the rows are streamed model by model and looked up there
in batches. See the README (Audit chain) for the figure at 2 million rows (`make bench-audit`).
"""  # noqa: E501
from __future__ import annotations

import hmac
import json
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from sqlalchemy import select
from sqlalchemy.orm import Session

from backend.audit import (
    GENESIS,
    SEAL,
    VerifyReport,
    event_fields,
    fast_canonical,
    link_hmac,
    row_digest,
    sealed_rows,
    snapshot,
)
from backend.audit_marks import Mark, Marks, scratch_marks
from backend.extensions import db
from backend.models import AuditEvent, AuditHead, Town
from backend.models.base import Audited

ROWS_PER_BATCH = 2000  # rows read per round trip, and looked up in the marks together
EVENTS_PER_BATCH = 10  # the daily job writes its seals (a few hundred kB each) one after another
VERIFY_CACHE_KIB = 8 * 1024


def audited_models() -> list[type[Audited]]:
    return [m.class_ for m in db.Model.registry.mappers if issubclass(m.class_, Audited)]


def _check_links(session: Session, town_id: uuid.UUID, key: bytes, last: Marks) -> tuple[int, str | None]:
    """Walk the chain in seq order: no gap, each link names the previous HMAC, each HMAC verifies; `last`
    gets every object's last event."""
    prev, expected_seq, count = GENESIS, 1, 0
    stmt = select(AuditEvent).where(AuditEvent.town_id == town_id).order_by(AuditEvent.seq)
    for ev in session.scalars(stmt).yield_per(EVENTS_PER_BATCH):
        count += 1
        where = f"audit event seq {ev.seq} ({ev.action} {ev.object_type} {ev.object_id})"
        if ev.seq != expected_seq:
            return count, f"{where}: expected seq {expected_seq}; the chain has a gap"
        if ev.prev_hmac != prev:
            return count, f"{where}: prev link does not match the previous event's HMAC"
        if not hmac.compare_digest(link_hmac(key, prev, event_fields(ev), fast_canonical), ev.hmac):
            return count, f"{where}: HMAC does not verify (event rewritten without the key?)"
        prev, expected_seq = ev.hmac, expected_seq + 1
        if ev.action == SEAL:
            last.put_many(ev.object_type, ev.seq, SEAL, sealed_rows(ev).items())
        else:
            last.put(ev.object_type, ev.object_id, Mark(ev.seq, ev.action, row_digest(ev.snapshot)))
    head = session.get(AuditHead, town_id)
    if count and (head is None or head.seq != expected_seq - 1 or head.hmac != prev):
        return count, f"chain head does not match the last event (seq {expected_seq - 1})"
    return count, None


def _check_rows(session: Session, town_id: uuid.UUID, last: Marks,
                progress: Callable[[str, int], None] | None = None) -> tuple[int, str | None]:
    rows = 0
    for model in sorted(audited_models(), key=lambda m: m.__name__):
        checked, problem = _check_model(session, model, town_id, last)
        rows += checked
        if problem:
            return rows, problem
        if progress is not None and checked:
            progress(model.__name__, checked)
    for name, oid, ev in last.left(but_action="delete"):
        return rows, f"{name} {oid} is missing but its last audit event (seq {ev.seq}) is a {ev.action}"
    return rows, None


def _check_model(session: Session, model: type[Audited], town_id: uuid.UUID,
                 last: Marks) -> tuple[int, str | None]:
    """The town's rows of one model, streamed in batches (a server-side cursor on PostgreSQL, closed however
    it ends), each batch looked up in `last` at once."""
    col = model.id if model is Town else model.town_id  # type: ignore[attr-defined]
    stmt = select(model).where(col == town_id).order_by(model.id)  # type: ignore[attr-defined]
    result = session.scalars(stmt.execution_options(yield_per=ROWS_PER_BATCH))
    checked = 0
    try:
        for batch in result.partitions():
            problem = _batch_problem(session, town_id, model.__name__, batch, last)
            if problem:
                return checked + problem[0] + 1, problem[1]
            checked += len(batch)
    finally:
        result.close()
    return checked, None


def _batch_problem(session: Session, town_id: uuid.UUID, name: str, batch: Sequence[Audited],
                   last: Marks) -> tuple[int, str] | None:
    """(index, problem) of the first row of `batch` that does not match its last event."""
    marks = last.take(name, [str(obj.id) for obj in batch])  # type: ignore[attr-defined]
    for index, obj in enumerate(batch):
        problem = _row_problem(session, town_id, name, obj, marks.get(str(obj.id)))  # type: ignore[attr-defined]
        if problem:
            return index, problem
    return None


def _row_problem(session: Session, town_id: uuid.UUID, name: str, obj: Audited,
                 mark: Mark | None) -> str | None:
    oid = str(obj.id)  # type: ignore[attr-defined]
    if mark is None:
        return f"{name} {oid} has no audit event (written behind the app's back?)"
    if mark.action == "delete":
        return f"{name} {oid} exists but its last audit event (seq {mark.seq}) is a delete"
    if row_digest(fast_canonical(snapshot(obj))) == mark.digest:
        return None
    if mark.action == SEAL:
        return f"{name} {oid} differs from the row sealed by audit event seq {mark.seq}"
    stmt = select(AuditEvent).where(AuditEvent.town_id == town_id, AuditEvent.seq == mark.seq)
    event = session.scalar(stmt)  # read again only to name the fields that differ
    return f"{name} {oid} differs from its last audit event (seq {mark.seq}): {_diff(event, obj)}"


def _diff(ev: AuditEvent | None, obj: Audited) -> str:
    old, new = (json.loads(ev.snapshot) if ev is not None else {}), snapshot(obj)
    fields = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))
    return "fields " + ", ".join(fields)


@contextmanager
def _small_page_cache(session: Session) -> Iterator[None]:
    """SQLite: each row is read once, so the connection's large page cache (64 MiB for the app) would only
    hold memory; a few MiB while verifying, the app's size back afterwards."""
    conn = session.connection()
    if conn.dialect.name != "sqlite":
        yield
        return
    before = int(conn.exec_driver_sql("PRAGMA cache_size").scalar() or -2000)
    conn.exec_driver_sql(f"PRAGMA cache_size = -{VERIFY_CACHE_KIB}")
    try:
        yield
    finally:
        conn.exec_driver_sql(f"PRAGMA cache_size = {before}")


def verify_town(session: Session, town_id: uuid.UUID, key: bytes,
                progress: Callable[[str, int], None] | None = None) -> VerifyReport:
    """`progress(model name, rows checked)` after each model's rows (long checks of big towns)."""
    with scratch_marks() as last, _small_page_cache(session):
        events, problem = _check_links(session, town_id, key, last)
        if problem:
            return VerifyReport(town_id, events, 0, problem)
        rows, problem = _check_rows(session, town_id, last, progress)
    return VerifyReport(town_id, events, rows, problem)
