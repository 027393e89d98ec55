"""Bring decoded pixels to plain 8-bit RGB in sRGB, the only colour space derivatives are published in."""

from __future__ import annotations

import io
from typing import Literal

from PIL import Image, ImageCms

Colour = Literal["icc_converted", "assumed_srgb", "icc_unusable"]

_WHITE = (255, 255, 255)


def normalise_mode(img: Image.Image) -> Image.Image:
    """A mode Pillow resizes well: palette and 16/32-bit images become 8-bit L/RGB(A); CMYK stays for ICC."""
    if img.mode in ("RGB", "RGBA", "L", "LA", "CMYK"):
        return img
    if img.mode in ("P", "PA", "1"):
        return img.convert("RGBA" if img.has_transparency_data else "RGB")
    if img.mode.startswith("I") or img.mode == "F":
        return img.convert("I").point(lambda v: v * (1 / 256)).convert("L")
    return img.convert("RGB")


def to_srgb(img: Image.Image, icc_profile: bytes | None) -> tuple[Image.Image, Colour]:
    """Flatten alpha on white, convert through the embedded ICC profile (e.g. Display P3) to sRGB."""
    img = _flatten(img)
    if not icc_profile:
        return _rgb(img), "assumed_srgb"
    try:
        source = ImageCms.ImageCmsProfile(io.BytesIO(icc_profile))
        srgb = ImageCms.createProfile("sRGB")  # per call: lcms profile handles are not safe to share
        converted = ImageCms.profileToProfile(img, source, srgb, outputMode="RGB")
    except (ImageCms.PyCMSError, OSError, ValueError, TypeError):
        return _rgb(img), "icc_unusable"
    assert converted is not None  # profileToProfile returns None only with inPlace=True
    return converted, "icc_converted"


def _flatten(img: Image.Image) -> Image.Image:
    if img.mode not in ("RGBA", "LA"):
        return img
    background = Image.new(img.mode[:-1], img.size, _WHITE if img.mode == "RGBA" else 255)
    background.paste(img, mask=img.getchannel("A"))
    return background


def _rgb(img: Image.Image) -> Image.Image:
    return img if img.mode == "RGB" else img.convert("RGB")
