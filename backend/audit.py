"""The audit chain: one HMAC-linked chain of events per town, appended inside the writing transaction.

Every insert, update and delete of an `Audited` model appends an AuditEvent holding actor, action, object,
the RFC 8785 canonical JSON snapshot of the new state and a schema version. Each link's HMAC covers the
previous link and the event, keyed by AUDIT_HMAC_KEY from the environment (never stored in the database).
The town's head row is locked FOR UPDATE while appending, so concurrent writers cannot fork the chain.
Rows written in bulk by the daily jobs (`backend.services.bulk`) are sealed instead: one event per few
thousand rows holds the SHA-256 of each row's canonical snapshot (`seal`), and verification treats each
digest as that row's event.
"""
from __future__ import annotations

import base64
import datetime as dt
import hashlib
import hmac
import json
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

import rfc8785
from flask import current_app, has_app_context
from sqlalchemy import event, insert, inspect, select, update
from sqlalchemy.orm import Session

from backend.clock import now
from backend.models import AuditEvent, AuditHead
from backend.models.base import Audited

SCHEMA_VERSION = 1
GENESIS = "0" * 64
_actor: ContextVar[str] = ContextVar("audit_actor", default="system")
_KEY: dict[str, bytes] = {}  # fallback outside an app context (threads do not inherit context variables)


def set_actor(actor: str) -> None:
    _actor.set(actor)


@contextmanager
def acting_as(actor: str) -> Iterator[None]:
    token = _actor.set(actor)
    try:
        yield
    finally:
        _actor.reset(token)


def jsonable(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        return value.astimezone(dt.UTC).isoformat().replace("+00:00", "Z")
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, uuid.UUID):
        return str(value)
    if isinstance(value, bytes):
        return base64.b64encode(value).decode()
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    return value


def snapshot(obj: Audited) -> dict[str, Any]:
    mapper = inspect(obj).mapper
    skip = set(getattr(obj, "__audit_exclude__", ()))
    omit_null = set(getattr(obj, "__audit_omit_null__", ()))
    return {a.key: jsonable(value) for a in mapper.column_attrs
            if a.key not in skip and not ((value := getattr(obj, a.key)) is None and a.key in omit_null)}


def canonical(data: Any) -> str:
    return rfc8785.dumps(data).decode()


def link_hmac(key: bytes, prev: str, fields: dict[str, Any],
              encode: Callable[[Any], str] | None = None) -> str:
    text = (encode or canonical)(fields)
    return hmac.new(key, prev.encode() + b"|" + text.encode(), hashlib.sha256).hexdigest()


def event_fields(e: AuditEvent | dict[str, Any]) -> dict[str, Any]:
    get = e.get if isinstance(e, dict) else lambda k: getattr(e, k)
    return {k: jsonable(get(k)) for k in ("town_id", "seq", "at", "actor", "action", "object_type",
                                          "object_id", "snapshot", "schema_version")}


def town_of(obj: Audited) -> uuid.UUID:
    return obj.town_id  # type: ignore[attr-defined,no-any-return]


def _changes(session: Session) -> list[tuple[str, Audited]]:
    out: list[tuple[str, Audited]] = [("create", o) for o in session.new if isinstance(o, Audited)]
    out += [("update", o) for o in session.dirty
            if isinstance(o, Audited) and session.is_modified(o, include_collections=False)]
    out += [("delete", o) for o in session.deleted if isinstance(o, Audited)]
    return out


def _append(session: Session, town_id: uuid.UUID, items: list[tuple[str, Audited]], key: bytes) -> None:
    links = [(action, type(obj).__name__, _object_id(obj),
              canonical({} if action == "delete" else snapshot(obj))) for action, obj in items]
    _write_links(session, town_id, links, key, canonical)


def _lock_head(conn: Any, town_id: uuid.UUID) -> tuple[int, str]:
    """Lock the town's chain head (FOR UPDATE), creating it at genesis; its (seq, hmac)."""
    head = conn.execute(select(AuditHead.seq, AuditHead.hmac).where(AuditHead.town_id == town_id)
                        .with_for_update()).first()
    if head is None:
        conn.execute(insert(AuditHead).values(town_id=town_id, seq=0, hmac=GENESIS))
        return 0, GENESIS
    return int(head[0]), str(head[1])


def _write_links(session: Session, town_id: uuid.UUID, links: list[tuple[str, str, str, str]], key: bytes,
                 encode: Callable[[Any], str]) -> None:
    """Lock the town's head, chain `links` (action, object type, object id, snapshot JSON) onto it."""
    conn = session.connection()
    seq, prev = _lock_head(conn, town_id)
    at, actor = now(), _actor.get()
    same = {"town_id": jsonable(town_id), "at": jsonable(at), "actor": actor,
            "schema_version": SCHEMA_VERSION}
    rows = []
    for action, object_type, object_id, snap in links:
        seq += 1
        fields = same | {"seq": seq, "action": action, "object_type": object_type, "object_id": object_id,
                         "snapshot": snap}  # == event_fields(row), built once per constant
        row = dict(town_id=town_id, seq=seq, at=at, actor=actor, action=action, object_type=object_type,
                   object_id=object_id, snapshot=snap, schema_version=SCHEMA_VERSION, prev_hmac=prev)
        row["hmac"] = prev = link_hmac(key, prev, fields, encode)
        rows.append(row)
    conn.execute(insert(AuditEvent), rows)
    conn.execute(update(AuditHead).where(AuditHead.town_id == town_id).values(seq=seq, hmac=prev))


SEAL = "seal"


def row_digest(snapshot_json: str) -> str:
    """SHA-256 (hex) of a row's canonical snapshot, UTF-8: what a seal holds for each row."""
    return hashlib.sha256(snapshot_json.encode()).hexdigest()


def seal(session: Session, town_id: uuid.UUID, object_type: str, seal_id: str,
         items: Sequence[tuple[str, str]]) -> int:
    """One chain event (action "seal", object id `seal_id`) for rows written in bulk, given as (object id,
    snapshot): each snapshot must be the canonical JSON of the row as stored (`canonical(snapshot(row))`),
    and the rows carry `seal_id` in their `audit_seal_id`. The event's snapshot is
    `{"count": n, "rows": {object id: row_digest(snapshot)}}`: `flask audit verify` recomputes every row's
    digest, so an edited, deleted or smuggled row is found as it would be with an event per row, while the
    chain grows by one event per few thousand rows. Returns the rows sealed."""
    if not items:
        return 0
    key = audit_key(session)
    if not key:
        raise RuntimeError("audited write without an audit key (AUDIT_HMAC_KEY)")
    digest = hashlib.sha256
    rows = {object_id: digest(snap.encode()).hexdigest() for object_id, snap in items}
    if len(rows) != len(items):
        raise ValueError(f"{object_type}: a seal names each row once")
    body = fast_canonical({"count": len(rows), "rows": rows})
    _write_links(session, town_id, [(SEAL, object_type, seal_id, body)], key, fast_canonical)
    return len(rows)


def sealed_rows(event: AuditEvent) -> dict[str, str]:
    """A seal's rows: object id -> row digest."""
    return json.loads(event.snapshot)["rows"]  # type: ignore[no-any-return]


def _plain(value: Any) -> bool:
    """JSON whose RFC 8785 form equals json.dumps(sort_keys): no floats, ASCII keys, integers within 2**53."""
    kind = type(value)
    if value is None or kind is str or kind is bool:
        return True
    if kind is int:
        return -(2**53) < value < 2**53
    if kind is list:
        for v in value:
            if not (v is None or type(v) is str or _plain(v)):
                return False
        return True
    if kind is dict:
        for k, v in value.items():
            if type(k) is not str or not k.isascii():
                return False
            if not (v is None or type(v) is str or _plain(v)):
                return False
        return True
    return False


def fast_canonical(data: Any) -> str:
    """RFC 8785 canonical JSON, through the C json encoder when that gives the same bytes (bulk audit)."""
    if _plain(data):
        return _dumped(data)
    return canonical(data)


def canonical_json(value: Any) -> str:
    """`fast_canonical(jsonable(value))`; plain JSON (which `jsonable` leaves as it is) is not converted."""
    if _plain(value):
        return _dumped(value)
    return fast_canonical(jsonable(value))


def _dumped(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    try:
        text.encode()
    except UnicodeEncodeError:  # lone surrogates: let rfc8785 decide
        return canonical(data)
    return text


def _after_flush(session: Session, flush_context: Any) -> None:
    changes = _changes(session)
    if not changes:
        return
    key = audit_key(session)
    if not key:
        raise RuntimeError("audited write without an audit key (AUDIT_HMAC_KEY)")
    by_town: dict[uuid.UUID, list[tuple[str, Audited]]] = {}
    for action, obj in changes:
        by_town.setdefault(town_of(obj), []).append((action, obj))
    for town_id in sorted(by_town, key=str):
        _append(session, town_id, by_town[town_id], key)


def audit_key(session: Session) -> bytes | None:
    """The key of the app this session writes for (several apps may live in one process, e.g. in tests)."""
    if session.info.get("audit_key"):
        return session.info["audit_key"]  # type: ignore[no-any-return]
    if has_app_context() and "SETTINGS" in current_app.config:
        return current_app.config["SETTINGS"].audit_hmac_key.encode()  # type: ignore[no-any-return]
    return _KEY.get("key")


def install(key: str) -> None:
    """Register the flush hook (idempotent) and set the process's audit key."""
    _KEY["key"] = key.encode()
    if not event.contains(Session, "after_flush", _after_flush):
        event.listen(Session, "after_flush", _after_flush)


@dataclass(frozen=True)
class VerifyReport:
    town_id: uuid.UUID
    events: int
    rows: int
    problem: str | None

    @property
    def ok(self) -> bool:
        return self.problem is None


def _object_id(obj: Audited) -> str:
    return ":".join(str(v) for v in inspect(obj).mapper.primary_key_from_instance(obj))
