"""Carver ch. 136 orders: permit action after a cease-and-desist review (~§ 136-9), restoration (~§ 136-11D).

- CARVER-136-CD-PERMIT-HEARING: a hearing on inadequate permit conditions (or conditions for an exempt
  operation) uses the same notice as an original permit (`carver_136.deadlines_for_hearing_notice`).
- CARVER-136-CD-ACTION-7D: the ERC may revise, revoke or continue the permit after that hearing and no
  earlier than 7 days after the operator receives the certified-mail notice; that notice is the hearing
  notice (AMB-26).
- CARVER-136-RESTORATION-APPEAL: a hearing may be requested within 7 days of receipt of the order; the
  hearing is held within 30 days of the request (AMB-30; `carver136.restoration_hearing_anchor` = "order":
  within 30 days of the order's issuance).
- CARVER-136-RESTORATION-FINAL: unappealed, the order is final from 00:00 on the day after the request window.
The review-meeting window itself is in `erc_review`.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from inspections.calendar import BusinessCalendar, local_date
from inspections.config import DEFAULT, BylawConfig
from inspections.deadlines.carver_136 import deadlines_for_hearing_notice
from inspections.deadlines.core import Deadline
from inspections.deadlines.day_counts import calendar_for, fmt, fmt_at, not_before, within_days
from inspections.rulepack import param

PERMIT_HEARING = "CARVER-136-CD-PERMIT-HEARING"
ACTION_7D = "CARVER-136-CD-ACTION-7D"
APPEAL = "CARVER-136-RESTORATION-APPEAL"
FINAL = "CARVER-136-RESTORATION-FINAL"


def deadlines_for_cd_permit_hearing(
    hearing_at: dt.datetime,
    *,
    certified_received_on: dt.date,
    first_published_on: dt.date | None = None,
    cfg: BylawConfig = DEFAULT,
    cal: BusinessCalendar | None = None,
) -> list[Deadline]:
    """Notice duties of an original-permit hearing (flagged with this rule); the earliest permit action."""
    notices = deadlines_for_hearing_notice(
        hearing_at, first_published_on=first_published_on, cfg=cfg, cal=cal
    )
    found = [dataclasses.replace(d, flags=(*d.flags, PERMIT_HEARING)) for d in notices]
    days = param(ACTION_7D, "days")
    after_notice = certified_received_on + dt.timedelta(days=days)
    hearing_on = local_date(hearing_at)
    earliest = max(after_notice, hearing_on)
    arithmetic = (
        f"certified notice received {fmt(certified_received_on)} + {days} days = {fmt(after_notice)}; "
        f"after the hearing {fmt_at(hearing_at)}: not before {fmt(earliest)}"
    )
    action = not_before(
        ACTION_7D,
        "revise, revoke or continue the permit (or impose conditions)",
        "erc",
        earliest,
        arithmetic,
        flags=("AMB-26",),
    )
    found.append(action.with_facts(
        certified_received_on=certified_received_on, hearing_on=hearing_on, days=days,
        days_from_notice_to_hearing=(hearing_on - certified_received_on).days,
        set_by="hearing" if hearing_on > after_notice else "certified notice + 7 days"))
    return found


def deadlines_for_restoration_order(
    issued_on: dt.date,
    received_on: dt.date,
    *,
    hearing_requested_on: dt.date | None = None,
    cfg: BylawConfig = DEFAULT,
    cal: BusinessCalendar | None = None,
) -> list[Deadline]:
    """Request window; the hearing deadline if a timely request was made; otherwise finality."""
    cal = calendar_for(cfg, cal)
    request = within_days(
        APPEAL,
        "request a hearing before the ERC",
        "aggrieved_party",
        received_on,
        param(APPEAL, "request_days"),
        cfg=cfg,
        cal=cal,
        event_name="order received",
    )
    last_day = request.latest_on
    assert last_day is not None
    timely = hearing_requested_on is not None and hearing_requested_on <= last_day
    request = request.with_facts(order_issued_on=issued_on, order_received_on=received_on,
                                 hearing_requested_on=hearing_requested_on, request_timely=timely,
                                 fines_waived=False)
    if timely:
        assert hearing_requested_on is not None
        return [request, _hearing_deadline(issued_on, hearing_requested_on, cfg, cal)]
    final_on = last_day + dt.timedelta(days=1)
    late = f"; request {fmt(hearing_requested_on)} came too late" if hearing_requested_on else "; no request"
    final = not_before(
        FINAL,
        "order final ERC action",
        "aggrieved_party",
        final_on,
        f"request window ends {fmt(last_day)}{late}: final from {fmt(final_on)} 00:00",
    )
    return [request, final]


def _hearing_deadline(
    issued_on: dt.date, requested_on: dt.date, cfg: BylawConfig, cal: BusinessCalendar
) -> Deadline:
    anchor = cfg["carver136.restoration_hearing_anchor"]
    start, name = (requested_on, "hearing requested") if anchor == "request" else (issued_on, "order issued")
    return within_days(
        APPEAL,
        "hold the restoration-order hearing",
        "erc",
        start,
        param(APPEAL, "hearing_days"),
        cfg=cfg,
        cal=cal,
        flags=("AMB-30",),
        event_name=name,
    )
