"""The content of each board message, as frozen dataclasses, and their JSON form in a notification's payload.

The backend fills these from its records when it enqueues a notification (`dump` -> `Notification.payload`);
the notifier reads them back (`load`) when the outbox delivers, and `blocks.py` turns them into Block Kit.
Instants are ISO 8601 with an offset; a naive one is refused. Every message carries the rule id and citation
it is about (`RuleRef`).
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import types
import typing
from dataclasses import dataclass
from typing import Any, TypeVar, Union

T = TypeVar("T")


@dataclass(frozen=True)
class RuleRef:
    rule_id: str
    citation: str


@dataclass(frozen=True)
class SiteRef:
    name: str
    address: str
    map_lot: str | None = None
    lat: float | None = None
    lon: float | None = None


@dataclass(frozen=True)
class Provision:
    rule: RuleRef
    description: str


@dataclass(frozen=True)
class FinePath:
    """criminal: a court maximum per offense-day (exposure); noncriminal: § 21D citations, or none set."""

    path: str
    rule: RuleRef
    text: str


@dataclass(frozen=True)
class ReviewWindow:
    earliest_at: dt.datetime
    latest_at: dt.datetime
    binding: RuleRef  # the 48-hour rule that sets the earliest time
    binding_text: str
    latest_rule: RuleRef
    empty_reason: str | None = None


@dataclass(frozen=True)
class OrderAlert:
    """An order was issued: a cease-and-desist (effective at once), a restoration or an enforcement order."""

    order_id: str
    kind: str  # cease_and_desist | restoration_order | enforcement_order
    town: str
    tz: str
    authority: RuleRef  # the who-may-act rule the issuer acted under
    site: SiteRef
    operator: str | None
    provisions: tuple[Provision, ...]
    issued_at: dt.datetime
    issuer: str
    service_method: str | None
    served_at: dt.datetime | None
    fine_path: FinePath | None
    review_window: ReviewWindow | None
    photo_count: int = 0
    record_url: str | None = None  # the order in the web app


@dataclass(frozen=True)
class Check:
    rule: RuleRef
    label: str
    ok: bool
    detail: str


@dataclass(frozen=True)
class ReviewNotice:
    order_id: str
    meeting_id: str
    town: str
    tz: str
    rule: RuleRef
    site: SiteRef
    operator: str | None
    meeting_at: dt.datetime
    checks: tuple[Check, ...]
    quorum: RuleRef
    quorum_needed: int
    members: int
    flagged: bool = False
    flag_reason: str | None = None
    reminder: bool = False  # the 48-hour reminder rather than the notice of scheduling
    record_url: str | None = None  # the order in the web app
    when: str | None = None  # "4/9/2026, 6:00 PM EDT": date, time and zone as the board reads them
    place: str | None = None  # "Room 2, Town Hall, 108 Main St. Join online: https://…"
    moves: int = 0  # times the meeting was rescheduled


@dataclass(frozen=True)
class StabilizationReminder:
    deadline_id: str
    town: str
    tz: str
    rule: RuleRef
    site: SiteRef
    permit: str | None
    label: str
    ceased_on: dt.date | None
    due_on: dt.date
    as_of: dt.date
    record_url: str | None = None  # the site in the web app


@dataclass(frozen=True)
class DigestViolation:
    site: str
    rule: RuleRef
    description: str


@dataclass(frozen=True)
class DigestOffenses:
    site: str
    rule: RuleRef
    days: int


@dataclass(frozen=True)
class DigestCitation:
    site: str
    rule: RuleRef
    amount_cents: int | None
    issuer: str


@dataclass(frozen=True)
class DigestDeadline:
    site: str
    label: str
    rule: RuleRef
    due_on: dt.date


@dataclass(frozen=True)
class DigestUndelivered:
    recipient: str
    what: str
    error: str


@dataclass(frozen=True)
class DailyDigest:
    authority: str
    town: str
    on: dt.date
    new_violations: tuple[DigestViolation, ...]
    offense_days: tuple[DigestOffenses, ...]
    citations_to_issue: tuple[DigestCitation, ...]
    deadlines: tuple[DigestDeadline, ...]
    undelivered_sms: tuple[DigestUndelivered, ...]
    audit_seq: int
    audit_head: str


@dataclass(frozen=True)
class ThreadUpdate:
    kind: str  # corrected | reopened | order_revised | order_lifted | meeting_scheduled | meeting_flagged
    town: str
    tz: str
    site: str
    headline: str
    detail: str
    rule: RuleRef
    at: dt.datetime
    by: str | None = None


# --- JSON form ---------------------------------------------------------------------------------------

def dump(message: Any) -> dict[str, Any]:
    """A dataclass as JSON-ready data (instants and dates in ISO 8601)."""
    return typing.cast(dict[str, Any], _dump(message))


def _dump(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _dump(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dt.datetime):
        if value.tzinfo is None:
            raise ValueError(f"naive datetime {value!r}: instants must be aware")
        return value.isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, (tuple, list)):
        return [_dump(v) for v in value]
    return value


def load(cls: type[T], data: Any) -> T:
    """Read `cls` back from `dump`'s output; a missing field or a wrong type raises KeyError, TypeError or
    ValueError."""
    if not isinstance(data, dict):
        raise TypeError(f"{cls.__name__}: expected an object, got {type(data).__name__}")
    hints = _hints(cls)
    kwargs = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if f.name in data:
            kwargs[f.name] = _load(hints[f.name], data[f.name], f"{cls.__name__}.{f.name}")
        elif f.default is dataclasses.MISSING:
            raise KeyError(f"{cls.__name__}.{f.name} is missing")
    return cls(**kwargs)


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def _load(hint: Any, value: Any, where: str) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        (inner,) = [a for a in args if a is not type(None)]
        return _load(inner, value, where)
    if origin is tuple:
        if not isinstance(value, list):
            raise TypeError(f"{where}: expected a list")
        return tuple(_load(args[0], v, where) for v in value)
    if dataclasses.is_dataclass(hint):
        return load(hint, value)  # type: ignore[arg-type]
    return _scalar(hint, value, where)


def _scalar(hint: Any, value: Any, where: str) -> Any:
    if hint is dt.datetime:
        instant = dt.datetime.fromisoformat(_str(value, where))
        if instant.tzinfo is None:
            raise ValueError(f"{where}: naive datetime {value!r}")
        return instant
    if hint is dt.date:
        return dt.date.fromisoformat(_str(value, where))
    if hint is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if not isinstance(value, hint) or (hint is int and isinstance(value, bool)):
        raise TypeError(f"{where}: expected {hint.__name__}, got {type(value).__name__}")
    return value


def _str(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{where}: expected an ISO 8601 string")
    return value
