"""Helpers of the administration API: roles, and ETags for records that carry no version column.

Sites, permits and parties have no version counter, so their ETag is a hash of the audited snapshot of
the row: any change (by anyone) changes it, and a PATCH must send it back in If-Match (428 without,
412 when stale), exactly like the versioned records.
"""
from __future__ import annotations

import hashlib
from typing import Any

from apiflask import abort
from flask import request

from backend.audit import canonical, snapshot
from backend.models.base import Audited

READERS = ("agent", "board_member", "enforcing_officer", "town_admin")
ADMINS = ("town_admin",)


def state_etag(obj: Audited) -> str:
    return '"s' + hashlib.sha256(canonical(snapshot(obj)).encode()).hexdigest()[:24] + '"'


def require_state_match(obj: Audited) -> None:
    header = request.headers.get("If-Match")
    if not header:
        abort(428, "If-Match header required: send the ETag of the record you edited")
    current = state_etag(obj)
    wanted = {t.strip().removeprefix("W/") for t in header.split(",")}
    if "*" not in wanted and current not in wanted:
        abort(412, "the record changed since you read it. Reload, merge and retry",
              detail={"current_etag": current})


def with_state_etag(obj: Audited, status: int = 200) -> tuple[Any, int, dict[str, str]]:
    return obj, status, {"ETag": state_etag(obj)}
