"""Carver ch. 281 (Wetlands) deadlines, as worked cases written from the bylaw text and RULES.md §§ 1.2–1.5.

Default configuration (EXAMPLES.md): no c. 4 § 9 roll, no clear days, had_days_strict off, 2026 MA holidays
04-20 Patriots' Day, 06-19 Juneteenth, 07-04 (Saturday), 11-26 Thanksgiving, 12-25; 2027-01-01 (Friday).
"""
from __future__ import annotations

import datetime as dt

import pytest

from inspections.calendar import UTC
from inspections.deadlines.carver_281 import (
    emergency_work_deadlines,
    hearing_notice_deadlines,
    noi_deadlines,
    rda_deadlines,
    utility_work_deadlines,
)
from tests.unit.inspections.wetlands_cases import (
    MUST_BY,
    NOT_BEFORE,
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
STRICT = {"had_days_strict": True}

# ~§ 281-1D(2): "Written notice must be given to the Commission at least 14 days prior to the commencement"
# -> latest receipt = commencement date - 14 (CONV-ATLEAST-BEFORE); advisory office day when that is closed.
UTILITY_NOTICE = [
    Case("CARVER-281-UTIL-NOTICE-14D", "work Mon 05-04: last day Patriots Day 04-20, office day Fri 04-17",
         at(2026, 5, 4, 9), D(2026, 4, 20), advisory=D(2026, 4, 17)),
    Case("CARVER-281-UTIL-NOTICE-14D", "clear days: Sun 04-19, office day Fri 04-17",
         at(2026, 5, 4, 9), D(2026, 4, 19), CLEAR, advisory=D(2026, 4, 17)),
    Case("CARVER-281-UTIL-NOTICE-14D", "work Fri 07-03: last day Juneteenth, office day Thu 06-18",
         at(2026, 7, 3, 7), D(2026, 6, 19), advisory=D(2026, 6, 18)),
    Case("CARVER-281-UTIL-NOTICE-14D", "work Wed 12-09: Wed 11-25 of Thanksgiving week is open",
         at(2026, 12, 9, 8), D(2026, 11, 25)),
    Case("CARVER-281-UTIL-NOTICE-14D", "clear days Thanksgiving week: Tue 11-24",
         at(2026, 12, 9, 8), D(2026, 11, 24), CLEAR),
    Case("CARVER-281-UTIL-NOTICE-14D", "year end: work 2027-01-15, New Year's Day, office day 12-31",
         at(2027, 1, 15, 8), D(2027, 1, 1), advisory=D(2026, 12, 31)),
]


@pytest.mark.parametrize("case", params(UTILITY_NOTICE))
def test_utility_notice_reaches_commission_at_least_14_days_before_work(case):
    d = pick(utility_work_deadlines(case.given, cfg=case.cfg, cal=case.cal), case.rule_id)
    assert_must_by_day(d, case.expect, case)
    assert d.binds == "utility"


# ~§ 281-1D(2): "written permission must be granted by the Commission before any work begins" (CONV-BEFORE).
PERMISSION = [
    Case("CARVER-281-UTIL-PERMISSION", "permission strictly before work at 09:00", at(2026, 5, 4, 9),
         at(2026, 5, 4, 9)),
    Case("CARVER-281-UTIL-PERMISSION", "work at local midnight on New Year's Day", at(2027, 1, 1, 0),
         at(2027, 1, 1, 0)),
]


@pytest.mark.parametrize("case", params(PERMISSION))
def test_commission_permission_precedes_utility_work(case):
    d = pick(utility_work_deadlines(case.given, cfg=case.cfg, cal=case.cal), case.rule_id)
    assert_strictly_before(d, case.expect)
    assert d.binds == "commission"


# ~§ 281-1D(4): "notified prior to the commencement of emergency work or within 24 hours after commencement"
# CONV-HOURS: elapsed hours; across DST the wall clock moves by one hour. Hours never roll.
EMERGENCY_NOTICE = [
    Case("CARVER-281-EMERG-NOTICE-24H", "RULES CONV-HOURS example: Sat 03-07 09:00 EST -> Sun 10:00 EDT",
         at(2026, 3, 7, 9), at(2026, 3, 8, 10)),
    Case("CARVER-281-EMERG-NOTICE-24H", "fall back: Sat 10-31 09:00 EDT -> Sun 11-01 08:00 EST",
         at(2026, 10, 31, 9), at(2026, 11, 1, 8)),
    Case("CARVER-281-EMERG-NOTICE-24H", "into Thanksgiving, roll on: hours never roll",
         at(2026, 11, 25, 16), at(2026, 11, 26, 16), ROLL),
    Case("CARVER-281-EMERG-NOTICE-24H", "year end: 12-31 23:30 -> 2027-01-01 23:30",
         at(2026, 12, 31, 23, 30), at(2027, 1, 1, 23, 30)),
]


@pytest.mark.parametrize("case", params(EMERGENCY_NOTICE))
def test_emergency_notice_within_24_elapsed_hours(case):
    ds = emergency_work_deadlines(case.given, cfg=case.cfg, cal=case.cal)
    d = pick(ds, case.rule_id)
    assert (d.kind, d.latest_at, d.latest_on) == (MUST_BY, case.expect, case.expect.date())
    assert d.latest_at.astimezone(UTC) - case.given.astimezone(UTC) == dt.timedelta(hours=24)
    assert len(ds) == 1, "Carver sets no follow-up filing deadline after emergency work"


# ~§ 281-2A(7): "hold a public hearing within 21 days of its determination that the applicant's filing is
# complete"
# CONV-WITHIN: determination date + 21; roll_c4s9 moves a Sunday/holiday last day; Saturday never (AMB-51).
RDA_HEARING = [
    Case("CARVER-281-RDA-HEARING-21D", "Patriots Day last day, no roll", D(2026, 3, 30), D(2026, 4, 20),
         flags=("AMB-51",)),
    Case("CARVER-281-RDA-HEARING-21D", "Patriots Day rolled to Tue 04-21", D(2026, 3, 30), D(2026, 4, 21),
         ROLL, flags=("AMB-51",)),
    Case("CARVER-281-RDA-HEARING-21D", "year end: New Year's Day, no roll", D(2026, 12, 11), D(2027, 1, 1),
         flags=("AMB-51",)),
    Case("CARVER-281-RDA-HEARING-21D", "year end rolled past the weekend to Mon 2027-01-04", D(2026, 12, 11),
         D(2027, 1, 4), ROLL, flags=("AMB-51",)),
    Case("CARVER-281-RDA-HEARING-21D", "AMB-51: Saturday 07-04 is a legal holiday, rolled to Mon 07-06",
         D(2026, 6, 13), D(2026, 7, 6), ROLL, flags=("AMB-51",)),
    Case("CARVER-281-RDA-HEARING-21D", "AMB-51: an ordinary Saturday 07-11 never rolls", D(2026, 6, 20),
         D(2026, 7, 11), ROLL, flags=("AMB-51",)),
    Case("CARVER-281-RDA-HEARING-21D", "month end May -> Juneteenth rolled to Mon 06-22", D(2026, 5, 29),
         D(2026, 6, 22), ROLL, flags=("AMB-51",)),
    Case("CARVER-281-RDA-HEARING-21D", "Thanksgiving rolled to Fri 11-27", D(2026, 11, 5), D(2026, 11, 27),
         ROLL, flags=("AMB-51",)),
    Case("CARVER-281-RDA-HEARING-21D", "Sunday 11-08 rolled to Mon 11-09", D(2026, 10, 18), D(2026, 11, 9),
         ROLL, flags=("AMB-51",)),
    Case("CARVER-281-RDA-HEARING-21D", "ordinary Saturday last day, not rolled", D(2026, 1, 31),
         D(2026, 2, 21), ROLL, flags=("AMB-51",)),
    Case("CARVER-281-RDA-HEARING-21D", "open-office last day: Wed 11-25", D(2026, 11, 4), D(2026, 11, 25)),
    Case("CARVER-281-RDA-HEARING-21D", "determination given as an evening instant counts by its local date",
         at(2026, 11, 4, 23, 30), D(2026, 11, 25)),
]


@pytest.mark.parametrize("case", params(RDA_HEARING))
def test_rda_hearing_within_21_days_of_the_completeness_determination(case):
    d = pick(rda_deadlines(case.given, cfg=case.cfg, cal=case.cal), case.rule_id)
    assert_must_by_day(d, case.expect, case)
    assert d.binds == "commission"


# AMB-04: ch. 281 has no local NOI hearing deadline; one applies only if `carver281.noi_hearing_days` is set.
NOI_HEARING = [
    Case("CARVER-281-RDA-HEARING-21D", "NOI: no local hearing deadline by default (AMB-04)", D(2026, 3, 2),
         None, flags=("AMB-04",)),
    Case("CARVER-281-RDA-HEARING-21D", "NOI: configured 21 days -> 03-23", D(2026, 3, 2), D(2026, 3, 23),
         {"carver281.noi_hearing_days": 21}, flags=("AMB-04",)),
]


@pytest.mark.parametrize("case", params(NOI_HEARING))
def test_noi_hearing_has_no_local_deadline_unless_configured(case):
    d = pick(noi_deadlines(case.given, [], cfg=case.cfg, cal=case.cal), case.rule_id)
    if case.expect is None:
        assert (d.latest_on, d.latest_at, d.flags) == (None, None, case.flags)
        assert "AMB-04" in d.empty_reason and "carver281.noi_hearing_days" in d.empty_reason
    else:
        assert_must_by_day(d, case.expect, case)


# ~§ 281-2B(9): no final action until every joint-jurisdiction board "have had at least 14 days from receipt"
# CONV-HAD-N-DAYS: latest receipt + 14 (had_days_strict: + 15); flagged AMB-54.
BOARD_COMMENT = [
    Case("CARVER-281-NOI-BOARD-COMMENT-14D", "latest of three receipts Fri 06-05 -> 06-19",
         [D(2026, 6, 1), D(2026, 6, 3), D(2026, 6, 5)], D(2026, 6, 19), flags=("AMB-54",)),
    Case("CARVER-281-NOI-BOARD-COMMENT-14D", "receipts in any order, strict -> 06-20",
         [D(2026, 6, 5), D(2026, 6, 1), D(2026, 6, 3)], D(2026, 6, 20), STRICT, flags=("AMB-54",)),
    Case("CARVER-281-NOI-BOARD-COMMENT-14D", "year end: receipt 12-18 -> 2027-01-01 (not-before never rolls)",
         [D(2026, 12, 18)], D(2027, 1, 1), ROLL, flags=("AMB-54",)),
    Case("CARVER-281-NOI-BOARD-COMMENT-14D", "year end strict -> 2027-01-02", [D(2026, 12, 18)],
         D(2027, 1, 2), STRICT, flags=("AMB-54",)),
]


@pytest.mark.parametrize("case", params(BOARD_COMMENT))
def test_no_final_action_until_boards_had_14_days_from_latest_receipt(case):
    d = pick(noi_deadlines(D(2026, 5, 29), case.given, cfg=case.cfg, cal=case.cal), case.rule_id)
    assert_not_before_day(d, case.expect, case)
    assert d.binds == "commission"


def test_board_comment_period_without_any_receipt_is_empty_with_a_reason():
    case = BOARD_COMMENT[0]
    d = pick(noi_deadlines(D(2026, 5, 29), [], cfg=case.cfg, cal=case.cal), case.rule_id)
    assert d.kind == NOT_BEFORE and d.earliest_on is None and "receipt" in d.empty_reason


# ~§ 281-2C(5): "at least 14 days prior to the public hearing" by certified mail or hand delivery (dated by
# mailing, CONV-NOTICE-DATE).
HEARING_NOTICE = [
    Case("CARVER-281-HEARING-NOTICE-14D", "hearing Tue 05-05 -> Tue 04-21", at(2026, 5, 5, 19),
         D(2026, 4, 21)),
    Case("CARVER-281-HEARING-NOTICE-14D", "clear days: Patriots Day 04-20, office day Fri 04-17",
         at(2026, 5, 5, 19), D(2026, 4, 20), CLEAR, advisory=D(2026, 4, 17)),
    Case("CARVER-281-HEARING-NOTICE-14D", "hearing Thu 07-02 -> Thu 06-18", at(2026, 7, 2, 19),
         D(2026, 6, 18)),
    Case("CARVER-281-HEARING-NOTICE-14D", "clear days: Bunker Hill Day 06-17 is an office day",
         at(2026, 7, 2, 19), D(2026, 6, 17), CLEAR),
    Case("CARVER-281-HEARING-NOTICE-14D", "Thanksgiving last day, office day Wed 11-25", at(2026, 12, 10, 19),
         D(2026, 11, 26), advisory=D(2026, 11, 25)),
    Case("CARVER-281-HEARING-NOTICE-14D", "New Year's Day last day, office day 12-31", at(2027, 1, 15, 19),
         D(2027, 1, 1), advisory=D(2026, 12, 31)),
]


@pytest.mark.parametrize("case", params(HEARING_NOTICE))
def test_hearing_notice_mailed_at_least_14_days_before_the_hearing(case):
    d = pick(hearing_notice_deadlines(case.given, cfg=case.cfg, cal=case.cal), case.rule_id)
    assert_must_by_day(d, case.expect, case)
    assert d.binds == "applicant" and "mail" in d.label


# ~§ 281-2C(6): the notice affidavit is filed with the Commission before the hearing (CONV-BEFORE).
AFFIDAVIT = [
    Case("CARVER-281-NOTICE-AFFIDAVIT", "before the hearing opens at 19:00", at(2026, 5, 5, 19),
         at(2026, 5, 5, 19)),
]


@pytest.mark.parametrize("case", params(AFFIDAVIT))
def test_notice_affidavit_filed_before_the_hearing(case):
    d = pick(hearing_notice_deadlines(case.given, cfg=case.cfg, cal=case.cal), case.rule_id)
    assert_strictly_before(d, case.expect)
    assert d.binds == "applicant"
