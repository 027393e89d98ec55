"""Gardner ch. 650 (Wetlands Protection Ordinance) deadlines: worked cases from the text, RULES.md §§ 5.2–5.6.

Default configuration (EXAMPLES.md): the "11 days" and "14 hours" are applied as written and flagged (AMB-43,
AMB-42); each has its switch. 2026 holidays used: 04-20, 06-19, 07-04 (Sat), 11-11, 11-26, 12-25; 2027-01-01.
"""
from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inspections.calendar import TZ, UTC, BusinessCalendar
from inspections.config import DEFAULT
from inspections.deadlines.gardner_650 import (
    FilingKind,
    PermitKind,
    completed_filing_deadlines,
    decision_deadlines,
    emergency_notice_received_deadlines,
    emergency_work_deadlines,
    expiration_deadlines,
    filing_deadlines,
    final_action_deadlines,
    hearing_closed_deadlines,
    hearing_notice_deadlines,
    permit_issued_deadlines,
    public_way_work_deadlines,
    recording_deadlines,
    regulations_deadlines,
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

# ~§ 650-5A(1)(b): written notice "prior to the commencement of the work or within 14 hours after commencement
# in the event of extreme emergency" (AMB-42: 14 as written; `gardner650.emergency_notice_hours`). CONV-HOURS.
EMERGENCY_NOTICE = [
    Case("GARDNER-650-EMERG-NOTICE-14H", "fall back: Sat 10-31 20:00 EDT -> Sun 11-01 09:00 EST",
         (at(2026, 10, 31, 20), True), at(2026, 11, 1, 9), flags=("AMB-42",)),
    Case("GARDNER-650-EMERG-NOTICE-14H", "spring forward: Sat 03-07 22:00 EST -> Sun 03-08 13:00 EDT",
         (at(2026, 3, 7, 22), True), at(2026, 3, 8, 13), flags=("AMB-42",)),
    Case("GARDNER-650-EMERG-NOTICE-14H", "alt 24 hours: -> Sun 11-01 19:00 EST",
         (at(2026, 10, 31, 20), True), at(2026, 11, 1, 19), {"gardner650.emergency_notice_hours": 24},
         flags=("AMB-42",)),
]


@pytest.mark.parametrize("case", params(EMERGENCY_NOTICE))
def test_extreme_emergency_notice_within_14_elapsed_hours(case):
    commenced_at, extreme = case.given
    ds = emergency_work_deadlines(commenced_at, extreme=extreme, cfg=case.cfg, cal=case.cal)
    d = pick(ds, case.rule_id)
    assert (d.kind, d.latest_at, d.latest_on) == (MUST_BY, case.expect, case.expect.date())
    assert d.flags == case.flags
    hours = case.switches.get("gardner650.emergency_notice_hours", 14)
    assert d.latest_at.astimezone(UTC) - commenced_at.astimezone(UTC) == dt.timedelta(hours=hours)


def test_ordinary_emergency_notice_must_precede_the_work():
    commenced_at = at(2026, 10, 31, 20)
    d = pick(emergency_work_deadlines(commenced_at, extreme=False, cfg=DEFAULT, cal=BusinessCalendar()),
             "GARDNER-650-EMERG-NOTICE-14H")
    assert_strictly_before(d, commenced_at)
    assert d.flags == ()


# ~§ 650-5A(1)(c): deemed certified if the Commission "fails to act within 10 business days after receiving
# written notice" (CONV-BD-AFTER; AMB-44: deemed from 00:00 the calendar day after the 10th business day).
CERTIFICATION = [
    Case("GARDNER-650-EMERG-CERT-10BD", "Mon 04-06: Patriots Day skipped -> act by Tue 04-21",
         at(2026, 4, 6, 10), (D(2026, 4, 21), at(2026, 4, 22)), flags=("AMB-44",)),
    Case("GARDNER-650-EMERG-CERT-10BD", "receipt 02:00 UTC counts as local Mon 04-06",
         dt.datetime(2026, 4, 7, 2, tzinfo=UTC), (D(2026, 4, 21), at(2026, 4, 22)), flags=("AMB-44",)),
    Case("GARDNER-650-EMERG-CERT-10BD", "Fri 06-12: Juneteenth skipped, Bunker Hill counts -> Mon 06-29",
         at(2026, 6, 12, 15), (D(2026, 6, 29), at(2026, 6, 30)), flags=("AMB-44",)),
    Case("GARDNER-650-EMERG-CERT-10BD", "Mon 11-09: Veterans Day skipped -> Tue 11-24",
         at(2026, 11, 9, 9), (D(2026, 11, 24), at(2026, 11, 25)), flags=("AMB-44",)),
    Case("GARDNER-650-EMERG-CERT-10BD", "Thanksgiving week: Fri 11-20 -> Mon 12-07",
         at(2026, 11, 20, 9), (D(2026, 12, 7), at(2026, 12, 8)), flags=("AMB-44",)),
    Case("GARDNER-650-EMERG-CERT-10BD", "year end: Thu 12-17 -> Mon 2027-01-04, roll has no effect",
         at(2026, 12, 17, 9), (D(2027, 1, 4), at(2027, 1, 5)), ROLL, flags=("AMB-44",)),
    Case("GARDNER-650-EMERG-CERT-10BD", "Saturday receipt in DST week -> Fri 03-20, deemed Sat 00:00 EDT",
         at(2026, 3, 7, 11), (D(2026, 3, 20), at(2026, 3, 21)), flags=("AMB-44",)),
]


@pytest.mark.parametrize("case", params(CERTIFICATION))
def test_emergency_deemed_certified_after_10_business_days(case):
    ds = emergency_notice_received_deadlines(case.given, cfg=case.cfg, cal=case.cal)
    act_by, deemed_at = case.expect
    acts = pick(ds, case.rule_id, MUST_BY)
    assert_must_by_day(acts, act_by, case)
    assert acts.binds == "commission"
    deemed = pick(ds, case.rule_id, NOT_BEFORE)
    assert (deemed.earliest_on, deemed.earliest_at, deemed.flags) == (deemed_at.date(), deemed_at, case.flags)
    assert deemed.earliest_at.utcoffset() == deemed_at.utcoffset()


# ~§ 650-5A(2): "within 11 days of commencement of an emergency project, a permit application shall be filed"
# (AMB-43: 11 as written; `gardner650.emergency_app_days`).
EMERGENCY_APPLICATION = [
    Case("GARDNER-650-EMERG-APP-11D", "12-21 -> New Year's Day", at(2026, 12, 21, 8), D(2027, 1, 1),
         flags=("AMB-43", "AMB-51")),
    Case("GARDNER-650-EMERG-APP-11D", "roll -> Mon 2027-01-04", at(2026, 12, 21, 8), D(2027, 1, 4), ROLL,
         flags=("AMB-43", "AMB-51")),
    Case("GARDNER-650-EMERG-APP-11D", "alt 21 days -> Mon 2027-01-11", at(2026, 12, 21, 8), D(2027, 1, 11),
         {"gardner650.emergency_app_days": 21}, flags=("AMB-43",)),
]


@pytest.mark.parametrize("case", params(EMERGENCY_APPLICATION))
def test_emergency_permit_application_within_11_days(case):
    d = pick(emergency_work_deadlines(case.given, extreme=True, cfg=case.cfg, cal=case.cal), case.rule_id)
    assert_must_by_day(d, case.expect, case)
    assert d.binds == "applicant"


# ~§ 650-5B and 5C: utility work and public-way repair need written notice "prior to commencement of work".
PRIOR_NOTICE = [
    Case("GARDNER-650-EXEMPT-UTIL", "utility notice strictly before 07:00", at(2026, 11, 27, 7),
         at(2026, 11, 27, 7)),
    Case("GARDNER-650-EXEMPT-PUBLIC-WAYS", "public-way notice strictly before 06:30", at(2027, 1, 4, 6, 30),
         at(2027, 1, 4, 6, 30)),
]


@pytest.mark.parametrize("case", params(PRIOR_NOTICE))
def test_exempt_work_notice_before_commencement(case):
    make = utility_work_deadlines if case.rule_id == "GARDNER-650-EXEMPT-UTIL" else public_way_work_deadlines
    d = pick(make(case.given, cfg=case.cfg, cal=case.cal), case.rule_id)
    assert_strictly_before(d, case.expect)


# ~§ 650-6C: "payment of a fee at the time of filing a RDA, NOI, permit application and certificate of
# compliance".
FILING_FEE = [
    Case("GARDNER-650-FILING-FEE", "COC request at year end", (D(2026, 12, 31), FilingKind.COC_REQUEST),
         D(2026, 12, 31)),
    Case("GARDNER-650-FILING-FEE", "NOI at month end", (D(2026, 6, 30), FilingKind.NOI), D(2026, 6, 30)),
]


@pytest.mark.parametrize("case", params(FILING_FEE))
def test_fee_paid_at_the_time_of_filing(case):
    filed_on, kind = case.given
    d = pick(filing_deadlines(filed_on, kind, cfg=case.cfg, cal=case.cal), case.rule_id)
    assert_must_by_day(d, case.expect, case)


# ~§ 650-6B: copies to six officials "at the same time, by certified mail (return receipt requested) or hand
# delivery" (CONV-SAME-TIME); the 300-ft adjoining-municipality copy in the same manner.
SIX = ("Mayor", "Planning Board", "Zoning Board of Appeals", "Board of Health", "City Engineer",
       "Building Commissioner")
BOARD_COPIES = [
    Case("GARDNER-650-BOARD-COPIES", "RDA: six recipients", (D(2026, 6, 30), FilingKind.RDA), SIX),
    Case("GARDNER-650-BOARD-COPIES", "COC request: no copies", (D(2026, 6, 30), FilingKind.COC_REQUEST), ()),
]


@pytest.mark.parametrize("case", params(BOARD_COPIES))
def test_copies_go_to_six_city_officials(case):
    filed_on, kind = case.given
    ds = filing_deadlines(filed_on, kind, cfg=case.cfg, cal=case.cal)
    copies = [d for d in ds if d.rule_id == "GARDNER-650-BOARD-SAME-TIME"]
    assert len(copies) == len(case.expect)
    named = [r for r in case.expect for d in copies if d.label.endswith(f"to the {r}")]
    assert sorted(named) == sorted(case.expect)
    assert all(case.rule_id in d.explanation.line for d in copies)


SAME_TIME = [
    Case("GARDNER-650-BOARD-SAME-TIME", "NOI filed 06-30: copies the same day", D(2026, 6, 30),
         (D(2026, 6, 30), D(2026, 6, 30))),
    Case("GARDNER-650-BOARD-SAME-TIME", "tolerance 1 day spans the month end", D(2026, 6, 30),
         (D(2026, 6, 29), D(2026, 7, 1)), {"same_time_tolerance_days": 1}),
]


@pytest.mark.parametrize("case", params(SAME_TIME))
def test_copies_sent_at_the_same_time_as_the_filing(case):
    ds = filing_deadlines(case.given, FilingKind.NOI, cfg=case.cfg, cal=case.cal)
    copies = [d for d in ds if d.rule_id == case.rule_id]
    assert len(copies) == 6
    assert {(d.kind, d.earliest_on, d.latest_on, d.binds) for d in copies} == {(WINDOW, *case.expect,
                                                                                  "applicant")}


ADJOINING = [
    Case("GARDNER-650-ADJ-MUNI-300FT", "RDA 299.9 ft from Westminster: copy due", 299.9, True),
    Case("GARDNER-650-ADJ-MUNI-300FT", "300.1 ft: no copy", 300.1, False),
]


@pytest.mark.parametrize("case", params(ADJOINING))
def test_copy_to_adjoining_municipality_within_300_feet(case):
    ds = filing_deadlines(D(2026, 6, 30), FilingKind.RDA, town_line_distance_ft=case.given, cfg=case.cfg,
                          cal=case.cal)
    assert any(d.rule_id == case.rule_id for d in ds) is case.expect


# ~§ 650-6F: hearing-notice timing is left to the Commission's rules: none by default; a configured
# `gardner650.hearing_notice_days` is read as "at least N days before" (CONV-ATLEAST-BEFORE, advisory day).
NOTICE_BY_REGS = [
    Case("GARDNER-650-NOTICE-BY-REGS", "no number in the ordinance", D(2026, 7, 14), None),
    Case("GARDNER-650-NOTICE-BY-REGS", "configured 10 days: Sat 07-04, office day Fri 07-03", D(2026, 7, 14),
         D(2026, 7, 4), {"gardner650.hearing_notice_days": 10}, advisory=D(2026, 7, 3)),
    Case("GARDNER-650-NOTICE-BY-REGS", "Saturday holiday observed Friday: office day Thu 07-02",
         D(2026, 7, 14),
         D(2026, 7, 4), {"gardner650.hearing_notice_days": 10, "saturday_holiday_observed_friday": True},
         advisory=D(2026, 7, 2)),
]


@pytest.mark.parametrize("case", params(NOTICE_BY_REGS))
def test_hearing_notice_timing_comes_from_the_rules(case):
    d = pick(hearing_notice_deadlines(case.given, cfg=case.cfg, cal=case.cal), case.rule_id)
    if case.expect is None:
        assert d.latest_on is None and "gardner650.hearing_notice_days" in d.empty_reason
    else:
        assert_must_by_day(d, case.expect, case)


# ~§ 650-6G: "commence the public hearing within 11 days from receipt of a completed RDA or NOI" (AMB-43).
HEARING = [
    Case("GARDNER-650-HEARING-11D", "Thu 04-09 -> Patriots Day", (D(2026, 4, 9), None), D(2026, 4, 20),
         flags=("AMB-43", "AMB-51")),
    Case("GARDNER-650-HEARING-11D", "roll -> Tue 04-21", (D(2026, 4, 9), None), D(2026, 4, 21), ROLL,
         flags=("AMB-43", "AMB-51")),
    Case("GARDNER-650-HEARING-11D", "alt 21 days -> Thu 04-30", (D(2026, 4, 9), None), D(2026, 4, 30),
         {"gardner650.hearing_days": 21}, flags=("AMB-43",)),
    Case("GARDNER-650-HEARING-11D", "written extension to 05-05", (D(2026, 4, 9), D(2026, 5, 5)),
         D(2026, 5, 5), flags=("AMB-43",)),
]


@pytest.mark.parametrize("case", params(HEARING))
def test_hearing_commences_within_11_days(case):
    completed_on, extended_to = case.given
    d = pick(completed_filing_deadlines(completed_on, extended_to=extended_to, cfg=case.cfg, cal=case.cal),
             case.rule_id)
    assert_must_by_day(d, case.expect, case)


# ~§ 650-6B: no final action until the boards "have had 14 days from receipt of notice" (AMB-54).
BOARD_COMMENT = [
    Case("GARDNER-650-BOARD-COMMENT-14D", "latest receipt 12-18 -> 2027-01-01",
         [D(2026, 12, 17), D(2026, 12, 18)], D(2027, 1, 1), flags=("AMB-54",)),
    Case("GARDNER-650-BOARD-COMMENT-14D", "strict -> 2027-01-02", [D(2026, 12, 18), D(2026, 12, 17)],
         D(2027, 1, 2), {"had_days_strict": True}, flags=("AMB-54",)),
]


@pytest.mark.parametrize("case", params(BOARD_COMMENT))
def test_no_final_action_until_boards_had_14_days(case):
    d = pick(final_action_deadlines(case.given, cfg=case.cfg, cal=case.cal), case.rule_id)
    assert_not_before_day(d, case.expect, case)


# ~§ 650-6H: "issue a written decision within 11 days of the close of the public hearing" (AMB-43).
DECISION = [
    Case("GARDNER-650-DECISION-11D", "Mon 06-08 -> Juneteenth", (D(2026, 6, 8), None), D(2026, 6, 19),
         flags=("AMB-43", "AMB-51")),
    Case("GARDNER-650-DECISION-11D", "roll -> Mon 06-22", (D(2026, 6, 8), None), D(2026, 6, 22), ROLL,
         flags=("AMB-43", "AMB-51")),
    Case("GARDNER-650-DECISION-11D", "AMB-51: Sat holiday 07-04 -> Mon 07-06", (D(2026, 6, 23), None),
         D(2026, 7, 6), ROLL, flags=("AMB-43", "AMB-51")),
    Case("GARDNER-650-DECISION-11D", "AMB-51: an ordinary Saturday 07-11 never rolls", (D(2026, 6, 30), None),
         D(2026, 7, 11), ROLL, flags=("AMB-43", "AMB-51")),
    Case("GARDNER-650-DECISION-11D", "alt 21 days -> Mon 06-29", (D(2026, 6, 8), None), D(2026, 6, 29),
         {"gardner650.decision_days": 21}, flags=("AMB-43",)),
    Case("GARDNER-650-DECISION-11D", "year end: 12-21 -> New Year's Day", (D(2026, 12, 21), None),
         D(2027, 1, 1), flags=("AMB-43", "AMB-51")),
]


@pytest.mark.parametrize("case", params(DECISION))
def test_written_decision_within_11_days_of_hearing_close(case):
    closed_on, extended_to = case.given
    ds = hearing_closed_deadlines(closed_on, extended_to=extended_to, cfg=case.cfg, cal=case.cal)
    d = pick(ds, case.rule_id)
    assert_must_by_day(d, case.expect, case)
    assert d.binds == "commission"


# ~§ 650-6I: "expire three years from the date of issuance"; maintenance permits five years (CONV-EXPIRY,
# AMB-52).
PERMIT_TERM = [
    Case("GARDNER-650-PERMIT-3Y", "leap day 2028-02-29 -> 2031-02-28", (D(2028, 2, 29), PermitKind.STANDARD),
         D(2031, 2, 28), flags=("AMB-52",)),
    Case("GARDNER-650-PERMIT-3Y", "leap day, eom next_day -> 2031-03-01",
         (D(2028, 2, 29), PermitKind.STANDARD), D(2031, 3, 1), {"eom_rule": "next_day"}, flags=("AMB-52",)),
    Case("GARDNER-650-PERMIT-3Y", "issued Thanksgiving 2026 -> 2029-11-26",
         (D(2026, 11, 26), PermitKind.STANDARD), D(2029, 11, 26)),
    Case("GARDNER-650-PERMIT-5Y-MAINT", "month end 2026-01-31 -> 2031-01-31",
         (D(2026, 1, 31), PermitKind.MAINTENANCE), D(2031, 1, 31)),
]


@pytest.mark.parametrize("case", params(PERMIT_TERM))
def test_permit_valid_through_its_anniversary(case):
    issued_on, kind = case.given
    ds = permit_issued_deadlines(issued_on, kind, cfg=case.cfg, cal=case.cal)
    d = pick(ds, case.rule_id)
    assert_must_by_day(d, case.expect, case)
    assert not any(x.kind == WINDOW for x in ds), "Gardner requires no annual notification (unlike Upton)"


# ~§ 650-6I: renewal request "received in writing by the Commission at least 30 days prior to its expiration".
RENEW_REQUEST = [
    Case("GARDNER-650-RENEW-30D", "expiry 2027-01-31 -> New Year's Day, office day 12-31", D(2027, 1, 31),
         D(2027, 1, 1), advisory=D(2026, 12, 31)),
    Case("GARDNER-650-RENEW-30D", "clear days -> Thu 2026-12-31", D(2027, 1, 31), D(2026, 12, 31), CLEAR),
    Case("GARDNER-650-RENEW-30D", "expiry 2027-05-20 -> Tue 04-20 (open)", D(2027, 5, 20), D(2027, 4, 20)),
    Case("GARDNER-650-RENEW-30D", "clear days -> Patriots Day 2027-04-19, office day Fri 04-16",
         D(2027, 5, 20), D(2027, 4, 19), CLEAR, advisory=D(2027, 4, 16)),
    Case("GARDNER-650-RENEW-30D", "expiry 2029-11-26 -> Sat 10-27, office day Fri 10-26", D(2029, 11, 26),
         D(2029, 10, 27), advisory=D(2029, 10, 26)),
]


@pytest.mark.parametrize("case", params(RENEW_REQUEST))
def test_renewal_request_received_at_least_30_days_before_expiry(case):
    d = pick(expiration_deadlines(case.given, cfg=case.cfg, cal=case.cal), case.rule_id)
    assert_must_by_day(d, case.expect, case)
    assert d.binds == "permittee"


def test_permit_issue_carries_its_renewal_request_deadline():
    issued = PERMIT_TERM[2]
    ds = permit_issued_deadlines(D(2026, 11, 26), PermitKind.STANDARD, cfg=issued.cfg, cal=issued.cal)
    assert pick(ds, "GARDNER-650-RENEW-30D").latest_on == D(2029, 10, 27)


# ~§ 650-6I: "renewed for periods of up to three years" (no limit on the number of renewals).
RENEWAL = [
    Case("GARDNER-650-RENEW-3Y", "expiry 2029-11-26 -> renewed at most to 2032-11-26", D(2029, 11, 26),
         D(2032, 11, 26)),
    Case("GARDNER-650-RENEW-3Y", "leap-day expiry 2028-02-29 -> 2031-02-28", D(2028, 2, 29), D(2031, 2, 28),
         flags=("AMB-52",)),
]


@pytest.mark.parametrize("case", params(RENEWAL))
def test_renewal_runs_at_most_three_years(case):
    d = pick(expiration_deadlines(case.given, cfg=case.cfg, cal=case.cal), case.rule_id)
    assert_must_by_day(d, case.expect, case)


# ~§ 650-6I: no work until the OOC is recorded "and until the permit holder submits evidence of such
# recording".
RECORDING = [
    Case("GARDNER-650-RECORDING", "recorded 07-06, evidence 07-10 -> work from 07-10",
         (D(2026, 7, 6), D(2026, 7, 10)), D(2026, 7, 10)),
    Case("GARDNER-650-RECORDING", "no evidence yet", (D(2026, 7, 6), None), None),
]


@pytest.mark.parametrize("case", params(RECORDING))
def test_no_work_until_recording_evidence(case):
    recorded_on, evidence_on = case.given
    d = pick(recording_deadlines(recorded_on, evidence_on, cfg=case.cfg, cal=case.cal), case.rule_id)
    if case.expect is None:
        assert d.earliest_on is None and "evidence" in d.empty_reason
    else:
        assert_not_before_day(d, case.expect, case)


# ~§ 650-8: rules effective "when voted by the Commission, approved by the Gardner City Council and filed with
# the City Clerk": the latest of the three dates.
REGULATIONS = [
    Case("GARDNER-650-REGS-EFFECTIVE", "vote 03-10, council 04-13, clerk 04-15 -> 04-15",
         (D(2026, 3, 10), D(2026, 4, 13), D(2026, 4, 15)), D(2026, 4, 15)),
    Case("GARDNER-650-REGS-EFFECTIVE", "filed before council approval -> council date 06-08",
         (D(2026, 5, 12), D(2026, 6, 8), D(2026, 6, 1)), D(2026, 6, 8)),
    Case("GARDNER-650-REGS-EFFECTIVE", "no council approval yet", (D(2026, 3, 10), None, D(2026, 4, 15)),
         None),
]


@pytest.mark.parametrize("case", params(REGULATIONS))
def test_rules_effective_when_voted_approved_and_filed(case):
    d = pick(regulations_deadlines(*case.given, cfg=case.cfg, cal=case.cal), case.rule_id)
    if case.expect is None:
        assert d.earliest_on is None and "City Council" in d.empty_reason
    else:
        assert_not_before_day(d, case.expect, case)


# ~§ 650-11 with EXT-249-4-60D: certiorari within 60 days (display only).
APPEAL = [
    Case("GARDNER-650-APPEAL", "decision 11-02 -> New Year's Day", D(2026, 11, 2), D(2027, 1, 1),
         flags=("AMB-51",)),
    Case("GARDNER-650-APPEAL", "roll -> Mon 2027-01-04", D(2026, 11, 2), D(2027, 1, 4), ROLL,
         flags=("AMB-51",)),
]


@pytest.mark.parametrize("case", params(APPEAL))
def test_certiorari_appeal_displayed_60_days_after_decision(case):
    d = pick(decision_deadlines(case.given, cfg=case.cfg, cal=case.cal), case.rule_id)
    assert_must_by_day(d, case.expect, case)
    assert "EXT-249-4-60D" in d.explanation.line


# Properties (CONV-ROLL, CONV-BD-AFTER / AMB-44, CONV-HOURS).
DAYS = st.dates(min_value=D(2026, 1, 1), max_value=D(2028, 12, 31))
ROLLING = DEFAULT.with_overrides(roll_c4s9=True)
CAL = BusinessCalendar()


@settings(max_examples=200, deadline=None)
@given(DAYS)
def test_rolled_last_day_is_never_a_sunday_or_holiday_and_saturday_stays(closed_on):
    d = pick(hearing_closed_deadlines(closed_on, cfg=ROLLING, cal=CAL), "GARDNER-650-DECISION-11D")
    unrolled = closed_on + dt.timedelta(days=11)
    if unrolled.weekday() == 5 and not CAL.is_holiday(unrolled):  # AMB-51: a Saturday holiday rolls
        assert d.latest_on == unrolled
    else:
        assert d.latest_on.weekday() != 6 and not CAL.is_holiday(d.latest_on)
        assert d.latest_on >= unrolled


@settings(max_examples=200, deadline=None)
@given(DAYS)
def test_deemed_certification_starts_at_midnight_after_the_tenth_business_day(received_on):
    ds = emergency_notice_received_deadlines(received_on, cfg=DEFAULT, cal=CAL)
    acts = pick(ds, "GARDNER-650-EMERG-CERT-10BD", MUST_BY)
    deemed = pick(ds, "GARDNER-650-EMERG-CERT-10BD", NOT_BEFORE)
    assert CAL.is_business_day(acts.latest_on)
    assert CAL.business_days_between(received_on, acts.latest_on) == 10
    assert CAL.business_days_between(received_on, acts.latest_on - dt.timedelta(days=1)) == 9
    next_day = acts.latest_on + dt.timedelta(days=1)
    assert deemed.earliest_at == dt.datetime.combine(next_day, dt.time(), tzinfo=TZ)


@settings(max_examples=200, deadline=None)
@given(st.datetimes(min_value=dt.datetime(2026, 1, 1), max_value=dt.datetime(2027, 12, 31),  # noqa: DTZ001
                    timezones=st.just(UTC)))
def test_extreme_emergency_notice_is_exactly_14_elapsed_hours(commenced_at):
    ds = emergency_work_deadlines(commenced_at, extreme=True, cfg=DEFAULT, cal=CAL)
    d = pick(ds, "GARDNER-650-EMERG-NOTICE-14H")
    assert d.latest_at.astimezone(UTC) - commenced_at == dt.timedelta(hours=14)
