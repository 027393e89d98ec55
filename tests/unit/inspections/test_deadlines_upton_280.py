"""Upton ch. 280 (Wetlands) deadlines, as worked cases written from the bylaw text and RULES.md §§ 4.2–4.6.

Default configuration (EXAMPLES.md). 2026 holidays used: 04-20, 06-19, 07-04 (Sat), 11-26, 12-25; 2027-01-01.
"""
from __future__ import annotations

import datetime as dt

import pytest

from inspections.calendar import UTC
from inspections.deadlines.upton_280 import (
    FilingKind,
    PermitKind,
    completed_filing_deadlines,
    decision_deadlines,
    emergency_work_deadlines,
    filing_deadlines,
    final_action_deadlines,
    hearing_closed_deadlines,
    hearing_notice_deadlines,
    permit_issued_deadlines,
    recording_deadlines,
    regulations_filed_deadlines,
    renewal_deadlines,
    utility_work_deadlines,
)
from tests.unit.inspections.wetlands_cases import (
    MUST_BY,
    NOT_BEFORE,
    WINDOW,
    Case,
    D,
    assert_must_by_day,
    assert_not_before_day,
    assert_strictly_before,
    at,
    params,
    pick,
)

ROLL = {"roll_c4s9": True}
CLEAR = {"atleast_clear_days": True}

# ~§ 280-3B: utility work is exempt "provided that written notice has been given ... prior to commencement of
# work" (CONV-BEFORE).
UTILITY = [
    Case("UPTON-280-EXEMPT-UTIL", "notice strictly before work Mon 06-22 07:00", at(2026, 6, 22, 7),
         at(2026, 6, 22, 7)),
]


@pytest.mark.parametrize("case", params(UTILITY))
def test_utility_notice_before_commencement(case):
    d = pick(utility_work_deadlines(case.given, cfg=case.cfg, cal=case.cal), case.rule_id)
    assert_strictly_before(d, case.expect)
    assert d.binds == "utility"


# ~§ 280-3C: notice "prior to commencement of work or within 24 hours after commencement" (CONV-HOURS).
EMERGENCY_NOTICE = [
    Case("UPTON-280-EMERG-NOTICE-24H", "fall back: Sat 10-31 12:00 EDT -> Sun 11-01 11:00 EST",
         at(2026, 10, 31, 12), at(2026, 11, 1, 11)),
    Case("UPTON-280-EMERG-NOTICE-24H", "spring forward: Sat 03-07 23:30 EST -> Mon 03-09 00:30 EDT",
         at(2026, 3, 7, 23, 30), at(2026, 3, 9, 0, 30)),
]


@pytest.mark.parametrize("case", params(EMERGENCY_NOTICE))
def test_emergency_notice_within_24_elapsed_hours(case):
    d = pick(emergency_work_deadlines(case.given, cfg=case.cfg, cal=case.cal), case.rule_id)
    assert (d.kind, d.latest_at, d.latest_on) == (MUST_BY, case.expect, case.expect.date())
    assert d.latest_at.astimezone(UTC) - case.given.astimezone(UTC) == dt.timedelta(hours=24)


# ~§ 280-3C: "within 21 days of commencement of an emergency project a permit application shall be filed".
EMERGENCY_APPLICATION = [
    Case("UPTON-280-EMERG-APP-21D", "Patriots Day last day, no roll", at(2026, 3, 30, 9), D(2026, 4, 20),
         flags=("AMB-51",)),
    Case("UPTON-280-EMERG-APP-21D", "Patriots Day rolled to 04-21", at(2026, 3, 30, 9), D(2026, 4, 21), ROLL,
         flags=("AMB-51",)),
    Case("UPTON-280-EMERG-APP-21D", "year end: New Year's Day", at(2026, 12, 11, 10), D(2027, 1, 1),
         flags=("AMB-51",)),
    Case("UPTON-280-EMERG-APP-21D", "year end rolled to Mon 2027-01-04", at(2026, 12, 11, 10), D(2027, 1, 4),
         ROLL, flags=("AMB-51",)),
    Case("UPTON-280-EMERG-APP-21D", "month end May -> Juneteenth, no roll", at(2026, 5, 29, 6),
         D(2026, 6, 19), flags=("AMB-51",)),
]


@pytest.mark.parametrize("case", params(EMERGENCY_APPLICATION))
def test_emergency_permit_application_within_21_days_of_commencement(case):
    d = pick(emergency_work_deadlines(case.given, cfg=case.cfg, cal=case.cal), case.rule_id)
    assert_must_by_day(d, case.expect, case)
    assert d.binds == "applicant"


# ~§ 280-4D: "At the time of an application, the applicant shall pay a filing fee".
FILING_FEE = [
    Case("UPTON-280-FILING-FEE", "NOI filed Fri 07-31: fee paid the same day",
         (D(2026, 7, 31), FilingKind.NOI), D(2026, 7, 31)),
    Case("UPTON-280-FILING-FEE", "RFD filed 12-31: fee paid the same day", (D(2026, 12, 31), FilingKind.RFD),
         D(2026, 12, 31)),
]


@pytest.mark.parametrize("case", params(FILING_FEE))
def test_filing_fee_paid_at_the_time_of_application(case):
    filed_on, kind = case.given
    d = pick(filing_deadlines(filed_on, kind, cfg=case.cfg, cal=case.cal), case.rule_id)
    assert_must_by_day(d, case.expect, case)


# ~§ 280-5A: NOI, ANOI, ANRAD filers "at the same time shall give written notice" to abutters
# (CONV-SAME-TIME).
# No abutter notice is required for an RFD (AMB-34).
ABUTTERS = [
    Case("UPTON-280-ABUTTER-SAME-TIME", "NOI filed Fri 07-31: notice mailed 07-31",
         (D(2026, 7, 31), FilingKind.NOI), (D(2026, 7, 31), D(2026, 7, 31))),
    Case("UPTON-280-ABUTTER-SAME-TIME", "ANRAD, tolerance 2 days across the month end",
         (D(2026, 7, 31), FilingKind.ANRAD), (D(2026, 7, 29), D(2026, 8, 2)),
         {"same_time_tolerance_days": 2}),
    Case("UPTON-280-ABUTTER-SAME-TIME", "ANOI filed at year end", (D(2026, 12, 31), FilingKind.ANOI),
         (D(2026, 12, 31), D(2026, 12, 31))),
    Case("UPTON-280-ABUTTER-SAME-TIME", "RFD: no abutter notice (AMB-34)", (D(2026, 7, 31), FilingKind.RFD),
         None, flags=("AMB-34",)),
]


@pytest.mark.parametrize("case", params(ABUTTERS))
def test_abutter_notice_at_the_same_time_as_the_filing(case):
    filed_on, kind = case.given
    d = pick(filing_deadlines(filed_on, kind, cfg=case.cfg, cal=case.cal), case.rule_id)
    assert d.flags == case.flags
    if case.expect is None:
        assert d.earliest_on is None and d.latest_on is None and "RFD" in d.empty_reason
    else:
        assert (d.kind, d.earliest_on, d.latest_on, d.binds) == (WINDOW, *case.expect, "applicant")


# ~§ 280-6: NOI copies "at the same time" to the Planning Board, Board of Health and Building Commissioner.
BOARD_COPIES = [
    Case("UPTON-280-BOARD-COPIES", "NOI filed 12-31: three copies the same day",
         (D(2026, 12, 31), FilingKind.NOI), ("Building Commissioner", "Board of Health", "Planning Board")),
    Case("UPTON-280-BOARD-COPIES", "RFD: no board copies", (D(2026, 12, 31), FilingKind.RFD), ()),
]


@pytest.mark.parametrize("case", params(BOARD_COPIES))
def test_noi_copies_to_three_boards_at_the_same_time(case):
    filed_on, kind = case.given
    ds = filing_deadlines(filed_on, kind, cfg=case.cfg, cal=case.cal)
    copies = [d for d in ds if d.rule_id == case.rule_id]
    assert len(copies) == len(case.expect)
    assert sorted(r for r in case.expect for d in copies if r in d.label) == sorted(case.expect)
    for d in copies:
        assert (d.kind, d.earliest_on, d.latest_on, d.binds) == (WINDOW, filed_on, filed_on, "applicant")


# ~§ 280-6: a copy to the adjoining town's Commission "if the application or RFD pertains to property within
# 300 feet of that municipality" (CONV-DIST: rounded half-even to 0.1 ft, inclusive by default).
ADJOINING_TOWN = [
    Case("UPTON-280-ADJ-MUNI-300FT", "300.0 ft: copy due", (FilingKind.NOI, 300.0), True),
    Case("UPTON-280-ADJ-MUNI-300FT", "300.04 ft rounds to 300.0: copy due", (FilingKind.NOI, 300.04), True),
    Case("UPTON-280-ADJ-MUNI-300FT", "300.1 ft: no copy", (FilingKind.NOI, 300.1), False),
    Case("UPTON-280-ADJ-MUNI-300FT", "RFD at 120 ft: copy due", (FilingKind.RFD, 120.0), True),
    Case("UPTON-280-ADJ-MUNI-300FT", "exclusive reading: 300.0 ft no copy", (FilingKind.NOI, 300.0), False,
         {"dist_inclusive": False}),
    Case("UPTON-280-ADJ-MUNI-300FT", "distance unknown: no copy computed", (FilingKind.NOI, None), False),
]


@pytest.mark.parametrize("case", params(ADJOINING_TOWN))
def test_copy_to_adjoining_town_within_300_feet(case):
    kind, feet = case.given
    ds = filing_deadlines(D(2026, 4, 21), kind, town_line_distance_ft=feet, cfg=case.cfg, cal=case.cal)
    copies = [d for d in ds if d.rule_id == case.rule_id]
    assert bool(copies) is case.expect
    if copies:
        d = pick(ds, case.rule_id)
        assert (d.kind, d.earliest_on, d.latest_on) == (WINDOW, D(2026, 4, 21), D(2026, 4, 21))


# ~§ 280-5B: newspaper notice "at least five business days prior to the hearing" (CONV-BD-BEFORE).
NEWSPAPER = [
    Case("UPTON-280-NEWSPAPER-5BD", "hearing Tue 04-21: Patriots Day skipped -> Mon 04-13", D(2026, 4, 21),
         D(2026, 4, 13)),
    Case("UPTON-280-NEWSPAPER-5BD", "clear days: Sun 04-12, office day Fri 04-10", D(2026, 4, 21),
         D(2026, 4, 12), CLEAR, advisory=D(2026, 4, 10)),
    Case("UPTON-280-NEWSPAPER-5BD", "Juneteenth skipped, Bunker Hill Day counts -> Wed 06-17", D(2026, 6, 25),
         D(2026, 6, 17)),
    Case("UPTON-280-NEWSPAPER-5BD", "Thanksgiving week -> Wed 11-25", D(2026, 12, 3), D(2026, 11, 25)),
    Case("UPTON-280-NEWSPAPER-5BD", "year end: New Year's Day skipped -> Wed 12-30", D(2027, 1, 7),
         D(2026, 12, 30)),
    Case("UPTON-280-NEWSPAPER-5BD", "DST week: hearing Mon 03-16 -> Mon 03-09", D(2026, 3, 16),
         D(2026, 3, 9)),
    Case("UPTON-280-NEWSPAPER-5BD", "hearing given as an instant, evening 19:00", at(2026, 4, 21, 19),
         D(2026, 4, 13)),
]


@pytest.mark.parametrize("case", params(NEWSPAPER))
def test_newspaper_notice_at_least_five_business_days_before_hearing(case):
    d = pick(hearing_notice_deadlines(case.given, cfg=case.cfg, cal=case.cal), case.rule_id)
    assert_must_by_day(d, case.expect, case)


# ~§ 280-5C: "commence the public hearing within 21 days of receipt of a completed permit application".
HEARING = [
    Case("UPTON-280-HEARING-21D", "Thanksgiving last day", (D(2026, 11, 5), None), D(2026, 11, 26),
         flags=("AMB-51",)),
    Case("UPTON-280-HEARING-21D", "Thanksgiving rolled to Fri 11-27", (D(2026, 11, 5), None),
         D(2026, 11, 27), ROLL, flags=("AMB-51",)),
    Case("UPTON-280-HEARING-21D", "Christmas rolled to Mon 12-28", (D(2026, 12, 4), None), D(2026, 12, 28),
         ROLL, flags=("AMB-51",)),
    Case("UPTON-280-HEARING-21D", "applicant's written extension to 12-10", (D(2026, 11, 5), D(2026, 12, 10)),
         D(2026, 12, 10)),
]


@pytest.mark.parametrize("case", params(HEARING))
def test_hearing_commences_within_21_days_of_completed_filing(case):
    completed_on, extended_to = case.given
    ds = completed_filing_deadlines(completed_on, extended_to=extended_to, cfg=case.cfg, cal=case.cal)
    d = pick(ds, case.rule_id)
    assert_must_by_day(d, case.expect, case)
    assert d.binds == "commission"


# ~§ 280-5D / ~§ 280-7A: written decision "within 21 days of the close of the public hearing" (one clock).
DECISION = [
    Case("UPTON-280-DECISION-21D", "month end May -> Juneteenth", (D(2026, 5, 29), None), D(2026, 6, 19),
         flags=("AMB-51",)),
    Case("UPTON-280-DECISION-21D", "Juneteenth rolled to Mon 06-22", (D(2026, 5, 29), None), D(2026, 6, 22),
         ROLL, flags=("AMB-51",)),
    Case("UPTON-280-DECISION-21D", "AMB-51: Sat holiday 07-04 -> Mon 07-06", (D(2026, 6, 13), None),
         D(2026, 7, 6), ROLL, flags=("AMB-51",)),
    Case("UPTON-280-DECISION-21D", "AMB-51: Saturday 07-04 stays without roll_c4s9", (D(2026, 6, 13), None),
         D(2026, 7, 4), flags=("AMB-51",)),
    Case("UPTON-280-DECISION-21D", "year end Thu 12-31", (D(2026, 12, 10), None), D(2026, 12, 31)),
    Case("UPTON-280-DECISION-21D", "applicant's written extension to 2027-01-15",
         (D(2026, 12, 10), D(2027, 1, 15)), D(2027, 1, 15)),
    Case("UPTON-280-ISSUE-DENY-21D", "issue-or-deny is the same single clock", (D(2026, 12, 10), None),
         D(2026, 12, 31)),
]


@pytest.mark.parametrize("case", params(DECISION))
def test_decision_within_21_days_of_hearing_close(case):
    closed_on, extended_to = case.given
    ds = hearing_closed_deadlines(closed_on, extended_to=extended_to, cfg=case.cfg, cal=case.cal)
    assert len(ds) == 1, "UPTON-280-ISSUE-DENY-21D duplicates UPTON-280-DECISION-21D: one clock"
    d = pick(ds, "UPTON-280-DECISION-21D")
    assert_must_by_day(d, case.expect, case)
    assert case.rule_id in d.explanation.line


# ~§ 280-6: no final action "until the boards and officials have had 14 days from receipt" (AMB-54).
BOARD_COMMENT = [
    Case("UPTON-280-BOARD-COMMENT-14D", "latest receipt Thu 11-12 -> Thanksgiving 11-26",
         [D(2026, 11, 9), D(2026, 11, 12)], D(2026, 11, 26), flags=("AMB-54",)),
    Case("UPTON-280-BOARD-COMMENT-14D", "strict -> 11-27", [D(2026, 11, 12), D(2026, 11, 9)], D(2026, 11, 27),
         {"had_days_strict": True}, flags=("AMB-54",)),
]


@pytest.mark.parametrize("case", params(BOARD_COMMENT))
def test_no_final_action_until_boards_had_14_days(case):
    d = pick(final_action_deadlines(case.given, cfg=case.cfg, cal=case.cal), case.rule_id)
    assert_not_before_day(d, case.expect, case)


# ~§ 280-7H: "A permit shall expire three years from the date of issuance." (CONV-EXPIRY, AMB-52 for Feb 29)
PERMIT_TERM = [
    Case("UPTON-280-PERMIT-3Y", "issued 2024-02-29 -> valid through 2027-02-28",
         (D(2024, 2, 29), PermitKind.STANDARD), D(2027, 2, 28), flags=("AMB-52",)),
    Case("UPTON-280-PERMIT-3Y", "Feb 29, eom next_day -> 2027-03-01", (D(2024, 2, 29), PermitKind.STANDARD),
         D(2027, 3, 1), {"eom_rule": "next_day"}, flags=("AMB-52",)),
    Case("UPTON-280-PERMIT-3Y", "year end 2026-12-31 -> 2029-12-31", (D(2026, 12, 31), PermitKind.STANDARD),
         D(2029, 12, 31)),
    Case("UPTON-280-PERMIT-3Y", "expiry on Juneteenth 2029 does not roll",
         (D(2026, 6, 19), PermitKind.STANDARD), D(2029, 6, 19), ROLL),
    Case("UPTON-280-PERMIT-5Y-MAINT", "maintenance permit issued on DST day 03-08 -> 2031-03-08",
         (D(2026, 3, 8), PermitKind.MAINTENANCE), D(2031, 3, 8)),
    Case("UPTON-280-PERMIT-5Y-MAINT", "maintenance permit issued Feb 29 -> 2029-02-28",
         (D(2024, 2, 29), PermitKind.MAINTENANCE), D(2029, 2, 28), flags=("AMB-52",)),
]


@pytest.mark.parametrize("case", params(PERMIT_TERM))
def test_permit_valid_through_its_anniversary(case):
    issued_on, kind = case.given
    d = pick(permit_issued_deadlines(issued_on, kind, cfg=case.cfg, cal=case.cal), case.rule_id, MUST_BY)
    assert_must_by_day(d, case.expect, case)
    assert d.binds == "permittee"


# ~§ 280-7H: a 5-year maintenance permit requires "annual notification of time and location of work":
# one notification in each permit year (WINDOW per year; the last year ends on the expiry date).
ANNUAL_NOTICE = [
    Case("UPTON-280-PERMIT-5Y-MAINT", "permit year 1", (D(2026, 3, 8), 1), (D(2026, 3, 8), D(2027, 3, 7))),
    Case("UPTON-280-PERMIT-5Y-MAINT", "permit year 3 spans the 2028 leap day", (D(2026, 3, 8), 3),
         (D(2028, 3, 8), D(2029, 3, 7))),
    Case("UPTON-280-PERMIT-5Y-MAINT", "permit year 5 ends on expiry", (D(2026, 3, 8), 5),
         (D(2030, 3, 8), D(2031, 3, 8))),
    Case("UPTON-280-PERMIT-5Y-MAINT", "Feb 29 issue: year 1 ends the day before 2025-02-28",
         (D(2024, 2, 29), 1), (D(2024, 2, 29), D(2025, 2, 27)), flags=("AMB-52",)),
]


@pytest.mark.parametrize("case", params(ANNUAL_NOTICE))
def test_maintenance_permit_annual_notification_in_each_permit_year(case):
    issued_on, year = case.given
    ds = permit_issued_deadlines(issued_on, PermitKind.MAINTENANCE, cfg=case.cfg, cal=case.cal)
    windows = [d for d in ds if d.rule_id == case.rule_id and d.kind == WINDOW]
    assert len(windows) == 5
    d = windows[year - 1]
    assert (d.earliest_on, d.latest_on, d.flags, d.binds) == (*case.expect, case.flags, "permittee")
    assert f"permit year {year}" in d.label


def test_standard_permit_needs_no_annual_notification():
    case = PERMIT_TERM[0]
    ds = permit_issued_deadlines(D(2026, 3, 8), PermitKind.STANDARD, cfg=case.cfg, cal=case.cal)
    assert all(d.kind != WINDOW for d in ds)


# ~§ 280-7H: renewal request "received, in writing, by the Commission prior to expiration" (CONV-EXPIRY: on or
# before the expiry date; no lead time).
RENEW_REQUEST = [
    Case("UPTON-280-RENEW-REQUEST-TIMING", "permit of 2026-06-19: request received by 2029-06-19",
         D(2026, 6, 19), D(2029, 6, 19)),
    Case("UPTON-280-RENEW-REQUEST-TIMING", "Feb 29 issue: by 2027-02-28", D(2024, 2, 29), D(2027, 2, 28),
         flags=("AMB-52",)),
]


@pytest.mark.parametrize("case", params(RENEW_REQUEST))
def test_renewal_request_received_before_expiry(case):
    ds = permit_issued_deadlines(case.given, PermitKind.STANDARD, cfg=case.cfg, cal=case.cal)
    d = pick(ds, case.rule_id)
    assert_must_by_day(d, case.expect, case)


# ~§ 280-7H: "renewed once for an additional three-year period" (AMB-38: added to the old expiry by default;
# `upton280.renewal_anchor = renewal_date` adds it to the renewal date; a second renewal is refused).
RENEWAL = [
    Case("UPTON-280-RENEW-ONCE-3Y", "old expiry anchor: 2029-06-19 -> 2032-06-19",
         (D(2029, 6, 19), D(2029, 5, 1), 0), D(2032, 6, 19), flags=("AMB-38",)),
    Case("UPTON-280-RENEW-ONCE-3Y", "renewal-date anchor: 2029-05-01 -> 2032-05-01",
         (D(2029, 6, 19), D(2029, 5, 1), 0), D(2032, 5, 1), {"upton280.renewal_anchor": "renewal_date"},
         flags=("AMB-38",)),
    Case("UPTON-280-RENEW-ONCE-3Y", "5-year maintenance permit renewed once: 2031-03-08 -> 2034-03-08",
         (D(2031, 3, 8), D(2031, 2, 2), 0), D(2034, 3, 8), flags=("AMB-38",)),
    Case("UPTON-280-RENEW-ONCE-3Y", "renewal-date anchor on a leap day: 2028-02-29 -> 2031-02-28",
         (D(2028, 3, 31), D(2028, 2, 29), 0), D(2031, 2, 28), {"upton280.renewal_anchor": "renewal_date"},
         flags=("AMB-38", "AMB-52")),
    Case("UPTON-280-RENEW-ONCE-3Y", "second renewal refused", (D(2032, 6, 19), D(2032, 5, 1), 1), None,
         flags=("AMB-38",)),
]


@pytest.mark.parametrize("case", params(RENEWAL))
def test_permit_renewed_once_for_three_years(case):
    expires_on, renewed_on, prior = case.given
    ds = renewal_deadlines(expires_on, renewed_on=renewed_on, prior_renewals=prior, cfg=case.cfg,
                           cal=case.cal)
    d = pick(ds, case.rule_id)
    if case.expect is None:
        assert (d.latest_on, d.flags) == (None, case.flags) and "once" in d.empty_reason
    else:
        assert_must_by_day(d, case.expect, case)


# ~§ 280-7K: no work until recorded "and until the holder of the permit certifies, in writing" the recording.
RECORDING = [
    Case("UPTON-280-RECORDING", "recorded 07-06, certified 07-08 -> work from 07-08",
         (D(2026, 7, 6), D(2026, 7, 8)), D(2026, 7, 8)),
    Case("UPTON-280-RECORDING", "certified the day it was recorded, year end",
         (D(2026, 12, 31), D(2026, 12, 31)), D(2026, 12, 31)),
    Case("UPTON-280-RECORDING", "not yet certified: no start date", (D(2026, 7, 6), None), None),
]


@pytest.mark.parametrize("case", params(RECORDING))
def test_no_work_until_recorded_and_certified(case):
    recorded_on, certified_on = case.given
    d = pick(recording_deadlines(recorded_on, certified_on, cfg=case.cfg, cal=case.cal), case.rule_id)
    if case.expect is None:
        assert d.kind == NOT_BEFORE and d.earliest_on is None and "certif" in d.empty_reason
    else:
        assert_not_before_day(d, case.expect, case)


# ~§ 280-8A: petition of 25 or more voters "within 10 days of filing with the Town Clerk"; unchallenged
# regulations "go into effect 10 days after filing". AMB-39: a timely petition on day 10 prevents effect.
PETITION = [
    Case("UPTON-280-REGS-PETITION", "filed Tue 06-09: petition by Juneteenth 06-19", D(2026, 6, 9),
         D(2026, 6, 19), flags=("AMB-51",)),
    Case("UPTON-280-REGS-PETITION", "roll: petition by Mon 06-22", D(2026, 6, 9), D(2026, 6, 22), ROLL,
         flags=("AMB-51",)),
    Case("UPTON-280-REGS-PETITION", "filed 12-22, roll past New Year's Day to 2027-01-04", D(2026, 12, 22),
         D(2027, 1, 4), ROLL, flags=("AMB-51",)),
]


@pytest.mark.parametrize("case", params(PETITION))
def test_petition_within_10_days_of_clerk_filing(case):
    d = pick(regulations_filed_deadlines(case.given, cfg=case.cfg, cal=case.cal), case.rule_id)
    assert_must_by_day(d, case.expect, case)
    assert d.binds == "voters"


EFFECTIVE = [
    Case("UPTON-280-REGS-EFFECTIVE-10D", "unchallenged: in effect from 06-19", (None, 0), D(2026, 6, 19),
         flags=("AMB-39",)),
    Case("UPTON-280-REGS-EFFECTIVE-10D", "petition of 25 on day 10 prevents effect (AMB-39)",
         (D(2026, 6, 19), 25), None, flags=("AMB-39",)),
    Case("UPTON-280-REGS-EFFECTIVE-10D", "24 voters are not enough", (D(2026, 6, 12), 24), D(2026, 6, 19),
         flags=("AMB-39",)),
    Case("UPTON-280-REGS-EFFECTIVE-10D", "petition on day 11 is late", (D(2026, 6, 20), 30), D(2026, 6, 19),
         flags=("AMB-39",)),
    Case("UPTON-280-REGS-EFFECTIVE-10D", "roll: Monday 06-22 petition is timely", (D(2026, 6, 22), 25), None,
         ROLL, flags=("AMB-39",)),
]


@pytest.mark.parametrize("case", params(EFFECTIVE))
def test_regulations_effective_10_days_after_filing_unless_petitioned(case):
    petition_on, voters = case.given
    ds = regulations_filed_deadlines(D(2026, 6, 9), petition_on=petition_on, petition_voters=voters,
                                     cfg=case.cfg, cal=case.cal)
    d = pick(ds, case.rule_id)
    if case.expect is None:
        assert (d.kind, d.earliest_on, d.flags) == (NOT_BEFORE, None, case.flags)
        assert "Town Meeting" in d.empty_reason
    else:
        assert_not_before_day(d, case.expect, case)


# ~§ 280-13 with EXT-249-4-60D: certiorari "within 60 days after the proceeding" (display only, statutory).
APPEAL = [
    Case("UPTON-280-APPEAL", "decision 11-02 -> New Year's Day", D(2026, 11, 2), D(2027, 1, 1),
         flags=("AMB-51",)),
    Case("UPTON-280-APPEAL", "roll -> Mon 2027-01-04", D(2026, 11, 2), D(2027, 1, 4), ROLL,
         flags=("AMB-51",)),
    Case("UPTON-280-APPEAL", "Saturday 12-19 never rolls", D(2026, 10, 20), D(2026, 12, 19), ROLL,
         flags=("AMB-51",)),
    Case("UPTON-280-APPEAL", "decision 03-01 -> 04-30", D(2026, 3, 1), D(2026, 4, 30)),
]


@pytest.mark.parametrize("case", params(APPEAL))
def test_certiorari_appeal_displayed_60_days_after_decision(case):
    d = pick(decision_deadlines(case.given, cfg=case.cfg, cal=case.cal), case.rule_id)
    assert_must_by_day(d, case.expect, case)
    assert "EXT-249-4-60D" in d.explanation.line and d.binds == "aggrieved_party"
