"""Worked-case table support for the wetlands deadline tests (Carver 281, Upton 280, Gardner 650).

A `Case` is one line of a worked example: the RULES.md id first, a readable name, what is given, the exact
answer written from the bylaw text, the config switches in force and the AMB flags the result must carry.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from inspections.calendar import TZ, BusinessCalendar, end_of_day
from inspections.config import BylawConfig
from inspections.deadlines import Deadline, DeadlineKind

D = dt.date
MUST_BY, NOT_BEFORE, WINDOW = DeadlineKind.MUST_BY, DeadlineKind.NOT_BEFORE, DeadlineKind.WINDOW


def at(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> dt.datetime:
    """A local America/New_York wall-clock instant (fold=0; the tests avoid the repeated hour)."""
    return dt.datetime(year, month, day, hour, minute, tzinfo=TZ)


@dataclass(frozen=True)
class Case:
    rule_id: str
    name: str
    given: Any
    expect: Any
    switches: dict[str, Any] = field(default_factory=dict)
    flags: tuple[str, ...] = ()
    advisory: dt.date | None = None

    @property
    def cfg(self) -> BylawConfig:
        return BylawConfig(dict(self.switches))

    @property
    def cal(self) -> BusinessCalendar:
        return BusinessCalendar.from_config(self.cfg)


def params(cases: Iterable[Case]) -> list[Any]:
    return [pytest.param(c, id=f"{c.rule_id} {c.name}") for c in cases]


def pick(deadlines: Sequence[Deadline], rule_id: str, kind: DeadlineKind | None = None) -> Deadline:
    """The one deadline of `rule_id` (and `kind`), checked to carry its own explanation."""
    found = [d for d in deadlines if d.rule_id == rule_id and (kind is None or d.kind == kind)]
    assert len(found) == 1, f"expected one {rule_id} {kind or ''} deadline, got {found}"
    d = found[0]
    assert d.explanation.rule_id == rule_id and d.explanation.flags == d.flags
    assert d.citation.startswith("~§") and d.explanation.quote in d.explanation.line
    return d


def assert_must_by_day(d: Deadline, day: dt.date, case: Case) -> None:
    """A date deadline: on or before `day`, through the end of that local day (CONV-WITHIN)."""
    assert (d.kind, d.latest_on, d.latest_at) == (MUST_BY, day, end_of_day(day))
    assert (d.advisory_on, d.flags, d.empty_reason) == (case.advisory, case.flags, None)


def assert_not_before_day(d: Deadline, day: dt.date, case: Case) -> None:
    assert (d.kind, d.earliest_on, d.earliest_at) == (NOT_BEFORE, day, at(day.year, day.month, day.day))
    assert (d.flags, d.empty_reason) == (case.flags, None)


def assert_strictly_before(d: Deadline, instant: dt.datetime) -> None:
    """CONV-BEFORE: the last allowed instant is one microsecond before the event; its date still passes."""
    assert d.kind == MUST_BY
    assert d.latest_at == instant - dt.timedelta(microseconds=1)
    assert d.latest_on == instant.astimezone(TZ).date()
