"""Identify an upload from its content alone, and open it with Pillow under explicit pixel limits.

The file name and the client's Content-Type are never trusted: the kind comes from the magic bytes (a
declared type naming another supported image is recorded and flagged, any other claim is refused),
the container is walked to find where the image ends (and whether it is complete), and Pillow must then
agree by parsing the header.  Nothing is decoded here.

Pixel limits: Pillow's ``Image.MAX_IMAGE_PIXELS`` is process-global; ``Image.open`` warns above it (an
exception under ``-W error``) and refuses twice that.  We never touch the global.  Instead the header
dimensions are checked against :class:`PixelLimits` *before* Pillow sees the file: baseline JPEGs may go
up to 250 MP because they are always draft-decoded at preview scale; everything else (and progressive
JPEG, whose scaled decode still buffers every coefficient) keeps Pillow's default.  JPEGs are opened
with (a subclass of) ``JpegImageFile`` -- the class ``Image.open`` would pick -- since ``Image.open``
would apply the lower global limit to them.  The other kinds go through ``Image.open(fp, formats=[...])``;
should its global check still fire (someone lowered the global), that becomes ``decompression_bomb``.
"""

from __future__ import annotations

import contextlib
import io
import mmap
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

import pillow_heif
from PIL import Image, ImageFile
from PIL.JpegImagePlugin import JpegImageFile

from media.errors import Rejected
from media.kinds import Kind, check_declared
from media.layout import Buffer, scan

pillow_heif.register_heif_opener()

PILLOW_DEFAULT_MAX_PIXELS = 1024 * 1024 * 1024 // 4 // 3  # Pillow's own default, whatever the global says
_HEAD = 256
_HEVC_BRANDS = frozenset({b"heic", b"heix", b"heim", b"heis", b"hevc", b"hevx", b"hevm", b"hevs"})
_GENERIC_BRANDS = frozenset({b"mif1", b"msf1", b"mif2"})
_MARKUP = re.compile(rb"<\s*(?:!doctype|html|head>|body|script|svg|iframe|object|embed|\?xml|\?php)", re.I)


@dataclass(frozen=True)
class PixelLimits:
    """Most pixels accepted.  ``other`` above Pillow's global ``MAX_IMAGE_PIXELS`` has no effect for PNG,
    WebP and HEIC: ``Image.open`` still refuses them (reported as ``decompression_bomb``)."""

    baseline_jpeg: int = 250_000_000
    other: int = PILLOW_DEFAULT_MAX_PIXELS

    def limit_for(self, kind: Kind, progressive: bool) -> int:
        return self.baseline_jpeg if kind is Kind.JPEG and not progressive else self.other


DEFAULT_LIMITS = PixelLimits()


class _JpegHeader(JpegImageFile):
    """``JpegImageFile`` minus the DPI lookup that parses EXIF inside ``open``: we never need DPI, and
    hostile EXIF must not fail the open (its warnings are errors under ``-W error``).  EXIF is parsed
    only where the metadata reader and the orientation lookup ask for it, each behind its own guard."""

    def _read_dpi_from_exif(self) -> None:
        return None


@dataclass(frozen=True)
class SniffResult:
    kind: Kind
    width: int  # pixels as decoded: JPEG/PNG/WebP before EXIF orientation, HEIC after (libheif applies it)
    height: int
    trailing_data_bytes: int  # bytes after the end of the image (Motion Photo, trailers, gain maps)
    progressive: bool = False
    declared_mismatch: str | None = None  # the declared type, when it named another supported image type

    @property
    def mime(self) -> str:
        return self.kind.mime

    @property
    def flags(self) -> tuple[str, ...]:
        return (("trailing_data",) if self.trailing_data_bytes else ()) + (
            ("declared_type_mismatch",) if self.declared_mismatch else ())


def sniff(
    fp: BinaryIO, declared_type: str | None = None, *, limits: PixelLimits = DEFAULT_LIMITS
) -> SniffResult:
    """Identify ``fp`` (seekable, read from 0); raise :class:`Rejected` unless it is an acceptable image."""
    fp.seek(0)
    head = fp.read(_HEAD)
    if not head:
        raise Rejected("not_an_image", "the upload is empty")
    kind = detect_kind(head)
    declared_mismatch = check_declared(declared_type, kind)
    with file_buffer(fp) as buf:
        layout = scan(kind, buf)
        trailing = len(buf) - layout.end
        if trailing and _MARKUP.search(bytes(buf[layout.end : layout.end + 4096])):
            raise Rejected("not_an_image", "markup or script follows the image data")
    check_pixels(kind, (layout.width, layout.height), layout.progressive, limits)
    with open_image(fp, kind, limits=limits) as im:
        width, height = im.size
    return SniffResult(kind, width, height, trailing, layout.progressive, declared_mismatch)


def detect_kind(head: bytes) -> Kind:
    """The kind named by the magic bytes at the start of the content."""
    if head.startswith(b"\xff\xd8\xff"):
        return Kind.JPEG
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return Kind.PNG
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return Kind.WEBP
    if head[4:8] == b"ftyp" and _is_hevc_heif(head):
        return Kind.HEIC
    if _looks_like_markup(head):
        raise Rejected("not_an_image", "markup or script where the image header should be")
    raise Rejected("not_an_image", "not a JPEG, HEIC, PNG or WebP image")


def _is_hevc_heif(head: bytes) -> bool:
    end = min(int.from_bytes(head[:4], "big"), len(head))
    brands = {head[8:12]} | {head[i : i + 4] for i in range(16, end - 3, 4)}
    return head[8:12] in _HEVC_BRANDS or (head[8:12] in _GENERIC_BRANDS and bool(brands & _HEVC_BRANDS))


def _looks_like_markup(head: bytes) -> bool:
    text = head.lstrip(b"\xef\xbb\xbf\xff\xfe\x00 \t\r\n")
    return text.startswith((b"<", b"#!")) or _MARKUP.search(head) is not None


def check_pixels(kind: Kind, size: tuple[int, int], progressive: bool, limits: PixelLimits) -> None:
    width, height = size
    if width <= 0 or height <= 0:
        raise Rejected("corrupt", f"the image claims to be {width}x{height} pixels")
    limit = limits.limit_for(kind, progressive)
    if width * height > limit:
        raise Rejected(
            "decompression_bomb", f"{width}x{height} exceeds the {limit}-pixel limit for this image"
        )


def open_image(fp: BinaryIO, kind: Kind, *, limits: PixelLimits = DEFAULT_LIMITS) -> ImageFile.ImageFile:
    """Parse the header of ``fp`` as ``kind`` (no pixels decoded) and enforce the pixel limit."""
    fp.seek(0)
    try:
        im = _JpegHeader(fp) if kind is Kind.JPEG else Image.open(fp, formats=[kind.pillow_format])
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise Rejected("decompression_bomb", str(exc)) from None
    except Exception as exc:  # hostile input: any parser error means "not a readable image of this kind"
        raise Rejected("corrupt", f"Pillow cannot read this {kind.mime}: {exc}") from None
    progressive = bool(im.info.get("progressive") or im.info.get("progression"))
    try:
        check_pixels(kind, im.size, progressive, limits)
    except Rejected:
        im.close()
        raise
    return im


@contextlib.contextmanager
def file_buffer(fp: BinaryIO) -> Iterator[Buffer]:
    """The whole file as a buffer: a read-only mmap when ``fp`` is a real file, else its bytes."""
    view = _try_mmap(fp)
    if view is None:
        fp.seek(0)
        yield fp.read()
        return
    with view:
        yield view


def _try_mmap(fp: BinaryIO) -> mmap.mmap | None:
    try:
        return mmap.mmap(fp.fileno(), 0, access=mmap.ACCESS_READ)
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return None
