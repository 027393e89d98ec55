"""Fixity: prove the stored originals are still the bytes that were received.

:func:`verify` re-hashes every original by streaming it from the store and compares against the hashes
the database recorded.  It reports problems; it never repairs or deletes anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from media.errors import ObjectMissing
from media.keys import check_town, parse_original_key
from media.storage import PhotoStore
from media.streaming import sha256_of


@dataclass(frozen=True)
class Mismatch:
    key: str
    expected: str
    actual: str


@dataclass(frozen=True)
class FixityReport:
    checked: int  # originals re-hashed
    missing: tuple[str, ...]  # expected but not in the store
    mismatched: tuple[Mismatch, ...]  # in the store, bytes changed
    orphaned: tuple[str, ...]  # originals in the store nobody expects

    @property
    def ok(self) -> bool:
        return not (self.missing or self.mismatched or self.orphaned)


def verify(store: PhotoStore, expected: Mapping[str, str], *, town: str | None = None) -> FixityReport:
    """Check ``expected`` (original key -> hex SHA-256).  With ``town``, only that town's keys are listed
    for orphans (``expected`` should then hold that town's originals only)."""
    prefix = f"{check_town(town)}/" if town else ""
    stored = {key for key in store.list_keys(prefix) if parse_original_key(key)}
    missing, mismatched = [], []
    for key in sorted(expected):
        actual = _rehash(store, key) if key in stored else None
        if actual is None:
            missing.append(key)
        elif actual != expected[key].lower():
            mismatched.append(Mismatch(key, expected[key], actual))
    orphaned = sorted(stored - set(expected))
    checked = len(expected) - len(missing)
    return FixityReport(checked, tuple(missing), tuple(mismatched), tuple(orphaned))


def _rehash(store: PhotoStore, key: str) -> str | None:
    try:
        with store.open(key) as stream:
            return sha256_of(stream)[0]
    except ObjectMissing:  # deleted between listing and reading
        return None
