"""Carver ch. 136 permit life (~§ 136-7E, 7H): term, status reports, annual inspections, extensions.

- CARVER-136-TERM-12M: expiration <= issuance + 12 months (CONV-MONTHS, `eom_rule`); valid through the end of
  the expiration date (CONV-EXPIRY). A stated expiration beyond that is refused with a reason.
- CARVER-136-STATUS-90D: status reports due at issuance + 90·k days (AMB-24: clock from issuance).
- CARVER-136-ANNUAL-INSPECTION: agent's inspection report at issuance + 12·k months.
- CARVER-136-EXTENSION / -EXTENSION-LIMITS: extension is mandatory ("shall") when the quarterly reports
  satisfy the ERC, the work follows the approved plans, and neither quantity nor area grows. Each extension
  runs `carver136.extension_months` from the current expiration (AMB-25, default 12).
- CARVER-136-5YR-HEARING: a full hearing is needed if the extension runs past original issuance + 5 years.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from inspections.calendar import add_months, add_years, end_of_day
from inspections.config import DEFAULT, BylawConfig
from inspections.deadlines.core import Deadline, DeadlineKind
from inspections.deadlines.day_counts import fmt
from inspections.explain import Explanation
from inspections.rulepack import param

TERM = "CARVER-136-TERM-12M"
STATUS = "CARVER-136-STATUS-90D"
ANNUAL = "CARVER-136-ANNUAL-INSPECTION"
EXTENSION = "CARVER-136-EXTENSION"
LIMITS = "CARVER-136-EXTENSION-LIMITS"
FIVE_YEARS = "CARVER-136-5YR-HEARING"


def permit_term(
    issued_on: dt.date, expires_on: dt.date | None = None, *, cfg: BylawConfig = DEFAULT
) -> list[Deadline]:
    """The permit's expiration: the stated one if within 12 months, else issuance + 12 months."""
    months = param(TERM, "months")
    longest = add_months(issued_on, months, cfg["eom_rule"])
    arithmetic = f"issued {fmt(issued_on)} + {months} months = {fmt(longest)} ({cfg['eom_rule']})"
    label = "permit expires (valid through the end of this day)"
    if expires_on is not None and expires_on > longest:
        reason = f"stated expiration {fmt(expires_on)} exceeds the longest term, {fmt(longest)}"
        return [
            Deadline(
                DeadlineKind.MUST_BY,
                TERM,
                label,
                "permittee",
                Explanation.of(TERM, f"{arithmetic}; {reason}"),
                empty_reason=reason,
            )
        ]
    expiry = expires_on if expires_on is not None else longest
    if expires_on is not None:
        arithmetic += f"; stated expiration {fmt(expires_on)}"
    return [
        Deadline(
            DeadlineKind.MUST_BY,
            TERM,
            label,
            "permittee",
            Explanation.of(TERM, arithmetic),
            latest_on=expiry,
            latest_at=end_of_day(expiry),
        )
    ]


def _report_anchor(
    issued_on: dt.date, work_started_on: dt.date | None, cfg: BylawConfig
) -> tuple[dt.date, str]:
    """AMB-24 (`carver136.report_anchor`): the 90-day clock starts at issuance, or at the start of removal
    (READ-136-REPORT-ANCHOR)."""
    if cfg["carver136.report_anchor"] == "permit_issued":
        return issued_on, "issued"
    if work_started_on is None:
        raise ValueError("work_started_on is required: carver136.report_anchor counts status reports "
                         "from the start of removal")
    if work_started_on < issued_on:
        raise ValueError(f"work_started_on {work_started_on} is before the permit was issued {issued_on}")
    return work_started_on, "removal started"


def reporting_deadlines(
    issued_on: dt.date,
    through_on: dt.date,
    *,
    work_started_on: dt.date | None = None,
    cfg: BylawConfig = DEFAULT,
) -> list[Deadline]:
    """Status reports every 90 days (from the AMB-24 anchor) and annual inspection reports (from issuance),
    due on or before `through_on`."""
    found = []
    anchor, name = _report_anchor(issued_on, work_started_on, cfg)
    days, k = param(STATUS, "days"), 1
    while (due := anchor + dt.timedelta(days=days * k)) <= through_on:
        found.append(
            Deadline(
                DeadlineKind.MUST_BY,
                STATUS,
                f"status report {k} to the ERC",
                "permittee",
                Explanation.of(
                    STATUS, f"{name} {fmt(anchor)} + {days}×{k} days = {fmt(due)}", ("AMB-24",)
                ),
                latest_on=due,
                latest_at=end_of_day(due),
                flags=("AMB-24",),
                facts=(("counted_from_on", anchor), ("counted_from", name), ("report", k)),
            )
        )
        k += 1
    months, k = param(ANNUAL, "months"), 1
    while (due := add_months(issued_on, months * k, cfg["eom_rule"])) <= through_on:
        found.append(
            Deadline(
                DeadlineKind.MUST_BY,
                ANNUAL,
                f"agent's inspection report, period {k}",
                "erc",
                Explanation.of(ANNUAL, f"issued {fmt(issued_on)} + {months}×{k} months = {fmt(due)}"),
                latest_on=due,
                latest_at=end_of_day(due),
            )
        )
        k += 1
    return found


@dataclass(frozen=True)
class ExtensionDecision:
    """Is the extension mandatory, what expiration would it give, and is a full hearing needed."""

    mandatory: bool
    proposed_expires_on: dt.date
    full_hearing_required: bool
    unmet: tuple[str, ...]
    explanations: tuple[Explanation, ...]
    flags: tuple[str, ...]


def _unmet(
    reports_ok: bool,
    conforms: bool,
    quantity: float,
    original_quantity: float,
    area: float,
    original_area: float,
) -> tuple[str, ...]:
    checks = [
        (reports_ok, "the ERC is not satisfied with all quarterly reports"),
        (conforms, "the work is not carried out under the approved plans and conditions"),
        (
            quantity <= original_quantity,
            f"quantity {quantity:,} cy exceeds the original {original_quantity:,}",
        ),
        (area <= original_area, f"area {area:,} sq ft exceeds the original {original_area:,}"),
    ]
    return tuple(why for ok, why in checks if not ok)


def extension_decision(
    *,
    original_issued_on: dt.date,
    current_expires_on: dt.date,
    reports_satisfactory: bool,
    conforms_to_approved_plans: bool,
    quantity_cy: float,
    original_quantity_cy: float,
    area_sqft: float,
    original_area_sqft: float,
    cfg: BylawConfig = DEFAULT,
) -> ExtensionDecision:
    """~§ 136-7H: "permits shall be extended beyond 12 months if ..."; 5-year cap without a full hearing."""
    months = cfg["carver136.extension_months"]
    proposed = add_months(current_expires_on, months, cfg["eom_rule"])
    unmet = _unmet(
        reports_satisfactory,
        conforms_to_approved_plans,
        quantity_cy,
        original_quantity_cy,
        area_sqft,
        original_area_sqft,
    )
    years = param(FIVE_YEARS, "years")
    cap = add_years(original_issued_on, years, cfg["eom_rule"])
    hearing = proposed > cap
    within = quantity_cy <= original_quantity_cy and area_sqft <= original_area_sqft
    verdict = "mandatory" if not unmet else "not mandatory: " + "; ".join(unmet)
    explanations = (
        Explanation.of(
            EXTENSION,
            f"current expiration {fmt(current_expires_on)} + {months} months = "
            f"{fmt(proposed)}; extension {verdict}",
            ("AMB-25",),
        ),
        Explanation.of(
            LIMITS,
            f"quantity {quantity_cy:,} <= {original_quantity_cy:,} cy and area "
            f"{area_sqft:,} <= {original_area_sqft:,} sq ft: {'met' if within else 'not met'}",
        ),
        Explanation.of(
            FIVE_YEARS,
            f"original issuance {fmt(original_issued_on)} + {years} years = {fmt(cap)}; "
            f"proposed {fmt(proposed)}: full hearing {'required' if hearing else 'not required'}",
            ("AMB-25",),
        ),
    )
    return ExtensionDecision(not unmet, proposed, hearing, unmet, explanations, ("AMB-25",))
