"""Small helpers shared by the API views: ETags, If-Match."""
from __future__ import annotations

from typing import Any

from flask import request

from inspections.errors import PreconditionFailed, PreconditionRequired


def etag_of(version: int) -> str:
    return f'"v{version}"'


def require_if_match(current_version: int) -> None:
    """Versioned updates: If-Match must name the version the client edited (428 without, 412 if stale)."""
    header = request.headers.get("If-Match")
    if not header:
        raise PreconditionRequired("If-Match header required: send the ETag of the version you edited")
    wanted = {t.strip().removeprefix("W/") for t in header.split(",")}
    if "*" not in wanted and etag_of(current_version) not in wanted:
        raise PreconditionFailed(f"the record is at version {current_version}; yours is {header}. Reload, "
                                 "merge and retry", detail={"current_etag": etag_of(current_version)})


def with_etag(body: Any, version: int, status: int = 200) -> tuple[Any, int, dict[str, str]]:
    return body, status, {"ETag": etag_of(version)}

