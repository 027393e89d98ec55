"""Driver-level bulk writes: each value passes through its column type's own bind processor (or arrives
already in the driver's form), so rows are stored exactly as SQLAlchemy would store them, at a fraction of the
per-row cost. SQLite: one executemany per call. PostgreSQL: COPY (through a temporary staging table and
INSERT ... SELECT ... ON CONFLICT DO NOTHING when conflicts are to be skipped)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
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
    pairs = list(zip(columns, procs, strict=True))
    data = [tuple(proc(row[c.name]) if proc else row[c.name] for c, proc in pairs) for row in rows]
    return insert_tuples(conn, table, [c.name for c in columns], data, ignore_conflicts=ignore_conflicts)


def insert_tuples(conn: Connection, table: Table, names: Sequence[str], data: Iterable[tuple[Any, ...]], *,
                  ignore_conflicts: bool) -> int:
    """INSERT rows given as tuples of driver values (already bind-processed), in the order of the column
    `names`; returns the rows inserted. Without `ignore_conflicts` a clash with a unique key raises. Rows
    may come from an iterator: COPY sends each as it comes."""
    dialect = conn.dialect
    if dialect.name != "postgresql" and not isinstance(data, list):
        data = list(data)
    if isinstance(data, Sequence) and not data:
        return 0
    quote = dialect.identifier_preparer.quote
    target = dialect.identifier_preparer.format_table(table)
    columns = ", ".join(quote(name) for name in names)
    if dialect.name == "postgresql":
        return _copy(conn, target, columns, data, ignore_conflicts)
    sqlite = dialect.name == "sqlite"
    mark = "?" if dialect.paramstyle == "qmark" else "%s"
    verb = "INSERT OR IGNORE INTO" if ignore_conflicts and sqlite else "INSERT INTO"
    tail = " ON CONFLICT DO NOTHING" if ignore_conflicts and not sqlite else ""
    sql = f"{verb} {target} ({columns}) VALUES ({', '.join([mark] * len(names))}){tail}"
    return int(conn.exec_driver_sql(sql, data).rowcount)  # type: ignore[arg-type]


def _copy(conn: Connection, target: str, columns: str, data: Iterable[tuple[Any, ...]],
          ignore_conflicts: bool) -> int:
    """PostgreSQL COPY FROM STDIN (psycopg), in the connection's transaction. Skipping conflicts, the rows go
    to a temporary copy of the table first, then INSERT ... SELECT ... ON CONFLICT DO NOTHING."""
    if not ignore_conflicts:
        return _copy_into(conn, target, columns, data)
    stage = '"_bulk_stage"'  # gone with the transaction if anything fails
    conn.exec_driver_sql(f"CREATE TEMPORARY TABLE {stage} (LIKE {target} INCLUDING DEFAULTS) ON COMMIT DROP")
    _copy_into(conn, stage, columns, data)
    result = conn.exec_driver_sql(
        f"INSERT INTO {target} ({columns}) SELECT {columns} FROM {stage} ON CONFLICT DO NOTHING")
    conn.exec_driver_sql(f"DROP TABLE {stage}")
    return int(result.rowcount)


def _copy_into(conn: Connection, target: str, columns: str, data: Iterable[tuple[Any, ...]]) -> int:
    sql = f"COPY {target} ({columns}) FROM STDIN"
    cursor = conn.connection.driver_connection.cursor()  # type: ignore[union-attr]
    count = 0
    try:
        # the statement is the engine's like any other: its listeners (e.g. a statement counter) see it
        conn.dispatch.before_cursor_execute(conn, cursor, sql, (), None, False)
        with cursor.copy(sql) as copy:
            for row in data:
                copy.write_row(row)
                count += 1
        conn.dispatch.after_cursor_execute(conn, cursor, sql, (), None, False)
    finally:
        cursor.close()
    return count
