"""Small helpers shared by the API views: ETags, If-Match, pagination, state machines."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from apiflask import abort
from flask import request


def etag_of(version: int) -> str:
    return f'"v{version}"'


def require_if_match(current_version: int) -> None:
    """Versioned updates: If-Match must name the version the client edited (428 without, 412 if stale)."""
    header = request.headers.get("If-Match")
    if not header:
        abort(428, "If-Match header required: send the ETag of the version you edited")
    wanted = {t.strip().removeprefix("W/") for t in header.split(",")}
    if "*" not in wanted and etag_of(current_version) not in wanted:
        abort(412, f"the record is at version {current_version}; yours is {header}. Reload, merge and retry",
              detail={"current_etag": etag_of(current_version)})


def with_etag(body: Any, version: int, status: int = 200) -> tuple[Any, int, dict[str, str]]:
    return body, status, {"ETag": etag_of(version)}


class StateMachine:
    """Allowed status transitions; an illegal one is a 409 naming the reason."""

    def __init__(self, name: str, edges: Mapping[str, Mapping[str, str]], needs_reason: set[tuple[str, str]]):
        self.name, self.edges, self.needs_reason = name, edges, needs_reason

    def check(self, current: str, target: str, reason: str | None) -> None:
        allowed = self.edges.get(current, {})
        if target not in allowed:
            options = ", ".join(sorted(allowed)) or "none (final state)"
            abort(409, f"{self.name} cannot go from {current} to {target}; allowed from {current}: {options}")
        if (current, target) in self.needs_reason and not reason:
            abort(422, f"{self.name} {current} -> {target} needs a reason",
                  detail={"json": {"reason": ["required for this transition"]}})
