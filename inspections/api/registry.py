"""The facade's machinery: an operation (name, documented input and output models, the engine call), the
bounded field types every input uses, and the one error a caller sees (`InputError`, naming each field).

Inputs are validated by pydantic models whose numbers, dates, texts and lists are all bounded; an engine
refusal (a ValueError) becomes an InputError naming the field it concerns. Outputs are pydantic models read
from the engine's results by attribute, so a computed property (an explanation's `line`, a fee's total) is
part of the documented answer. `Operation.__call__` takes and returns plain JSON-able data.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainSerializer,
    ValidationError,
)

from inspections.chapters import keys
from inspections.config import DEFAULT, BylawConfig, ConfigError

FIRST_DAY, LAST_DAY = dt.date(1900, 1, 1), dt.date(2150, 12, 31)
FIRST_RECORD_DAY = dt.date(1800, 1, 1)  # recorded lots, houses built, last uses
MAX_FEET = 1_000_000.0  # about 190 miles: no distance the bylaws measure is longer
MAX_CENTS = 10**13  # one hundred billion dollars
MAX_ITEMS = 500


class InputError(ValueError):
    """Bad or missing input: `problems` maps each field (dotted path) to what is wrong with it."""

    def __init__(self, problems: Mapping[str, list[str]]) -> None:
        self.problems = {k: list(v) for k, v in problems.items()}
        super().__init__("; ".join(f"{k}: {', '.join(v)}" for k, v in self.problems.items()))

    @classmethod
    def of(cls, field: str, message: str) -> InputError:
        return cls({field: [message]})


def _day_in_range(first: dt.date) -> Callable[[dt.date], dt.date]:
    def check(day: dt.date) -> dt.date:
        if not first <= day <= LAST_DAY:
            raise ValueError(f"must be a date from {first} to {LAST_DAY}")
        return day

    return check


def _aware(instant: dt.datetime) -> dt.datetime:
    if instant.tzinfo is None or instant.utcoffset() is None:
        raise ValueError("must carry a time zone offset, e.g. 2026-04-06T10:00:00-04:00")
    if not FIRST_DAY.year <= instant.year <= LAST_DAY.year:
        raise ValueError(f"must fall in the years {FIRST_DAY.year} to {LAST_DAY.year}")
    return instant


def _utc(instant: dt.datetime) -> str:
    return instant.astimezone(dt.UTC).isoformat()


def _finite(value: float) -> float:
    if not math.isfinite(value):
        raise ValueError("must be a finite number")
    return value


Day = Annotated[dt.date, AfterValidator(_day_in_range(FIRST_DAY))]
RecordDay = Annotated[dt.date, AfterValidator(_day_in_range(FIRST_RECORD_DAY))]
Instant = Annotated[dt.datetime, AfterValidator(_aware)]
Feet = Annotated[float, Field(ge=0, le=MAX_FEET), AfterValidator(_finite)]
Cents = Annotated[int, Field(ge=0, le=MAX_CENTS)]
Quantity = Annotated[float, Field(ge=0, le=1e12), AfterValidator(_finite)]
SqFt = Annotated[float, Field(ge=0, le=1e10), AfterValidator(_finite)]  # up to 360 square miles
Count = Annotated[int, Field(ge=0, le=10_000)]
Text = Annotated[str, Field(min_length=1, max_length=200)]
RuleId = Annotated[str, Field(pattern=r"^[A-Z]{2,20}-\d{1,4}-[A-Z0-9-]{1,60}$", max_length=80)]


def _known_chapter(key: str) -> str:
    """A chapter the engine has a pack for: shipped, or found in FIELDENFORCE_PACKS_PATH."""
    known = keys()
    if key not in known:
        raise ValueError(f"unknown chapter {key!r}: one of {', '.join(known)}")
    return key


Chapter = Annotated[
    str,
    Field(
        pattern=r"^[A-Z]{2,20}-\d{1,4}$",
        description="a chapter the engine has a rule pack for, e.g. CARVER-281, UPTON-280 or GARDNER-650 "
        "(the packs operation lists them)",
    ),
    AfterValidator(_known_chapter),
]


def plain_value(value: Any) -> Any:
    """A submitted completeness value: a flag, a bounded number, a short text, a date, or a short list."""
    if isinstance(value, list):
        if len(value) > 50:
            raise ValueError("lists hold at most 50 entries")
        return [plain_value(v) for v in value]
    if isinstance(value, float) and (not math.isfinite(value) or abs(value) > 1e12):
        raise ValueError("numbers must be finite and at most 1e12")
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**12:
        raise ValueError("numbers must be at most 1e12")
    if isinstance(value, str) and len(value) > 200:
        raise ValueError("texts hold at most 200 characters")
    if isinstance(value, dict):
        raise ValueError("a submitted value is a flag, number, text, date or list, not an object")
    return value


Submitted = Annotated[Any, AfterValidator(plain_value)]


UtcInstant = Annotated[dt.datetime, PlainSerializer(_utc, return_type=str)]


class In(BaseModel):
    """Every operation's input: its facts, and optionally `settings`, the town's engine switches overridden
    for
    this answer only ("what if the town read it this way")."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    settings: dict[Annotated[str, Field(max_length=80)], Any] | None = Field(
        default=None,
        max_length=60,
        description="engine switches for this answer only (keys of the town settings catalogue)",
    )


class Part(BaseModel):
    """A nested part of an input (a vote, a member, a violation): strict, no settings of its own."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Out(BaseModel):
    model_config = ConfigDict(from_attributes=True)


@dataclass(frozen=True)
class Operation:
    name: str
    group: str
    summary: str
    description: str
    input: type[In]
    output: type[BaseModel]
    run: Callable[[Any, BylawConfig], Any]

    def __call__(self, payload: Mapping[str, Any], cfg: BylawConfig = DEFAULT) -> dict[str, Any]:
        """Validate `payload`, answer under `cfg` (plus the payload's `settings`), return JSON-able data."""
        facts = parse(self.input, payload)
        return self.answer(facts, cfg)

    def answer(self, facts: In, cfg: BylawConfig = DEFAULT) -> dict[str, Any]:
        """The same, for input already validated (the HTTP layer validates against `input` itself)."""
        cfg = with_settings(cfg, facts.settings)
        try:
            result = self.run(facts, cfg)
        except InputError:
            raise
        except ValueError as exc:
            raise InputError.of(field_named(str(exc), self.input), str(exc)) from exc
        return self.output.model_validate(result, from_attributes=True).model_dump(mode="json")


def parse(model: type[In], payload: Mapping[str, Any]) -> In:
    try:
        return model.model_validate(payload)
    except ValidationError as exc:
        raise InputError(problems_of(exc)) from exc


def problems_of(exc: ValidationError) -> dict[str, list[str]]:
    problems: dict[str, list[str]] = {}
    for error in exc.errors():
        path = ".".join(str(p) for p in error["loc"]) or "json"
        problems.setdefault(path, []).append(error["msg"])
    return problems


def with_settings(cfg: BylawConfig, settings: Mapping[str, Any] | None) -> BylawConfig:
    if not settings:
        return cfg
    problems: dict[str, list[str]] = {}
    for key, value in settings.items():
        try:
            BylawConfig({key: value})
        except ConfigError as exc:
            problems[f"settings.{key}"] = [str(exc)]
    if problems:
        raise InputError(problems)
    return BylawConfig({**cfg.overrides, **settings})


def field_named(message: str, model: type[BaseModel]) -> str:
    """The input field an engine refusal is about: the first field name the message mentions, else "json"."""
    words = message.replace(",", " ").replace(":", " ").split()
    names = set(model.model_fields)
    return next((w for w in words if w in names), "json")


REGISTRY: dict[str, Operation] = {}


def operation(
    name: str, group: str, input: type[In], output: type[BaseModel]
) -> Callable[[Callable[[Any, BylawConfig], Any]], Callable[[Any, BylawConfig], Any]]:
    """Register a function `run(facts, cfg)` as the operation `name`; its docstring documents it."""

    def register(run: Callable[[Any, BylawConfig], Any]) -> Callable[[Any, BylawConfig], Any]:
        if name in REGISTRY:
            raise ValueError(f"operation {name!r} registered twice")
        doc = (run.__doc__ or "").strip()
        summary, _, rest = doc.partition("\n")
        REGISTRY[name] = Operation(name, group, summary.strip(), " ".join(rest.split()), input, output, run)
        return run

    return register
