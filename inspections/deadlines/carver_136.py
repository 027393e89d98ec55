"""Carver ch. 136 (Earth Removal Committee): application, hearing, decision and existing-operation deadlines.

Event -> list[Deadline], numbers from the CARVER-136 pack:
- application filed -> hearing within 65 days (CARVER-136-HEARING-65D); abbreviated application -> the ERC may
  require a full one within 60 days (-ABBREV-60D)
- hearing scheduled -> first ad at least 14 days before, second in the next week (-AD-2WK-14D, AMB-23,
  `carver136.week_basis`); written notice to 8 boards by the first publication (-HEARING-BOARD-NOTICE);
  certified-mail receipts before the hearing opens (-ABUTTER-CERTIFIED); no decision before it
  (-NO-ACTION-BEFORE-HEARING)
- last hearing session closed -> decision within 45 days (-DECISION-45D)
- decision voted -> filed with the Town Clerk and applicant notified within 21 days (-FILE-NOTIFY-21D)
- by-law effective (existing operations) -> comply after 60 days or by the annual review, whichever is later
  (-EXISTING-COMPLY); application within 30 days -> decided within 60 (-EXISTING-DECIDE); AMB-27
Permit term, reports and extensions: `carver_136_permit`; orders: `carver_136_orders`, `erc_review`.
"""

from __future__ import annotations

import datetime as dt

from inspections.calendar import BusinessCalendar, end_of_day, local_date
from inspections.config import DEFAULT, BylawConfig
from inspections.deadlines.core import Deadline, DeadlineKind
from inspections.deadlines.day_counts import calendar_for, fmt, fmt_at, lead_time, must_by, within_days
from inspections.explain import Explanation
from inspections.rulepack import param

HEARING = "CARVER-136-HEARING-65D"
ABBREV = "CARVER-136-ABBREV-60D"
AD = "CARVER-136-AD-2WK-14D"
BOARDS = "CARVER-136-HEARING-BOARD-NOTICE"
ABUTTERS = "CARVER-136-ABUTTER-CERTIFIED"
NO_ACTION = "CARVER-136-NO-ACTION-BEFORE-HEARING"
DECISION = "CARVER-136-DECISION-45D"
FILE_NOTIFY = "CARVER-136-FILE-NOTIFY-21D"
EXISTING_COMPLY = "CARVER-136-EXISTING-COMPLY"
EXISTING_DECIDE = "CARVER-136-EXISTING-DECIDE"


def deadlines_for_filing(
    filed_on: dt.date,
    *,
    abbreviated: bool = False,
    cfg: BylawConfig = DEFAULT,
    cal: BusinessCalendar | None = None,
) -> list[Deadline]:
    """Hearing within 65 days of a full or abbreviated filing; for an abbreviated one, the 60-day window."""
    cal = calendar_for(cfg, cal)
    found = [
        within_days(
            HEARING,
            "hold the public hearing",
            "erc",
            filed_on,
            param(HEARING, "days"),
            cfg=cfg,
            cal=cal,
            event_name="application filed",
        )
    ]
    if abbreviated:
        found.append(
            within_days(
                ABBREV,
                "last day to require a full application",
                "erc",
                filed_on,
                param(ABBREV, "days"),
                cfg=cfg,
                cal=cal,
                event_name="abbreviated application filed",
            )
        )
    return found


def second_publication_window(first_published_on: dt.date, *, cfg: BylawConfig = DEFAULT) -> list[Deadline]:
    """Later publications of "two consecutive weeks" (AMB-23): each in the next Sun-Sat week, or exactly
    7 days after the previous one with `carver136.week_basis = seven_days`."""
    found = []
    week_start = first_published_on - dt.timedelta(days=(first_published_on.weekday() + 1) % 7)
    for k in range(1, param(AD, "publications")):
        if cfg["carver136.week_basis"] == "seven_days":
            start = end = first_published_on + dt.timedelta(days=7 * k)
            basis = f"first {fmt(first_published_on)} + {7 * k} days"
        else:
            start, end = week_start + dt.timedelta(days=7 * k), week_start + dt.timedelta(days=7 * k + 6)
            basis = (
                f"first {fmt(first_published_on)} in week of {fmt(week_start)}; calendar week {k} after it"
            )
        found.append(
            Deadline(
                DeadlineKind.WINDOW,
                AD,
                f"newspaper publication {k + 1}",
                "erc",
                Explanation.of(AD, f"{basis}: {fmt(start)} to {fmt(end)}", ("AMB-23",)),
                earliest_on=start,
                latest_on=end,
                latest_at=end_of_day(end),
                flags=("AMB-23",),
                facts=(("first_published_on", first_published_on), ("first_week_starts_on", week_start),
                       ("first_week_ends_on", week_start + dt.timedelta(days=6)),
                       ("publication_week_starts_on", start), ("publication_week_ends_on", end),
                       ("week_basis", cfg["carver136.week_basis"])),
            )
        )
    return found


def deadlines_for_hearing_notice(
    hearing_at: dt.datetime,
    *,
    first_published_on: dt.date | None = None,
    cfg: BylawConfig = DEFAULT,
    cal: BusinessCalendar | None = None,
) -> list[Deadline]:
    """Notice duties for a hearing at `hearing_at` (an aware instant), as for an original permit."""
    cal = calendar_for(cfg, cal)
    hearing_on = local_date(hearing_at)
    first = lead_time(
        AD,
        "first newspaper publication",
        "erc",
        hearing_on,
        param(AD, "days"),
        cfg=cfg,
        cal=cal,
        flags=("AMB-23",),
        event_name="hearing",
    )
    found = [first]
    if first_published_on is not None:
        found += second_publication_window(first_published_on, cfg=cfg)
    found += _board_notices(first, first_published_on)
    found.append(
        Deadline(
            DeadlineKind.MUST_BY,
            ABUTTERS,
            "present certified-mail receipts to the ERC",
            "applicant",
            Explanation.of(ABUTTERS, f"before the hearing opens {fmt_at(hearing_at)}", ("AMB-23",)),
            latest_on=hearing_on,
            latest_at=hearing_at,
            flags=("AMB-23",),
        )
    )
    found.append(
        Deadline(
            DeadlineKind.NOT_BEFORE,
            NO_ACTION,
            "issue or deny the permit",
            "erc",
            Explanation.of(NO_ACTION, f"not until the hearing is held {fmt_at(hearing_at)}"),
            earliest_on=hearing_on,
            earliest_at=hearing_at,
        )
    )
    return found


def _board_notices(first: Deadline, first_published_on: dt.date | None) -> list[Deadline]:
    """AMB-23: written notice to each board by the first publication (or its latest allowed date)."""
    due = first_published_on if first_published_on is not None else first.latest_on
    assert due is not None
    basis = (
        f"first publication {fmt(due)}"
        if first_published_on is not None
        else f"latest first-publication date {fmt(due)}"
    )
    return [
        Deadline(
            DeadlineKind.MUST_BY,
            BOARDS,
            f"written hearing notice to the {board}",
            "erc",
            Explanation.of(BOARDS, f"by the {basis}", ("AMB-23",)),
            latest_on=due,
            latest_at=end_of_day(due),
            flags=("AMB-23",),
        )
        for board in param(BOARDS, "recipients")
    ]


def deadlines_for_hearing_close(
    closed_on: dt.date, *, cfg: BylawConfig = DEFAULT, cal: BusinessCalendar | None = None
) -> list[Deadline]:
    """Decision within 45 days after the last session of the hearing closes."""
    return [
        within_days(
            DECISION,
            "render the decision",
            "erc",
            closed_on,
            param(DECISION, "days"),
            cfg=cfg,
            cal=calendar_for(cfg, cal),
            event_name="last hearing session closed",
        )
    ]


def deadlines_for_decision(
    decided_on: dt.date, *, cfg: BylawConfig = DEFAULT, cal: BusinessCalendar | None = None
) -> list[Deadline]:
    """Within 21 days after the vote: file with the Town Clerk, and notify the applicant."""
    cal = calendar_for(cfg, cal)
    days = param(FILE_NOTIFY, "days")
    return [
        within_days(
            FILE_NOTIFY, label, "erc", decided_on, days, cfg=cfg, cal=cal, event_name="decision voted"
        )
        for label in ("file the decision with the Town Clerk", "notify the applicant of the decision")
    ]


def deadlines_for_existing_operation(
    *,
    effective_on: dt.date | None = None,
    annual_review_on: dt.date | None,
    application_received_on: dt.date | None = None,
    cfg: BylawConfig = DEFAULT,
    cal: BusinessCalendar | None = None,
) -> list[Deadline]:
    """~§ 136-10 transition for an operation existing when the by-law took effect (AMB-27: the effective date
    comes from the argument or `carver136.effective_date`; the annual review date is the operation's own)."""
    effective = effective_on if effective_on is not None else cfg["carver136.effective_date"]
    label = "comply with ch. 136 (no removal without a permit)"
    if effective is None:
        reason = "no effective date of the Town Meeting vote given or configured (AMB-27): no date computed"
        return [
            Deadline(
                DeadlineKind.MUST_BY,
                EXISTING_COMPLY,
                label,
                "operator",
                Explanation.of(EXISTING_COMPLY, reason, ("AMB-27",)),
                empty_reason=reason,
                flags=("AMB-27",),
            )
        ]
    days = param(EXISTING_COMPLY, "days")
    after = effective + dt.timedelta(days=days)
    comply_on = max(after, annual_review_on) if annual_review_on is not None else after
    review = f"annual review {fmt(annual_review_on)}" if annual_review_on else "no annual review date"
    arithmetic = (
        f"later of effective {fmt(effective)} + {days} days = {fmt(after)} and {review}: {fmt(comply_on)}"
    )
    found = [
        Deadline(
            DeadlineKind.MUST_BY,
            EXISTING_COMPLY,
            label,
            "operator",
            Explanation.of(EXISTING_COMPLY, arithmetic, ("AMB-27",)),
            latest_on=comply_on,
            latest_at=end_of_day(comply_on),
            flags=("AMB-27",),
        )
    ]
    return found + _existing_decision(effective, application_received_on, cfg, calendar_for(cfg, cal))


def _existing_decision(
    effective: dt.date, received_on: dt.date | None, cfg: BylawConfig, cal: BusinessCalendar
) -> list[Deadline]:
    window = param(EXISTING_DECIDE, "application_days")
    if received_on is None or received_on > effective + dt.timedelta(days=window):
        return []
    decide = param(EXISTING_DECIDE, "decide_days")
    arithmetic = (
        f"complete application {fmt(received_on)} within {window} days of effective {fmt(effective)}; "
        f"decide by {fmt(effective)} + {decide} days = {fmt(effective + dt.timedelta(days=decide))}"
    )
    return [
        must_by(
            EXISTING_DECIDE,
            "hear and decide the existing operation's application",
            "erc",
            effective + dt.timedelta(days=decide),
            arithmetic,
            cfg=cfg,
            cal=cal,
            flags=("AMB-27",),
        )
    ]
