"""Deadline builders for the day-counting conventions the Carver modules share (RULES.md §0.1).

- `within_days`: "within N days of E" -> MUST_BY E + N, end of day (CONV-WITHIN), moved by the optional
  c. 4 § 9 roll when the last day is a Sunday or legal holiday, a Saturday holiday included (CONV-ROLL,
  AMB-51, switch `roll_c4s9`; `roll_if_configured` is the engine's only roll).
- `lead_time`: "at least N days before E" -> MUST_BY E - N (CONV-ATLEAST-BEFORE, switch `atleast_clear_days`),
  with CONV-ROLL's advisory "practical latest office day" when that date is not a business day.
- `not_before`: a NOT_BEFORE deadline from local midnight of a date.
- `check_before`: CONV-BEFORE for "before" / "prior to" with no number of days.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace

from inspections.calendar import TZ, BusinessCalendar, end_of_day, local_date, local_datetime
from inspections.config import BylawConfig
from inspections.deadlines.core import Deadline, DeadlineKind
from inspections.explain import Explanation
from inspections.rulepack import statute

ROLL = "EXT-MGL-4-9"  # MGL c. 4 § 9, held once in statutes.toml


def fmt(day: dt.date) -> str:
    """'Fri 2026-05-01': dates in explanations always carry their weekday."""
    return day.strftime("%a %Y-%m-%d")


def fmt_at(instant: dt.datetime) -> str:
    """'Wed 2026-04-08 10:00 EDT' in Massachusetts local time."""
    return instant.astimezone(TZ).strftime("%a %Y-%m-%d %H:%M %Z")


def calendar_for(cfg: BylawConfig, cal: BusinessCalendar | None) -> BusinessCalendar:
    """The calendar passed in, or the one the town configuration describes."""
    return cal if cal is not None else BusinessCalendar.from_config(cfg)


def roll_if_configured(
    last: dt.date, cfg: BylawConfig, cal: BusinessCalendar
) -> tuple[dt.date, str, tuple[str, ...]]:
    """CONV-ROLL / AMB-51, the engine's one roll: (day, arithmetic suffix, flags).

    An office day stays as it is. A closed last day is flagged AMB-51; with `roll_c4s9` a Sunday or legal
    holiday (a legal holiday on a Saturday included) moves to the next business day, while an ordinary
    Saturday or a town office closure never moves."""
    if cal.is_business_day(last):
        return last, "", ()
    if not cfg["roll_c4s9"]:
        return last, f"; {fmt(last)} is not an office day, no roll (roll_c4s9 off)", ("AMB-51",)
    if not cal.rolls_c4s9(last):
        return last, f"; {fmt(last)} is a Saturday or office closure: never rolls", ("AMB-51",)
    rolled = cal.roll_c4s9(last)
    what = ("a legal holiday on a Saturday" if last.weekday() == 5
            else "a Sunday" if last.weekday() == 6 else "a legal holiday")
    law = statute(ROLL).citation.replace(",", "")
    return rolled, f"; {fmt(last)} is {what}: {law} roll to {fmt(rolled)}", ("AMB-51",)


def within_days(
    rule_id: str,
    label: str,
    binds: str,
    event_on: dt.date,
    days: int,
    *,
    cfg: BylawConfig,
    cal: BusinessCalendar,
    flags: tuple[str, ...] = (),
    event_name: str = "event",
) -> Deadline:
    """CONV-WITHIN (+ CONV-ROLL): the act must happen on or before event + N, through 23:59:59 local."""
    last = event_on + dt.timedelta(days=days)
    arithmetic = f"{event_name} {fmt(event_on)} + {days} days = {fmt(last)}"
    found = must_by(rule_id, label, binds, last, arithmetic, cfg=cfg, cal=cal, flags=flags)
    return replace(found, facts=(("event_on", event_on), ("days", days), *found.facts))


def agreed_extension(
    last: dt.date, extended_to: dt.date | None = None, extended_by_days: int | None = None
) -> tuple[dt.date | None, str]:
    """An extension agreed with (or authorised in writing by) the applicant: to a date, or by a number of
    days counted from the bylaw's last day (READ-EXT-DURATION). (None, "") when there is none, or when the
    agreed date is not later than the bylaw's own last day."""
    if extended_to is not None and extended_by_days is not None:
        raise ValueError("give the extension either as extended_to (a date) or as extended_by_days, not both")
    if extended_by_days is not None and extended_by_days != 0:  # 0 days: no extension at all
        if extended_by_days < 0:
            raise ValueError(f"extended_by_days must be 0 or more, got {extended_by_days}")
        end = last + dt.timedelta(days=extended_by_days)
        return end, f"extended by {extended_by_days} days: {fmt(last)} + {extended_by_days} days = {fmt(end)}"
    if extended_to is not None and extended_to > last:
        return extended_to, f"extended to {fmt(extended_to)}"
    return None, ""


def must_by(
    rule_id: str,
    label: str,
    binds: str,
    last: dt.date,
    arithmetic: str,
    *,
    cfg: BylawConfig,
    cal: BusinessCalendar,
    flags: tuple[str, ...] = (),
) -> Deadline:
    """A MUST_BY deadline on a last day (end of day local), moved by the optional c. 4 § 9 roll."""
    rolled, rolled_note, roll_flags = roll_if_configured(last, cfg, cal)
    all_flags = tuple(dict.fromkeys((*flags, *roll_flags)))
    facts = {"last_day_counted": last, **({"rolled_to": rolled} if rolled != last else {})}
    return Deadline(
        DeadlineKind.MUST_BY,
        rule_id,
        label,
        binds,
        Explanation.of(rule_id, arithmetic + rolled_note, all_flags),
        latest_on=rolled,
        latest_at=end_of_day(rolled),
        flags=all_flags,
        facts=tuple(facts.items()),
    )


def lead_time(
    rule_id: str,
    label: str,
    binds: str,
    event_on: dt.date,
    days: int,
    *,
    cfg: BylawConfig,
    cal: BusinessCalendar,
    flags: tuple[str, ...] = (),
    event_name: str = "event",
) -> Deadline:
    """CONV-ATLEAST-BEFORE: on or before event - N (- 1 with clear days); advisory office day (CONV-ROLL)."""
    clear = cfg["atleast_clear_days"]
    latest = event_on - dt.timedelta(days=days + (1 if clear else 0))
    arithmetic = f"{event_name} {fmt(event_on)} - {days} days" + (" - 1 (clear days)" if clear else "")
    arithmetic += f" = {fmt(latest)}"
    advisory = None if cal.is_business_day(latest) else cal.previous_business_day(latest)
    if advisory is not None:
        arithmetic += f"; not an office day, practical latest office day {fmt(advisory)}"
    return Deadline(
        DeadlineKind.MUST_BY,
        rule_id,
        label,
        binds,
        Explanation.of(rule_id, arithmetic, flags),
        latest_on=latest,
        latest_at=end_of_day(latest),
        advisory_on=advisory,
        flags=flags,
        facts=(("event_on", event_on), ("days_before", days), ("clear_days", clear)),
    )


def not_before(
    rule_id: str,
    label: str,
    binds: str,
    earliest_on: dt.date,
    arithmetic: str,
    *,
    flags: tuple[str, ...] = (),
) -> Deadline:
    """A NOT_BEFORE deadline that opens at 00:00 local on `earliest_on`."""
    return Deadline(
        DeadlineKind.NOT_BEFORE,
        rule_id,
        label,
        binds,
        Explanation.of(rule_id, arithmetic, flags),
        earliest_on=earliest_on,
        earliest_at=local_datetime(earliest_on),
        flags=flags,
    )


@dataclass(frozen=True)
class OrderCheck:
    """CONV-BEFORE result: `ok`, and `flags` = ("CONV-BEFORE",) when a same-date act passed only on dates."""

    ok: bool
    explanation: Explanation
    flags: tuple[str, ...] = ()


def check_before(
    rule_id: str, act: dt.date | dt.datetime, event: dt.date | dt.datetime, *, or_equal: bool = False
) -> OrderCheck:
    """CONV-BEFORE: instants compare strictly (<= with `or_equal`); on dates the same date passes, flagged."""
    if isinstance(act, dt.datetime) and isinstance(event, dt.datetime):
        ok = act <= event if or_equal else act < event
        return OrderCheck(
            ok,
            Explanation.of(
                rule_id, f"act {fmt_at(act)} vs {fmt_at(event)}: {'in time' if ok else 'not before'}"
            ),
        )
    act_on = local_date(act) if isinstance(act, dt.datetime) else act
    event_on = local_date(event) if isinstance(event, dt.datetime) else event
    ok = act_on <= event_on
    flags = ("CONV-BEFORE",) if act_on == event_on and not or_equal else ()
    verdict = "same date: passes, flagged for review" if flags else ("in time" if ok else "not before")
    return OrderCheck(
        ok, Explanation.of(rule_id, f"act {fmt(act_on)} vs {fmt(event_on)}: {verdict}", flags), flags
    )
