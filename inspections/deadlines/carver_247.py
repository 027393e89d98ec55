"""Carver ch. 247 (Planning Board, land disturbance): permit process, stabilization and order deadlines.

Event -> list[Deadline], numbers from the CARVER-247 pack:
- complete application received -> hearing opened within 21 days (CARVER-247-HEARING-21D, AMB-13)
- hearing date -> notice by publication, posting and first-class mail, each 7 days before (-HEARING-NOTICE-7D)
- hearing closed -> final action within 21 days (+ agreed extension) (-DECISION-21D), else deemed approval
  from the next day (-CONSTRUCTIVE-APPROVAL, AMB-13); issuance after the Clerk certifies
  (-CLERK-CERTIFICATION)
- review fee paid -> review not before (-FEES-BEFORE-REVIEW); project change -> written notice before it
  (-CHANGE-NOTICE)
- activity ceased on a portion of the site -> stabilize within 14 days (-STABILIZE-14D, EXAMPLES S30)
- cease-and-desist order -> open until compliance is found (-ORDER-CEASE-DESIST); orders are final
  (~§ 247-11E), so no appeal deadline exists.
Inspection notices, self-inspections and reports (~§ 247-8, 247-9) are in `carver_247_site`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from inspections.calendar import BusinessCalendar, local_date
from inspections.config import DEFAULT, BylawConfig
from inspections.deadlines.core import Deadline, DeadlineKind
from inspections.deadlines.day_counts import (
    OrderCheck,
    agreed_extension,
    calendar_for,
    check_before,
    fmt,
    fmt_at,
    lead_time,
    must_by,
    not_before,
    within_days,
)
from inspections.explain import Explanation
from inspections.rulepack import param, rule

HEARING = "CARVER-247-HEARING-21D"
NOTICE = "CARVER-247-HEARING-NOTICE-7D"
DECISION = "CARVER-247-DECISION-21D"
DEEMED = "CARVER-247-CONSTRUCTIVE-APPROVAL"
CERTIFICATION = "CARVER-247-CLERK-CERTIFICATION"
FEES = "CARVER-247-FEES-BEFORE-REVIEW"
CHANGE = "CARVER-247-CHANGE-NOTICE"
STABILIZE = "CARVER-247-STABILIZE-14D"
CEASE = "CARVER-247-ORDER-CEASE-DESIST"


def deadlines_for_complete_application(
    received_on: dt.date, *, cfg: BylawConfig = DEFAULT, cal: BusinessCalendar | None = None
) -> list[Deadline]:
    """The public hearing must open within 21 days of receipt of a complete application (AMB-13)."""
    return [
        within_days(
            HEARING,
            "open the public hearing",
            "planning_board",
            received_on,
            param(HEARING, "days"),
            cfg=cfg,
            cal=calendar_for(cfg, cal),
            flags=("AMB-13",),
            event_name="complete application received",
        )
    ]


def deadlines_for_hearing(
    hearing_on: dt.date, *, cfg: BylawConfig = DEFAULT, cal: BusinessCalendar | None = None
) -> list[Deadline]:
    """Notice by each channel at least 7 days before the hearing; one deadline per channel."""
    cal = calendar_for(cfg, cal)
    return [
        lead_time(
            NOTICE,
            f"hearing notice by {channel}",
            "planning_board",
            hearing_on,
            param(NOTICE, "days"),
            cfg=cfg,
            cal=cal,
            event_name="hearing",
        )
        for channel in param(NOTICE, "channels")
    ]


def _decision_deadline(
    closed_on: dt.date,
    extended_to: dt.date | None,
    cfg: BylawConfig,
    cal: BusinessCalendar,
    extended_by_days: int | None = None,
) -> Deadline:
    days = param(DECISION, "days")
    base_on = closed_on + dt.timedelta(days=days)
    arithmetic = f"hearing closed {fmt(closed_on)} + {days} days = {fmt(base_on)}"
    facts = {"event_on": closed_on, "days": days, "last_day_counted": base_on}
    extended, how = agreed_extension(base_on, extended_to, extended_by_days)
    if extended is not None:
        found = must_by(
            DECISION,
            "take final action (extended by agreement)",
            "planning_board",
            extended,
            f"{arithmetic}; {how} by agreement of the applicant and the Board",
            cfg=cfg,
            cal=cal,
        )
        return found.with_facts(**facts, extended_to=extended, extension_days=(extended - base_on).days)
    found = must_by(DECISION, "take final action", "planning_board", base_on, arithmetic, cfg=cfg, cal=cal)
    return found.with_facts(**facts)


def deadlines_for_hearing_close(
    closed_on: dt.date,
    *,
    extended_to: dt.date | None = None,
    extended_by_days: int | None = None,
    cfg: BylawConfig = DEFAULT,
    cal: BusinessCalendar | None = None,
) -> list[Deadline]:
    """Final action within 21 days of the close (or the agreed date, or the agreed number of days more);
    deemed approval from the day after."""
    decision = _decision_deadline(closed_on, extended_to, cfg, calendar_for(cfg, cal), extended_by_days)
    assert decision.latest_on is not None
    deemed_on = decision.latest_on + dt.timedelta(days=1)
    deemed = not_before(
        DEEMED,
        "application deemed approved if no final action",
        "planning_board",
        deemed_on,
        f"final-action deadline {fmt(decision.latest_on)} + 1 day = {fmt(deemed_on)}",
        flags=("AMB-13",),
    )
    return [decision, deemed.with_facts(final_action_deadline_on=decision.latest_on)]


@dataclass(frozen=True)
class DeemedApproval:
    """Status on `as_of`: deemed approved (from `approved_from`) or not, with the arithmetic."""

    deemed_approved: bool
    approved_from: dt.date | None
    explanation: Explanation


def deemed_approval(
    closed_on: dt.date,
    *,
    as_of: dt.date,
    final_action_on: dt.date | None = None,
    extended_to: dt.date | None = None,
    extended_by_days: int | None = None,
    cfg: BylawConfig = DEFAULT,
    cal: BusinessCalendar | None = None,
) -> DeemedApproval:
    """~§ 247-6G: no final action by the deadline -> deemed approved from the next day (late action void)."""
    deemed = deadlines_for_hearing_close(
        closed_on, extended_to=extended_to, extended_by_days=extended_by_days, cfg=cfg, cal=cal
    )[1]
    start = deemed.earliest_on
    assert start is not None
    acted_in_time = final_action_on is not None and final_action_on < start
    approved = not acted_in_time and as_of >= start
    acted = f"final action {fmt(final_action_on)}" if final_action_on else "no final action"
    arithmetic = f"{deemed.explanation.arithmetic}; {acted}; as of {fmt(as_of)}: " + (
        "deemed approved" if approved else "not deemed approved"
    )
    return DeemedApproval(
        approved, start if approved else None, Explanation.of(DEEMED, arithmetic, ("AMB-13",))
    )


def deadlines_for_clerk_certification(
    closed_on: dt.date,
    certified_on: dt.date,
    *,
    extended_to: dt.date | None = None,
    extended_by_days: int | None = None,
    cfg: BylawConfig = DEFAULT,
    cal: BusinessCalendar | None = None,
) -> list[Deadline]:
    """The permit is issued once the Town Clerk certifies that the allowed time has passed."""
    deemed_on = deadlines_for_hearing_close(
        closed_on, extended_to=extended_to, extended_by_days=extended_by_days, cfg=cfg, cal=cal
    )[1].earliest_on
    assert deemed_on is not None
    if certified_on < deemed_on:
        reason = (
            f"certification {fmt(certified_on)} is dated before the allowed time passed "
            f"(deemed approval only from {fmt(deemed_on)})"
        )
        return [
            Deadline(
                DeadlineKind.NOT_BEFORE,
                CERTIFICATION,
                "issue the deemed-approved permit",
                "planning_board",
                Explanation.of(CERTIFICATION, reason, ("AMB-13",)),
                empty_reason=reason,
                flags=("AMB-13",),
            )
        ]
    return [
        not_before(
            CERTIFICATION,
            "issue the deemed-approved permit",
            "planning_board",
            certified_on,
            f"Clerk certified {fmt(certified_on)} (time passed {fmt(deemed_on)})",
            flags=("AMB-13",),
        )
    ]


def deadlines_for_review_fee(paid_on: dt.date) -> list[Deadline]:
    """Review fees are paid before the review process commences: review starts on or after payment."""
    return [
        not_before(FEES, "start the review", "planning_board", paid_on, f"review fees paid {fmt(paid_on)}")
    ]


def check_change_notice(notice: dt.date | dt.datetime, change: dt.date | dt.datetime) -> OrderCheck:
    """Written notice to the Board before any change occurs (CONV-BEFORE)."""
    return check_before(CHANGE, notice, change)


def deadlines_for_cessation(
    ceased_on: dt.date, *, cfg: BylawConfig = DEFAULT, cal: BusinessCalendar | None = None
) -> list[Deadline]:
    """Stabilize no more than 14 calendar days after activity ceased on that portion of the site."""
    return [
        within_days(
            STABILIZE,
            "stabilize the disturbed portion",
            "permittee",
            ceased_on,
            param(STABILIZE, "days"),
            cfg=cfg,
            cal=calendar_for(cfg, cal),
            event_name="ceased",
        )
    ]


@dataclass(frozen=True)
class Breach:
    """A deadline missed: the violation exists from `violation_from` (offense day 1)."""

    rule_id: str
    violation_from: dt.date
    explanation: Explanation


def stabilization_breach(
    ceased_on: dt.date,
    *,
    inspected_on: dt.date,
    stabilized: bool,
    cfg: BylawConfig = DEFAULT,
    cal: BusinessCalendar | None = None,
) -> Breach | None:
    """Unstabilized after the deadline: a violation from the day after the deadline (EXAMPLES S30)."""
    deadline = deadlines_for_cessation(ceased_on, cfg=cfg, cal=cal)[0]
    assert deadline.latest_on is not None
    if stabilized or inspected_on <= deadline.latest_on:
        return None
    start = deadline.latest_on + dt.timedelta(days=1)
    arithmetic = (
        f"{deadline.explanation.arithmetic}; unstabilized at inspection {fmt(inspected_on)} -> "
        f"violation from {fmt(start)}"
    )
    return Breach(STABILIZE, start, Explanation.of(STABILIZE, arithmetic))


ORDER_OPTIONS = (
    "CARVER-247-ORDER-CEASE-DESIST",
    "CARVER-247-ORDER-MEASURES",
    "CARVER-247-ORDER-MONITORING",
    "CARVER-247-ORDER-REMEDIATION",
)


def enforcement_options() -> list[str]:
    """~§ 247-11B-F: what the Board may still require or seek while a violation stands (rule id: summary)."""
    options = [f"{rid}: {rule(rid).summary}" for rid in ORDER_OPTIONS]
    options += [f"{rid}: {rule(rid).summary}" for rid in ("CARVER-247-NONCRIM-ZEO", "CARVER-247-CRIM-MAX-100",
                                                            "CARVER-247-REMEDIES")]
    return options


def deadlines_for_cease_and_desist(
    issued_at: dt.datetime, *, compliance_found_on: dt.date | None = None
) -> list[Deadline]:
    """Land disturbance stops at issuance and may resume only when compliance is found (no end date).
    Orders are final (~§ 247-11E): no appeal clock; the facts list the enforcement options still open."""
    label = "resume land-disturbing activity only after compliance is found"
    issued = f"order issued {fmt_at(issued_at)} (effective {fmt(local_date(issued_at))})"
    facts = {"effective_on": local_date(issued_at), "appeal": rule("CARVER-247-APPEALS").summary,
             "enforcement_options": enforcement_options()}
    if compliance_found_on is None:
        explanation = Explanation.of(CEASE, f"{issued}; open until compliance: the text gives no end date")
        return [Deadline(DeadlineKind.NOT_BEFORE, CEASE, label, "permittee", explanation,
                         facts=tuple(facts.items()))]
    found = not_before(
        CEASE,
        label,
        "permittee",
        compliance_found_on,
        f"{issued}; compliance found {fmt(compliance_found_on)}",
    )
    days_stopped = (compliance_found_on - local_date(issued_at)).days
    return [found.with_facts(**facts, compliance_found_on=compliance_found_on, days_stopped=days_stopped)]
