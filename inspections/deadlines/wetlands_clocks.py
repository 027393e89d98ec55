"""Clock builders shared by the wetlands deadline modules (Carver 281, Upton 280, Gardner 650).

Each builder applies one convention of RULES.md §0.1 and returns one `Deadline` with its Explanation:

- `within_days`        "within N days of E"            MUST_BY E + N, end of day (CONV-WITHIN, CONV-ROLL)
- `days_before`        "at least N days before E"      MUST_BY E - N, advisory day (CONV-ATLEAST-BEFORE)
- `business_days_before` "at least N business days before E"                               (CONV-BD-BEFORE)
- `had_days`           "have had N days from receipt"  NOT_BEFORE latest receipt + N (CONV-HAD-N-DAYS, AMB-54)
- `hours_after`        "within N hours after E"        MUST_BY E + N elapsed hours (CONV-HOURS; never rolls)
- `strictly_before`    "prior to E" (no number)        MUST_BY one microsecond before E (CONV-BEFORE)
- `on_the_day`         "at the time of E" / "prior to expiration E"  MUST_BY E itself (no roll)
- `same_time`          "at the same time" as a filing  WINDOW filing date ± tolerance (CONV-SAME-TIME)
- `valid_through`      "expire N years from issuance"  MUST_BY anniversary, end of day (CONV-EXPIRY, AMB-52)
- `not_before_all`     "not until A and until B"       NOT_BEFORE the latest of the dates
- `not_stated`         the text gives no time          a Deadline with `empty_reason`, never an invented date

Day clocks take local dates; an aware instant is read as its America/New_York date (CONV-TZ).
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from inspections import distance
from inspections.calendar import (
    TZ,
    BusinessCalendar,
    add_hours,
    add_years,
    at_least_before,
    end_of_day,
    local_date,
    local_datetime,
)
from inspections.calendar import had_days as _had_days
from inspections.calendar import within as _within
from inspections.config import BylawConfig
from inspections.deadlines.core import Deadline, DeadlineKind
from inspections.deadlines.day_counts import agreed_extension, fmt, fmt_at, roll_if_configured
from inspections.explain import Explanation

DayOrInstant = dt.date | dt.datetime
ONE_MICROSECOND = dt.timedelta(microseconds=1)


@dataclass(frozen=True)
class Duty:
    """What must be done, under which rule, by whom; `flags` are the AMB ids the result always carries."""

    rule_id: str
    label: str
    binds: str
    flags: tuple[str, ...] = ()

    def deadline(self, kind: DeadlineKind, arithmetic: str, extra_flags: tuple[str, ...] = (),
                 **when: object) -> Deadline:
        flags = tuple(dict.fromkeys((*self.flags, *extra_flags)))
        return Deadline(kind, self.rule_id, self.label, self.binds,
                        Explanation.of(self.rule_id, arithmetic, flags), flags=flags, **when)  # type: ignore[arg-type]


def day_of(when: DayOrInstant) -> dt.date:
    """CONV-TZ: a date stays; an aware instant becomes its local date."""
    return local_date(when) if isinstance(when, dt.datetime) else when


def roll_c4s9(last: dt.date, cfg: BylawConfig, cal: BusinessCalendar) -> tuple[dt.date, tuple[str, ...], str]:
    """CONV-ROLL / AMB-51 (`day_counts.roll_if_configured`), as (day, flags, arithmetic suffix)."""
    day, note, flags = roll_if_configured(last, cfg, cal)
    return day, flags, note


def within_days(duty: Duty, event: DayOrInstant, days: int, *, cfg: BylawConfig, cal: BusinessCalendar,
                event_name: str, extended_to: dt.date | None = None,
                extended_by_days: int | None = None) -> Deadline:
    """CONV-WITHIN: on or before event + N through 23:59:59 local; an extension the applicant authorises in
    writing, to a date or by a number of days (READ-EXT-DURATION), replaces it when later."""
    start = day_of(event)
    last = _within(start, days)
    arithmetic = f"{event_name} {fmt(start)} + {days} days = {fmt(last)}"
    facts = {"event_on": start, "days": days, "last_day_counted": last}
    extended, how = agreed_extension(last, extended_to, extended_by_days)
    if extended is not None:
        arithmetic += f"; {how}, in writing by the applicant"
        facts |= {"extended_to": extended, "extension_days": (extended - last).days}
        return duty.deadline(DeadlineKind.MUST_BY, arithmetic, latest_on=extended,
                             latest_at=end_of_day(extended), facts=tuple(facts.items()))
    rolled, flags, note = roll_c4s9(last, cfg, cal)
    if rolled != last:
        facts["rolled_to"] = rolled
    return duty.deadline(DeadlineKind.MUST_BY, arithmetic + note, flags, latest_on=rolled,
                         latest_at=end_of_day(rolled), facts=tuple(facts.items()))


def on_the_day(duty: Duty, event: DayOrInstant, *, event_name: str) -> Deadline:
    """On or before the event's own date ("at the time of", "prior to expiration"): no roll, no lead time."""
    day = day_of(event)
    return duty.deadline(DeadlineKind.MUST_BY, f"{event_name} {fmt(day)}", latest_on=day,
                         latest_at=end_of_day(day))


def _lead_time(duty: Duty, latest: dt.date, arithmetic: str, cal: BusinessCalendar,
               facts: tuple[tuple[str, object], ...]) -> Deadline:
    """A lead-time MUST_BY with CONV-ROLL's advisory 'practical latest office day' when `latest` is closed."""
    advisory = None if cal.is_business_day(latest) else cal.previous_business_day(latest)
    if advisory is not None:
        arithmetic += f"; not an office day: practical latest office day {fmt(advisory)}"
    return duty.deadline(DeadlineKind.MUST_BY, arithmetic, latest_on=latest, latest_at=end_of_day(latest),
                         advisory_on=advisory, facts=facts)


def days_before(duty: Duty, event: DayOrInstant, days: int, *, cfg: BylawConfig, cal: BusinessCalendar,
                event_name: str) -> Deadline:
    """CONV-ATLEAST-BEFORE: on or before event - N (event - N - 1 with `atleast_clear_days`)."""
    clear = cfg["atleast_clear_days"]
    end = day_of(event)
    latest = at_least_before(end, days, clear)
    clear_note = " - 1 (clear days)" if clear else ""
    arithmetic = f"{event_name} {fmt(end)} - {days} days{clear_note} = {fmt(latest)}"
    facts = (("event_on", end), ("days_before", days), ("clear_days", clear))
    return _lead_time(duty, latest, arithmetic, cal, facts)


def business_days_before(duty: Duty, event: DayOrInstant, n: int, *, cfg: BylawConfig, cal: BusinessCalendar,
                         event_name: str) -> Deadline:
    """CONV-BD-BEFORE: count back N business days from the event (excluded); clear days: one day earlier."""
    end = day_of(event)
    counted = cal.business_days_before(end, n)
    arithmetic = f"{event_name} {fmt(end)} - {n} business days = {fmt(counted)}"
    latest = counted
    if cfg["atleast_clear_days"]:
        latest = counted - dt.timedelta(days=1)
        arithmetic += f" - 1 day (clear days) = {fmt(latest)}"
    skipped = cal.closed_weekdays_between(counted, end)
    facts = (("event_on", end), ("business_days_before", n), ("counted_back_to", counted),
             ("skipped_closed_weekdays", skipped), ("clear_days", cfg["atleast_clear_days"]))
    return _lead_time(duty, latest, arithmetic, cal, facts)


def had_days(duty: Duty, receipts: Sequence[DayOrInstant], days: int, *, cfg: BylawConfig) -> Deadline:
    """CONV-HAD-N-DAYS (AMB-54): earliest action = latest receipt + N (+ 1 with `had_days_strict`)."""
    if not receipts:
        return not_stated(duty, "no receipt of notice recorded yet: the comment period has not started",
                          DeadlineKind.NOT_BEFORE, ("AMB-54",))
    latest = max(day_of(r) for r in receipts)
    strict = cfg["had_days_strict"]
    earliest = _had_days(latest, days, strict)
    arithmetic = (f"latest receipt {fmt(latest)} (of {len(receipts)}) + {days} days"
                  f"{' + 1 (strict)' if strict else ''} = {fmt(earliest)}")
    facts = (("latest_receipt_on", latest), ("receipts", len(receipts)), ("days", days), ("strict", strict))
    return duty.deadline(DeadlineKind.NOT_BEFORE, arithmetic, ("AMB-54",), earliest_on=earliest,
                         earliest_at=local_datetime(earliest), facts=facts)


def hours_after(duty: Duty, start: dt.datetime, hours: int, *, event_name: str) -> Deadline:
    """CONV-HOURS: N elapsed hours (UTC arithmetic), so a DST change moves the local wall clock."""
    due = add_hours(start, hours)
    arithmetic = f"{event_name} {fmt_at(start)} + {hours} elapsed hours = {fmt_at(due)}"
    return duty.deadline(DeadlineKind.MUST_BY, arithmetic, latest_on=local_date(due), latest_at=due,
                         facts=(("start_at", start), ("hours", hours)))


def strictly_before(duty: Duty, event: DayOrInstant, *, event_name: str) -> Deadline:
    """CONV-BEFORE: an instant strictly earlier than the event; given dates only, the same date passes."""
    if not isinstance(event, dt.datetime):
        arithmetic = f"before {event_name} on {fmt(event)}: same date passes, flagged for review"
        return duty.deadline(DeadlineKind.MUST_BY, arithmetic, latest_on=event)
    arithmetic = f"strictly before {event_name} {fmt_at(event)}"
    return duty.deadline(DeadlineKind.MUST_BY, arithmetic, latest_on=local_date(event),
                         latest_at=event.astimezone(TZ) - ONE_MICROSECOND)


def same_time(duty: Duty, filed: DayOrInstant, *, cfg: BylawConfig, filing_name: str) -> Deadline:
    """CONV-SAME-TIME: sent (mailed or hand-delivered) on the filing date, ± `same_time_tolerance_days`."""
    day, tolerance = day_of(filed), dt.timedelta(days=cfg["same_time_tolerance_days"])
    arithmetic = f"sent with the {filing_name} of {fmt(day)}, tolerance {tolerance.days} days"
    return duty.deadline(DeadlineKind.WINDOW, arithmetic, earliest_on=day - tolerance,
                         earliest_at=local_datetime(day - tolerance), latest_on=day + tolerance,
                         latest_at=end_of_day(day + tolerance),
                         facts=(("filed_on", day), ("tolerance_days", tolerance.days)))


def anniversary(start: dt.date, years: int, cfg: BylawConfig) -> tuple[dt.date, tuple[str, ...]]:
    """CONV-MONTHS / AMB-52: start + N years; a Feb 29 start is flagged (eom_rule decides Feb 28 or Mar 1)."""
    leap_day = (start.month, start.day) == (2, 29)
    return add_years(start, years, cfg["eom_rule"]), (("AMB-52",) if leap_day else ())


def valid_through(duty: Duty, start: dt.date, years: int, *, cfg: BylawConfig, start_name: str) -> Deadline:
    """CONV-EXPIRY: valid through the end of the anniversary date (never rolled)."""
    last, flags = anniversary(start, years, cfg)
    arithmetic = f"{start_name} {fmt(start)} + {years} years = {fmt(last)} (through end of day)"
    return duty.deadline(DeadlineKind.MUST_BY, arithmetic, flags, latest_on=last, latest_at=end_of_day(last),
                         facts=(("start_on", start), ("years", years)))


def not_before_all(duty: Duty, steps: Mapping[str, dt.date | None]) -> Deadline:
    """NOT_BEFORE the latest of several required dates; a missing one leaves no date, with the reason."""
    missing = [name for name, day in steps.items() if day is None]
    if missing:
        return not_stated(duty, f"not yet: missing {', '.join(missing)}", DeadlineKind.NOT_BEFORE)
    days = {name: day for name, day in steps.items() if day is not None}
    earliest = max(days.values())
    arithmetic = "latest of " + ", ".join(f"{n} {fmt(d)}" for n, d in days.items()) + f" = {fmt(earliest)}"
    return duty.deadline(DeadlineKind.NOT_BEFORE, arithmetic, earliest_on=earliest,
                         earliest_at=local_datetime(earliest),
                         facts=tuple((f"{'_'.join(n.lower().split())}_on", d) for n, d in days.items()))


def not_stated(duty: Duty, reason: str, kind: DeadlineKind = DeadlineKind.MUST_BY,
               extra_flags: tuple[str, ...] = ()) -> Deadline:
    """No date: the text (or configuration) gives none; `empty_reason` says why."""
    return duty.deadline(kind, f"no date: {reason}", extra_flags, empty_reason=reason)


def within_feet(distance_ft: float, limit_ft: float, cfg: BylawConfig) -> bool:
    """CONV-DIST (`inspections.distance`): d <= limit (d < limit when `dist_inclusive` is off)."""
    return distance.within(distance_ft, limit_ft, cfg["dist_inclusive"])
