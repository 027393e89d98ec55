"""Result types for deadlines: a must-by, a not-before, or a window (both ends)."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from inspections.explain import Explanation


class DeadlineKind(StrEnum):
    MUST_BY = "must_by"        # the act must happen on or before latest_on / latest_at
    NOT_BEFORE = "not_before"  # the act may not happen before earliest_on / earliest_at
    WINDOW = "window"          # both ends bind


@dataclass(frozen=True)
class Deadline:
    """One deadline. Dates are America/New_York local dates; instants are aware datetimes.

    `binds` names who must act (e.g. "permittee", "operator", "applicant", "planning_board", "erc",
    "commission", "town_clerk", "enforcing_officer"). `empty_reason` is set when a window has no valid
    time (the bylaw cannot be satisfied on these facts), instead of inventing one.
    `advisory_on` is CONV-ROLL's "practical latest office day" for lead times landing on a closed day.
    `facts` are the intermediate facts a clerk checks, as (name, value) pairs of plain values (dates, numbers,
    booleans, strings, lists of them): the event day counted from, the days counted, the end of a
    publication week, the gap between two dates, whether a further renewal is allowed, the enforcement
    options open.
    """

    kind: DeadlineKind
    rule_id: str
    label: str
    binds: str
    explanation: Explanation
    earliest_on: dt.date | None = None
    earliest_at: dt.datetime | None = None
    latest_on: dt.date | None = None
    latest_at: dt.datetime | None = None
    advisory_on: dt.date | None = None
    empty_reason: str | None = None
    flags: tuple[str, ...] = ()
    facts: tuple[tuple[str, Any], ...] = ()

    @property
    def citation(self) -> str:
        return self.explanation.citation

    @property
    def is_empty(self) -> bool:
        return self.empty_reason is not None

    def fact(self, name: str) -> Any:
        """One intermediate fact by name (KeyError when this deadline does not state it)."""
        for key, value in self.facts:
            if key == name:
                return value
        raise KeyError(f"{self.rule_id} states no fact {name!r}")

    def with_facts(self, **facts: Any) -> Deadline:
        """The same deadline with more facts (a later value replaces an earlier one of the same name)."""
        merged = dict(self.facts)
        merged.update(facts)
        return replace(self, facts=tuple(merged.items()))
