"""Consultant-fee maxima (Carver ~§ 281-2D, Gardner ~§ 650-6D): bands, increments, pro rata, timing, refund.

All figures are maxima (AMB-08): the Commission may charge up to the cap. Money is integer cents.

- Bands are numeric intervals (CONV-MONEY, AMB-10): "$100,001 to $500,000" means more than $100,000.00
  and at most $500,000.00, so $100,000.50 is in the higher band. Each band's printed bounds and maximum are
  the pack params of its rule (CARVER-281-CONSULT-CAP-R1..R5, GARDNER-650-CONSULT-CAP-R1..R5).
- Above the table: base + per-step x increments; a partial increment counts (CONV-INCR, switch
  `increment_rounding`).
- Gardner's table is defective (AMB-45, switch `gardner650.fee_mode`): LITERAL (default) - R5 is printed
  "$1,500,001 to $1,000,000" and never matches, and above $1.5M the cap is $5,000 + $1,500 per $500,000
  over $1,000,000; INTENT - R5 reads $1.5M-$2M, and above $2M the cap is $10,000 + $1,500 per $500,000.
- Pro rata (AMB-07, switch `consult_prorata_mode`): `share_of_total_cap` (default) = cap(total) x
  resource-area cost / total cost, rounded half-up to the cent; `cap_on_portion` = cap(resource-area cost).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from inspections.authority import Decision
from inspections.config import DEFAULT, BylawConfig
from inspections.explain import Explanation
from inspections.penalties import dollars
from inspections.rulepack import param, rule
from inspections.thresholds import is_before

BANDS = {
    chapter: tuple(f"{chapter}-CONSULT-CAP-R{i}" for i in range(1, 6))
    for chapter in ("CARVER-281", "GARDNER-650")
}
WHEN_RULE = {"CARVER-281": "CARVER-281-CONSULT-WHEN", "GARDNER-650": "GARDNER-650-CONSULT-WHEN"}
FINDING_RULE = {"CARVER-281": "CARVER-281-CONSULT-FINDING", "GARDNER-650": "GARDNER-650-CONSULT-FINDING"}
WHOLE_DOLLAR = 100  # cents: the printed lower bound "$100,001" starts just above "$100,000" (CONV-MONEY)


def _table_chapter(chapter: str) -> str:
    if chapter not in BANDS:
        raise ValueError(f"{chapter} has no consultant-fee table (only {sorted(BANDS)})")
    return chapter


@dataclass(frozen=True)
class FeeCap:
    """The maximum consultant fee for a project cost, with the rule that sets it."""

    chapter: str
    rule_id: str
    max_fee_cents: int
    explanation: Explanation
    flags: tuple[str, ...] = ()


def _intent(chapter: str, cfg: BylawConfig) -> bool:
    return chapter == "GARDNER-650" and cfg["gardner650.fee_mode"] == "INTENT"


def _band_bounds(rule_id: str, intent: bool) -> tuple[int, int]:
    upper = "intent_to_cents" if intent and "AMB-45" in rule(rule_id).ambiguities else "to_cents"
    return param(rule_id, "from_cents"), param(rule_id, upper)


def _in_band(cost_cents: int, low: int, high: int) -> bool:
    above = cost_cents >= 0 if low == 0 else cost_cents > low - WHOLE_DOLLAR
    return above and cost_cents <= high


def _increments(excess_cents: int, step_cents: int, rounding: str) -> tuple[int, bool]:
    whole, part = divmod(excess_cents, step_cents)
    return (whole + 1 if part and rounding == "ceil" else whole), bool(part)


def _flags(chapter: str, cost_cents: int, *extra: str) -> tuple[str, ...]:
    r4_high = param(BANDS[chapter][3], "to_cents")
    amb45 = ("AMB-45",) if chapter == "GARDNER-650" and cost_cents > r4_high else ()
    return ("AMB-08", *amb45, *extra)


def consultant_fee_cap(chapter: str, project_cost_cents: int, *, cfg: BylawConfig = DEFAULT) -> FeeCap:
    """The maximum consultant fee for the entire estimated project cost."""
    chapter, intent = _table_chapter(chapter), _intent(chapter, cfg)
    if project_cost_cents < 0:
        raise ValueError("a project cost cannot be negative")
    cost = dollars(project_cost_cents)
    for rule_id in BANDS[chapter]:
        low, high = _band_bounds(rule_id, intent)
        if _in_band(project_cost_cents, low, high):
            cap = param(rule_id, "max_fee_cents")
            gap = (
                ("AMB-10",) if low and project_cost_cents < low and project_cost_cents % WHOLE_DOLLAR else ()
            )
            flags = _flags(chapter, project_cost_cents, *gap)
            text = f"cost {cost} in {dollars(low)}-{dollars(high)}: maximum {dollars(cap)}"
            return FeeCap(chapter, rule_id, cap, Explanation.of(rule_id, text, flags), flags)
    return _incremental_cap(chapter, project_cost_cents, intent, cfg)


def _incremental_cap(chapter: str, cost_cents: int, intent: bool, cfg: BylawConfig) -> FeeCap:
    rule_id = f"{chapter}-CONSULT-CAP-INCR"
    over = param(rule_id, "intent_over_cents" if intent else "over_cents")
    base = param(rule_id, "intent_base_cents" if intent else "base_cents")
    step, per_step = param(rule_id, "step_cents"), param(rule_id, "per_step_cents")
    if cost_cents <= over:
        raise ValueError(f"{chapter}: cost {dollars(cost_cents)} matches no band of the table")
    rounding = cfg["increment_rounding"]
    n, partial = _increments(cost_cents - over, step, rounding)
    cap = base + n * per_step
    flags = _flags(chapter, cost_cents, *(("AMB-10",) if partial else ()))
    text = (
        f"{dollars(base)} + {dollars(per_step)} x {n} "
        f"({rounding} of ({dollars(cost_cents)} - {dollars(over)})"
        f" / {dollars(step)}) = maximum {dollars(cap)}"
    )
    return FeeCap(chapter, rule_id, cap, Explanation.of(rule_id, text, flags), flags)


def _half_up(numerator: int, denominator: int) -> int:
    whole, rest = divmod(numerator, denominator)
    return whole + (1 if 2 * rest >= denominator else 0)


def payable_consultant_fee_cap(
    chapter: str, total_cost_cents: int, resource_area_cost_cents: int, *, cfg: BylawConfig = DEFAULT
) -> FeeCap:
    """The cap payable for the resource-area share of the project (pro rata, AMB-07)."""
    rule_id = f"{_table_chapter(chapter)}-CONSULT-PRORATA"
    if total_cost_cents <= 0 or not 0 <= resource_area_cost_cents <= total_cost_cents:
        raise ValueError("need 0 <= resource-area cost <= total cost, and a positive total cost")
    mode = cfg["consult_prorata_mode"]
    if mode == "cap_on_portion":
        whole = consultant_fee_cap(chapter, resource_area_cost_cents, cfg=cfg)
        cap, text = whole.max_fee_cents, f"cap on the resource-area cost {dollars(resource_area_cost_cents)}"
    else:
        whole = consultant_fee_cap(chapter, total_cost_cents, cfg=cfg)
        cap = _half_up(whole.max_fee_cents * resource_area_cost_cents, total_cost_cents)
        text = (
            f"{dollars(whole.max_fee_cents)} x {dollars(resource_area_cost_cents)} / "
            f"{dollars(total_cost_cents)}, half-up to the cent"
        )
    flags = (*whole.flags, "AMB-07")
    return FeeCap(
        chapter, rule_id, cap, Explanation.of(rule_id, f"{text} = {dollars(cap)} ({mode})", flags), flags
    )


def consultant_fee_may_be_required(
    chapter: str, *, at: dt.date, finding_recorded: bool, final_decision_at: dt.date | None = None
) -> Decision:
    """The fee may be required up to the final decision, on a reasonable finding of need."""
    when, finding = WHEN_RULE[_table_chapter(chapter)], FINDING_RULE[chapter]
    if not finding_recorded:
        why = "requires a reasonable finding that outside consultants are necessary"
        return Decision(False, finding, why, Explanation.of(finding, why))
    if final_decision_at is None:
        why = "no final decision yet"
        return Decision(True, when, why, Explanation.of(when, why))
    ok, flags = is_before(at, final_decision_at)  # CONV-BEFORE: the same day passes, flagged
    why = f"required {at}, final decision {final_decision_at}: {'before' if ok else 'after'} the decision"
    return Decision(ok, when, why, Explanation.of(when, why, flags), flags=flags)


@dataclass(frozen=True)
class Refund:
    amount_cents: int
    explanation: Explanation


def consultant_fee_refund(paid_cents: int, spent_cents: int, *, more_services_voted: bool = False) -> Refund:
    """CARVER-281-CONSULT-REFUND: the unused portion is returned, unless more services are voted."""
    rule_id = "CARVER-281-CONSULT-REFUND"
    if not 0 <= spent_cents <= paid_cents:
        raise ValueError("spent must be between 0 and the amount paid")
    if more_services_voted:
        text = f"unused {dollars(paid_cents - spent_cents)} kept: further services voted at a public meeting"
        return Refund(0, Explanation.of(rule_id, text))
    refund = paid_cents - spent_cents
    return Refund(
        refund, Explanation.of(rule_id, f"{dollars(paid_cents)} - {dollars(spent_cents)} = {dollars(refund)}")
    )


@dataclass(frozen=True)
class FeeRow:
    """One printed row of a consultant-fee table and whether any project cost can ever fall under it."""

    chapter: str
    rule_id: str
    printed: str
    from_cents: int  # the first cost the row applies to, as printed (CONV-MONEY)
    to_cents: int | None  # None: no upper bound (the increment rule)
    max_fee_cents: int
    reachable: bool
    applies_from_cents: int | None  # the least cost the row actually decides, None when never
    explanation: Explanation
    flags: tuple[str, ...] = ()


def _cost_text(low: int, high: int | None) -> str:
    if low == 0:
        return f"up to {dollars(high or 0)}"
    return f"{dollars(low)} to {dollars(high)}" if high is not None else f"over {dollars(low - WHOLE_DOLLAR)}"


def _band_row(chapter: str, rule_id: str, intent: bool, earlier_high: int) -> FeeRow:
    low, high = _band_bounds(rule_id, intent)
    cap, printed = param(rule_id, "max_fee_cents"), rule(rule_id).quote
    flags = ("AMB-45",) if "AMB-45" in rule(rule_id).ambiguities else ()
    if high < low:
        why = (f"printed {printed!r}: the lower bound {dollars(low)} is above the upper bound "
               f"{dollars(high)}, so no project cost falls in it")
        return FeeRow(chapter, rule_id, printed, low, high, cap, False, None,
                      Explanation.of(rule_id, why, flags), flags)
    first = max(low if low == 0 else low - WHOLE_DOLLAR + 1, earlier_high + 1)
    if first > high:
        why = f"{_cost_text(low, high)} lies wholly under earlier rows: never applies"
        return FeeRow(chapter, rule_id, printed, low, high, cap, False, None,
                      Explanation.of(rule_id, why, flags), flags)
    why = f"{_cost_text(low, high)}: applies from {dollars(first)}, maximum {dollars(cap)}"
    return FeeRow(chapter, rule_id, printed, low, high, cap, True, first, Explanation.of(rule_id, why, flags),
                  flags)


def fee_rows(chapter: str, *, cfg: BylawConfig = DEFAULT) -> tuple[FeeRow, ...]:
    """Every printed row of the chapter's consultant-fee table (AMB-10, AMB-45: `gardner650.fee_mode`), with
    whether it can ever apply and from which cost, and the increment rule that takes over above the table."""
    chapter, intent = _table_chapter(chapter), _intent(chapter, cfg)
    rows, highest = [], -1
    for rule_id in BANDS[chapter]:
        row = _band_row(chapter, rule_id, intent, highest)
        rows.append(row)
        if row.reachable and row.to_cents is not None:
            highest = max(highest, row.to_cents)
    incr = f"{chapter}-CONSULT-CAP-INCR"
    over = param(incr, "intent_over_cents" if intent else "over_cents")
    first = max(over, highest) + 1
    flags = ("AMB-45",) if chapter == "GARDNER-650" else ()
    why = (f"each additional {dollars(param(incr, 'step_cents'))} over {dollars(over)}; the rows above "
           f"decide up to {dollars(highest)}, so it applies from {dollars(first)}")
    rows.append(FeeRow(chapter, incr, rule(incr).quote, over + 1, None, param(incr, "per_step_cents"), True,
                       first, Explanation.of(incr, why, flags), flags))
    return tuple(rows)
