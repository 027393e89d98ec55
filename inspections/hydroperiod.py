"""The vernal-pool hydroperiod from the dated observations a biologist records (UPTON-280-DEF-VP,
GARDNER-650-DEF-VP): does the basin, "at least in most years, hold water for a minimum of two continuous
months during the spring and/or summer"?

Readings (inspections/READINGS.md, no town switch):
- READ-VP-SEASON: "spring and/or summer" is March 1 through August 31 of a year; water seen before or after
  counts only from March 1 or up to August 31.
- READ-VP-CONTINUITY: water is taken as standing without a break between two visits that both found it, when
  no visit between them found the basin dry; a dry visit ends the run. Nothing is assumed before the first
  or after the last wet visit of a run, so the span proven is first wet visit -> last wet visit.
- "two continuous months" is counted as calendar months (CONV-MONTHS, `eom_rule`): a run from Mar 20 holds
  for two months when its last wet visit is on or after May 20.
- READ-VP-MOST-YEARS: "at least in most years" is more than half of the years with a visit in the season;
  the answer states how many years were observed, so a one-year record is visible as such.
"""
from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from inspections.calendar import add_months

SEASON = ((3, 1), (8, 31))  # READ-VP-SEASON: March 1 to August 31


class Visit(Protocol):
    @property
    def on(self) -> dt.date: ...

    @property
    def standing_water(self) -> bool: ...


@dataclass(frozen=True)
class SeasonRun:
    """The longest proven run of standing water in one year's season."""

    year: int
    first_wet_on: dt.date | None
    last_wet_on: dt.date | None
    two_months_on: dt.date | None  # the date two calendar months after the run's first day
    holds: bool
    visits: int


@dataclass(frozen=True)
class Hydroperiod:
    months_required: int
    years: tuple[SeasonRun, ...]
    years_holding: int

    @property
    def years_observed(self) -> int:
        return len(self.years)

    @property
    def most_years(self) -> bool:
        return self.years_observed > 0 and 2 * self.years_holding > self.years_observed


def _in_season(day: dt.date) -> bool:
    (m1, d1), (m2, d2) = SEASON
    return dt.date(day.year, m1, d1) <= day <= dt.date(day.year, m2, d2)


def _runs(visits: list[Visit]) -> list[tuple[dt.date, dt.date]]:
    """Maximal sequences of wet visits with no dry visit between them: (first wet, last wet)."""
    runs: list[tuple[dt.date, dt.date]] = []
    start: dt.date | None = None
    last: dt.date | None = None
    for visit in visits:
        if visit.standing_water:
            start, last = (start or visit.on), visit.on
        elif start is not None and last is not None:
            runs.append((start, last))
            start = last = None
    if start is not None and last is not None:
        runs.append((start, last))
    return runs


def _season_run(year: int, visits: list[Visit], months: int, eom_rule: str) -> SeasonRun:
    best: tuple[dt.date, dt.date] | None = None
    for start, end in _runs(visits):
        if best is None or (end - start) > (best[1] - best[0]):
            best = (start, end)
    if best is None:
        return SeasonRun(year, None, None, None, False, len(visits))
    target = add_months(best[0], months, eom_rule)
    return SeasonRun(year, best[0], best[1], target, best[1] >= target, len(visits))


def hydroperiod(visits: Iterable[Visit], months: int, eom_rule: str = "last_day") -> Hydroperiod:
    """Each observed year's longest in-season run of standing water, and how many years hold `months`."""
    by_year: dict[int, list[Visit]] = defaultdict(list)
    for visit in sorted(visits, key=lambda v: v.on):
        if _in_season(visit.on):
            by_year[visit.on.year].append(visit)
    years = tuple(_season_run(y, v, months, eom_rule) for y, v in sorted(by_year.items()))
    return Hydroperiod(months, years, sum(r.holds for r in years))


def describe(result: Hydroperiod) -> str:
    """One line per observed year, then the "most years" count, in the words of the definition."""
    parts = []
    for run in result.years:
        if run.first_wet_on is None:
            parts.append(f"{run.year}: no standing water in {run.visits} visit(s)")
            continue
        parts.append(f"{run.year}: water {run.first_wet_on} to {run.last_wet_on}; {result.months_required} "
                     f"months from the first day is {run.two_months_on}: {'holds' if run.holds else 'short'}")
    verdict = "most years" if result.most_years else "not most years"
    return ("; ".join(parts) or "no visit between March 1 and August 31") + (
        f"; {result.years_holding} of {result.years_observed} observed year(s) hold: {verdict}")
