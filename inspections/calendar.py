"""Local dates and the business-day calendar of the bylaws (RULES.md §0.1, §0.3).

Instants are aware datetimes (UTC in storage); every bylaw clock counts in America/New_York local dates.
Business ("working") days are Monday to Friday less the Massachusetts legal holidays of MGL c. 4 § 7
(EXT-MGL-4-7), taken from `holidays` (subdivision MA). Evacuation Day and Bunker Hill Day are business days
outside Suffolk County. A fixed-date holiday on a Sunday is kept on the following Monday; a Saturday
holiday moves to Friday only with `saturday_holiday_observed_friday`.

Conventions implemented here, by id: CONV-TZ, CONV-DAYS, CONV-WITHIN, CONV-ATLEAST-BEFORE, CONV-HAD-N-DAYS,
CONV-HOURS, CONV-BD, CONV-BD-BEFORE, CONV-BD-AFTER, CONV-ROLL, CONV-MONTHS, CONV-EXPIRY.
"""
from __future__ import annotations

import calendar as _cal
import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from zoneinfo import ZoneInfo

import holidays

from inspections.config import DEFAULT, BylawConfig

TZ = ZoneInfo("America/New_York")  # CONV-TZ, READ-TZ-FIXED: the law's own clock, not a town setting
UTC = dt.UTC
FIXED_DATE_HOLIDAYS = {(1, 1), (6, 19), (7, 4), (11, 11), (12, 25)}


def require_aware(instant: dt.datetime) -> dt.datetime:
    if instant.tzinfo is None or instant.utcoffset() is None:
        raise ValueError(f"naive datetime {instant!r}: instants must carry a time zone")
    return instant


def local_date(instant: dt.datetime) -> dt.date:
    """CONV-TZ: the calendar day of an instant is its America/New_York date."""
    return require_aware(instant).astimezone(TZ).date()


def local_datetime(day: dt.date, hour: int = 0, minute: int = 0) -> dt.datetime:
    """An aware local wall-clock time (for tests and inputs given as local times)."""
    return dt.datetime(day.year, day.month, day.day, hour, minute, tzinfo=TZ)


def end_of_day(day: dt.date) -> dt.datetime:
    """CONV-WITHIN: a deadline date includes the whole day, through 23:59:59.999999 local."""
    return dt.datetime.combine(day, dt.time.max, tzinfo=TZ)


def add_hours(instant: dt.datetime, hours: float) -> dt.datetime:
    """CONV-HOURS: exact elapsed hours, computed in UTC (moves an hour in wall-clock time across DST)."""
    return (require_aware(instant).astimezone(UTC) + dt.timedelta(hours=hours)).astimezone(TZ)


def add_months(day: dt.date, months: int, eom_rule: str = "last_day") -> dt.date:
    """CONV-MONTHS: calendar months; a missing day becomes the month's last day (or the next day)."""
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    last = _cal.monthrange(year, month + 1)[1]
    if day.day <= last:
        return dt.date(year, month + 1, day.day)
    if eom_rule == "next_day":
        return dt.date(year, month + 1, last) + dt.timedelta(days=1)
    return dt.date(year, month + 1, last)


def add_years(day: dt.date, years: int, eom_rule: str = "last_day") -> dt.date:
    return add_months(day, 12 * years, eom_rule)


@lru_cache(maxsize=64)
def _legal_holidays(year: int, saturday_to_friday: bool) -> frozenset[dt.date]:
    days = set()
    for day in holidays.country_holidays("US", subdiv="MA", years=year, observed=False):
        days.add(day)
        if (day.month, day.day) in FIXED_DATE_HOLIDAYS and day.weekday() == 6:
            days.add(day + dt.timedelta(days=1))
        if saturday_to_friday and day.weekday() == 5:
            days.add(day - dt.timedelta(days=1))
    # A Saturday Jan 1 observed on Friday Dec 31 of the year before:
    nxt = dt.date(year + 1, 1, 1)
    if saturday_to_friday and nxt.weekday() == 5:
        days.add(nxt - dt.timedelta(days=1))
    return frozenset(days)


@dataclass(frozen=True)
class BusinessCalendar:
    """Mon-Fri less MA legal holidays and any extra closed days a town configures (CONV-BD, AMB-14)."""

    saturday_holiday_observed_friday: bool = False
    extra_closed_days: frozenset[dt.date] = field(default_factory=frozenset)

    @classmethod
    def from_config(
        cls, config: BylawConfig = DEFAULT, extra: Iterable[dt.date | str] = ()
    ) -> BusinessCalendar:
        closed = {d if isinstance(d, dt.date) else dt.date.fromisoformat(d)
                  for d in (*config["extra_closed_days"], *extra)}
        return cls(config["saturday_holiday_observed_friday"], frozenset(closed))

    def is_holiday(self, day: dt.date) -> bool:
        return day in _legal_holidays(day.year, self.saturday_holiday_observed_friday)

    def is_business_day(self, day: dt.date) -> bool:
        return day.weekday() < 5 and not self.is_holiday(day) and day not in self.extra_closed_days

    def add_business_days(self, day: dt.date, n: int) -> dt.date:
        """CONV-BD-AFTER: the Nth business day after `day`, not counting `day` itself."""
        step = 1 if n >= 0 else -1
        remaining = abs(n)
        while remaining:
            day += dt.timedelta(days=step)
            if self.is_business_day(day):
                remaining -= 1
        return day

    def business_days_before(self, event: dt.date, n: int) -> dt.date:
        """CONV-BD-BEFORE: count back N business days from the event, excluding the event day."""
        return self.add_business_days(event, -n)

    def business_days_between(self, start: dt.date, end: dt.date) -> int:
        """Business days in (start, end]."""
        count, day = 0, start
        while day < end:
            day += dt.timedelta(days=1)
            count += self.is_business_day(day)
        return count

    def closed_weekdays_between(self, first: dt.date, last: dt.date) -> list[dt.date]:
        """The weekdays strictly between two dates that are not business days (holidays, closures)."""
        days = (first + dt.timedelta(days=i) for i in range(1, (last - first).days))
        return [d for d in days if d.weekday() < 5 and not self.is_business_day(d)]

    def previous_business_day(self, day: dt.date) -> dt.date:
        """The latest business day on or before `day` (CONV-ROLL's advisory 'practical latest office day')."""
        while not self.is_business_day(day):
            day -= dt.timedelta(days=1)
        return day

    def rolls_c4s9(self, day: dt.date) -> bool:
        """EXT-MGL-4-9, AMB-51: a Sunday or a legal holiday, a legal holiday falling on a Saturday included
        (c. 4 § 7 cl. 18 moves only Sunday holidays); an ordinary Saturday or an office closure never
        (READ-ROLL-CLOSURE); an observed Friday is a legal holiday too (READ-ROLL-OBSERVED-FRIDAY)."""
        return day.weekday() == 6 or self.is_holiday(day)

    def roll_c4s9(self, day: dt.date) -> dt.date:
        """EXT-MGL-4-9: a last day on a Sunday or legal holiday (a Saturday holiday included, AMB-51) moves to
        the next business day; an ordinary Saturday never."""
        if self.rolls_c4s9(day):
            while not self.is_business_day(day):
                day += dt.timedelta(days=1)
        return day

    def add_business_hours_excluding_closed_days(self, instant: dt.datetime, hours: float) -> dt.datetime:
        """EXT-OML-48H: N hours counted only on days that are not Saturdays, Sundays or legal holidays.

        Time on excluded days does not count; the result is the first instant at which N counted hours
        have elapsed. Extra office closures are not excluded here (the statute names only the three:
        READ-OML-CLOSURES).
        """
        remaining = dt.timedelta(hours=hours)
        cursor = require_aware(instant).astimezone(TZ)
        while True:
            day = cursor.date()
            next_midnight = dt.datetime.combine(day + dt.timedelta(days=1), dt.time(), tzinfo=TZ)
            span = next_midnight.astimezone(UTC) - cursor.astimezone(UTC)
            if day.weekday() < 5 and not self.is_holiday(day):
                if remaining <= span:
                    return (cursor.astimezone(UTC) + remaining).astimezone(TZ)
                remaining -= span
            cursor = next_midnight


def within(event: dt.date, days: int) -> dt.date:
    """CONV-WITHIN: 'within N days of E' -> the act must happen on or before E + N."""
    return event + dt.timedelta(days=days)


def at_least_before(event: dt.date, days: int, clear_days: bool = False) -> dt.date:
    """CONV-ATLEAST-BEFORE: 'at least N days before E' -> on or before E - N (E - N - 1 with clear days)."""
    return event - dt.timedelta(days=days + (1 if clear_days else 0))


def had_days(receipt: dt.date, days: int, strict: bool = False) -> dt.date:
    """CONV-HAD-N-DAYS: earliest final action = receipt + N (+1 when strict)."""
    return receipt + dt.timedelta(days=days + (1 if strict else 0))
