"""What one offense unit can cost: criminal maxima and the noncriminal (MGL c. 40 § 21D) schedules.

Criminal figures are court maxima ("not more than", "up to": AMB-08): exposure, never a debt.
Noncriminal figures are fixed amounts per sequence number n (1st, 2nd, 3rd-and-later violation):

- CARVER-247-NONCRIM-1ST/-2ND/-3RDPLUS: $100, $200, $3,000. The $3,000 is applied as written and flagged
  (AMB-17); until the town sets `carver247.noncriminal_3rd_amount` the amount is marked `withhold`.
- CARVER-136-NONCRIM-1ST: $100; later violations have no amount in the text (AMB-29):
  None unless `carver136.noncriminal_subsequent` is configured.
- UPTON-280-NONCRIM-SCHEDULE: $50, $100, $300.
- CARVER-281 (AMB-09) and GARDNER-650 (AMB-46): no schedule in the text; None unless configured.

`as_of` is the offense-day: the amounts are those of the law in force that day (dated pack values), and
each Penalty records the values it used (`law`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from typing import Any

from inspections.config import DEFAULT, BylawConfig
from inspections.explain import Explanation
from inspections.offenses import check_chapter
from inspections.rulepack import ChapterTable, LawValue, law, load_rulebook

CRIMINAL_FLAGS = {"CARVER-136": ("AMB-08", "AMB-28")}
CARVER_247_STEPS = ("CARVER-247-NONCRIM-1ST", "CARVER-247-NONCRIM-2ND", "CARVER-247-NONCRIM-3RDPLUS")
CONFIGURED_ONLY = {  # chapter: (rule id, config key, AMB id, why there is no amount)
    "CARVER-281": (
        "CARVER-281-ENF-TOOLS",
        "carver281.noncriminal_schedule",
        "AMB-09",
        "ch. 281 has no noncriminal (c. 40 § 21D) schedule",
    ),
    "GARDNER-650": (
        "GARDNER-650-FINE-NOT-STATED",
        "gardner650.noncriminal_schedule",
        "AMB-46",
        "ch. 650 states no fine amount",
    ),
}


def dollars(cents: int) -> str:
    return f"${cents // 100:,}.{cents % 100:02d}"


@dataclass(frozen=True)
class Penalty:
    """The amount for one offense unit, or None with the reason the text gives none."""

    rule_id: str
    amount_cents: int | None
    arithmetic: str
    none_reason: str | None = None
    flags: tuple[str, ...] = ()
    withhold: bool = False
    law: tuple[LawValue, ...] = ()

    @property
    def explanation(self) -> Explanation:
        return Explanation.of(self.rule_id, self.arithmetic, self.flags)


class _Asked:
    """The pack numbers one penalty asks for, as of the offense-day, remembered for the record."""

    def __init__(self, as_of: dt.date | None) -> None:
        self.as_of, self.used = as_of, list[LawValue]()

    def __call__(self, rule_id: str, name: str) -> Any:
        found = law(rule_id, name, self.as_of)
        self.used.append(found)
        return found.value

    def record(self, penalty: Penalty) -> Penalty:
        return replace(penalty, law=tuple({(v.rule_id, v.name): v for v in self.used}.values()))


def criminal_maximum(chapter: str, *, as_of: dt.date | None = None) -> Penalty:
    """The most a court may fine for one offense unit (exposure, not a debt), under the law of `as_of`."""
    param = _Asked(as_of)
    return param.record(_criminal_maximum(chapter, param))


def _criminal_maximum(chapter: str, param: _Asked) -> Penalty:
    check_chapter(chapter)
    if chapter == "GARDNER-650":
        why = "ch. 650 states no fine amount (AMB-46): no criminal maximum can be computed"
        return Penalty("GARDNER-650-FINE-NOT-STATED", None, why, why, ("AMB-46",))
    rule_id = _table(chapter).criminal_max_rule
    if rule_id is None:
        why = f"the pack of {chapter} names no criminal maximum"
        return Penalty(general_rule(chapter), None, why, why)
    cents = param(rule_id, "max_cents")
    flags = CRIMINAL_FLAGS.get(chapter, ("AMB-08",))
    return Penalty(
        rule_id, cents, f"court maximum {dollars(cents)} for this offense (not a debt)", None, flags
    )


def noncriminal_penalty(
    chapter: str, sequence: int, cfg: BylawConfig = DEFAULT, *, as_of: dt.date | None = None
) -> Penalty:
    """The § 21D penalty for the `sequence`-th violation (CONV-ESCALATE numbering, from 1), under the law
    in force on `as_of` (the offense-day)."""
    param = _Asked(as_of)
    return param.record(_noncriminal_penalty(chapter, sequence, cfg, param))


def _noncriminal_penalty(chapter: str, sequence: int, cfg: BylawConfig, param: _Asked) -> Penalty:
    check_chapter(chapter)
    if sequence < 1:
        raise ValueError(f"sequence numbers start at 1, got {sequence}")
    if chapter == "CARVER-247":
        return _carver_247(sequence, cfg, param)
    if chapter == "CARVER-136":
        return _carver_136(sequence, cfg, param)
    scheduled = _table(chapter).noncriminal_schedule_rule
    if scheduled is not None:  # the chapter's own schedule (UPTON-280-NONCRIM-SCHEDULE: $50, $100, $300)
        schedule = param(scheduled, "schedule_cents")
        cents = schedule[min(sequence, len(schedule)) - 1]
        return Penalty(scheduled, cents, f"violation n={sequence}: {dollars(cents)}", None, ("AMB-16",))
    if chapter in CONFIGURED_ONLY:
        return _configured_only(chapter, sequence, cfg)
    why = f"the pack of {chapter} names no noncriminal schedule"
    return Penalty(general_rule(chapter), None, f"violation n={sequence}: no amount", why)


def _table(chapter: str) -> ChapterTable:
    return load_rulebook().packs[chapter].chapter


def general_rule(chapter: str) -> str:
    """The rule a penalty without an amount cites: the chapter's general authority, else its first rule."""
    pack = load_rulebook().packs[chapter]
    return pack.chapter.general_authority or next(iter(pack.rules))


def _carver_247(sequence: int, cfg: BylawConfig, param: _Asked) -> Penalty:
    rule_id = max(
        (r for r in CARVER_247_STEPS if param(r, "sequence") <= sequence), key=lambda r: param(r, "sequence")
    )
    cents = param(rule_id, "amount_cents")
    if rule_id != "CARVER-247-NONCRIM-3RDPLUS":
        return Penalty(rule_id, cents, f"violation n={sequence}: {dollars(cents)}", None, ("AMB-16",))
    key = "carver247.noncriminal_3rd_amount"
    if cfg.is_default(key):
        return Penalty(
            rule_id,
            cents,
            f"violation n={sequence}: {dollars(cents)} as written, pending legal review",
            None,
            ("AMB-16", "AMB-17"),
            withhold=True,
        )
    cents = cfg[key]
    return Penalty(
        rule_id,
        cents,
        f"violation n={sequence}: {dollars(cents)} as set by the town ({key})",
        None,
        ("AMB-16", "AMB-17"),
    )


def _carver_136(sequence: int, cfg: BylawConfig, param: _Asked) -> Penalty:
    rule_id = "CARVER-136-NONCRIM-1ST"
    if sequence <= param(rule_id, "sequence"):
        cents = param(rule_id, "amount_cents")
        return Penalty(rule_id, cents, f"first violation: {dollars(cents)}")
    configured = cfg["carver136.noncriminal_subsequent"]
    if configured is None:
        why = "~§ 136-11C states a penalty only for the first violation (AMB-29); none is configured"
        return Penalty(rule_id, None, f"violation n={sequence}: no amount", why, ("AMB-29",))
    return Penalty(
        rule_id,
        configured,
        f"violation n={sequence}: {dollars(configured)} as set by the town "
        "(carver136.noncriminal_subsequent)",
        None,
        ("AMB-29",),
    )


def _configured_only(chapter: str, sequence: int, cfg: BylawConfig) -> Penalty:
    rule_id, key, amb, why = CONFIGURED_ONLY[chapter]
    schedule = cfg[key]
    if not schedule:
        reason = f"{why} ({amb}); {key} is not configured"
        return Penalty(rule_id, None, f"violation n={sequence}: no amount", reason, (amb,))
    cents = int(schedule[min(sequence, len(schedule)) - 1])
    return Penalty(
        rule_id,
        cents,
        f"violation n={sequence}: {dollars(cents)} from the town's schedule ({key})",
        None,
        (amb,),
    )
