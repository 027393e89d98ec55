"""Driver-level executemany for bulk writes: each value passes through its column type's own bind
processor, so rows are stored exactly as SQLAlchemy would store them, at a fraction of the per-row cost."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, Table


def insert_rows(conn: Connection, table: Table, rows: Sequence[dict[str, Any]], *,
                ignore_conflicts: bool) -> int:
    """INSERT (OR IGNORE / ON CONFLICT DO NOTHING) `rows` (dicts of the same column names); returns the rows
    inserted. Columns the rows leave out take their database default (e.g. an autoincrement id)."""
    if not rows:
        return 0
    dialect = conn.dialect
    columns = [c for c in table.columns if c.name in rows[0]]  # the rows' own columns; the rest default
    procs = [column.type.dialect_impl(dialect).bind_processor(dialect) for column in columns]
    quote = dialect.identifier_preparer.quote
    mark = "?" if dialect.paramstyle == "qmark" else "%s"
    sqlite = dialect.name == "sqlite"
    verb = "INSERT OR IGNORE INTO" if ignore_conflicts and sqlite else "INSERT INTO"
    tail = " ON CONFLICT DO NOTHING" if ignore_conflicts and not sqlite else ""
    sql = (f"{verb} {dialect.identifier_preparer.format_table(table)} "
           f"({', '.join(quote(c.name) for c in columns)}) VALUES ({', '.join([mark] * len(columns))}){tail}")
    pairs = list(zip(columns, procs, strict=True))
    data = [tuple(proc(row[c.name]) if proc else row[c.name] for c, proc in pairs) for row in rows]
    return int(conn.exec_driver_sql(sql, data).rowcount)
