"""Small test images with known EXIF, generated at test time (JPEG, HEIC in two layouts, PNG, WebP)."""

from __future__ import annotations

import io
import struct
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime

import pillow_heif
from PIL import Image
from PIL.TiffImagePlugin import IFDRational

pillow_heif.register_heif_opener()

RED, GREEN = (200, 20, 20), (20, 220, 20)


@dataclass(frozen=True)
class ExifSpec:
    latitude: float | None = None
    longitude: float | None = None
    altitude_m: float | None = None
    h_error_m: float | None = None
    gps_time: datetime | None = None  # aware UTC
    taken_at: datetime | None = None  # naive wall clock
    offset: str | None = None  # "-04:00"
    orientation: int | None = None
    make: str | None = None
    model: str | None = None


BOSTON = ExifSpec(
    latitude=42.360083,
    longitude=-71.058880,
    altitude_m=12.5,
    h_error_m=4.75,
    taken_at=datetime(2024, 6, 1, 9, 4, 5),  # noqa: DTZ001 - EXIF local time
    offset="-04:00",
    orientation=1,
    make="Apple",
    model="iPhone 15",
)


def _dms(value: float) -> tuple[IFDRational, IFDRational, IFDRational]:
    value = abs(value)
    degrees = int(value)
    minutes = int((value - degrees) * 60)
    seconds = (value - degrees - minutes / 60) * 3600
    return (
        IFDRational(degrees, 1),
        IFDRational(minutes, 1),
        IFDRational(round(seconds * 1_000_000), 1_000_000),
    )


def exif_bytes(spec: ExifSpec) -> bytes:
    exif = Image.Exif()
    for tag, value in ((0x0112, spec.orientation), (0x010F, spec.make), (0x0110, spec.model)):
        if value is not None:
            exif[tag] = value
    if spec.taken_at is not None:
        ifd = exif.get_ifd(0x8769)
        ifd[0x9003] = spec.taken_at.strftime("%Y:%m:%d %H:%M:%S")
        if spec.offset is not None:
            ifd[0x9011] = spec.offset
    _gps(exif.get_ifd(0x8825), spec)
    return exif.tobytes()


def _gps(gps: dict[int, object], spec: ExifSpec) -> None:
    if spec.latitude is not None and spec.longitude is not None:
        gps[1], gps[2] = ("N" if spec.latitude >= 0 else "S"), _dms(spec.latitude)
        gps[3], gps[4] = ("E" if spec.longitude >= 0 else "W"), _dms(spec.longitude)
    if spec.altitude_m is not None:
        gps[5], gps[6] = (
            (b"\x01" if spec.altitude_m < 0 else b"\x00"),
            IFDRational(round(abs(spec.altitude_m) * 1000), 1000),
        )
    if spec.h_error_m is not None:
        gps[31] = IFDRational(round(spec.h_error_m * 100), 100)
    if spec.gps_time is not None:
        t = spec.gps_time
        gps[29] = t.strftime("%Y:%m:%d")
        gps[7] = (
            IFDRational(t.hour, 1),
            IFDRational(t.minute, 1),
            IFDRational(t.second * 1000 + t.microsecond // 1000, 1000),
        )


def scene(size: tuple[int, int] = (96, 64)) -> Image.Image:
    """Red with a green block in the top-left corner: shows where the top-left ended up."""
    img = Image.new("RGB", size, RED)
    img.paste(GREEN, (0, 0, max(2, size[0] // 4), max(2, size[1] // 4)))
    return img


def green_corner(img: Image.Image) -> str:
    """Which corner of ``img`` holds the green block: 'tl', 'tr', 'bl' or 'br'."""
    rgb = img.convert("RGB")
    w, h = rgb.size
    corners = {"tl": (2, 2), "tr": (w - 3, 2), "bl": (2, h - 3), "br": (w - 3, h - 3)}
    found = [name for name, xy in corners.items() if _is_green(rgb.getpixel(xy))]
    assert len(found) == 1, found
    return found[0]


def _is_green(pixel: object) -> bool:
    assert isinstance(pixel, tuple)
    return pixel[1] > 150 and pixel[0] < 100


def encode(img: Image.Image, fmt: str, spec: ExifSpec | None = None, **params: object) -> bytes:
    out = io.BytesIO()
    if spec is not None:
        params["exif"] = exif_bytes(spec)
    if fmt == "HEIF":
        params.setdefault("quality", 80)
        params.setdefault("enc_params", {"preset": "ultrafast"})
    img.save(out, fmt, **params)
    return out.getvalue()


def make_jpeg(spec: ExifSpec | None = None, size: tuple[int, int] = (96, 64), **params: object) -> bytes:
    return encode(scene(size), "JPEG", spec, quality=90, **params)


def make_heic(
    spec: ExifSpec | None = None, size: tuple[int, int] = (96, 64), *, layout: str = "libheif"
) -> bytes:
    """``libheif``: as pillow-heif writes it (iloc base offsets: exifread cannot read its EXIF).
    ``extent``: the same file with iloc extent offsets instead, as iPhones write it (exifread reads it)."""
    data = encode(scene(size), "HEIF", spec)
    return data if layout == "libheif" else extent_offsets(data)


def make_png(size: tuple[int, int] = (96, 64), **params: object) -> bytes:
    return encode(scene(size), "PNG", None, **params)


def make_webp(size: tuple[int, int] = (96, 64), **params: object) -> bytes:
    return encode(scene(size), "WEBP", None, **params)


def _boxes(buf: bytes | bytearray, start: int, end: int) -> Iterator[tuple[bytes, int, int]]:
    pos = start
    while pos + 8 <= end:
        size, box_type = struct.unpack(">I4s", buf[pos : pos + 8])
        yield box_type, pos, pos + size
        pos += size


def extent_offsets(heic: bytes) -> bytes:
    """Rewrite a version-0 iloc from (base_offset, extent_offset=0) to (0, extent_offset=base)."""
    buf = bytearray(heic)
    meta = next(b for b in _boxes(buf, 0, len(buf)) if b[0] == b"meta")
    iloc = next(b for b in _boxes(buf, meta[1] + 12, meta[2]) if b[0] == b"iloc")
    p = iloc[1] + 8
    assert buf[p] == 0 and buf[p + 4] == 0x44 and buf[p + 5] >> 4 == 4, "unexpected iloc layout"
    count, q = struct.unpack(">H", buf[p + 6 : p + 8])[0], p + 8
    for _ in range(count):
        base = struct.unpack(">I", buf[q + 4 : q + 8])[0]
        buf[q + 4 : q + 8] = bytes(4)
        extents, q = struct.unpack(">H", buf[q + 8 : q + 10])[0], q + 10
        for _ in range(extents):
            offset = struct.unpack(">I", buf[q : q + 4])[0]
            buf[q : q + 4] = struct.pack(">I", base + offset)
            q += 8
    return bytes(buf)


# --- a Display P3 ICC profile (v2 matrix/TRC; gamma 2.2 stands in for the sRGB curve) ---------------
def _s15(value: float) -> bytes:
    return struct.pack(">i", round(value * 65536))


def _xyz(x: float, y: float, z: float) -> bytes:
    return b"XYZ " + bytes(4) + _s15(x) + _s15(y) + _s15(z)


def _desc(text: str) -> bytes:
    ascii_ = text.encode() + b"\0"
    return b"desc" + bytes(4) + struct.pack(">I", len(ascii_)) + ascii_ + bytes(4 + 4 + 2 + 1 + 67)


def display_p3_icc() -> bytes:
    curve = b"curv" + bytes(4) + struct.pack(">IH", 1, round(2.2 * 256)) + bytes(2)
    tags = [
        (b"desc", _desc("Test Display P3")),
        (b"wtpt", _xyz(0.9642, 1.0, 0.8249)),
        (b"rXYZ", _xyz(0.5151, 0.2412, -0.0011)),
        (b"gXYZ", _xyz(0.2920, 0.6922, 0.0419)),
        (b"bXYZ", _xyz(0.1571, 0.0666, 0.7841)),
        (b"rTRC", curve),
        (b"gTRC", curve),
        (b"bTRC", curve),
        (b"cprt", b"text" + bytes(4) + b"public domain\0\0\0"),
    ]
    offset, table, body = 128 + 4 + 12 * len(tags), b"", b""
    for sig, data in tags:
        table += sig + struct.pack(">II", offset + len(body), len(data))
        body += data + bytes(-len(data) % 4)
    size = offset + len(body)
    header = struct.pack(">I4sI4s4s4s", size, b"lcms", 0x02100000, b"mntr", b"RGB ", b"XYZ ")
    header += bytes(12) + b"acsp" + bytes(24) + struct.pack(">I", 0) + _s15(0.9642) + _s15(1.0) + _s15(0.8249)
    header += bytes(128 - len(header))
    return header + struct.pack(">I", len(tags)) + table + body


# --- EXIF blocks built byte by byte (well formed, or hostile in one named way) ---------------------------
def with_app1(payload: bytes, image: bytes | None = None) -> bytes:
    """A JPEG whose first segment is an APP1 'Exif' segment holding ``payload`` (a TIFF structure)."""
    data = image or make_jpeg()
    body = b"Exif\x00\x00" + payload
    return data[:2] + b"\xff\xe1" + (len(body) + 2).to_bytes(2, "big") + body + data[2:]


def _ifd(entries: list[tuple[int, int, int, bytes]], at: int, next_ifd: int, claimed: int | None = None
         ) -> tuple[bytes, bytes]:
    """A big-endian directory at offset ``at`` (its values follow it): (directory, values)."""
    head = struct.pack(">H", len(entries) if claimed is None else claimed)
    data_at, values, table = at + 2 + 12 * len(entries) + 4, b"", b""
    for tag, kind, count, value in entries:
        if len(value) <= 4:
            table += struct.pack(">HHI", tag, kind, count) + value.ljust(4, b"\0")
        else:
            table += struct.pack(">HHII", tag, kind, count, data_at + len(values))
            values += value + b"\0" * (len(value) % 2)
    return head + table + struct.pack(">I", next_ifd), values


def camera_tiff(*, make: str = "Apple", model: str = "iPhone 15", taken: str = "2026:04:06 09:40:00",
                offset: str = "-04:00", exif_claims: int | None = None, next_ifd: int = 0,
                exif_at: int | None = None) -> bytes:
    """IFD0 (Make, Model, a link to the Exif IFD) and the Exif IFD (DateTimeOriginal, OffsetTimeOriginal).
    Hostile on request: ``exif_claims`` entries claimed by the Exif IFD (more than the block holds),
    ``next_ifd`` as IFD0's link to the next directory (8: back to itself), ``exif_at`` as its Exif IFD link.
    """
    ascii_ = lambda text: text.encode() + b"\0"  # noqa: E731
    ifd0_entries = [(0x010F, 2, len(make) + 1, ascii_(make)), (0x0110, 2, len(model) + 1, ascii_(model)),
                    (0x8769, 4, 1, b"\0\0\0\0")]
    ifd0, values0 = _ifd(ifd0_entries, 8, next_ifd)
    exif_offset = 8 + len(ifd0) + len(values0)
    ifd0_entries[2] = (0x8769, 4, 1, struct.pack(">I", exif_at if exif_at is not None else exif_offset))
    ifd0, values0 = _ifd(ifd0_entries, 8, next_ifd)
    exif, values1 = _ifd([(0x9003, 2, 20, ascii_(taken)), (0x9011, 2, 7, ascii_(offset))], exif_offset, 0,
                         exif_claims)
    return b"MM\x00\x2a" + struct.pack(">I", 8) + ifd0 + values0 + exif + values1
