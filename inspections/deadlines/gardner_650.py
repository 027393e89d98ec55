"""Gardner ch. 650 (Wetlands Protection Ordinance): the deadlines its events start (RULES.md §§ 5.2–5.6).

Each function takes one event and returns its deadlines; numbers come from the rule pack, switches from `cfg`,
business days from `cal`. The printed "14 hours" (AMB-42) and "11 days" (AMB-43) are applied as written
and flagged; a town overrides them with `gardner650.emergency_notice_hours`, `.emergency_app_days`,
`.hearing_days`, `.decision_days`. Deemed certification starts at 00:00 after the 10th business day
(AMB-44). Hearing-notice timing is left to the Commission's rules (`gardner650.hearing_notice_days`).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from enum import StrEnum

from inspections.calendar import BusinessCalendar, end_of_day, local_datetime
from inspections.config import BylawConfig
from inspections.deadlines.core import Deadline, DeadlineKind
from inspections.deadlines.day_counts import fmt
from inspections.deadlines.wetlands_clocks import (
    DayOrInstant,
    Duty,
    day_of,
    days_before,
    had_days,
    hours_after,
    not_before_all,
    not_stated,
    on_the_day,
    same_time,
    strictly_before,
    valid_through,
    within_days,
    within_feet,
)
from inspections.rulepack import param

EMERG_NOTICE = "GARDNER-650-EMERG-NOTICE-14H"
EMERG_CERT = "GARDNER-650-EMERG-CERT-10BD"
EMERG_APP = "GARDNER-650-EMERG-APP-11D"
EXEMPT_UTIL = "GARDNER-650-EXEMPT-UTIL"
PUBLIC_WAYS = "GARDNER-650-EXEMPT-PUBLIC-WAYS"
BOARD_COPIES = "GARDNER-650-BOARD-COPIES"
SAME_TIME = "GARDNER-650-BOARD-SAME-TIME"
ADJ_MUNI = "GARDNER-650-ADJ-MUNI-300FT"
BOARD_COMMENT = "GARDNER-650-BOARD-COMMENT-14D"
FILING_FEE = "GARDNER-650-FILING-FEE"
NOTICE_BY_REGS = "GARDNER-650-NOTICE-BY-REGS"
HEARING = "GARDNER-650-HEARING-11D"
DECISION = "GARDNER-650-DECISION-11D"
PERMIT_3Y = "GARDNER-650-PERMIT-3Y"
PERMIT_5Y = "GARDNER-650-PERMIT-5Y-MAINT"
RENEW_3Y = "GARDNER-650-RENEW-3Y"
RENEW_30D = "GARDNER-650-RENEW-30D"
RECORDING = "GARDNER-650-RECORDING"
REGS_EFFECTIVE = "GARDNER-650-REGS-EFFECTIVE"
APPEAL = "GARDNER-650-APPEAL"


class FilingKind(StrEnum):
    RDA = "RDA"
    NOI = "NOI"
    PERMIT_APPLICATION = "permit application"
    COC_REQUEST = "certificate of compliance request"


class PermitKind(StrEnum):
    STANDARD = "standard"        # 3 years
    MAINTENANCE = "maintenance"  # 5 years, recurring or continuous maintenance (no annual notice)


def printed_or_configured(rule_id: str, name: str, key: str, cfg: BylawConfig) -> tuple[int, str]:
    """The pack's printed number unless the town overrides its AMB switch, with a note saying which."""
    if cfg.is_default(key):
        return param(rule_id, name), f"{name} as printed"
    return cfg[key], f"{name} from {key}"


def emergency_work_deadlines(commenced_at: dt.datetime, *, extreme: bool, cfg: BylawConfig,
                             cal: BusinessCalendar) -> list[Deadline]:
    """Emergency project (~§ 650-5A): written notice before commencement, or within 14 elapsed hours after
    it in an extreme emergency (AMB-42); a permit application within 11 days of commencement (AMB-43)."""
    agency = "performing_agency"
    if extreme:
        hours, note = printed_or_configured(EMERG_NOTICE, "hours", "gardner650.emergency_notice_hours", cfg)
        duty = Duty(EMERG_NOTICE, "written notice of the extreme emergency to the Commission", agency,
                    ("AMB-42",))
        notice = hours_after(duty, commenced_at, hours, event_name=f"work started ({note})")
    else:
        duty = Duty(EMERG_NOTICE, "advance written notice of the emergency to the Commission", agency)
        notice = strictly_before(duty, commenced_at, event_name="work starts")
    days, note = printed_or_configured(EMERG_APP, "days", "gardner650.emergency_app_days", cfg)
    application = Duty(EMERG_APP, "permit application filed for the emergency project", "applicant",
                       ("AMB-43",))
    return [notice, within_days(application, commenced_at, days, cfg=cfg, cal=cal,
                                event_name=f"emergency project commenced ({note})")]


def emergency_notice_received_deadlines(received: DayOrInstant, *, cfg: BylawConfig,
                                        cal: BusinessCalendar) -> list[Deadline]:
    """Written emergency notice received (~§ 650-5A(1)(c)): the Commission acts within 10 business days
    (CONV-BD-AFTER); if it does not, the work is deemed certified from 00:00 the next calendar day
    (AMB-44)."""
    received_on, n = day_of(received), param(EMERG_CERT, "business_days")
    last = cal.add_business_days(received_on, n)
    arithmetic = f"notice received {fmt(received_on)} + {n} business days = {fmt(last)}"
    acts = Duty(EMERG_CERT, "Commission certifies the emergency (or declines)", "commission", ("AMB-44",))
    deemed = Duty(EMERG_CERT, "emergency work deemed certified if the Commission has not acted",
                  "performing_agency", ("AMB-44",))
    deemed_on = last + dt.timedelta(days=1)
    deemed_note = f"; deemed certified from {fmt(deemed_on)} 00:00"
    return [
        acts.deadline(DeadlineKind.MUST_BY, arithmetic, latest_on=last, latest_at=end_of_day(last)),
        deemed.deadline(DeadlineKind.NOT_BEFORE, arithmetic + deemed_note, earliest_on=deemed_on,
                        earliest_at=local_datetime(deemed_on)),
    ]


def utility_work_deadlines(commences_at: DayOrInstant, *, cfg: BylawConfig,
                           cal: BusinessCalendar) -> list[Deadline]:
    """Exempt public-service work (~§ 650-5B): written notice to the Commission before work starts."""
    duty = Duty(EXEMPT_UTIL, "written notice of public-service work to the Commission", "utility")
    return [strictly_before(duty, commences_at, event_name="work starts")]


def public_way_work_deadlines(commences_at: DayOrInstant, *, cfg: BylawConfig,
                              cal: BusinessCalendar) -> list[Deadline]:
    """Exempt public-way maintenance (~§ 650-5C): written notice to the Commission before work starts."""
    duty = Duty(PUBLIC_WAYS, "written notice of public-way repair to the Commission", "public_works")
    return [strictly_before(duty, commences_at, event_name="work starts")]


def filing_deadlines(filed_on: DayOrInstant, kind: FilingKind, *, town_line_distance_ft: float | None = None,
                     cfg: BylawConfig, cal: BusinessCalendar) -> list[Deadline]:
    """A filing: fee at the time of filing (~§ 650-6C, also for a COC request); for an RDA, NOI or permit
    application, copies at the same time to the six officials of ~§ 650-6B and to the adjoining municipality's
    Commission within 300 ft."""
    out = [on_the_day(Duty(FILING_FEE, f"fee paid with the {kind}", "applicant"), filed_on,
                      event_name=f"at the time of the {kind} filing")]
    if kind is FilingKind.COC_REQUEST:
        return out
    for official in param(BOARD_COPIES, "recipients"):
        duty = Duty(SAME_TIME, f"copy of the {kind} to the {official}", "applicant")
        out.append(same_time(duty, filed_on, cfg=cfg,
                             filing_name=f"{kind} filing (recipient per {BOARD_COPIES})"))
    limit = param(ADJ_MUNI, "distance_ft")
    if town_line_distance_ft is not None and within_feet(town_line_distance_ft, limit, cfg):
        duty = Duty(ADJ_MUNI, f"copy to the adjoining municipality's Conservation Commission "
                              f"({town_line_distance_ft} ft from the line, limit {limit} ft)", "applicant")
        out.append(same_time(duty, filed_on, cfg=cfg, filing_name=f"{kind} filing"))
    return out


def hearing_notice_deadlines(hearing_on: DayOrInstant, *, cfg: BylawConfig,
                             cal: BusinessCalendar) -> list[Deadline]:
    """Hearing scheduled (~§ 650-6F): the ordinance leaves notice timing to the Commission's rules; a
    configured `gardner650.hearing_notice_days` is applied as "at least N days before"."""
    duty = Duty(NOTICE_BY_REGS, "public-hearing notice given (timing per Commission rules)", "applicant")
    days = cfg["gardner650.hearing_notice_days"]
    if days is None:
        return [not_stated(duty, "ch. 650 leaves hearing-notice timing to the Commission's rules; set "
                                 "gardner650.hearing_notice_days to apply one")]
    return [days_before(duty, hearing_on, days, cfg=cfg, cal=cal, event_name="hearing")]


def completed_filing_deadlines(completed_on: DayOrInstant, *, extended_to: dt.date | None = None,
                               extended_by_days: int | None = None, cfg: BylawConfig,
                               cal: BusinessCalendar) -> list[Deadline]:
    """Completed RDA or NOI received (~§ 650-6G): hearing commences within 11 days (AMB-43), unless the
    applicant authorizes an extension in writing (`extended_to`)."""
    days, note = printed_or_configured(HEARING, "days", "gardner650.hearing_days", cfg)
    duty = Duty(HEARING, "public hearing commenced", "commission", ("AMB-43",))
    return [within_days(duty, completed_on, days, cfg=cfg, cal=cal,
                        event_name=f"completed filing received ({note})", extended_to=extended_to,
                        extended_by_days=extended_by_days)]


def final_action_deadlines(board_receipts: Sequence[DayOrInstant], *, cfg: BylawConfig,
                           cal: BusinessCalendar) -> list[Deadline]:
    """Officials' copies received (~§ 650-6B): no final action until they have had 14 days from the latest
    receipt (CONV-HAD-N-DAYS)."""
    duty = Duty(BOARD_COMMENT, "final action (officials' comment period over)", "commission")
    return [had_days(duty, board_receipts, param(BOARD_COMMENT, "days"), cfg=cfg)]


def hearing_closed_deadlines(closed_on: DayOrInstant, *, extended_to: dt.date | None = None,
                             extended_by_days: int | None = None, cfg: BylawConfig,
                             cal: BusinessCalendar) -> list[Deadline]:
    """Hearing closed (~§ 650-6H): written decision within 11 days (AMB-43), unless the applicant extends in
    writing. Revocation or modification (~§ 650-6I) follows the same procedure."""
    days, note = printed_or_configured(DECISION, "days", "gardner650.decision_days", cfg)
    duty = Duty(DECISION, "written decision issued", "commission", ("AMB-43",))
    return [within_days(duty, closed_on, days, cfg=cfg, cal=cal, event_name=f"hearing closed ({note})",
                        extended_to=extended_to, extended_by_days=extended_by_days)]


def decision_deadlines(decided_on: DayOrInstant, *, cfg: BylawConfig,
                       cal: BusinessCalendar) -> list[Deadline]:
    """Decision issued (~§ 650-11): Superior Court review under MGL c. 249 § 4 within 60 days
    (EXT-249-4-60D: statutory, shown for information; verify with counsel)."""
    duty = Duty(APPEAL, "certiorari action commenced in Superior Court", "aggrieved_party")
    return [within_days(duty, decided_on, param(APPEAL, "days"), cfg=cfg, cal=cal,
                        event_name="decision (EXT-249-4-60D)")]


def permit_issued_deadlines(issued_on: dt.date, kind: PermitKind = PermitKind.STANDARD, *, cfg: BylawConfig,
                            cal: BusinessCalendar) -> list[Deadline]:
    """Permit issued (~§ 650-6I): expires 3 years (5 for maintenance) from issuance (CONV-EXPIRY), with the
    renewal deadlines of that expiry."""
    rule_id = PERMIT_5Y if kind is PermitKind.MAINTENANCE else PERMIT_3Y
    term = valid_through(Duty(rule_id, f"{kind} permit valid through", "permittee"), issued_on,
                         param(rule_id, "years"), cfg=cfg, start_name="issued")
    assert term.latest_on is not None
    return [term, *expiration_deadlines(term.latest_on, cfg=cfg, cal=cal)]


def expiration_deadlines(expires_on: dt.date, *, cfg: BylawConfig, cal: BusinessCalendar) -> list[Deadline]:
    """A permit expiry (~§ 650-6I): renewal request received at least 30 days before it; a renewal runs at
    most 3 years past it (renewals are not limited in number)."""
    request = Duty(RENEW_30D, "written renewal request received by the Commission", "permittee")
    longest = Duty(RENEW_3Y, "renewed permit valid at most through", "commission")
    unlimited = {"further_renewals_allowed": True, "renewals_allowed": None}  # the text sets no number
    return [days_before(request, expires_on, param(RENEW_30D, "days"), cfg=cfg, cal=cal, event_name="expiry")
            .with_facts(**unlimited),
            valid_through(longest, expires_on, param(RENEW_3Y, "years"), cfg=cfg,
                          start_name="current expiry").with_facts(**unlimited)]


def recording_deadlines(recorded_on: dt.date | None, evidence_on: dt.date | None, *, cfg: BylawConfig,
                        cal: BusinessCalendar) -> list[Deadline]:
    """~§ 650-6I: no NOI work until the order of conditions is recorded and evidence of recording is
    submitted to the Commission."""
    duty = Duty(RECORDING, "work may start (OOC recorded, evidence submitted)", "permittee")
    return [not_before_all(duty, {"recording": recorded_on, "evidence of recording": evidence_on})]


def regulations_deadlines(voted_on: dt.date | None, council_approved_on: dt.date | None,
                          clerk_filed_on: dt.date | None, *, cfg: BylawConfig,
                          cal: BusinessCalendar) -> list[Deadline]:
    """~§ 650-8: rules take effect once voted by the Commission, approved by the City Council and filed with
    the City Clerk: the latest of the three."""
    duty = Duty(REGS_EFFECTIVE, "Commission rules in effect", "commission")
    return [not_before_all(duty, {"Commission vote": voted_on, "City Council approval": council_approved_on,
                                  "City Clerk filing": clerk_filed_on})]
