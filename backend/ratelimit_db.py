"""The login limits' counts in the app's own database when REDIS_URL is not set (`dbcount://`).

Flask-Limiter's `limits` library has no SQL storage; this one keeps fixed-window counts (Flask-Limiter's
default strategy) in `rate_limit_counts`, one row a key, so every gunicorn worker and host shares them.
Each increment is one upsert in its own short transaction on the app's engine (the request's session is
untouched): a count past its window starts again at `amount`.
"""
from __future__ import annotations

import time
from typing import Any

from flask import has_app_context
from limits.storage import Storage
from sqlalchemy import Engine, case, delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import SQLAlchemyError

from backend.extensions import db
from backend.models.ops import RateLimitCount

TABLE = RateLimitCount.__table__


def bind(storage: object, engine: Engine) -> None:
    """Counts go through `engine` even outside a request (e.g. `limiter.reset()` from a CLI or a test)."""
    if isinstance(storage, DatabaseCountStorage):
        storage.engine = engine


class DatabaseCountStorage(Storage):
    STORAGE_SCHEME = ["dbcount"]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options: Any) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self.engine: Engine | None = None  # bound by create_app; else the current app's

    def _engine(self) -> Engine:
        """The current app's engine inside an app context (the limiter is one object for every app a process
        builds); the engine bound at start-up outside one."""
        if has_app_context() or self.engine is None:
            return db.engine
        return self.engine

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return SQLAlchemyError

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        at = time.time()
        dialect = postgresql if self._engine().dialect.name == "postgresql" else sqlite
        stmt = dialect.insert(TABLE).values(key=key, count=amount, expires_at=at + expiry)
        lapsed = TABLE.c.expires_at <= at
        stmt = stmt.on_conflict_do_update(index_elements=[TABLE.c.key], set_={
            "count": case((lapsed, amount), else_=TABLE.c.count + amount),
            "expires_at": case((lapsed, at + expiry), else_=TABLE.c.expires_at),
        }).returning(TABLE.c.count)
        with self._engine().begin() as conn:
            return int(conn.execute(stmt).scalar_one())

    def _row(self, key: str) -> Any:
        with self._engine().connect() as conn:
            return conn.execute(select(TABLE.c.count, TABLE.c.expires_at).where(
                TABLE.c.key == key, TABLE.c.expires_at > time.time())).first()

    def get(self, key: str) -> int:
        row = self._row(key)
        return int(row.count) if row else 0

    def get_expiry(self, key: str) -> float:
        row = self._row(key)
        return float(row.expires_at) if row else time.time()

    def check(self) -> bool:
        try:
            with self._engine().connect() as conn:
                conn.execute(select(1))
            return True
        except SQLAlchemyError:
            return False

    def reset(self) -> int | None:
        with self._engine().begin() as conn:
            return int(conn.execute(delete(TABLE)).rowcount)

    def clear(self, key: str) -> None:
        with self._engine().begin() as conn:
            conn.execute(delete(TABLE).where(TABLE.c.key == key))
