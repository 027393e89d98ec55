"""Carver ch. 281 (Wetlands, Conservation Commission): the deadlines its events start (RULES.md §§ 1.2–1.5).

Each function takes one event and returns its deadlines; numbers come from the rule pack, switches from `cfg`,
business days from `cal`. Carver sets no follow-up filing after emergency work, and no local NOI hearing
deadline (AMB-04: applied only when `carver281.noi_hearing_days` is configured).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from inspections.calendar import BusinessCalendar
from inspections.config import BylawConfig
from inspections.deadlines.core import Deadline
from inspections.deadlines.wetlands_clocks import (
    DayOrInstant,
    Duty,
    days_before,
    had_days,
    hours_after,
    not_stated,
    strictly_before,
    within_days,
)
from inspections.rulepack import param

UTIL_NOTICE = "CARVER-281-UTIL-NOTICE-14D"
UTIL_PERMISSION = "CARVER-281-UTIL-PERMISSION"
EMERG_NOTICE = "CARVER-281-EMERG-NOTICE-24H"
RDA_HEARING = "CARVER-281-RDA-HEARING-21D"
BOARD_COMMENT = "CARVER-281-NOI-BOARD-COMMENT-14D"
HEARING_NOTICE = "CARVER-281-HEARING-NOTICE-14D"
NOTICE_AFFIDAVIT = "CARVER-281-NOTICE-AFFIDAVIT"


def utility_work_deadlines(commences_at: DayOrInstant, *, cfg: BylawConfig,
                           cal: BusinessCalendar) -> list[Deadline]:
    """Exempt public-utility work (~§ 281-1D(2)): written notice received at least 14 days before it starts,
    and the Commission's written permission strictly before it starts."""
    notice = Duty(UTIL_NOTICE, "written notice of utility work received by the Commission", "utility")
    permission = Duty(UTIL_PERMISSION, "Commission's written permission for the utility work", "commission")
    return [
        days_before(notice, commences_at, param(UTIL_NOTICE, "days"), cfg=cfg, cal=cal,
                    event_name="work starts"),
        strictly_before(permission, commences_at, event_name="work starts"),
    ]


def emergency_work_deadlines(commenced_at: dt.datetime, *, cfg: BylawConfig,
                             cal: BusinessCalendar) -> list[Deadline]:
    """Emergency work (~§ 281-1D(4)): the Commission is notified before, or within 24 elapsed hours after,
    commencement. No follow-up application deadline exists in ch. 281."""
    duty = Duty(EMERG_NOTICE, "Commission notified of the emergency work", "performing_agency")
    return [hours_after(duty, commenced_at, param(EMERG_NOTICE, "hours"), event_name="work started")]


def rda_deadlines(determined_complete: DayOrInstant, *, cfg: BylawConfig,
                  cal: BusinessCalendar) -> list[Deadline]:
    """RDA (~§ 281-2A(7)): public hearing within 21 days of the Commission's completeness determination
    (not of receipt)."""
    duty = Duty(RDA_HEARING, "public hearing on the RDA held", "commission")
    return [within_days(duty, determined_complete, param(RDA_HEARING, "days"), cfg=cfg, cal=cal,
                        event_name="filing determined complete")]


def noi_deadlines(received: DayOrInstant, board_receipts: Sequence[DayOrInstant], *, cfg: BylawConfig,
                  cal: BusinessCalendar) -> list[Deadline]:
    """NOI: the local hearing deadline only if configured (AMB-04), and no final action until every board with
    joint jurisdiction has had 14 days from its receipt (~§ 281-2B(9); latest receipt, CONV-HAD-N-DAYS)."""
    comment = Duty(BOARD_COMMENT, "final action on the NOI (boards' comment period over)", "commission")
    return [noi_hearing_deadline(received, cfg=cfg, cal=cal),
            had_days(comment, board_receipts, param(BOARD_COMMENT, "days"), cfg=cfg)]


def noi_hearing_deadline(received: DayOrInstant, *, cfg: BylawConfig, cal: BusinessCalendar) -> Deadline:
    """AMB-04: ch. 281's only hearing deadline is for RDAs; an NOI hearing deadline is the town's setting."""
    duty = Duty(RDA_HEARING, "public hearing on the NOI (no local deadline in ch. 281)", "commission",
                ("AMB-04",))
    days = cfg["carver281.noi_hearing_days"]
    if days is None:
        return not_stated(duty, "ch. 281 sets no NOI hearing deadline (AMB-04); "
                                "set carver281.noi_hearing_days to apply one")
    return within_days(duty, received, days, cfg=cfg, cal=cal,
                       event_name="NOI received (carver281.noi_hearing_days)")


def hearing_notice_deadlines(hearing_at: DayOrInstant, *, cfg: BylawConfig,
                             cal: BusinessCalendar) -> list[Deadline]:
    """Hearing scheduled (~§ 281-2C(5)–(6)): landowners, abutters and eligible persons notified by certified
    mail or hand delivery at least 14 days before (dated by mailing, CONV-NOTICE-DATE), and the notice
    affidavit filed before the hearing."""
    basis = "received" if cfg["notice_date_basis"] == "receipt" else "mailed (certified) or hand-delivered"
    notice = Duty(HEARING_NOTICE, f"hearing notice {basis} to abutters and landowners", "applicant")
    affidavit = Duty(NOTICE_AFFIDAVIT, "affidavit of notice filed with the Commission", "applicant")
    return [
        days_before(notice, hearing_at, param(HEARING_NOTICE, "days"), cfg=cfg, cal=cal,
                    event_name="hearing"),
        strictly_before(affidavit, hearing_at, event_name="hearing opens"),
    ]
