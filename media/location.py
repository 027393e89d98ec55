"""Where a photo was taken, and how we know: EXIF, the client's device fix, or an inspector's manual pin.

Pure functions.  Precedence for the chosen position: manual pin (a person placed it deliberately), then
EXIF (travels inside the hashed original), then the device fix (which also goes before EXIF read from a
malformed block).  Both machine readings are always kept,
and :attr:`LocationProvenance.disagree` says whether they are further apart than their accuracies allow.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from media.exif import PhotoMetadata

EARTH_RADIUS_M = 6_371_008.8  # mean radius (IUGG); haversine is plenty at inspection scale
UNKNOWN_ACCURACY_M = 50.0  # assumed when a reading carries no accuracy (typical phone GPS outdoors)
LocationSource = Literal["exif", "device", "manual", "none"]


@dataclass(frozen=True)
class Position:
    latitude: float
    longitude: float
    accuracy_m: float | None = None  # horizontal, metres

    def __post_init__(self) -> None:
        if not (-90 <= self.latitude <= 90 and -180 <= self.longitude <= 180):
            raise ValueError(f"not a WGS84 position: {self.latitude}, {self.longitude}")
        if self.accuracy_m is not None and not (self.accuracy_m >= 0 and math.isfinite(self.accuracy_m)):
            raise ValueError(f"not an accuracy: {self.accuracy_m}")


@dataclass(frozen=True)
class DeviceFix:
    """What the client app's location API reported when the photo was captured."""

    position: Position
    captured_at: datetime | None = None


@dataclass(frozen=True)
class LocationProvenance:
    source: LocationSource
    position: Position | None  # the chosen one
    exif: Position | None
    device: Position | None
    manual: Position | None
    device_captured_at: datetime | None
    distance_m: float | None  # EXIF to device, when both exist
    allowed_m: float | None  # their combined accuracies
    disagree: bool  # distance_m > allowed_m


def haversine_m(a: Position, b: Position) -> float:
    lat1, lat2 = math.radians(a.latitude), math.radians(b.latitude)
    dlat, dlon = lat2 - lat1, math.radians(b.longitude - a.longitude)
    h = math.sin(dlat / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin(dlon / 2) ** 2
    return 2 * EARTH_RADIUS_M * math.asin(min(1.0, math.sqrt(h)))


def exif_position(metadata: PhotoMetadata) -> Position | None:
    if metadata.latitude is None or metadata.longitude is None:
        return None
    return Position(metadata.latitude, metadata.longitude, metadata.gps_h_error_m)


def resolve_location(
    exif: Position | None,
    device: DeviceFix | None,
    manual: Position | None = None,
    *,
    unknown_accuracy_m: float = UNKNOWN_ACCURACY_M,
    exif_trusted: bool = True,
) -> LocationProvenance:
    """``exif_trusted=False`` (read from a malformed EXIF block): the EXIF position is kept and compared, but
    the device fix is chosen over it when there is one."""
    device_position = device.position if device else None
    distance = allowed = None
    if exif is not None and device_position is not None:
        distance = haversine_m(exif, device_position)
        allowed = _accuracy(exif, unknown_accuracy_m) + _accuracy(device_position, unknown_accuracy_m)
    exif_first = exif if exif_trusted else None
    source: LocationSource = (
        "manual" if manual else "exif" if exif_first else "device" if device_position
        else "exif" if exif else "none"
    )
    chosen = {"manual": manual, "exif": exif, "device": device_position, "none": None}[source]
    return LocationProvenance(
        source=source,
        position=chosen,
        exif=exif,
        device=device_position,
        manual=manual,
        device_captured_at=device.captured_at if device else None,
        distance_m=distance,
        allowed_m=allowed,
        disagree=distance is not None and allowed is not None and distance > allowed,
    )


def _accuracy(position: Position, unknown: float) -> float:
    return position.accuracy_m if position.accuracy_m is not None else unknown
