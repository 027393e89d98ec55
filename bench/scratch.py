"""A scratch PostgreSQL database named after a base URL's, created and dropped around its use (the benchmarks
and the browser tests run beside whatever else uses that server)."""
from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url


@contextmanager
def postgres_database(base: str, tag: str) -> Iterator[str]:
    """The URL of a new database `<base's database>_<tag>_<random>`, dropped (FORCE) afterwards."""
    from backend.config import normalise_database_url
    url = make_url(normalise_database_url(base))
    name = f"{url.database}_{tag}_{secrets.token_hex(4)}"
    admin = create_engine(url.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
