"""Set-based writes that stay on the audit chain: insert-or-ignore many rows, then one chain append.

`write_rows` inserts rows given as tuples (one statement per few thousand rows: executemany on SQLite, COPY
on PostgreSQL, `backend.rawsql`) and seals exactly the rows that went in (`backend.audit.seal`: the flush
hook never sees Core statements). Each value is converted once per distinct value and column: to
the driver's form by the column type's own bind processor, and to its RFC 8785 JSON for the row's snapshot,
which is assembled from those pieces in key order, so it equals `canonical(snapshot(row))` as `flask audit
verify` reads the row back. Columns a row leaves out take their Python default. `insert_ignoring` does the
same for rows given as dicts (see `full_row`).

Ids may be given as `uuid.UUID` or as 32 lowercase hex digits (the form SQLite stores; `new_ids` makes them
time-ordered, so a batch's rows land on the same index pages instead of random ones).
"""
from __future__ import annotations

import datetime as dt
import os
import struct
import threading
import time
import uuid
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import repeat
from json.encoder import encode_basestring
from typing import Any

from sqlalchemy import JSON, Boolean, Integer, String, Uuid, inspect, select, type_coerce
from sqlalchemy.orm import Session

from backend.audit import canonical_json, seal
from backend.models.base import BulkSealed
from backend.rawsql import insert_tuples

CHUNK = 5000


def chunked(items: Sequence[Any], size: int = CHUNK) -> Iterator[Sequence[Any]]:
    for start in range(0, len(items), size):
        yield items[start:start + size]


def full_row(model: type, values: dict[str, Any]) -> dict[str, Any]:
    """Every column of `model` (by attribute name): the given value, else the column's Python default."""
    row: dict[str, Any] = {}
    for attr in inspect(model).column_attrs:
        if attr.key in values:
            row[attr.key] = values[attr.key]
            continue
        row[attr.key] = _default(attr.columns[0])
    return row


def _default(column: Any) -> Any:
    default = column.default
    if default is None:
        return None
    if default.is_callable:
        return default.arg(None)
    return default.arg


# --- ids ---------------------------------------------------------------------------------------------------
_ids_lock = threading.Lock()
_ids_state = [0, 0]  # the last id's millisecond and counter
_COUNTER_BITS = 42  # RFC 9562 § 6.2 method 1: rand_a (12 bits) and the top 30 bits of rand_b


def new_ids(count: int) -> list[str]:
    """`count` fresh UUIDs, version 7 (RFC 9562: Unix milliseconds, a counter seeded at random each
    millisecond, 32 random bits), ascending within the process, as 32 lowercase hex digits."""
    if count <= 0:
        return []
    with _ids_lock:
        ms, counter = time.time_ns() // 1_000_000, 0
        if ms <= _ids_state[0]:
            ms, counter = _ids_state[0], _ids_state[1] + 1
        else:
            counter = int.from_bytes(os.urandom(6)) >> 7  # 41 random bits: room to count on
        if counter + count >= 1 << _COUNTER_BITS:
            ms, counter = ms + 1, int.from_bytes(os.urandom(6)) >> 7
        _ids_state[0], _ids_state[1] = ms, counter + count - 1
    stamp = (ms << 80) | (0x7 << 76) | (0b10 << 62)
    randoms = struct.unpack(f">{count}I", os.urandom(4 * count))
    return ["%032x" % (stamp | ((c >> 30) << 64) | ((c & 0x3FFFFFFF) << 32) | r)
            for c, r in zip(range(counter, counter + count), randoms, strict=True)]


def id_text(value: Any) -> str:
    """The canonical text of an id (`str(uuid)`), from a UUID or 32 hex digits."""
    if type(value) is str and len(value) == 32:
        return f"{value[:8]}-{value[8:12]}-{value[12:16]}-{value[16:20]}-{value[20:]}"
    return str(value)


def hex_id(value: Any) -> str:
    return value if type(value) is str and len(value) == 32 else uuid.UUID(str(value)).hex


# --- per-column conversions ----------------------------------------------------------------------------
def _json_of(value: Any) -> str:
    """RFC 8785 JSON of one value as `snapshot` renders it (dates, instants, JSON documents, the rest)."""
    return canonical_json(value)


def _json_uuid(value: Any) -> str:
    return "null" if value is None else f'"{id_text(value)}"'


def _json_str(value: Any) -> str:
    return encode_basestring(value) if type(value) is str else _json_of(value)


def _json_int(value: Any) -> str:
    if type(value) is int and -(2**53) < value < 2**53:
        return str(value)
    return _json_of(value)


def _json_bool(value: Any) -> str:
    return "true" if value is True else "false" if value is False else _json_of(value)


def _json_for(column_type: Any) -> Callable[[Any], str]:
    if isinstance(column_type, Uuid):
        return _json_uuid
    if isinstance(column_type, Boolean):
        return _json_bool
    if isinstance(column_type, Integer):
        return _json_int
    if isinstance(column_type, String):
        return _json_str
    return _json_of  # dates and instants (jsonable's ISO text), JSON documents, anything else


def _memo_key(value: Any) -> Any:
    """Values equal under this key convert alike (None if the value is not to be memoised)."""
    kind = type(value)
    if kind is dict or kind is list:
        return (kind,) if not value else None
    return (kind, value)


_SCALARS = frozenset({str, int, dt.date, dt.datetime, type(None)})  # equal values of these convert alike


@dataclass(frozen=True)
class _Column:
    key: str  # attribute key
    name: str  # column name
    kind: str  # "id" (UUIDs or hex ids), "json" (documents), "scalar"
    to_db: Callable[[Any], Any] | None
    to_json: Callable[[Any], str]
    audited: bool
    column: Any


_codecs: dict[tuple[type, str], tuple[_Column, ...]] = {}


def _codec(model: type, dialect: Any) -> tuple[_Column, ...]:
    found = _codecs.get((model, dialect.name))
    if found is not None:
        return found
    skip = set(getattr(model, "__audit_exclude__", ()))
    columns = []
    for attr in inspect(model).column_attrs:
        column = attr.columns[0]
        proc = column.type.dialect_impl(dialect).bind_processor(dialect)
        kind = ("id" if isinstance(column.type, Uuid) else "json" if isinstance(column.type, JSON)
                else "scalar")
        columns.append(_Column(attr.key, column.name, kind, proc, _json_for(column.type),
                               attr.key not in skip, column))
    _codecs[(model, dialect.name)] = found = tuple(columns)
    return found


def _to_db(col: _Column, values: Sequence[Any]) -> Sequence[Any]:
    """The driver's values of a column (hex ids go as they are: SQLite stores them so, PostgreSQL parses
    them)."""
    proc = col.to_db
    if proc is None:
        return values
    if col.kind == "id":
        return [v if v is None or v.__class__ is str else proc(v) for v in values]
    return _memoised(values, proc, col.kind == "json")


def _to_json(col: _Column, values: Sequence[Any], label: str) -> list[str]:
    """'"key":<RFC 8785 JSON>' of each value of a column."""
    if col.kind == "id" and col.column.primary_key:  # each its own
        return [f'{label}"{v[:8]}-{v[8:12]}-{v[12:16]}-{v[16:20]}-{v[20:]}"'
                if v.__class__ is str and len(v) == 32 else label + _json_uuid(v) for v in values]
    to_json = col.to_json
    return _memoised(values, lambda v: label + to_json(v), col.kind == "json")


def _memoised(values: Sequence[Any], convert: Callable[[Any], Any], documents: bool) -> list[Any]:
    """`convert` of each value, once per distinct value (of the types that convert alike when equal)."""
    memo: dict[Any, Any] = {}
    out = []
    if documents:
        for v in values:
            key = _memo_key(v)
            if key is None:
                out.append(convert(v))
                continue
            try:
                found = memo.get(key, _MISSING)
            except TypeError:  # e.g. a tuple holding a dict
                found = convert(v)
            if found is _MISSING:
                found = memo[key] = convert(v)
            out.append(found)
        return out
    scalars, get, missing = _SCALARS, memo.get, _MISSING
    for v in values:
        kind = v.__class__
        if kind in scalars:
            found = get(v, missing)
            if found is missing:
                found = memo[v] = convert(v)
        elif kind is bool:  # True == 1: a key of its own
            found = get((bool, v), missing)
            if found is missing:
                found = memo[(bool, v)] = convert(v)
        else:
            found = convert(v)
        out.append(found)
    return out


_MISSING = object()
_UNIFORM = frozenset({str, dt.date, dt.datetime, type(None)})  # equal values are the same value


def _uniform(values: list[Any]) -> bool:
    """Every value the same (then it converts once)."""
    first = values[0]
    kind = first.__class__
    if kind in _UNIFORM or ((kind is dict or kind is list) and not first):
        return values.count(first) == len(values)
    return False


@dataclass
class Prepared:
    """Rows in the driver's form, with their ids (as given, and as text) and canonical snapshots."""

    names: list[str]
    data: list[tuple[Any, ...]]
    ids: list[Any]
    object_ids: list[str]
    snapshots: list[str]


def prepare(model: type, dialect: Any, keys: Sequence[str], rows: Sequence[Sequence[Any]],
            const: Mapping[str, Any] | None = None) -> Prepared:
    """Convert rows (tuples of the `keys` attribute values; `const` the values every row shares; every other
    column its Python default) for the driver and for the audit chain, each distinct value once."""
    const = dict(const or {})
    position = {key: i for i, key in enumerate(keys)}
    count = len(rows)
    db_columns: list[Any] = []
    pieces: dict[str, Any] = {}  # attribute key -> '"key":json' (shared) or a list of them
    ids: list[Any] = []
    object_ids: list[str] = []
    for col in _codec(model, dialect):
        label = encode_basestring(col.key) + ":"
        index = position.get(col.key)
        values = [row[index] for row in rows] if index is not None else None
        if values and col.key != "id" and _uniform(values):  # one value: converted once
            shared = values[0]
            db_columns.append(repeat(_to_db(col, [shared])[0]))
            pieces[col.key] = label + col.to_json(shared)
        elif values is not None:
            db_columns.append(_to_db(col, values))
            if col.audited or col.key == "id":
                pieces[col.key] = _to_json(col, values, label)
            if col.key == "id":
                ids = values
                object_ids = ([j[len(label) + 1:-1] for j in pieces["id"]] if col.kind == "id"
                              else [str(v) for v in values])
        else:
            shared = const[col.key] if col.key in const else _shared_default(col, count)
            db_columns.append(repeat(_to_db(col, [shared])[0]))
            pieces[col.key] = label + col.to_json(shared)
            if col.key == "id":
                ids, object_ids = [shared] * count, [id_text(shared)] * count
        if not col.audited:
            pieces.pop(col.key, None)
    data = _zipped(db_columns, count)
    return Prepared([c.name for c in _codec(model, dialect)], data, ids, object_ids,
                    _snapshots([pieces[k] for k in sorted(pieces)], count))


def _shared_default(col: _Column, count: int) -> Any:
    default = col.column.default
    if default is not None and default.is_callable:
        raise ValueError(f"{col.key}: a callable default is per row; give the value")
    return _default(col.column)


def _snapshots(parts: list[Any], count: int) -> list[str]:
    """'{' + parts joined by ',' + '}' per row, runs of shared parts joined once."""
    segments: list[Any] = []
    literal = "{"
    for i, part in enumerate(parts):
        sep = "," if i else ""
        if isinstance(part, str):
            literal += sep + part
            continue
        segments.append(literal + sep)
        segments.append(part)
        literal = ""
    segments.append(literal + "}")
    return ["".join(t) for t in _zipped([repeat(s) if isinstance(s, str) else s for s in segments], count)]


def _zipped(columns: list[Any], count: int) -> list[tuple[Any, ...]]:
    """Rows of `count` from columns that are lists of `count` or `repeat`s of one value."""
    if not any(isinstance(c, list) for c in columns):
        return [tuple(next(c) for c in columns)] * count
    return list(zip(*columns, strict=False))


def write_rows(session: Session, model: type, keys: Sequence[str], rows: Sequence[Sequence[Any]], *,
               const: Mapping[str, Any] | None = None, ignore_conflicts: bool = True) -> list[int]:
    """Insert rows (see `prepare`) and seal the ones that went in (`backend.audit.seal`: one chain event per
    town and statement of up to CHUNK rows, named in the rows' `audit_seal_id`); return their indexes, in
    order. Skipping conflicts, a row clashing with a unique key is neither written nor sealed; otherwise
    the clash raises."""
    if not rows:
        return []
    if not issubclass(model, BulkSealed):
        raise TypeError(f"{model.__name__} is not BulkSealed: its bulk-written rows could not be audited")
    conn = session.connection()
    table = model.__table__  # type: ignore[attr-defined]
    written: list[int] = []
    for town_id, indexes in _towns(keys, rows, const):
        for part in chunked(indexes, CHUNK):
            seal_id = new_ids(1)[0]
            prepared = prepare(model, conn.dialect, keys, [rows[i] for i in part],
                               {**(const or {}), "audit_seal_id": seal_id})
            inserted = insert_tuples(conn, table, prepared.names, prepared.data,
                                     ignore_conflicts=ignore_conflicts)
            went_in = range(len(part))
            if inserted != len(part):  # some clashed: our fresh ids exist only for the rows that went in
                present = _present(session, model, prepared.ids)
                went_in = [j for j in went_in if hex_id(prepared.ids[j]) in present]  # type: ignore[assignment]
            seal(session, town_id, model.__name__, id_text(seal_id),
                 [(prepared.object_ids[j], prepared.snapshots[j]) for j in went_in])
            written.extend(part[j] for j in went_in)
    return sorted(written)


def _towns(keys: Sequence[str], rows: Sequence[Sequence[Any]],
           const: Mapping[str, Any] | None) -> list[tuple[uuid.UUID, list[int]]]:
    """The rows' indexes by town (each town's chain is sealed on its own), towns in a stable order."""
    if "town_id" not in keys:
        return [(_as_uuid((const or {})["town_id"]), list(range(len(rows))))]
    by_town: dict[uuid.UUID, list[int]] = defaultdict(list)
    i = list(keys).index("town_id")
    for index, row in enumerate(rows):
        by_town[_as_uuid(row[i])].append(index)
    return sorted(by_town.items(), key=lambda item: str(item[0]))


def _as_uuid(value: Any) -> uuid.UUID:
    return value if isinstance(value, uuid.UUID) else uuid.UUID(value)


def _present(session: Session, model: type, ids: list[Any]) -> set[str]:
    table = model.__table__  # type: ignore[attr-defined]
    as_hex = type_coerce(table.c.id, Uuid(as_uuid=False))
    stmt = select(table.c.id).where(as_hex.in_([hex_id(i) for i in ids]))
    return {v.hex for v in session.execute(stmt).scalars()}


def insert_ignoring(session: Session, model: type, rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Insert complete rows (see `full_row`), skipping any that clash with a unique key; audit and return the
    rows that were inserted."""
    if not rows:
        return []
    keys = list(rows[0])
    written = write_rows(session, model, keys, [tuple(row[k] for k in keys) for row in rows])
    return [rows[i] for i in written]
