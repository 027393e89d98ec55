"""The ERC cease-and-desist review meeting window (Carver ~§ 136-9; AMB-26; EXT-OML-48H).

The order takes effect immediately (CARVER-136-CD-ORDER). The review is held at a posted public meeting
- at least 48 clock hours after the operator is notified of it (CARVER-136-CD-REVIEW-48H, CONV-HOURS), and
- with `carver136.apply_oml` (default), at least 48 hours after the meeting notice is posted, counting only
  days that are not Saturdays, Sundays or legal holidays (MGL c. 30A § 20(b), EXT-OML-48H), and
- on or before the order's local date + 7 (CARVER-136-CD-REVIEW-7D, CONV-WITHIN; CONV-ROLL if configured).
Earliest = the later of the two 48-hour bounds; when it falls after the last allowed day the window is empty
and `empty_reason` says why in plain words (no meeting time is invented).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import StrEnum

from inspections.calendar import UTC, BusinessCalendar, add_hours, end_of_day, local_date, require_aware
from inspections.config import DEFAULT, BylawConfig
from inspections.deadlines.core import Deadline, DeadlineKind
from inspections.deadlines.day_counts import calendar_for, fmt, fmt_at, roll_if_configured
from inspections.explain import Explanation
from inspections.rulepack import param, rule

ORDER = "CARVER-136-CD-ORDER"
NOTICE_48H = "CARVER-136-CD-REVIEW-48H"
WITHIN_7D = "CARVER-136-CD-REVIEW-7D"
OML = "EXT-OML-48H"  # the statute, held once in statutes.toml (the ~§ 136-9 rule names it)


class EarliestBinding(StrEnum):
    """Which 48-hour rule sets the earliest meeting time."""

    OPERATOR_NOTICE = "CARVER-136-CD-REVIEW-48H"
    OML_POSTING = OML
    BOTH = "both"


@dataclass(frozen=True)
class ReviewWindow:
    """Earliest and latest valid meeting times; `binding` names the 48-hour rule that sets the earliest."""

    order_at: dt.datetime
    earliest_at: dt.datetime
    latest_on: dt.date
    latest_at: dt.datetime
    operator_earliest_at: dt.datetime
    oml_earliest_at: dt.datetime | None
    binding: EarliestBinding
    empty_reason: str | None
    explanations: tuple[Explanation, ...]
    flags: tuple[str, ...]

    @property
    def is_empty(self) -> bool:
        return self.empty_reason is not None

    def admits(self, meeting_at: dt.datetime) -> bool:
        """A proposed meeting time satisfies both 48-hour rules and the 7-day limit."""
        meeting = require_aware(meeting_at).astimezone(UTC)
        return self.earliest_at.astimezone(UTC) <= meeting <= self.latest_at.astimezone(UTC)

    def as_deadline(self) -> Deadline:
        arithmetic = "; ".join(e.arithmetic for e in self.explanations)
        return Deadline(
            DeadlineKind.WINDOW,
            WITHIN_7D,
            "hold the cease-and-desist review meeting",
            "erc",
            Explanation.of(WITHIN_7D, arithmetic, self.flags),
            earliest_at=self.earliest_at,
            earliest_on=local_date(self.earliest_at),
            latest_on=self.latest_on,
            latest_at=self.latest_at,
            empty_reason=self.empty_reason,
            flags=self.flags,
            facts=(
                ("order_on", local_date(self.order_at)),
                ("operator_earliest_at", self.operator_earliest_at),
                ("oml_earliest_at", self.oml_earliest_at),
                ("earliest_set_by", str(self.binding)),
                ("days_after_order", (self.latest_on - local_date(self.order_at)).days),
                ("enforcement_options", review_options()),
            ),
        )


REVIEW_OPTIONS = ("CARVER-136-CD-CURE", "CARVER-136-CD-HEARING-RIGHT", "CARVER-136-CD-REVOKE",
                  "CARVER-136-CD-PERMIT-HEARING", "CARVER-136-RESTORATION-ORDER")


def review_options() -> list[str]:
    """~§ 136-9, 136-11D: what may follow the order (rule id: summary)."""
    return [f"{rid}: {rule(rid).summary}" for rid in REVIEW_OPTIONS]


def _oml_bound(
    posted_at: dt.datetime | None, cfg: BylawConfig, cal: BusinessCalendar
) -> tuple[dt.datetime | None, Explanation | None]:
    if not cfg["carver136.apply_oml"]:
        return None, None
    if posted_at is None:
        raise ValueError(
            "the review meeting must be posted: posted_at is required when carver136.apply_oml is on"
        )
    hours = param(OML, "posting_hours", local_date(posted_at))  # the law in force when it is posted
    bound = cal.add_business_hours_excluding_closed_days(posted_at, hours)
    text = (
        f"Open Meeting Law: posted {fmt_at(posted_at)} + {hours} hours excluding Saturdays, Sundays and "
        f"legal holidays = {fmt_at(bound)}"
    )
    return bound, Explanation.of(NOTICE_48H, text, ("AMB-26", "EXT-OML-48H"))


def _binding(operator: dt.datetime, oml: dt.datetime | None) -> EarliestBinding:
    if oml is None or operator.astimezone(UTC) > oml.astimezone(UTC):
        return EarliestBinding.OPERATOR_NOTICE
    if oml.astimezone(UTC) > operator.astimezone(UTC):
        return EarliestBinding.OML_POSTING
    return EarliestBinding.BOTH


def _empty_reason(
    earliest: dt.datetime, binding: EarliestBinding, latest_on: dt.date, latest_at: dt.datetime, days: int,
    hours: int, oml_hours: int | None,
) -> str | None:
    if earliest.astimezone(UTC) <= latest_at.astimezone(UTC):
        return None
    why = {
        EarliestBinding.OPERATOR_NOTICE: f"{hours} hours after the operator's notice",
        EarliestBinding.OML_POSTING: f"{oml_hours} hours after the Open Meeting Law posting, not counting "
        "Saturdays, Sundays or legal holidays",
        EarliestBinding.BOTH: f"{hours} hours after the operator's notice and the Open Meeting Law posting",
    }
    return (
        f"no valid meeting time: the earliest lawful meeting, {fmt_at(earliest)} ({why[binding]}), "
        f"is after the last allowed day, {fmt(latest_on)} ({days} days after the order)"
    )


def _latest_day(
    order_at: dt.datetime, days: int, cfg: BylawConfig, cal: BusinessCalendar
) -> tuple[dt.date, Explanation]:
    """CONV-WITHIN on the order's local date (+ CONV-ROLL when configured)."""
    order_on = local_date(order_at)
    last = order_on + dt.timedelta(days=days)
    latest_on, roll_note, roll_flags = roll_if_configured(last, cfg, cal)
    arithmetic = f"order {fmt(order_on)} + {days} days = {fmt(last)}{roll_note}"
    return latest_on, Explanation.of(WITHIN_7D, arithmetic, roll_flags)


def erc_review_window(
    order_at: dt.datetime,
    operator_notified_at: dt.datetime,
    posted_at: dt.datetime | None = None,
    *,
    cfg: BylawConfig = DEFAULT,
    cal: BusinessCalendar | None = None,
) -> ReviewWindow:
    """Window for the review meeting of a cease-and-desist order issued at `order_at`.

    `operator_notified_at`: when the operator received notice of the meeting; `posted_at`: when the meeting
    notice was posted (required while `carver136.apply_oml` is on). All instants must be aware.
    """
    cal = calendar_for(cfg, cal)
    # each number is the law in force at its triggering event: the operator's notice, the order
    hours = param(NOTICE_48H, "hours", local_date(operator_notified_at))
    days = param(WITHIN_7D, "days", local_date(order_at))
    operator = add_hours(operator_notified_at, hours)
    op_expl = Explanation.of(
        NOTICE_48H,
        f"operator notified {fmt_at(operator_notified_at)} + {hours} h = {fmt_at(operator)}",
        ("AMB-26",),
    )
    oml, oml_expl = _oml_bound(posted_at, cfg, cal)
    binding = _binding(operator, oml)
    earliest = oml if binding is EarliestBinding.OML_POSTING and oml is not None else operator
    latest_on, late_expl = _latest_day(order_at, days, cfg, cal)
    latest_at = end_of_day(latest_on)
    flags = ("AMB-26", *(("EXT-OML-48H",) if oml is not None else ()), *late_expl.flags)
    explanations = (op_expl, *((oml_expl,) if oml_expl else ()), late_expl)
    return ReviewWindow(
        order_at,
        earliest,
        latest_on,
        latest_at,
        operator,
        oml,
        binding,
        _empty_reason(earliest, binding, latest_on, latest_at, days, hours,
                      param(OML, "posting_hours", local_date(posted_at)) if posted_at else None),
        explanations,
        flags,
    )


def deadlines_for_cease_and_desist(
    order_at: dt.datetime,
    operator_notified_at: dt.datetime,
    posted_at: dt.datetime | None = None,
    *,
    cfg: BylawConfig = DEFAULT,
    cal: BusinessCalendar | None = None,
) -> list[Deadline]:
    """[the operator ceases immediately (at `order_at`), the review-meeting WINDOW]."""
    window = erc_review_window(order_at, operator_notified_at, posted_at, cfg=cfg, cal=cal)
    cease = Deadline(
        DeadlineKind.MUST_BY,
        ORDER,
        "cease and desist immediately",
        "operator",
        Explanation.of(ORDER, f"effective at issuance {fmt_at(order_at)}"),
        latest_on=local_date(order_at),
        latest_at=order_at,
    )
    return [cease, window.as_deadline()]
