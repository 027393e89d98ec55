"""The bylaw calendar (inspections.calendar) against RULES.md §0.1 conventions and the §0.3 holiday lists.

Expected values are the lists printed in RULES §0.3 and the worked conventions of §0.1 (CONV-HOURS's DST
example, CONV-MONTHS's missing day, CONV-ROLL), not the code's output.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

import holidays
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inspections.calendar import (
    TZ,
    BusinessCalendar,
    add_hours,
    add_months,
    add_years,
    at_least_before,
    end_of_day,
    had_days,
    local_date,
    within,
)
from inspections.config import DEFAULT
from inspections.deadlines.carver_247_site import InspectionEvent, deadlines_for_inspection_event

D = dt.date
CAL = BusinessCalendar()
SAT_FRI = BusinessCalendar(saturday_holiday_observed_friday=True)


def at(y: int, m: int, d: int, hh: int = 0, mm: int = 0) -> dt.datetime:
    return dt.datetime(y, m, d, hh, mm, tzinfo=TZ)


@dataclass(frozen=True)
class Case:
    rule_id: str
    name: str
    given: Any
    expected: Any


def cases(table: list[Case]) -> list[Any]:
    return [pytest.param(c, id=f"{c.rule_id} {c.name}") for c in table]


def closed_weekdays(cal: BusinessCalendar, year: int) -> list[dt.date]:
    day, out = D(year, 1, 1), []
    while day.year == year:
        if day.weekday() < 5 and not cal.is_business_day(day):
            out.append(day)
        day += dt.timedelta(days=1)
    return out


# RULES §0.3, the weekday holidays (a Saturday holiday has no weekday effect by default).
HOLIDAY_CASES = [
    Case(
        "EXT-MGL-4-7",
        "2026",
        (CAL, 2026),
        [
            D(2026, 1, 1),
            D(2026, 1, 19),
            D(2026, 2, 16),
            D(2026, 4, 20),
            D(2026, 5, 25),
            D(2026, 6, 19),
            D(2026, 9, 7),
            D(2026, 10, 12),
            D(2026, 11, 11),
            D(2026, 11, 26),
            D(2026, 12, 25),
        ],
    ),
    Case(
        "EXT-MGL-4-7",
        "2027 (Sun Jul 4 -> Mon Jul 5)",
        (CAL, 2027),
        [
            D(2027, 1, 1),
            D(2027, 1, 18),
            D(2027, 2, 15),
            D(2027, 4, 19),
            D(2027, 5, 31),
            D(2027, 7, 5),
            D(2027, 9, 6),
            D(2027, 10, 11),
            D(2027, 11, 11),
            D(2027, 11, 25),
        ],
    ),
    Case(
        "AMB-51",
        "2026, Saturday Jul 4 observed Fri Jul 3",
        (SAT_FRI, 2026),
        [
            D(2026, 1, 1),
            D(2026, 1, 19),
            D(2026, 2, 16),
            D(2026, 4, 20),
            D(2026, 5, 25),
            D(2026, 6, 19),
            D(2026, 7, 3),
            D(2026, 9, 7),
            D(2026, 10, 12),
            D(2026, 11, 11),
            D(2026, 11, 26),
            D(2026, 12, 25),
        ],
    ),
    Case(
        "AMB-51",
        "2027, Saturdays Jun 19, Dec 25 and Jan 1 2028 observed on Fridays",
        (SAT_FRI, 2027),
        [
            D(2027, 1, 1),
            D(2027, 1, 18),
            D(2027, 2, 15),
            D(2027, 4, 19),
            D(2027, 5, 31),
            D(2027, 6, 18),
            D(2027, 7, 5),
            D(2027, 9, 6),
            D(2027, 10, 11),
            D(2027, 11, 11),
            D(2027, 11, 25),
            D(2027, 12, 24),
            D(2027, 12, 31),
        ],
    ),
]


@pytest.mark.parametrize("case", cases(HOLIDAY_CASES))
def test_weekday_holidays_of_the_year(case):
    assert closed_weekdays(*case.given) == case.expected


DAY_CASES = [
    Case("CONV-BD", "Evacuation Day Tue 2026-03-17 is a business day", D(2026, 3, 17), True),
    Case("CONV-BD", "Evacuation Day Wed 2027-03-17 is a business day", D(2027, 3, 17), True),
    Case("CONV-BD", "Bunker Hill Day Wed 2026-06-17 is a business day", D(2026, 6, 17), True),
    Case("CONV-BD", "Bunker Hill Day Thu 2027-06-17 is a business day", D(2027, 6, 17), True),
    Case("CONV-BD", "Patriots Day Mon 2026-04-20", D(2026, 4, 20), False),
    Case("CONV-BD", "Sun Dec 25 2022 -> Mon Dec 26", D(2022, 12, 26), False),
    Case("CONV-BD", "Sun Jan 1 2023 -> Mon Jan 2", D(2023, 1, 2), False),
    Case("CONV-BD", "Sun Jun 19 2033 -> Mon Jun 20", D(2033, 6, 20), False),
    Case("CONV-BD", "Fri 2026-07-03 by default", D(2026, 7, 3), True),
    Case("CONV-BD", "a Saturday", D(2026, 3, 7), False),
]


@pytest.mark.parametrize("case", cases(DAY_CASES))
def test_business_day(case):
    assert CAL.is_business_day(case.given) is case.expected


def test_saturday_holiday_is_still_a_holiday_and_extra_closures_count():
    assert CAL.is_holiday(D(2026, 7, 4)) and not CAL.is_holiday(D(2026, 7, 3))
    cfg = DEFAULT.with_overrides(extra_closed_days=("2026-04-17",))
    assert not BusinessCalendar.from_config(cfg).is_business_day(D(2026, 4, 17))
    assert BusinessCalendar.from_config(
        DEFAULT.with_overrides(saturday_holiday_observed_friday=True)
    ).is_holiday(D(2026, 7, 3))


HOUR_CASES = [
    Case(
        "CONV-HOURS",
        "RULES example: Sat 09:00 EST + 24 h = Sun 10:00 EDT",
        (at(2026, 3, 7, 9), 24),
        at(2026, 3, 8, 10),
    ),
    Case("CONV-HOURS", "spring + 48 h", (at(2026, 3, 7, 9), 48), at(2026, 3, 9, 10)),
    Case(
        "CONV-HOURS",
        "fall: Sat 09:00 EDT + 24 h = Sun 08:00 EST",
        (at(2026, 10, 31, 9), 24),
        at(2026, 11, 1, 8),
    ),
    Case("CONV-HOURS", "no DST change", (at(2026, 4, 6, 10), 48), at(2026, 4, 8, 10)),
]


@pytest.mark.parametrize("case", cases(HOUR_CASES))
def test_exact_elapsed_hours_across_dst(case):
    result = add_hours(*case.given)
    assert result.astimezone(dt.UTC) == case.expected.astimezone(dt.UTC)
    assert result.utcoffset() == case.expected.utcoffset()


def test_naive_instants_are_refused_and_local_dates_are_new_york_dates():
    with pytest.raises(ValueError, match="naive"):
        add_hours(dt.datetime(2026, 3, 7, 9), 24)  # noqa: DTZ001
    assert local_date(dt.datetime(2026, 3, 9, 3, 30, tzinfo=dt.UTC)) == D(2026, 3, 8)
    assert end_of_day(D(2026, 3, 8)) == at(2026, 3, 8, 23, 59).replace(second=59, microsecond=999_999)


MONTH_CASES = [
    # given: (day, months); expected: (last_day, next_day)
    Case("CONV-MONTHS", "Feb 29 + 12 months", (D(2024, 2, 29), 12), (D(2025, 2, 28), D(2025, 3, 1))),
    Case("CONV-MONTHS", "Jan 31 + 1, common year", (D(2026, 1, 31), 1), (D(2026, 2, 28), D(2026, 3, 1))),
    Case("CONV-MONTHS", "Jan 31 + 1, leap year", (D(2028, 1, 31), 1), (D(2028, 2, 29), D(2028, 3, 1))),
    Case("CONV-MONTHS", "Jan 30 + 1", (D(2026, 1, 30), 1), (D(2026, 2, 28), D(2026, 3, 1))),
    Case("CONV-MONTHS", "Mar 31 + 1", (D(2026, 3, 31), 1), (D(2026, 4, 30), D(2026, 5, 1))),
    Case("CONV-MONTHS", "Aug 31 + 1", (D(2026, 8, 31), 1), (D(2026, 9, 30), D(2026, 10, 1))),
    Case("CONV-MONTHS", "Dec 31 + 2, across the year", (D(2026, 12, 31), 2), (D(2027, 2, 28), D(2027, 3, 1))),
    Case("CONV-MONTHS", "day exists", (D(2026, 5, 15), 1), (D(2026, 6, 15), D(2026, 6, 15))),
]


@pytest.mark.parametrize("case", cases(MONTH_CASES))
def test_calendar_months_under_both_eom_rules(case):
    day, months = case.given
    assert (add_months(day, months, "last_day"), add_months(day, months, "next_day")) == case.expected


def test_years_from_feb_29():
    assert (add_years(D(2028, 2, 29), 1), add_years(D(2028, 2, 29), 1, "next_day")) == (
        D(2029, 2, 28),
        D(2029, 3, 1),
    )
    assert add_years(D(2028, 2, 29), 4) == D(2032, 2, 29)


ROLL_CASES = [
    Case("CONV-ROLL", "Sunday -> Monday", D(2026, 3, 8), D(2026, 3, 9)),
    Case("CONV-ROLL", "Saturday never rolls", D(2026, 3, 7), D(2026, 3, 7)),
    Case("CONV-ROLL", "Columbus Day -> Tue", D(2026, 10, 12), D(2026, 10, 13)),
    Case("CONV-ROLL", "Sunday before Columbus Day -> Tue", D(2026, 10, 11), D(2026, 10, 13)),
    Case("CONV-ROLL", "Thanksgiving -> Fri", D(2026, 11, 26), D(2026, 11, 27)),
    Case("CONV-ROLL", "Christmas Fri -> Mon", D(2026, 12, 25), D(2026, 12, 28)),
    Case("CONV-ROLL", "AMB-51 clarified: Sat Jul 4 is a legal holiday, rolls to Mon 07-06", D(2026, 7, 4),
         D(2026, 7, 6)),
    Case("CONV-ROLL", "AMB-51: Sat 2027-06-19 Juneteenth -> Mon 06-21", D(2027, 6, 19), D(2027, 6, 21)),
    Case("CONV-ROLL", "AMB-51: Sat 2027-12-25 Christmas -> Mon 12-27", D(2027, 12, 25), D(2027, 12, 27)),
    Case("CONV-ROLL", "AMB-51: ordinary Sat 2026-07-11 never rolls", D(2026, 7, 11), D(2026, 7, 11)),
    Case("CONV-ROLL", "Fri Jul 3 is an office day by default", D(2026, 7, 3), D(2026, 7, 3)),
    Case("CONV-ROLL", "business day unchanged", D(2026, 3, 17), D(2026, 3, 17)),
]


@pytest.mark.parametrize("case", cases(ROLL_CASES))
def test_c4s9_roll(case):
    assert CAL.roll_c4s9(case.given) == case.expected


def test_c4s9_roll_of_a_saturday_holiday_observed_on_friday():
    assert SAT_FRI.roll_c4s9(D(2026, 7, 3)) == D(2026, 7, 6)


COUNT_CASES = [
    Case("CONV-WITHIN", "within 14 days of Fri 05-01", within(D(2026, 5, 1), 14), D(2026, 5, 15)),
    Case(
        "CONV-ATLEAST-BEFORE",
        "at least 7 days before Tue 03-24",
        at_least_before(D(2026, 3, 24), 7),
        D(2026, 3, 17),
    ),
    Case(
        "CONV-ATLEAST-BEFORE",
        "clear days",
        at_least_before(D(2026, 3, 24), 7, clear_days=True),
        D(2026, 3, 16),
    ),
    Case("CONV-HAD-N-DAYS", "had 35 days from Mon 03-02", had_days(D(2026, 3, 2), 35), D(2026, 4, 6)),
    Case("CONV-HAD-N-DAYS", "strict", had_days(D(2026, 3, 2), 35, strict=True), D(2026, 4, 7)),
    Case(
        "CONV-BD-AFTER",
        "2 business days after Wed before Thanksgiving",
        CAL.add_business_days(D(2026, 11, 25), 2),
        D(2026, 11, 30),
    ),
    Case(
        "CONV-BD-BEFORE",
        "2 business days before Tue 04-21",
        CAL.business_days_before(D(2026, 4, 21), 2),
        D(2026, 4, 16),
    ),
    Case(
        "CONV-BD",
        "business days in (Thu 04-16, Tue 04-21]",
        CAL.business_days_between(D(2026, 4, 16), D(2026, 4, 21)),
        2,
    ),
    Case(
        "CONV-ROLL",
        "practical office day before Patriots Day",
        CAL.previous_business_day(D(2026, 4, 20)),
        D(2026, 4, 17),
    ),
    Case(
        "EXT-OML-48H",
        "48 h posted Fri before Columbus Day",
        CAL.add_business_hours_excluding_closed_days(at(2026, 10, 9, 10), 48),
        at(2026, 10, 14, 10),
    ),
    Case(
        "EXT-OML-48H",
        "town closures do not stop the statute's clock",
        BusinessCalendar(
            extra_closed_days=frozenset({D(2026, 10, 13)})
        ).add_business_hours_excluding_closed_days(at(2026, 10, 9, 10), 48),
        at(2026, 10, 14, 10),
    ),
]


@pytest.mark.parametrize("case", cases(COUNT_CASES))
def test_day_counting_conventions(case):
    assert case.given == case.expected


# ------------------------------------------------------------------ property: business-day deadlines
def _oracle_closed(day: dt.date, saturday_to_friday: bool) -> bool:
    """Weekend, or an MA legal holiday from `holidays` with RULES §0.3's observance rules."""

    def listed(d: dt.date) -> bool:
        return d in holidays.country_holidays("US", subdiv="MA", years=d.year, observed=False)

    fixed = {(1, 1), (6, 19), (7, 4), (11, 11), (12, 25)}
    yesterday, tomorrow = day - dt.timedelta(days=1), day + dt.timedelta(days=1)
    return (
        day.weekday() >= 5
        or listed(day)
        or ((yesterday.month, yesterday.day) in fixed and yesterday.weekday() == 6 and listed(yesterday))
        or (
            saturday_to_friday
            and (tomorrow.month, tomorrow.day) in fixed
            and listed(tomorrow)
            and tomorrow.weekday() == 5
        )
    )


@settings(max_examples=200, deadline=None)
@given(day=st.dates(D(2020, 1, 1), D(2035, 12, 31)), n=st.integers(1, 15), saturday_to_friday=st.booleans())
def test_business_day_deadlines_never_land_on_a_weekend_or_holiday(day, n, saturday_to_friday):
    cfg = DEFAULT.with_overrides(saturday_holiday_observed_friday=saturday_to_friday)
    cal = BusinessCalendar.from_config(cfg)
    before, after = cal.business_days_before(day, n), cal.add_business_days(day, n)
    notice = deadlines_for_inspection_event(InspectionEvent.SEASON_CLOSE, day, cfg=cfg, cal=cal)[0].latest_on
    assert notice is not None
    for result in (before, after, notice):
        assert not _oracle_closed(result, saturday_to_friday)
    open_between = [before + dt.timedelta(days=i) for i in range(1, (day - before).days)]
    assert sum(not _oracle_closed(d, saturday_to_friday) for d in open_between) == n - 1
