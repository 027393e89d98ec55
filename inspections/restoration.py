"""What a restoration order does to the fines of the violation it addresses: nothing is waived.

- CARVER-136-RESTORATION-NO-WAIVER (~§ 136-11D): "Such an order of restoration will not constitute a waiver
  of any other fines or penalties for such violations."
- UPTON-280-AUTH (~§ 280-11C) and GARDNER-650-RESTORE (~§ 650-10): a violator "may be ordered to restore the
  property to its original condition ... or may be fined, or both".
- CARVER-247-REMEDIES (~§ 247-11F): "The remedies listed in this by-law are not exclusive of any other
  remedies"; the order is CARVER-247-ORDER-REMEDIATION.
- CARVER-281-RESTORATION-ORDER (~§ 281-4A(6)) says nothing about fines; READ-281-RESTORATION-FINES: the order
  waives none, and since "unauthorized fill or other alteration remains in place" is itself a daily offense
  (CARVER-281-OFFENSE-DAILY), offense-days go on until the violation is cured.

An order does not cure: offense-days accrue before and after it, to the cure (or `through`), as the chapter
counts them (CONV-OFFENSE-DAY), and each is priced on the track asked for (criminal maxima or § 21D amounts).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from inspections.config import DEFAULT, BylawConfig
from inspections.explain import Explanation
from inspections.fines import Assessment, OffenseDay, Track, assess_criminal, assess_noncriminal
from inspections.offenses import Violation, check_chapter, offense_days
from inspections.penalties import dollars

NO_WAIVER_RULE = {
    "CARVER-136": "CARVER-136-RESTORATION-NO-WAIVER",
    "UPTON-280": "UPTON-280-AUTH",
    "GARDNER-650": "GARDNER-650-RESTORE",
    "CARVER-247": "CARVER-247-REMEDIES",
    "CARVER-281": "CARVER-281-RESTORATION-ORDER",
}
WHY = {
    "CARVER-136": "the order of restoration is not a waiver of any other fines or penalties",
    "UPTON-280": "restoration may be ordered and a fine imposed, or both",
    "GARDNER-650": "restoration may be ordered and a fine imposed, or both",
    "CARVER-247": "the by-law's remedies are not exclusive of one another",
    "CARVER-281": "the by-law does not make the order a waiver (READ-281-RESTORATION-FINES)",
}


@dataclass(frozen=True)
class RestorationEffect:
    chapter: str
    track: Track
    order_on: dt.date
    waived_cents: int
    before_order: tuple[OffenseDay, ...]
    from_order: tuple[OffenseDay, ...]
    before_order_cents: int
    from_order_cents: int
    unpriced: int  # offense-days whose amount the text does not state (AMB-09, AMB-29, AMB-46)
    assessment: Assessment
    explanation: Explanation


def restoration_effect(
    violation: Violation,
    *,
    order_on: dt.date,
    through: dt.date,
    track: Track | str = Track.CRIMINAL,
    prior: Iterable[OffenseDay] = (),
    cfg: BylawConfig = DEFAULT,
) -> RestorationEffect:
    """The fines of `violation` before and from the restoration order, none of them waived."""
    chapter, track = check_chapter(violation.chapter), Track(track)
    if order_on < violation.first_day:
        raise ValueError(f"order_on {order_on} is before the violation began on {violation.first_day}")
    units = offense_days(violation, through, cfg=cfg)
    assessment = (assess_criminal(chapter, units, cfg=cfg) if track is Track.CRIMINAL
                  else assess_noncriminal(chapter, units, prior=prior, cfg=cfg))
    before = tuple(u for u in units if u.local_date < order_on)
    after = tuple(u for u in units if u.local_date >= order_on)

    def cents(group: tuple[OffenseDay, ...]) -> int:
        return sum(assessment.amounts.get(u.key) or 0 for u in group)

    rule_id = NO_WAIVER_RULE[chapter]
    end = "cured " + str(violation.last_day) if violation.last_day else f"continuing through {through}"
    text = (f"{WHY[chapter]}: {len(before)} offense-day(s) before the order {order_on} "
            f"({dollars(cents(before))}) and {len(after)} from it ({dollars(cents(after))}), {end}; "
            f"waived {dollars(0)} ({track.value})")
    return RestorationEffect(chapter, track, order_on, 0, before, after, cents(before), cents(after),
                             len(assessment.unpriced), assessment,
                             Explanation.of(rule_id, text, assessment_flags(assessment)))


def assessment_flags(assessment: Assessment) -> tuple[str, ...]:
    return tuple(dict.fromkeys(f for row in assessment.rows for f in row.flags))
