"""Secrets at rest: a column type that stores text encrypted with Fernet keys from the environment.

    SLACK_TOKEN_KEYS = newest key first, comma-separated (each from `Fernet.generate_key()`)

Every value written to a `SealedText` column is encrypted with the first key (AES-128-CBC + HMAC-SHA256,
timestamped: Fernet); a value is read with whichever key opens it (MultiFernet), so a key is rotated by
putting the new one first, re-encrypting (`flask slack rotate-token-keys`) and then dropping the old one.
The keys live in the environment, never in the database or its backups. Outside production a missing key is
generated once in the instance folder (like the audit key), so demo and development need no set-up.

The keyring is looked up per app (several apps may share a process in tests) with the process's last
installed keyring as the fallback for code that runs outside an app context.
"""
from __future__ import annotations

import base64
import logging
import secrets
from pathlib import Path
from typing import Any

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from flask import current_app, has_app_context
from sqlalchemy import Text
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator

log = logging.getLogger(__name__)
EXTENSION = "sealing_keyring"
_PROCESS: dict[str, MultiFernet] = {}


class SealingKeyError(RuntimeError):
    pass


def parse_keys(text: str, name: str = "SLACK_TOKEN_KEYS") -> MultiFernet:
    """`text` = comma-separated Fernet keys, newest first; a malformed key stops the start, naming it."""
    keys = [k.strip() for k in text.split(",") if k.strip()]
    if not keys:
        raise SealingKeyError(f"{name} is empty")
    fernets = []
    for position, key in enumerate(keys, start=1):
        try:
            fernets.append(Fernet(key.encode()))
        except (ValueError, TypeError):
            raise SealingKeyError(f"{name}: key {position} is not a Fernet key (32 url-safe base64-encoded "
                                  "bytes, e.g. from `python -c 'from cryptography.fernet import Fernet; "
                                  "print(Fernet.generate_key().decode())'`)") from None
    return MultiFernet(fernets)


def instance_key(instance_path: str, name: str) -> str:
    """Demo/dev/test only: a Fernet key kept in the instance folder (never in the database)."""
    path = Path(instance_path) / f".{name}"
    if not path.exists():
        path.write_text(base64.urlsafe_b64encode(secrets.token_bytes(32)).decode())
        path.chmod(0o600)
    return path.read_text().strip()


def install(app: Any, keyring: MultiFernet) -> None:
    app.extensions[EXTENSION] = keyring
    _PROCESS["keyring"] = keyring


def keyring() -> MultiFernet:
    found = current_app.extensions.get(EXTENSION) if has_app_context() else None
    found = found or _PROCESS.get("keyring")
    if found is None:
        raise SealingKeyError("no keys to seal secrets with (SLACK_TOKEN_KEYS)")
    return found


def rotate(ciphertext: str) -> str:
    """The same secret encrypted with the newest key (opened with any)."""
    return keyring().rotate(ciphertext.encode()).decode()


class SealedText(TypeDecorator[str]):
    """Text stored encrypted. `None` stays NULL (so `IS NULL` queries still work); nothing else is
    comparable. A value no key opens reads as None and is logged: the key was changed without rotation."""

    impl = Text
    cache_ok = True

    def process_bind_param(self, value: str | None, dialect: Dialect) -> str | None:
        if value is None:
            return None
        return keyring().encrypt(str(value).encode()).decode()

    def process_result_value(self, value: str | None, dialect: Dialect) -> str | None:
        if value is None:
            return None
        try:
            return keyring().decrypt(value.encode()).decode()
        except InvalidToken:
            log.error("a sealed secret cannot be opened with the configured keys (SLACK_TOKEN_KEYS): "
                      "was a key removed before `flask slack rotate-token-keys` ran?")
            return None
