"""Is an EXIF block well formed?  Its directories walked with their bounds and links checked, nothing read.

The readers (exifread, Pillow) read what they can from a broken block and say nothing: a directory that
claims more entries than the block holds, or whose offsets point back at a directory already read (a loop),
still yields a Make and a Model.  Those values were written by whatever made the file, not by a camera that
followed the format, so they are kept but never presented as trustworthy.  This module names what is wrong:

* the TIFF header (byte order, 42, the first directory's offset);
* each directory (IFD0, IFD1 by the next-directory link, the Exif, GPS and Interoperability sub-directories):
  inside the block, its entry count fitting in what is left of the block;
* each entry's value, when it is stored elsewhere (more than 4 bytes): inside the block;
* every link: no directory reached twice (a loop, or two links to one directory).

At most 16 directories and 1,000 entries are looked at: a hostile block cannot make this slow.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

TIFF_START = b"Exif\x00\x00"
_SUB_DIRECTORIES = {0x8769: "Exif IFD", 0x8825: "GPS IFD", 0xA005: "Interoperability IFD"}
_TYPE_SIZES = {1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4}
_POINTER_TYPES = (4, 13)  # LONG, IFD
MAX_DIRECTORIES = 16
MAX_ENTRIES = 1000


@dataclass
class _Walk:
    block: bytes
    order: str
    problems: list[str] = field(default_factory=list)
    seen: dict[int, str] = field(default_factory=dict)  # offset -> the directory first read there
    entries: int = 0

    def u16(self, pos: int) -> int:
        return int(struct.unpack_from(self.order + "H", self.block, pos)[0])

    def u32(self, pos: int) -> int:
        return int(struct.unpack_from(self.order + "I", self.block, pos)[0])


def tiff_of(exif: bytes) -> bytes:
    """The TIFF structure of an EXIF block as containers hold it (with or without ``Exif\\0\\0`` first)."""
    return exif[len(TIFF_START):] if exif.startswith(TIFF_START) else exif


def structure_problems(exif: bytes) -> tuple[str, ...]:
    """What is wrong with the block's structure, in words (empty: well formed)."""
    block = tiff_of(exif)
    order = {b"II": "<", b"MM": ">"}.get(block[:2])
    if order is None or len(block) < 8 or struct.unpack_from(order + "H", block, 2)[0] != 42:
        return ("the EXIF block does not start with a TIFF header",)
    walk = _Walk(block, order)
    pending = [(walk.u32(4), "IFD0", "the TIFF header")]
    while pending and len(walk.seen) < MAX_DIRECTORIES:
        offset, name, linked_from = pending.pop(0)
        pending += _directory(walk, offset, name, linked_from)
    if pending:
        walk.problems.append(f"more than {MAX_DIRECTORIES} directories are linked")
    return tuple(walk.problems)


def _directory(walk: _Walk, offset: int, name: str, linked_from: str) -> list[tuple[int, str, str]]:
    """Check one directory; the directories it links to."""
    size = len(walk.block)
    if offset in walk.seen:
        walk.problems.append(f"{name} (linked from {linked_from}) points back at {walk.seen[offset]} at "
                             f"offset {offset}: the directories loop")
        return []
    if offset < 8 or offset + 2 > size:
        walk.problems.append(f"{name} (linked from {linked_from}) is at offset {offset}, outside the "
                             f"{size}-byte block")
        return []
    walk.seen[offset] = name
    count, room = walk.u16(offset), max(0, (size - offset - 2) // 12)
    clamped = count > room
    if clamped:
        walk.problems.append(f"{name} claims {count} entries; the block holds room for {room}")
        count = room
    links = [_entry(walk, offset + 2 + 12 * i, name) for i in range(min(count, MAX_ENTRIES - walk.entries))]
    walk.entries += count
    following = [link for link in links if link is not None]
    next_at = offset + 2 + 12 * count
    if clamped:  # where its link to the next directory would be holds something else
        return following
    if next_at + 4 > size:
        walk.problems.append(f"{name} ends without its link to the next directory")
    elif walk.u32(next_at):
        following.append((walk.u32(next_at), "IFD1" if name == "IFD0" else f"the directory after {name}",
                          name))
    return following


def _entry(walk: _Walk, pos: int, directory: str) -> tuple[int, str, str] | None:
    tag, kind, count = struct.unpack_from(walk.order + "HHI", walk.block, pos)
    value = walk.u32(pos + 8)
    if tag in _SUB_DIRECTORIES and kind in _POINTER_TYPES:
        return value, _SUB_DIRECTORIES[tag], directory
    length = _TYPE_SIZES.get(kind, 0) * count
    if length > 4 and value + length > len(walk.block):
        walk.problems.append(f"{directory} tag 0x{tag:04X}: its {length}-byte value at offset {value} runs "
                             f"past the end of the {len(walk.block)}-byte block")
    return None
