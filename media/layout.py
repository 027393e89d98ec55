"""What the container says before any pixel is decoded: where the image ends, how big it claims to be.

Works on any buffer (``bytes`` or an ``mmap`` of the spooled upload) without copying it.  Each scanner
returns a :class:`Layout` or raises :class:`Rejected` (``truncated`` when the data stops early, ``corrupt``
when the structure is wrong).  Data after the end of the image (Motion Photo videos, Samsung trailers,
gain-map JPEGs appended to the primary) is reported as ``end < len(buf)``, not refused.
"""

from __future__ import annotations

import mmap
import re
import struct
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from media.errors import Rejected
from media.kinds import Kind

Buffer = bytes | bytearray | memoryview | mmap.mmap
Box = tuple[bytes, int, int, int]  # type, start, header size, end


@dataclass(frozen=True)
class Layout:
    end: int  # offset just past the image's own data
    width: int  # as the header declares it (before EXIF orientation)
    height: int
    progressive: bool = False  # progressive JPEG: scaled decoding still buffers all coefficients


def scan(kind: Kind, buf: Buffer) -> Layout:
    """Parse the container of ``kind`` in ``buf``."""
    return _SCANNERS[kind](buf)


def _truncated(what: str) -> Rejected:
    return Rejected("truncated", f"{what} ends before the image does")


def _corrupt(what: str) -> Rejected:
    return Rejected("corrupt", f"{what} structure is broken")


def _u16(buf: Buffer, pos: int) -> int:
    return int(struct.unpack_from(">H", buf, pos)[0])


def _u32(buf: Buffer, pos: int, order: str = ">") -> int:
    return int(struct.unpack_from(order + "I", buf, pos)[0])


# --- JPEG -----------------------------------------------------------------------------------------
# In entropy-coded data 0xFF is followed by 0x00 (stuffing), 0xD0-0xD7 (restart) or 0xFF (fill); any
# other byte after 0xFF is the next marker.
_NEXT_MARKER = re.compile(rb"\xff[\x01-\xcf\xd8-\xfe]")
_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
_PROGRESSIVE_SOF = frozenset({0xC2, 0xC6, 0xCA, 0xCE})


def _jpeg(buf: Buffer) -> Layout:
    pos, size, progressive = 2, (0, 0), False
    while True:
        if pos + 2 > len(buf):
            raise _truncated("JPEG")
        if buf[pos] != 0xFF:
            raise _corrupt("JPEG")
        marker = buf[pos + 1]
        if marker == 0xD9:
            return Layout(pos + 2, size[0], size[1], progressive)
        if marker == 0xFF or marker == 0x01 or 0xD0 <= marker <= 0xD7:
            pos += 1 if marker == 0xFF else 2
            continue
        seg_end = _jpeg_segment_end(buf, pos)
        if marker in _SOF and size == (0, 0):
            size, progressive = (_u16(buf, pos + 7), _u16(buf, pos + 5)), marker in _PROGRESSIVE_SOF
        pos = _entropy_end(buf, seg_end) if marker == 0xDA else seg_end


def _jpeg_segment_end(buf: Buffer, pos: int) -> int:
    if pos + 4 > len(buf):
        raise _truncated("JPEG")
    length = _u16(buf, pos + 2)
    if length < 2:
        raise _corrupt("JPEG")
    if pos + 2 + length > len(buf):
        raise _truncated("JPEG")
    return pos + 2 + length


def _entropy_end(buf: Buffer, pos: int) -> int:
    found = _NEXT_MARKER.search(buf, pos)
    if found is None:
        raise _truncated("JPEG")
    return found.start()


# --- PNG ------------------------------------------------------------------------------------------
def _png(buf: Buffer) -> Layout:
    if len(buf) < 33:
        raise _truncated("PNG")
    if bytes(buf[12:16]) != b"IHDR":
        raise _corrupt("PNG")
    width, height, pos = _u32(buf, 16), _u32(buf, 20), 8
    while True:
        if pos + 12 > len(buf):
            raise _truncated("PNG")
        end = pos + 12 + _u32(buf, pos)
        if end > len(buf):
            raise _truncated("PNG")
        if bytes(buf[pos + 4 : pos + 8]) == b"IEND":
            return Layout(end, width, height)
        pos = end


# --- WebP -----------------------------------------------------------------------------------------
def _webp(buf: Buffer) -> Layout:
    if len(buf) < 30:
        raise _truncated("WebP")
    end = 8 + _u32(buf, 4, "<")
    if end > len(buf):
        raise _truncated("WebP")
    width, height = _webp_size(buf)
    return Layout(min(end + (end & 1), len(buf)), width, height)


def _webp_size(buf: Buffer) -> tuple[int, int]:
    chunk = bytes(buf[12:16])
    if chunk == b"VP8X":
        return 1 + int.from_bytes(buf[24:27], "little"), 1 + int.from_bytes(buf[27:30], "little")
    if chunk == b"VP8 " and bytes(buf[23:26]) == b"\x9d\x01\x2a":
        return _u16le(buf, 26) & 0x3FFF, _u16le(buf, 28) & 0x3FFF
    if chunk == b"VP8L" and buf[20] == 0x2F:
        bits = _u32(buf, 21, "<")
        return 1 + (bits & 0x3FFF), 1 + ((bits >> 14) & 0x3FFF)
    raise _corrupt("WebP")


def _u16le(buf: Buffer, pos: int) -> int:
    return int(struct.unpack_from("<H", buf, pos)[0])


# --- HEIF (ISO base media file format) ------------------------------------------------------------
def _heif(buf: Buffer) -> Layout:
    end, meta = 0, None
    for box_type, start, header, box_end in _boxes(buf, 0, len(buf), top_level=True):
        if box_type == b"meta":
            meta = (start + header + 4, box_end)  # meta is a full box: skip version and flags
        end = box_end
    if meta is None:
        raise _corrupt("HEIF")
    width, height = _largest_ispe(buf, *meta)
    return Layout(end, width, height)


def _boxes(buf: Buffer, pos: int, limit: int, *, top_level: bool = False) -> Iterator[Box]:
    """Yield (type, start, header_size, end) for the boxes between ``pos`` and ``limit``."""
    while pos + 8 <= limit:
        size, box_type = _u32(buf, pos), bytes(buf[pos + 4 : pos + 8])
        if top_level and not all(0x20 <= c <= 0x7E for c in box_type):
            return  # not a box any more: trailing data after the file
        header = 8
        if size == 1:
            if pos + 16 > limit:
                raise _truncated("HEIF")
            size, header = int(struct.unpack_from(">Q", buf, pos + 8)[0]), 16
        elif size == 0:
            size = limit - pos
        if size < header:
            raise _corrupt("HEIF")
        if pos + size > limit:
            raise _truncated("HEIF")
        yield box_type, pos, header, pos + size
        pos += size


def _largest_ispe(buf: Buffer, pos: int, limit: int) -> tuple[int, int]:
    """Largest 'ispe' (image spatial extent) among the item properties: an upper bound for any item."""
    best = (0, 0)
    for parent in (b"iprp", b"ipco"):
        found = next((b for b in _boxes(buf, pos, limit) if b[0] == parent), None)
        if found is None:
            raise _corrupt("HEIF")
        pos, limit = found[1] + found[2], found[3]
    for box_type, start, header, end in _boxes(buf, pos, limit):
        if box_type == b"ispe" and end - start >= header + 12:
            size = (_u32(buf, start + header + 4), _u32(buf, start + header + 8))
            best = max(best, size, key=lambda s: s[0] * s[1])
    return best


_SCANNERS: dict[Kind, Callable[[Buffer], Layout]] = {
    Kind.JPEG: _jpeg,
    Kind.PNG: _png,
    Kind.WEBP: _webp,
    Kind.HEIC: _heif,
}
