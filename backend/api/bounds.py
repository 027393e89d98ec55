"""The bounds of every instant and date the API takes, by kind, in one place (a 422 naming field and bound).

*Observations* (something seen or done: a violation's `observed_at`, an inspection's `started_at`, a
submission's receipt, service, a meeting held) are not before 2000-01-01 and not after the request's time
plus 10 minutes of clock skew. *Scheduled* times and dates (meetings, due dates, permit expiries, reporting
periods, query ranges) lie within 1900-01-01 and now plus 25 years. A photo's camera time is never refused
(it is evidence of the device, flagged when implausible, see media/). `tests/integration/api/test_bounds.py`
walks every route's input schema and fails on a date or instant field of any other kind.
"""
from __future__ import annotations

import datetime as dt
from typing import Any

from apiflask.fields import AwareDateTime, Date
from marshmallow import ValidationError

from backend.clock import now
from inspections.calendar import local_date

OBSERVED_FROM = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)
CLOCK_SKEW = dt.timedelta(minutes=10)
SCHEDULED_FROM = dt.datetime(1900, 1, 1, tzinfo=dt.UTC)
SCHEDULED_YEARS = 25


def _years_ahead(at: dt.datetime, years: int) -> dt.datetime:
    try:
        return at.replace(year=at.year + years)
    except ValueError:  # 29 February
        return at.replace(year=at.year + years, day=28)


def observed_range() -> tuple[dt.datetime, dt.datetime]:
    return OBSERVED_FROM, now() + CLOCK_SKEW


def scheduled_range() -> tuple[dt.datetime, dt.datetime]:
    return SCHEDULED_FROM, _years_ahead(now(), SCHEDULED_YEARS)


KINDS = {
    "observation": (observed_range, "not before 2000-01-01 nor after now plus 10 minutes of clock skew"),
    "scheduled": (scheduled_range, "within 1900-01-01 and now plus 25 years"),
}


def _check_instant(value: dt.datetime, kind: str) -> dt.datetime:
    span, words = KINDS[kind]
    low, high = span()
    try:
        utc = value.astimezone(dt.UTC)
    except (OverflowError, ValueError) as exc:
        raise ValidationError(f"out of range: an {kind} is {words}") from exc
    if not low <= utc <= high:
        raise ValidationError(f"out of range: an {kind} is {words} ({low.isoformat()} to {high.isoformat()})")
    return value


def day_range(kind: str) -> tuple[dt.date, dt.date]:
    """The first and last local date of a kind (for forms outside the API's schemas, e.g. the notice page)."""
    low, high = KINDS[kind][0]()
    return low.date(), local_date(high)


def _check_day(value: dt.date, kind: str) -> dt.date:
    first, last = day_range(kind)
    if not first <= value <= last:
        raise ValidationError(f"out of range: a {kind} date is {KINDS[kind][1]} ({first} to {last})")
    return value


class _Kind:
    """Names its kind and bounds in the OpenAPI document (`x-bound`, and the description)."""

    kind = "scheduled"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        metadata = kwargs.setdefault("metadata", {})
        metadata.setdefault("x-bound", f"{self.kind}: {KINDS[self.kind][1]}")
        super().__init__(*args, **kwargs)  # type: ignore[call-arg]


class BoundedInstant(_Kind, AwareDateTime):
    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> dt.datetime:
        try:
            parsed = super()._deserialize(value, attr, data, **kwargs)
        except OverflowError as exc:
            raise ValidationError("not a valid date and time") from exc
        return _check_instant(parsed, self.kind)


class BoundedDay(_Kind, Date):
    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> dt.date:
        return _check_day(super()._deserialize(value, attr, data, **kwargs), self.kind)


class Observed(BoundedInstant):
    """When something was seen or done: 2000-01-01 .. now + 10 minutes."""
    kind = "observation"


class Scheduled(BoundedInstant):
    """A time set for the future or recorded from the past: 1900-01-01 .. now + 25 years."""
    kind = "scheduled"


class ObservedDay(BoundedDay):
    kind = "observation"


class ScheduledDay(BoundedDay):
    kind = "scheduled"


BOUNDED = (BoundedInstant, BoundedDay)
