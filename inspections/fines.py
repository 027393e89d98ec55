"""Assessments: what offense-days cost, under a stated rule-pack and configuration version.

Offense-days are facts (`inspections.offenses`); an assessment prices them and says how:

- `assess_criminal`: one row per offense-day holding the court MAXIMUM (AMB-08). This is exposure,
  the most a court may impose, never a debt.
- `assess_noncriminal`: one row per offense-day holding the fixed MGL c. 40 § 21D amount for its sequence
  number n (CONV-ESCALATE: 1 + earlier offense units of the same offender under the same chapter, across
  provisions and sites, no reset; switches `escalation_scope`, `escalation_lookback_days`; AMB-16). The
  amount is due only once a citation is issued for that offense-day (`inspections.citations`).

Where the text states no amount, a row's amount is None with `none_reason`; the total is the sum of the
priced rows and `unpriced` lists the others. Rows carry the AMB flags of their reading; `withhold` marks
amounts applied as written but awaiting the town's confirmation (AMB-17). `diff_assessments` says which
amounts changed between two assessments (e.g. a late-entered earlier violation shifts escalation), so the
workflow can void and reissue those citations.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from inspections.config import DEFAULT, BylawConfig
from inspections.explain import Explanation
from inspections.offenses import OffenseDay, OffenseDays, Violation, check_chapter, offense_days
from inspections.penalties import Penalty, criminal_maximum, noncriminal_penalty
from inspections.rulepack import LawValue, load_rulebook

__all__ = [
    "AmountChange",
    "AmountKind",
    "Assessment",
    "AssessmentRow",
    "ChangeKind",
    "OffenseDay",
    "OffenseDays",
    "Track",
    "Violation",
    "assess_criminal",
    "assess_noncriminal",
    "diff_assessments",
    "escalation_sequences",
    "offense_days",
    "rulepack_version",
]

Key = tuple[str, str, str]


class Track(StrEnum):
    CRIMINAL = "criminal"
    NONCRIMINAL = "noncriminal"


class AmountKind(StrEnum):
    COURT_MAXIMUM = "court_maximum"  # exposure: the most a court may fine; never a debt
    CITATION_AMOUNT = "citation_amount"  # fixed § 21D penalty, due only once a citation issues


LABELS = {
    Track.CRIMINAL: "criminal exposure: court maximum, not a debt",
    Track.NONCRIMINAL: "noncriminal (MGL c. 40 § 21D) amounts: due only on issued citations",
}


@dataclass(frozen=True)
class AssessmentRow:
    offense: OffenseDay
    kind: AmountKind
    amount_cents: int | None
    explanation: Explanation
    sequence: int | None = None
    none_reason: str | None = None
    flags: tuple[str, ...] = ()
    withhold: bool = False
    law: tuple[LawValue, ...] = ()  # the pack values in force on the offense-day that priced this row

    @property
    def key(self) -> Key:
        return self.offense.key

    @classmethod
    def priced(
        cls, unit: OffenseDay, kind: AmountKind, penalty: Penalty, sequence: int | None
    ) -> AssessmentRow:
        return cls(
            unit,
            kind,
            penalty.amount_cents,
            penalty.explanation,
            sequence,
            penalty.none_reason,
            penalty.flags,
            penalty.withhold,
            penalty.law,
        )


@dataclass(frozen=True)
class Assessment:
    chapter: str
    track: Track
    rows: tuple[AssessmentRow, ...]
    config_version: str
    rulepack_version: str

    @property
    def label(self) -> str:
        return LABELS[self.track]

    @property
    def total_cents(self) -> int:
        """Sum of the priced rows (rows with no amount are listed in `unpriced`)."""
        return sum(r.amount_cents for r in self.rows if r.amount_cents is not None)

    @property
    def unpriced(self) -> tuple[Key, ...]:
        return tuple(r.key for r in self.rows if r.amount_cents is None)

    @property
    def is_complete(self) -> bool:
        return not self.unpriced

    @property
    def amounts(self) -> dict[Key, int | None]:
        return {r.key: r.amount_cents for r in self.rows}

    def row(self, key: Key) -> AssessmentRow:
        return next(r for r in self.rows if r.key == key)

    @property
    def law_used(self) -> tuple[LawValue, ...]:
        """Every distinct pack value the rows were priced with (a value amended mid-way appears twice)."""
        seen: dict[tuple[str, str, str, dt.date | None], LawValue] = {}
        for r in self.rows:
            for v in r.law:
                seen.setdefault((v.rule_id, v.name, v.source, v.in_force_from), v)
        return tuple(seen.values())


def rulepack_version(chapter: str) -> str:
    """Digest of the chapter's rule ids and params: which law-as-data produced an assessment."""
    pack = load_rulebook().packs[check_chapter(chapter)]
    blob = json.dumps(
        {rid: dict(r.params) for rid, r in sorted(pack.rules.items())}, default=str, sort_keys=True
    )
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def _units_of(chapter: str, units: Iterable[OffenseDay]) -> list[OffenseDay]:
    """The chapter's units, one per key, in CONV-ESCALATE order (one key, two facts: an error)."""
    seen: dict[Key, OffenseDay] = {}
    for unit in units:
        if unit.chapter != chapter:
            continue
        if seen.setdefault(unit.key, unit) != unit:
            raise ValueError(f"two different offense-days share the key {unit.key}")
    return sorted(seen.values(), key=lambda u: u.order)


def _scope(unit: OffenseDay, scope: str) -> tuple[str, ...]:
    if scope == "offender+provision":
        return (unit.offender_id, unit.provision)
    if scope == "offender+site":
        return (unit.offender_id, unit.site_id)
    return (unit.offender_id,)


def escalation_sequences(
    chapter: str, units: Iterable[OffenseDay], cfg: BylawConfig = DEFAULT
) -> dict[Key, int]:
    """CONV-ESCALATE: n = 1 + earlier units in the same scope (within the lookback window, if set)."""
    scope, lookback = cfg["escalation_scope"], cfg["escalation_lookback_days"]
    earlier: dict[tuple[str, ...], list[int]] = defaultdict(list)
    sequences: dict[Key, int] = {}
    for unit in _units_of(chapter, units):
        dates = earlier[_scope(unit, scope)]
        start = 0 if lookback is None else bisect_left(dates, unit.local_date.toordinal() - lookback)
        sequences[unit.key] = 1 + len(dates) - start
        dates.append(unit.local_date.toordinal())
    return sequences


def _assessment(chapter: str, track: Track, rows: list[AssessmentRow], cfg: BylawConfig) -> Assessment:
    return Assessment(chapter, track, tuple(rows), cfg.version, rulepack_version(chapter))


def _only_chapter(chapter: str, offenses: Iterable[OffenseDay]) -> list[OffenseDay]:
    offenses = list(offenses)
    strays = sorted({u.chapter for u in offenses} - {chapter})
    if strays:
        raise ValueError(f"assessment for {chapter} was given offense-days of {strays}")
    return _units_of(chapter, offenses)


def assess_criminal(
    chapter: str, offenses: Iterable[OffenseDay], *, cfg: BylawConfig = DEFAULT
) -> Assessment:
    """Court maxima per offense-day (exposure, never a debt), each under the law in force that day."""
    rows = [
        AssessmentRow.priced(u, AmountKind.COURT_MAXIMUM, criminal_maximum(chapter, as_of=u.local_date), None)
        for u in _only_chapter(chapter, offenses)
    ]
    return _assessment(chapter, Track.CRIMINAL, rows, cfg)


def assess_noncriminal(
    chapter: str,
    offenses: Iterable[OffenseDay],
    *,
    prior: Iterable[OffenseDay] = (),
    cfg: BylawConfig = DEFAULT,
) -> Assessment:
    """§ 21D amount per offense-day, under the law in force that day; `prior` offense-days count toward the
    sequence but get no rows."""
    units = _only_chapter(chapter, offenses)
    sequences = escalation_sequences(chapter, [*prior, *units], cfg)
    rows = [
        AssessmentRow.priced(
            u,
            AmountKind.CITATION_AMOUNT,
            noncriminal_penalty(chapter, sequences[u.key], cfg, as_of=u.local_date),
            sequences[u.key],
        )
        for u in units
    ]
    return _assessment(chapter, Track.NONCRIMINAL, rows, cfg)


class ChangeKind(StrEnum):
    ADDED = "added"
    REMOVED = "removed"
    CHANGED = "changed"


@dataclass(frozen=True)
class AmountChange:
    key: Key
    kind: ChangeKind
    old_cents: int | None
    new_cents: int | None
    old_sequence: int | None = None
    new_sequence: int | None = None


def _change(key: Key, a: AssessmentRow | None, b: AssessmentRow | None) -> AmountChange | None:
    if a is None and b is None:
        return None
    if a is not None and b is not None:
        if a.amount_cents == b.amount_cents:
            return None
        return AmountChange(key, ChangeKind.CHANGED, a.amount_cents, b.amount_cents, a.sequence, b.sequence)
    if a is None:
        assert b is not None
        return AmountChange(key, ChangeKind.ADDED, None, b.amount_cents, None, b.sequence)
    return AmountChange(key, ChangeKind.REMOVED, a.amount_cents, None, a.sequence, None)


def diff_assessments(
    old: Assessment, new: Assessment, *, issued: Iterable[Key] | None = None
) -> tuple[AmountChange, ...]:
    """The offense-days whose amount differs between two assessments (only `issued` keys, if given)."""
    if (old.chapter, old.track) != (new.chapter, new.track):
        raise ValueError("only assessments of the same chapter and track can be compared")
    before = {r.key: r for r in old.rows}
    after = {r.key: r for r in new.rows}
    wanted = set(before) | set(after) if issued is None else set(issued)
    changes = []
    for key in sorted(wanted):
        change = _change(key, before.get(key), after.get(key))
        if change is not None:
            changes.append(change)
    return tuple(changes)
