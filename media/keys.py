"""Store keys: ``<town>/<sha256>`` for originals, ``<town>/derived/<sha256>/<name>`` for derivatives.

Town slugs and hashes are validated so a key can never climb out of its town, name a temporary file, or
land in ``quarantine/``.
"""

from __future__ import annotations

import re
from typing import Final, Literal

from media.errors import InvalidKey

DerivativeName = Literal["thumb.jpg", "preview.jpg"]
DERIVATIVE_NAMES: Final = ("thumb.jpg", "preview.jpg")
QUARANTINE: Final = "quarantine"
_RESERVED = frozenset({QUARANTINE, "derived", "tmp"})
_TOWN = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?")
_SHA256 = re.compile(r"[0-9a-f]{64}")
_PART = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}")


def check_town(town: str) -> str:
    if not _TOWN.fullmatch(town) or town in _RESERVED:
        raise InvalidKey(f"not a town slug: {town!r}")
    return town


def check_sha256(sha256: str) -> str:
    if not _SHA256.fullmatch(sha256):
        raise InvalidKey(f"not a lowercase hex SHA-256: {sha256!r}")
    return sha256


def original_key(town: str, sha256: str) -> str:
    return f"{check_town(town)}/{check_sha256(sha256)}"


def derivative_key(town: str, sha256: str, name: DerivativeName) -> str:
    if name not in DERIVATIVE_NAMES:
        raise InvalidKey(f"not a derivative name: {name!r}")
    return f"{check_town(town)}/derived/{check_sha256(sha256)}/{name}"


def parse_original_key(key: str) -> tuple[str, str] | None:
    """(town, sha256) when ``key`` names an original, else None."""
    parts = key.split("/")
    if (
        len(parts) == 2
        and _TOWN.fullmatch(parts[0])
        and parts[0] not in _RESERVED
        and _SHA256.fullmatch(parts[1])
    ):
        return parts[0], parts[1]
    return None


def check_key(key: str) -> list[str]:
    """The parts of a safe relative key (no '', '.', '..', hidden names, or quarantine)."""
    parts = key.split("/")
    if not parts or parts[0] == QUARANTINE or not all(_PART.fullmatch(p) for p in parts):
        raise InvalidKey(f"unsafe key: {key!r}")
    return parts
