"""The audit chain: one HMAC-linked chain of events per town, appended inside the writing transaction.

Every insert, update and delete of an `Audited` model appends an AuditEvent holding actor, action, object,
the RFC 8785 canonical JSON snapshot of the new state and a schema version. Each link's HMAC covers the
previous link and the event, keyed by AUDIT_HMAC_KEY from the environment (never stored in the database).
The town's head row is locked FOR UPDATE while appending, so concurrent writers cannot fork the chain.
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
from json.encoder import encode_basestring
from typing import Any

import rfc8785
from sqlalchemy import event, insert, inspect, select, update
from sqlalchemy.orm import Session

from backend.clock import now
from backend.models import AuditEvent, AuditHead
from backend.models.base import Audited
from backend.rawsql import insert_tuples

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
    return {a.key: jsonable(getattr(obj, a.key)) for a in mapper.column_attrs if a.key not in skip}


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


def append_bulk(session: Session, town_id: uuid.UUID, object_type: str, rows: list[dict[str, Any]],
                action: str = "create") -> int:
    """Audit rows written by a bulk Core statement (which the flush hook never sees): one chain append.

    `rows` hold every column value of the model under its attribute name, `id` included, exactly as stored,
    so `flask audit verify` finds each row's snapshot equal to its last event. Returns the events written.
    """
    return append_snapshots(session, town_id, object_type,
                            [(str(row["id"]), fast_canonical(_row_json(row))) for row in rows], action)


EVENT_COLUMNS = ("town_id", "seq", "at", "actor", "action", "object_type", "object_id", "snapshot",
                 "schema_version", "prev_hmac", "hmac")


def append_snapshots(session: Session, town_id: uuid.UUID, object_type: str, items: Sequence[tuple[str, str]],
                     action: str = "create") -> int:
    """One chain append for rows written in bulk, given as (object id, snapshot): each snapshot must be the
    canonical JSON of the row as stored (`canonical(snapshot(row))`). Returns the events written.

    Each link's HMAC covers exactly `canonical(event_fields(event))`, built here from its constant parts (the
    fields' keys sorted as RFC 8785 sorts them; strings escaped as `json.dumps` escapes them, which is RFC
    8785's escaping), so `flask audit verify` recomputes the same HMAC."""
    if not items:
        return 0
    key = audit_key(session)
    if not key:
        raise RuntimeError("audited write without an audit key (AUDIT_HMAC_KEY)")
    conn = session.connection()
    seq, prev = _lock_head(conn, town_id)
    at, actor = now(), _actor.get()
    head = (f'{{"action":{encode_basestring(action)},"actor":{encode_basestring(actor)},'
            f'"at":{encode_basestring(jsonable(at))},"object_id":')
    middle = f',"object_type":{encode_basestring(object_type)},"schema_version":{SCHEMA_VERSION},"seq":'
    tail = f',"town_id":{encode_basestring(jsonable(town_id))}}}'
    table = AuditEvent.__table__
    town_db, at_db = (_driver_value(conn, table.c[name], value)  # type: ignore[attr-defined]
                      for name, value in (("town_id", town_id), ("at", at)))
    keyed = hmac.new(key, digestmod=hashlib.sha256)  # copied per link: the key's pads are hashed once
    head_after: list[Any] = [seq, prev]

    def links() -> Iterator[tuple[Any, ...]]:  # streamed to the database (PostgreSQL works meanwhile)
        seq, prev = head_after
        for object_id, snap in items:
            seq += 1
            text = (f'{head}{encode_basestring(object_id)}{middle}{seq},"snapshot":'
                    f'{encode_basestring(snap)}{tail}')
            link = keyed.copy()
            link.update(f"{prev}|{text}".encode())
            mac = link.hexdigest()
            yield (town_db, seq, at_db, actor, action, object_type, object_id, snap, SCHEMA_VERSION, prev,
                   mac)
            prev = mac
        head_after[:] = [seq, prev]

    insert_tuples(conn, table, EVENT_COLUMNS, links(), ignore_conflicts=False)  # type: ignore[arg-type]
    conn.execute(update(AuditHead).where(AuditHead.town_id == town_id)
                 .values(seq=head_after[0], hmac=head_after[1]))
    return len(items)


def _driver_value(conn: Any, column: Any, value: Any) -> Any:
    proc = column.type.dialect_impl(conn.dialect).bind_processor(conn.dialect)
    return proc(value) if proc else value


def _row_json(row: dict[str, Any]) -> dict[str, Any]:
    """`jsonable` of a flat row, with the common column types converted without recursion."""
    out: dict[str, Any] = {}
    for k, v in row.items():
        kind = type(v)
        if v is None or kind is str or kind is int or kind is bool:
            out[k] = v
        elif kind is uuid.UUID:
            out[k] = str(v)
        else:
            out[k] = jsonable(v)
    return out


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
    from flask import current_app, has_app_context
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
