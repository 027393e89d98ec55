"""Offense-days: the facts that fines are computed from (CONV-OFFENSE-DAY).

An offense-day is a fact, not a price: (violation, provision, offender, local date, line item). One is
recorded for every America/New_York calendar day on which the violation existed at any moment (partial
first and last days count), and, where the text says so, for each provision violated:

- CARVER-281-OFFENSE-DAILY and CARVER-281-OFFENSE-PER-PROVISION (~§ 281-4A(11); (12) repeats (11)
  word for word and is counted once, AMB-01);
- CARVER-247-OFFENSE-DAILY (~§ 247-11C-D) and CARVER-136-OFFENSE-DAILY (~§ 136-11B-C): each day, no
  per-provision clause, so one offense a day for the violation;
- UPTON-280-OFFENSE-DAILY and UPTON-280-OFFENSE-PER-PROVISION (~§ 280-11F);
- GARDNER-650-FINE-NOT-STATED (~§ 650-10): no "each day is a separate offense" clause (AMB-46), so one
  offense for the violation, dated on its first day, unless `gardner650.daily_offense` is set.

The list is stable: the offense-days up to day N never change when day N+1 is added.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass

from inspections.calendar import local_date, require_aware
from inspections.config import DEFAULT, BylawConfig
from inspections.explain import Explanation
from inspections.rulepack import load_rulebook, param

# the shipped chapters; more are found by discovery (inspections.chapters)
CHAPTERS = ("CARVER-281", "CARVER-247", "CARVER-136", "UPTON-280", "GARDNER-650")
GARDNER_RULE = "GARDNER-650-FINE-NOT-STATED"


def check_chapter(chapter: str) -> str:
    """A chapter the engine has a pack for (shipped, or found in FIELDENFORCE_PACKS_PATH)."""
    packs = load_rulebook().packs
    if chapter not in packs:
        raise ValueError(f"unknown chapter {chapter!r}; expected one of {', '.join(packs)}")
    return chapter


@dataclass(frozen=True)
class Violation:
    """A violation record: who, which chapter and provisions (in line-item order), from when until cured.

    The violation exists at instants t with started_at <= t < cured_at (cured_at None: continuing).
    """

    violation_id: str
    chapter: str
    offender_id: str
    provisions: tuple[str, ...]
    started_at: dt.datetime
    cured_at: dt.datetime | None = None
    site_id: str = ""

    def __post_init__(self) -> None:
        check_chapter(self.chapter)
        require_aware(self.started_at)
        if not self.provisions:
            raise ValueError(f"violation {self.violation_id}: at least one provision is required")
        if self.cured_at is not None and require_aware(self.cured_at) < self.started_at:
            raise ValueError(f"violation {self.violation_id}: cured before it started")

    @property
    def first_day(self) -> dt.date:
        return local_date(self.started_at)

    @property
    def last_day(self) -> dt.date | None:
        """The last local day touched; a cure at exactly local midnight does not touch the new day
        (READ-CURE-MIDNIGHT)."""
        if self.cured_at is None:
            return None
        if self.cured_at == self.started_at:
            return self.first_day
        return local_date(self.cured_at - dt.timedelta(microseconds=1))


@dataclass(frozen=True)
class OffenseDay:
    """One offense unit (a fact). `key` identifies it across recomputations."""

    violation_id: str
    provision: str
    offender_id: str
    local_date: dt.date
    line_item: int
    chapter: str
    site_id: str = ""

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.violation_id, self.provision, self.local_date.isoformat())

    @property
    def order(self) -> tuple[dt.date, str, int]:
        """CONV-ESCALATE order: by date; same-day offenses by violation record, then line item
        (READ-ESCALATE-SAME-DAY)."""
        return (self.local_date, self.violation_id, self.line_item)


@dataclass(frozen=True)
class OffenseCounting:
    """How a chapter counts offenses, with the rules that say so."""

    chapter: str
    daily: bool
    per_provision: bool
    explanations: tuple[Explanation, ...]
    flags: tuple[str, ...] = ()


def counting_rule(chapter: str, cfg: BylawConfig = DEFAULT) -> OffenseCounting:
    check_chapter(chapter)
    if chapter == "GARDNER-650":
        daily = bool(cfg["gardner650.daily_offense"])
        how = (
            "one offense per day (gardner650.daily_offense set by the City)"
            if daily
            else "no daily-offense clause: one offense per violation, dated on its first day"
        )
        return OffenseCounting(
            chapter, daily, False, (Explanation.of(GARDNER_RULE, how, ("AMB-46",)),), ("AMB-46",)
        )
    table = load_rulebook().packs[chapter].chapter
    daily_rule, provision_rule = table.offense_daily_rule, table.offense_per_provision_rule
    if daily_rule is None:
        raise ValueError(f"pack {chapter}: its [chapter] table names no offense_daily_rule")
    per_day = param(daily_rule, "offenses_per_day")
    if per_day != 1:
        raise ValueError(f"{daily_rule}: offenses_per_day must be 1, pack has {per_day}")
    notes = [Explanation.of(daily_rule, "one offense for each local day or part of a day")]
    per_provision = provision_rule is not None and bool(param(provision_rule, "per_provision"))
    if per_provision:
        assert provision_rule is not None
        notes.append(Explanation.of(provision_rule, "times each provision violated"))
    flags = ("AMB-01",) if chapter == "CARVER-281" else ()
    return OffenseCounting(chapter, True, per_provision, tuple(notes), flags)


@dataclass(frozen=True)
class OffenseDays:
    """The offense-days of one violation through a date, with the rules that made them."""

    violation_id: str
    through: dt.date
    days: tuple[OffenseDay, ...]
    explanations: tuple[Explanation, ...]
    flags: tuple[str, ...] = ()

    def __iter__(self) -> Iterator[OffenseDay]:
        return iter(self.days)

    def __len__(self) -> int:
        return len(self.days)

    @property
    def dates(self) -> tuple[dt.date, ...]:
        return tuple(sorted({d.local_date for d in self.days}))


def _lines(violation: Violation, per_provision: bool) -> tuple[tuple[int, str], ...]:
    if per_provision:
        return tuple(enumerate(violation.provisions))
    return ((0, "; ".join(violation.provisions)),)


def _day_span(violation: Violation, through: dt.date, daily: bool) -> list[dt.date]:
    first = violation.first_day
    last = through if violation.last_day is None else min(violation.last_day, through)
    if last < first:
        return []
    if not daily:
        return [first]
    return [first + dt.timedelta(days=i) for i in range((last - first).days + 1)]


def offense_lines(
    violation: Violation, through: dt.date, how: OffenseCounting
) -> tuple[list[dt.date], tuple[tuple[int, str], ...]]:
    """The local dates and the (line, provision) lines of `violation`'s offense units through `through`,
    counted as `how` (its chapter's `counting_rule`) says: one unit per date and line."""
    return _day_span(violation, through, how.daily), _lines(violation, how.per_provision)


def offense_days(violation: Violation, through: dt.date, *, cfg: BylawConfig = DEFAULT) -> OffenseDays:
    """CONV-OFFENSE-DAY: the offense units of `violation` on local days up to and including `through`."""
    how = counting_rule(violation.chapter, cfg)
    dates, lines = offense_lines(violation, through, how)
    days = tuple(
        OffenseDay(
            violation.violation_id,
            provision,
            violation.offender_id,
            day,
            line,
            violation.chapter,
            violation.site_id,
        )
        for day in dates
        for line, provision in lines
    )
    return OffenseDays(violation.violation_id, through, days, how.explanations, how.flags)


@dataclass(frozen=True)
class OffenderParty:
    """Who the offender of a chapter's violation is (the pack's `[chapter]` table)."""

    chapter: str
    party: str  # "permittee" or "operator"
    falls_back_to: str | None  # the party when the permit names no `party`
    rule_id: str | None
    reason: str


def offender_party(chapter: str) -> OffenderParty:
    """The party an order binds and offense-days count against: the permit's permittee, or, where the
    chapter's pack says so, the operator doing the work (the permittee when the permit names no operator)."""
    table = load_rulebook().packs[check_chapter(chapter)].chapter
    if table.offender == "permittee":
        return OffenderParty(chapter, "permittee", None, table.offender_rule, "the permit's permittee")
    reason = f"the {table.offender} the chapter's orders bind, else the permit's permittee"
    return OffenderParty(chapter, table.offender, "permittee", table.offender_rule, reason)
