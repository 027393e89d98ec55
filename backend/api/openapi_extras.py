"""What the OpenAPI document cannot learn from a schema: the photo uploads' bodies (read as a stream, not
through a schema), and the binary responses' content types (PDF)."""
from __future__ import annotations

from typing import Any

NUMBER = {"type": "number"}
CAPTURE = {
    "lat": NUMBER | {"minimum": -90, "maximum": 90, "description": "the phone's position at capture"},
    "lon": NUMBER | {"minimum": -180, "maximum": 180},
    "accuracy_m": NUMBER | {"minimum": 0, "maximum": 100_000},
    "captured_at": {"type": "string", "format": "date-time", "description": "when the position was measured"},
    "manual_lat": NUMBER | {"minimum": -90, "maximum": 90, "description": "a pin the agent placed by hand"},
    "manual_lon": NUMBER | {"minimum": -180, "maximum": 180},
    "not_for_public": {"type": "boolean", "description": "kept off the public notice page"},
}
IMAGES = ("image/jpeg", "image/png", "image/heic", "image/webp")
BINARY = {"type": "string", "format": "binary"}


def _multipart() -> dict[str, Any]:
    return {"required": True, "content": {"multipart/form-data": {"schema": {
        "type": "object", "required": ["file", "photo_id"],
        "properties": {"file": BINARY | {"description": "the photo, byte for byte"},
                       "photo_id": {"type": "string", "format": "uuid",
                                    "description": "client-generated: a retry with this id is idempotent"},
                       **CAPTURE}}}}}


def document(spec: dict[str, Any]) -> dict[str, Any]:
    paths = spec.get("paths", {})
    multipart = paths.get("/api/v1/inspections/{inspection_id}/photos", {}).get("post")
    if multipart is not None:
        multipart["requestBody"] = _multipart()
    raw = paths.get("/api/v1/inspections/{inspection_id}/photos/{photo_id}", {}).get("put")
    if raw is not None:
        raw["requestBody"] = {"required": True, "content": {kind: {"schema": BINARY} for kind in IMAGES}}
        query = [{"name": name, "in": "query", "required": False, "schema": schema}
                 for name, schema in CAPTURE.items()]
        raw.setdefault("parameters", []).extend(query)
    pdf = paths.get("/api/v1/orders/{order_id}.pdf", {}).get("get")
    if pdf is not None:
        pdf.setdefault("responses", {})["200"] = {"description": "the order as a PDF document",
                                                  "content": {"application/pdf": {"schema": BINARY}}}
    return spec
