"""Allowed status transitions of violations, orders and tasks; an illegal one is a Conflict naming it."""
from __future__ import annotations

from collections.abc import Mapping

from inspections.errors import Conflict, Invalid


class StateMachine:
    """Allowed status transitions; an illegal one is a Conflict naming the reason."""

    def __init__(self, name: str, edges: Mapping[str, Mapping[str, str]], needs_reason: set[tuple[str, str]]):
        self.name, self.edges, self.needs_reason = name, edges, needs_reason

    def check(self, current: str, target: str, reason: str | None) -> None:
        allowed = self.edges.get(current, {})
        if target not in allowed:
            options = ", ".join(sorted(allowed)) or "none (final state)"
            raise Conflict(f"{self.name} cannot go from {current} to {target}; allowed from {current}: "
                           f"{options}", field="status", state=current)
        if (current, target) in self.needs_reason and not reason:
            raise Invalid(f"{self.name} {current} -> {target} needs a reason", field="reason",
                          detail={"json": {"reason": ["required for this transition"]}})


VIOLATION_STATES = StateMachine("violation", {
    "open": {"corrected": "", "closed": ""},
    "corrected": {"closed": "", "open": ""},
    "closed": {},
}, needs_reason={("open", "closed"), ("corrected", "open")})

ORDER_STATES = StateMachine("order", {
    "draft": {"issued": "", "withdrawn": ""},
    "issued": {"lifted": "", "superseded": ""},
    "lifted": {}, "superseded": {}, "withdrawn": {},
}, needs_reason={("issued", "lifted"), ("issued", "superseded"), ("draft", "withdrawn")})
