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
    for path, kind, what in BINARIES:
        op = paths.get(path, {}).get("get")
        if op is not None:
            op.setdefault("responses", {})["200"] = {"description": what,
                                                     "content": {k: {"schema": BINARY} for k in kind}}
    for path, item in paths.items():
        for method, op in item.items():
            if method in METHODS:
                _errors(path, method, op)
    return spec


BINARIES = (
    ("/api/v1/orders/{order_id}.pdf", ("application/pdf",), "the order as a PDF document"),
    ("/api/v1/orders/{order_id}/evidence.pdf", ("application/pdf",), "the evidence packet as a PDF document"),
    ("/api/v1/orders/{order_id}/evidence.zip", ("application/zip",),
     "the evidence packet: the originals byte for byte, their hashes and the PDF, as a ZIP archive"),
    ("/api/v1/photos/{photo_id}/original", IMAGES, "the photo as uploaded, byte for byte"),
    ("/api/v1/photos/{photo_id}/{name}", ("image/jpeg",),
     "the thumbnail or preview (202 with Retry-After while it is being made)"),
)
METHODS = ("get", "post", "put", "patch", "delete")
CHANGES = ("post", "put", "patch", "delete")
RATE_LIMITED = ("/api/v1/auth/token", "/api/v1/public/")
ERROR = {"application/json": {"schema": {"$ref": "#/components/schemas/HTTPError"}}}
WORDS = {
    "401": "no valid bearer token (missing, expired or revoked)",
    "403": "your role in this town does not allow this",
    "404": "no such record in your town (another town's record is answered the same way)",
    "409": "conflicts with the record's state or an existing record",
    "422": "invalid input: `detail` names each field and the bound it breaks",
    "429": "too many attempts: wait and retry (the limits are in the README's security section)",
}


def _errors(path: str, method: str, op: dict[str, Any]) -> None:
    """The error answers an operation of this kind can give, unless it already says more precisely."""
    codes = []
    if op.get("security") != []:
        codes += ["401", "403"]
    if "{" in path:
        codes.append("404")
    if method in CHANGES:
        codes += ["409", "422"]
    elif op.get("parameters"):
        codes.append("422")
    if path.startswith(RATE_LIMITED):
        codes.append("429")
    responses = op.setdefault("responses", {})
    for code in codes:
        responses.setdefault(code, {"description": WORDS[code], "content": ERROR})
