"""A photo's recorded facts in words, for the evidence packet: when and by which clock, where and from what,
which camera, and plainly, whatever the record does not vouch for (a malformed EXIF block, clocks that
disagree, an invalid orientation tag)."""
from __future__ import annotations

import json
from typing import Any

from backend.models import Photo

CLOCKS = {"exif": "the camera's clock (EXIF, with its UTC offset)", "gps": "the GPS clock"}
WHY_NOT_CAMERA = {"exif_time_missing": "the photo has no camera time",
                  "exif_time_invalid": "its camera time is unreadable",
                  "exif_offset_unknown": "its camera time has no UTC offset"}
UNTRUSTWORTHY = "NOT TRUSTWORTHY"


def photo_lines(p: Photo) -> list[tuple[str, str]]:
    """(text, style) paragraphs describing one photo; style "B" for what a reader must not miss."""
    meta = p.meta or {}
    exif, exif_pos, device = meta.get("exif") or {}, meta.get("exif_position"), meta.get("device_position")
    flags, checks = ", ".join(p.flags) or "none", json.dumps(p.checks, sort_keys=True, default=str)
    lines = [(f"taken {taken(p)}; position {p.lat}, {p.lon} +/- {p.accuracy_m} m from {p.provenance}; "
              f"EXIF {exif_pos}; device {device}; camera {camera(exif)}; flags {flags}; checks {checks}", "")]
    if exif.get("trustworthy") is False:
        lines.append((f"The EXIF block of this file is malformed ({'; '.join(exif.get('problems') or [])}). "
                      f"The camera make and model, the times and the position read from it are shown as read "
                      f"and are {UNTRUSTWORTHY}.", "B"))
    if "capture_time_skew" in p.flags:
        skew, bound = p.checks["camera_vs_gps_s"], p.checks["camera_vs_gps_max_s"]
        lines.append((f"The camera's clock and the GPS clock disagree by {skew:+.0f} s (more than the "
                      f"{bound:.0f} s allowed).", "B"))
    if exif.get("orientation_raw") is not None:
        lines.append((f"Orientation tag {json.dumps(exif['orientation_raw'])} is not a valid value (1-8); "
                      "the image is shown as stored.", ""))
    return lines


def taken(p: Photo) -> str:
    when: dict[str, Any] = (p.meta or {}).get("capture_time") or {}
    if p.taken_at is None:
        return "unknown" + (f" ({WHY_NOT_CAMERA[when['why']]})" if when.get("why") in WHY_NOT_CAMERA else "")
    text = f"{p.taken_at.isoformat()} by {CLOCKS.get(when.get('source', ''), 'an unrecorded clock')}"
    if when.get("source") == "gps" and when.get("why") in WHY_NOT_CAMERA:
        text += f", because {WHY_NOT_CAMERA[when['why']]}"
    return text + (f" ({UNTRUSTWORTHY}: malformed EXIF)" if when.get("trustworthy") is False else "")


def camera(exif: dict[str, Any]) -> str:
    name = " ".join(v for v in (exif.get("make"), exif.get("model")) if v) or "not recorded"
    return name + (f" ({UNTRUSTWORTHY}: malformed EXIF)" if exif.get("trustworthy") is False else "")
