"""The pipeline's exceptions: one class for refused uploads, one family for storage trouble."""

from __future__ import annotations

from typing import Final, Literal

RejectCode = Literal[
    "not_an_image",  # empty, unrecognised, markup/script, or a format we do not accept
    "type_mismatch",  # the declared Content-Type names no supported image type
    "truncated",  # the container ends before the image does
    "corrupt",  # the container parses but the pixels (or structure) are broken
    "decompression_bomb",  # more pixels than the format's limit
    "too_large",  # more bytes than the upload limit
    "body_incomplete",  # fewer (or more) bytes arrived than the request announced, or the stream failed
    "digest_mismatch",  # the bytes received do not have the digest the client sent
]

REJECT_CODES: Final[frozenset[str]] = frozenset(RejectCode.__args__)  # type: ignore[attr-defined]


class MediaError(Exception):
    """Base class of every error raised on purpose by ``media``."""


class Rejected(MediaError):
    """The upload is refused; ``code`` is stable and machine readable, ``message`` is for people."""

    def __init__(self, code: RejectCode, message: str) -> None:
        if code not in REJECT_CODES:
            raise ValueError(f"unknown rejection code {code!r}")
        super().__init__(f"{code}: {message}")
        self.code: RejectCode = code
        self.message = message


class StorageError(MediaError):
    """The photo store could not do what was asked."""


class InvalidKey(StorageError, ValueError):
    """A key or town slug that could escape the store's namespace or collide with its internals."""


class IntegrityError(StorageError):
    """Bytes do not match the SHA-256 they are filed under; nothing was overwritten."""


class ObjectMissing(StorageError, KeyError):
    """No object under this key."""
