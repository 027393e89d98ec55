"""Upton ch. 280 (Wetlands, Conservation Commission): the deadlines its events start (RULES.md §§ 4.2–4.6).

Each function takes one event and returns its deadlines; numbers come from the rule pack, switches from `cfg`,
business days from `cal`. Ambiguities: AMB-34 (no abutter notice for an RFD), AMB-38 (renewal anchor, switch
`upton280.renewal_anchor`), AMB-39 (a timely petition on day 10 prevents the regulations taking effect),
AMB-51 (closed last days, `roll_c4s9`), AMB-52 (Feb 29 anniversaries), AMB-54 (had-N-days).
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
    anniversary,
    business_days_before,
    day_of,
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

EXEMPT_UTIL = "UPTON-280-EXEMPT-UTIL"
EMERG_NOTICE = "UPTON-280-EMERG-NOTICE-24H"
EMERG_APP = "UPTON-280-EMERG-APP-21D"
FILING_FEE = "UPTON-280-FILING-FEE"
ABUTTERS = "UPTON-280-ABUTTER-SAME-TIME"
BOARD_COPIES = "UPTON-280-BOARD-COPIES"
ADJ_MUNI = "UPTON-280-ADJ-MUNI-300FT"
NEWSPAPER = "UPTON-280-NEWSPAPER-5BD"
HEARING = "UPTON-280-HEARING-21D"
DECISION = "UPTON-280-DECISION-21D"
ISSUE_DENY = "UPTON-280-ISSUE-DENY-21D"
BOARD_COMMENT = "UPTON-280-BOARD-COMMENT-14D"
PERMIT_3Y = "UPTON-280-PERMIT-3Y"
PERMIT_5Y = "UPTON-280-PERMIT-5Y-MAINT"
RENEW_ONCE = "UPTON-280-RENEW-ONCE-3Y"
RENEW_REQUEST = "UPTON-280-RENEW-REQUEST-TIMING"
RECORDING = "UPTON-280-RECORDING"
PETITION = "UPTON-280-REGS-PETITION"
EFFECTIVE = "UPTON-280-REGS-EFFECTIVE-10D"
APPEAL = "UPTON-280-APPEAL"


class FilingKind(StrEnum):
    NOI = "NOI"      # notice of intent = the permit application
    ANOI = "ANOI"    # abbreviated notice of intent
    ANRAD = "ANRAD"  # abbreviated notice of resource area delineation ("ANORAD", AMB-33)
    RFD = "RFD"      # request for determination


class PermitKind(StrEnum):
    STANDARD = "standard"        # 3 years
    MAINTENANCE = "maintenance"  # 5 years, recurring or continuous maintenance, annual notification


def utility_work_deadlines(commences_at: DayOrInstant, *, cfg: BylawConfig,
                           cal: BusinessCalendar) -> list[Deadline]:
    """Exempt utility work (~§ 280-3B): written notice to the Commission before work starts (no lead time)."""
    duty = Duty(EXEMPT_UTIL, "written notice of utility work to the Commission", "utility")
    return [strictly_before(duty, commences_at, event_name="work starts")]


def emergency_work_deadlines(commenced_at: dt.datetime, *, cfg: BylawConfig,
                             cal: BusinessCalendar) -> list[Deadline]:
    """Emergency project (~§ 280-3C): notice (oral or written) before, or within 24 elapsed hours after, it
    starts; a permit application within 21 days of commencement."""
    notice = Duty(EMERG_NOTICE, "Commission notified of the emergency project", "performing_agency")
    application = Duty(EMERG_APP, "permit application filed for the emergency project", "applicant")
    return [
        hours_after(notice, commenced_at, param(EMERG_NOTICE, "hours"), event_name="work started"),
        within_days(application, commenced_at, param(EMERG_APP, "days"), cfg=cfg, cal=cal,
                    event_name="emergency project commenced"),
    ]


def filing_deadlines(filed_on: DayOrInstant, kind: FilingKind, *, town_line_distance_ft: float | None = None,
                     cfg: BylawConfig, cal: BusinessCalendar) -> list[Deadline]:
    """A filing: fee at the time of application (~§ 280-4D); abutter notice at the same time for NOI, ANOI and
    ANRAD, none for an RFD (~§ 280-5A, AMB-34); NOI copies to three boards at the same time and a copy to the
    adjoining town's Commission within 300 ft (~§ 280-6). An ANOI counts as a notice of intent."""
    fee = Duty(FILING_FEE, f"filing fee paid with the {kind}", "applicant")
    out = [on_the_day(fee, filed_on, event_name=f"at the time of the {kind} filing")]
    out.append(_abutter_notice(filed_on, kind, cfg))
    if kind in (FilingKind.NOI, FilingKind.ANOI):
        for board in param(BOARD_COPIES, "recipients"):
            duty = Duty(BOARD_COPIES, f"copy of the {kind} to the {board}", "applicant")
            out.append(same_time(duty, filed_on, cfg=cfg, filing_name=f"{kind} filing"))
    limit = param(ADJ_MUNI, "distance_ft")
    if town_line_distance_ft is not None and within_feet(town_line_distance_ft, limit, cfg):
        label = (f"copy to the adjoining town's Conservation Commission "
                 f"({town_line_distance_ft} ft from the town line, limit {limit} ft)")
        duty = Duty(ADJ_MUNI, label, "applicant")
        out.append(same_time(duty, filed_on, cfg=cfg, filing_name=f"{kind} filing"))
    return out


def _abutter_notice(filed_on: DayOrInstant, kind: FilingKind, cfg: BylawConfig) -> Deadline:
    duty = Duty(ABUTTERS, f"written notice of the {kind} to abutters within 300 ft", "applicant")
    if kind is FilingKind.RFD:
        reason = "~§ 280-5A requires abutter notice for NOI, ANOI and ANRAD only, not an RFD (AMB-34)"
        return not_stated(Duty(ABUTTERS, duty.label, duty.binds, ("AMB-34",)), reason, DeadlineKind.WINDOW)
    return same_time(duty, filed_on, cfg=cfg, filing_name=f"{kind} filing")


def hearing_notice_deadlines(hearing_on: DayOrInstant, *, cfg: BylawConfig,
                             cal: BusinessCalendar) -> list[Deadline]:
    """Hearing scheduled (~§ 280-5B): newspaper notice, at the applicant's expense, at least 5 business days
    before the hearing (CONV-BD-BEFORE)."""
    duty = Duty(NEWSPAPER, "hearing notice published in a newspaper of general circulation", "applicant")
    return [business_days_before(duty, hearing_on, param(NEWSPAPER, "business_days"), cfg=cfg, cal=cal,
                                 event_name="hearing")]


def completed_filing_deadlines(completed_on: DayOrInstant, *, extended_to: dt.date | None = None,
                               extended_by_days: int | None = None, cfg: BylawConfig,
                               cal: BusinessCalendar) -> list[Deadline]:
    """Completed application, ANRAD or RFD received (~§ 280-5C): hearing commences within 21 days, unless the
    applicant extends in writing (`extended_to`)."""
    duty = Duty(HEARING, "public hearing commenced", "commission")
    return [within_days(duty, completed_on, param(HEARING, "days"), cfg=cfg, cal=cal,
                        event_name="completed filing received", extended_to=extended_to,
                        extended_by_days=extended_by_days)]


def final_action_deadlines(board_receipts: Sequence[DayOrInstant], *, cfg: BylawConfig,
                           cal: BusinessCalendar) -> list[Deadline]:
    """Boards' copies received (~§ 280-6): no final action until they have had 14 days from the latest
    receipt (CONV-HAD-N-DAYS)."""
    duty = Duty(BOARD_COMMENT, "final action (boards' comment period over)", "commission")
    return [had_days(duty, board_receipts, param(BOARD_COMMENT, "days"), cfg=cfg)]


def hearing_closed_deadlines(closed_on: DayOrInstant, *, extended_to: dt.date | None = None,
                             extended_by_days: int | None = None, cfg: BylawConfig,
                             cal: BusinessCalendar) -> list[Deadline]:
    """Hearing closed (~§ 280-5D and ~§ 280-7A, one clock): written permit, order or determination within
    21 days, unless the applicant extends in writing."""
    duty = Duty(DECISION, "written permit, order or determination issued (or permit denied)", "commission")
    return [within_days(duty, closed_on, param(DECISION, "days"), cfg=cfg, cal=cal, extended_to=extended_to,
                        extended_by_days=extended_by_days,
                        event_name=f"hearing closed (same clock as {ISSUE_DENY} ~§ 280-7A)")]


def decision_deadlines(decided_on: DayOrInstant, *, cfg: BylawConfig,
                       cal: BusinessCalendar) -> list[Deadline]:
    """Decision issued (~§ 280-13): Superior Court review under MGL c. 249 § 4 within 60 days
    (EXT-249-4-60D: statutory, shown for information; verify with counsel)."""
    duty = Duty(APPEAL, "certiorari action commenced in Superior Court", "aggrieved_party")
    return [within_days(duty, decided_on, param(APPEAL, "days"), cfg=cfg, cal=cal,
                        event_name="decision (EXT-249-4-60D)")]


def permit_issued_deadlines(issued_on: dt.date, kind: PermitKind = PermitKind.STANDARD, *, cfg: BylawConfig,
                            cal: BusinessCalendar) -> list[Deadline]:
    """Permit issued (~§ 280-7H): valid 3 years (5 for maintenance, with one notification in each permit
    year); a renewal request must be received on or before the expiry date."""
    rule_id = PERMIT_5Y if kind is PermitKind.MAINTENANCE else PERMIT_3Y
    term = valid_through(Duty(rule_id, f"{kind} permit valid through", "permittee"), issued_on,
                         param(rule_id, "years"), cfg=cfg, start_name="issued")
    assert term.latest_on is not None
    renew = Duty(RENEW_REQUEST, "written renewal request received by the Commission", "permittee", term.flags)
    out = [term, on_the_day(renew, term.latest_on, event_name="received prior to expiration, on or before")]
    if kind is PermitKind.MAINTENANCE:
        out.extend(annual_notification_windows(issued_on, term.latest_on, cfg=cfg))
    return out


def annual_notification_windows(issued_on: dt.date, expires_on: dt.date, *,
                                cfg: BylawConfig) -> list[Deadline]:
    """~§ 280-7H: one notification of time and location of work in each permit year of a maintenance permit;
    year k runs from the (k-1)th anniversary to the day before the kth, the last year to the expiry date."""
    step = param(PERMIT_5Y, "notice_interval_years")
    count = param(PERMIT_5Y, "years") // step
    out = []
    for k in range(1, count + 1):
        start, flags = anniversary(issued_on, (k - 1) * step, cfg)
        end = expires_on if k == count else anniversary(issued_on, k * step, cfg)[0] - dt.timedelta(days=1)
        duty = Duty(PERMIT_5Y, f"annual notification of time and location of work, permit year {k}",
                    "permittee", flags)
        out.append(duty.deadline(DeadlineKind.WINDOW, f"permit year {k}: {fmt(start)} to {fmt(end)}",
                                 earliest_on=start, earliest_at=local_datetime(start), latest_on=end,
                                 latest_at=end_of_day(end)))
    return out


def renewal_deadlines(expires_on: dt.date, *, renewed_on: dt.date, prior_renewals: int, cfg: BylawConfig,
                      cal: BusinessCalendar) -> list[Deadline]:
    """Renewal (~§ 280-7H): once only, for 3 more years from the old expiry (AMB-38 default) or from the
    renewal date (`upton280.renewal_anchor = renewal_date`); the facts say whether a further renewal is
    allowed."""
    duty = Duty(RENEW_ONCE, "renewed permit valid through", "permittee", ("AMB-38",))
    allowed = param(RENEW_ONCE, "max_renewals")
    if prior_renewals < 0:
        raise ValueError(f"prior_renewals must be 0 or more, got {prior_renewals}")
    if prior_renewals >= allowed:
        reason = f"renewal refused: a permit may be renewed once only ({prior_renewals} already)"
        return [not_stated(duty, reason).with_facts(renewals_used=prior_renewals, renewals_allowed=allowed,
                                                    further_renewals_allowed=False)]
    by_renewal_date = cfg["upton280.renewal_anchor"] == "renewal_date"
    anchor = renewed_on if by_renewal_date else expires_on
    name = "renewed on" if by_renewal_date else "old expiry"
    found = valid_through(duty, anchor, param(RENEW_ONCE, "years"), cfg=cfg, start_name=name)
    used = prior_renewals + 1
    return [found.with_facts(renewals_used=used, renewals_allowed=allowed,
                             further_renewals_allowed=used < allowed,
                             renewed_on=renewed_on, old_expiry_on=expires_on)]


def recording_deadlines(recorded_on: dt.date | None, certified_on: dt.date | None, *, cfg: BylawConfig,
                        cal: BusinessCalendar) -> list[Deadline]:
    """~§ 280-7K: no work until the document is recorded and the holder certifies the recording in writing."""
    duty = Duty(RECORDING, "work may start (recorded and certified)", "permittee")
    return [not_before_all(duty, {"recording": recorded_on,
                                  "written certification of recording": certified_on})]


def regulations_filed_deadlines(filed_on: dt.date, *, petition_on: dt.date | None = None,
                                petition_voters: int = 0, cfg: BylawConfig,
                                cal: BusinessCalendar) -> list[Deadline]:
    """Regulations filed with the Town Clerk (~§ 280-8A): a petition of 25 or more voters within 10 days
    suspends them until Town Meeting; otherwise they take effect 10 days after filing (AMB-39 on day 10)."""
    duty = Duty(PETITION, "voters' petition filed", "voters")
    petition = within_days(duty, filed_on, param(PETITION, "days"), cfg=cfg, cal=cal,
                           event_name="filed with the Town Clerk")
    return [petition, _effective(filed_on, petition, petition_on, petition_voters)]


def _effective(filed_on: dt.date, petition: Deadline, petition_on: dt.date | None, voters: int) -> Deadline:
    days = param(EFFECTIVE, "days")
    duty = Duty(EFFECTIVE, "regulations in effect", "commission", ("AMB-39",))
    timely = petition_on is not None and petition.latest_on is not None and petition_on <= petition.latest_on
    if timely and voters >= param(PETITION, "min_voters"):
        return not_stated(duty, f"suspended until voted at Town Meeting: petition of {voters} voters on "
                                f"{petition_on} (timely; on day {days} it prevents effect, AMB-39)",
                          DeadlineKind.NOT_BEFORE)
    effective_on = day_of(filed_on) + dt.timedelta(days=days)
    arithmetic = f"filed {fmt(filed_on)} + {days} days = {fmt(effective_on)}; no valid timely petition"
    return duty.deadline(DeadlineKind.NOT_BEFORE, arithmetic, earliest_on=effective_on,
                         earliest_at=local_datetime(effective_on))
