"""Set-based writes that stay on the audit chain: insert-or-ignore many rows, then one chain append.

`insert_ignoring` runs INSERT ... ON CONFLICT DO NOTHING (PostgreSQL) or INSERT OR IGNORE (SQLite) as one
driver executemany per few thousand rows, and audits exactly the rows that went in
(`backend.audit.append_bulk`: the flush hook never sees Core statements). Rows are completed with every
column default first, so each audit snapshot equals what `flask audit verify` reads back.
"""
from __future__ import annotations

import uuid
from collections import defaultdict
from collections.abc import Iterator, Sequence
from typing import Any

from sqlalchemy import inspect, select
from sqlalchemy.orm import Session

from backend.audit import append_bulk
from backend.rawsql import insert_rows

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
        default = attr.columns[0].default
        if default is None:
            row[attr.key] = None
        elif default.is_callable:
            row[attr.key] = default.arg(None)  # type: ignore[union-attr]
        else:
            row[attr.key] = default.arg  # type: ignore[union-attr]
    return row


def _raw_insert(session: Session, model: type, rows: Sequence[dict[str, Any]]) -> int:
    columns = {attr.key: attr.columns[0].name for attr in inspect(model).column_attrs}
    by_name = [{columns[k]: v for k, v in row.items()} for row in rows]
    return insert_rows(session.connection(), model.__table__, by_name, ignore_conflicts=True)  # type: ignore


def _present(session: Session, model: type, ids: list[uuid.UUID]) -> set[uuid.UUID]:
    table = model.__table__  # type: ignore[attr-defined]
    return set(session.execute(select(table.c.id).where(table.c.id.in_(ids))).scalars())


def insert_ignoring(session: Session, model: type, rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Insert complete rows (see `full_row`), skipping any that clash with a unique key; audit and return the
    rows that were inserted."""
    if not rows:
        return []
    written: list[dict[str, Any]] = []
    for part in chunked(rows):
        if _raw_insert(session, model, part) == len(part):
            written.extend(part)
        else:  # some clashed: our fresh ids exist only for the rows that went in
            present = _present(session, model, [row["id"] for row in part])
            written.extend(row for row in part if row["id"] in present)
    by_town: dict[uuid.UUID, list[dict[str, Any]]] = defaultdict(list)
    for row in written:
        by_town[row["town_id"]].append(row)
    for town_id in sorted(by_town, key=str):
        append_bulk(session, town_id, model.__name__, by_town[town_id])
    return written
