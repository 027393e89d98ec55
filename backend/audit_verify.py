"""`flask audit verify`: check a town's chain (links, HMACs) and compare every current row with its last event."""  # noqa: E501
from __future__ import annotations

import hmac
import json
import uuid
from collections.abc import Callable
from typing import NamedTuple

from sqlalchemy import select
from sqlalchemy.orm import Session

from backend.audit import (
    GENESIS,
    SEAL,
    VerifyReport,
    canonical,
    event_fields,
    fast_canonical,
    link_hmac,
    row_digest,
    sealed_rows,
    snapshot,
)
from backend.extensions import db
from backend.models import AuditEvent, AuditHead, Town
from backend.models.base import Audited


def audited_models() -> list[type[Audited]]:
    return [m.class_ for m in db.Model.registry.mappers if issubclass(m.class_, Audited)]


class Mark(NamedTuple):
    """What verification keeps of an object's last event (not the event: a town's snapshots may not fit
    in memory): its seq, its action and the SHA-256 of its snapshot (a sealed row: the seal's digest)."""

    seq: int
    action: str
    digest: str


Last = dict[tuple[str, str], Mark]


def _check_links(session: Session, town_id: uuid.UUID, key: bytes) -> tuple[int, Last, str | None]:
    last: Last = {}
    prev, expected_seq, count = GENESIS, 1, 0
    stmt = select(AuditEvent).where(AuditEvent.town_id == town_id).order_by(AuditEvent.seq)
    for ev in session.scalars(stmt).yield_per(100):  # a seal holds a few hundred kB
        count += 1
        where = f"audit event seq {ev.seq} ({ev.action} {ev.object_type} {ev.object_id})"
        if ev.seq != expected_seq:
            return count, last, f"{where}: expected seq {expected_seq}; the chain has a gap"
        if ev.prev_hmac != prev:
            return count, last, f"{where}: prev link does not match the previous event's HMAC"
        if not hmac.compare_digest(link_hmac(key, prev, event_fields(ev), fast_canonical), ev.hmac):
            return count, last, f"{where}: HMAC does not verify (event rewritten without the key?)"
        prev, expected_seq = ev.hmac, expected_seq + 1
        if ev.action == SEAL:
            for object_id, digest in sealed_rows(ev).items():
                last[(ev.object_type, object_id)] = Mark(ev.seq, SEAL, digest)
        else:
            last[(ev.object_type, ev.object_id)] = Mark(ev.seq, ev.action, row_digest(ev.snapshot))
    head = session.get(AuditHead, town_id)
    if count and (head is None or head.seq != expected_seq - 1 or head.hmac != prev):
        return count, last, f"chain head does not match the last event (seq {expected_seq - 1})"
    return count, last, None


def _check_rows(session: Session, town_id: uuid.UUID, last: Last,
                progress: Callable[[str, int], None] | None = None) -> tuple[int, str | None]:
    rows = 0
    for model in sorted(audited_models(), key=lambda m: m.__name__):
        checked, problem = _check_model(session, model, town_id, last)
        rows += checked
        if problem:
            return rows, problem
        if progress is not None and checked:
            progress(model.__name__, checked)
    for (name, oid), ev in sorted(last.items()):
        if ev.action != "delete":
            return rows, f"{name} {oid} is missing but its last audit event (seq {ev.seq}) is a {ev.action}"
    return rows, None


def _check_model(session: Session, model: type[Audited], town_id: uuid.UUID, last: Last) -> tuple[int,
                                                                                                  str | None]:
    """The town's rows of one model, streamed (a server-side cursor on PostgreSQL, closed however it ends)."""
    col = model.id if model is Town else model.town_id  # type: ignore[attr-defined]
    stmt = select(model).where(col == town_id).order_by(model.id)  # type: ignore[attr-defined]
    result = session.scalars(stmt.execution_options(yield_per=2000))
    checked = 0
    try:
        for obj in result:
            checked += 1
            problem = _row_problem(session, town_id, model.__name__, obj, last)
            if problem:
                return checked, problem
    finally:
        result.close()
    return checked, None


def _row_problem(session: Session, town_id: uuid.UUID, name: str, obj: Audited, last: Last) -> str | None:
    oid = str(obj.id)  # type: ignore[attr-defined]
    mark = last.pop((name, oid), None)
    if mark is None:
        return f"{name} {oid} has no audit event (written behind the app's back?)"
    if mark.action == "delete":
        return f"{name} {oid} exists but its last audit event (seq {mark.seq}) is a delete"
    if row_digest(canonical(snapshot(obj))) == mark.digest:
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


def verify_town(session: Session, town_id: uuid.UUID, key: bytes,
                progress: Callable[[str, int], None] | None = None) -> VerifyReport:
    """`progress(model name, rows checked)` after each model's rows (long checks of big towns)."""
    events, last, problem = _check_links(session, town_id, key)
    if problem:
        return VerifyReport(town_id, events, 0, problem)
    rows, problem = _check_rows(session, town_id, last, progress)
    return VerifyReport(town_id, events, rows, problem)
