"""The image kinds we accept, their MIME types, and which ones must be derived in the worker."""

from __future__ import annotations

from enum import StrEnum

from media.errors import Rejected


class Kind(StrEnum):
    JPEG = "jpeg"
    HEIC = "heic"
    PNG = "png"
    WEBP = "webp"

    @property
    def mime(self) -> str:
        return _MIME[self]

    @property
    def pillow_format(self) -> str:
        return _PILLOW_FORMAT[self]


_MIME = {Kind.JPEG: "image/jpeg", Kind.HEIC: "image/heic", Kind.PNG: "image/png", Kind.WEBP: "image/webp"}
_PILLOW_FORMAT = {Kind.JPEG: "JPEG", Kind.HEIC: "HEIF", Kind.PNG: "PNG", Kind.WEBP: "WEBP"}

_DECLARED = {
    "image/jpeg": Kind.JPEG,
    "image/jpg": Kind.JPEG,
    "image/pjpeg": Kind.JPEG,
    "image/heic": Kind.HEIC,
    "image/heif": Kind.HEIC,
    "image/heic-sequence": Kind.HEIC,
    "image/heif-sequence": Kind.HEIC,
    "image/png": Kind.PNG,
    "image/webp": Kind.WEBP,
}
# What browsers and phone apps send when they make no claim about the content.
_NO_CLAIM = frozenset({"", "application/octet-stream", "binary/octet-stream"})


def needs_worker(kind: Kind) -> bool:
    """True when derivatives must be made in the background worker (HEIC cannot be draft-decoded)."""
    return kind is Kind.HEIC


def check_declared(declared_type: str | None, sniffed: Kind) -> str | None:
    """The declared MIME type when it names another supported image type than ``sniffed`` (None when it
    agrees or makes no claim); raise ``Rejected('type_mismatch')`` when it names anything else.

    The content decides: phones share an iPhone's HEIC named ``.jpg`` and declared ``image/jpeg``, and such
    a file is accepted as the HEIC it is, with the declared type returned so it is recorded and flagged.
    A declared type that is not a supported image (``text/html``, ``image/svg+xml``, ``image/gif``...) is
    refused even when the content is an image.  ``None``, empty and ``application/octet-stream`` make no
    claim; parameters such as ``; charset=`` are ignored.
    """
    if declared_type is None:
        return None
    essence = declared_type.split(";", 1)[0].strip().lower()
    if essence in _NO_CLAIM:
        return None
    claimed = _DECLARED.get(essence)
    if claimed is None:
        raise Rejected("type_mismatch", f"declared {essence[:80]!r}, which is not a JPEG, HEIC, PNG or WebP "
                       f"image type (the content is {sniffed.mime})")
    return None if claimed is sniffed else essence
