"""Answering the bylaw engine's facade (`inspections.api`) for the caller's town: its settings apply, an
engine refusal becomes a 422 naming the field. Used by /api/v1/law/* and the deadline calculator."""

from __future__ import annotations

from typing import Any

from backend.security import principal
from backend.services.bylaw_config import config_for
from inspections.api.registry import In, InputError, Operation
from inspections.errors import Invalid


def answer(op: Operation, facts: In) -> dict[str, Any]:
    """One engine answer under the caller's town settings (and the body's `settings`, for this answer
    only)."""
    try:
        return op.answer(facts, config_for(principal().town))
    except InputError as exc:
        raise Invalid(f"{op.name}: {exc}", detail={"json": exc.problems}) from exc
