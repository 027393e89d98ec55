"""Output models shared by the operations: what the engine's results look like as JSON.

Each reads an engine result by attribute (`from_attributes`), computed properties included. Dates are ISO
local dates (America/New_York); instants are given in UTC.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Annotated, Any

from pydantic import BeforeValidator, Field, PlainSerializer, model_validator

from inspections.api.registry import Out, UtcInstant


def _pairs_to_dict(value: Any) -> Any:
    return dict(value) if isinstance(value, tuple) else value


def _jsonable(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        return value.astimezone(dt.UTC).isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


Facts = Annotated[
    dict[str, Any],
    BeforeValidator(_pairs_to_dict),
    PlainSerializer(lambda d: {k: _jsonable(v) for k, v in d.items()}, return_type=dict[str, Any]),
    Field(
        description="intermediate facts a clerk checks: the day counted from, the days counted, a "
        "publication week's end, the gap between two dates, renewals left, options open"
    ),
]
FeetOut = Annotated[Decimal, PlainSerializer(float, return_type=float)]


class ExplanationOut(Out):
    rule_id: str = Field(description="the RULES.md id (or CONV-* convention) the answer comes from")
    citation: str
    quote: str = Field(description="the bylaw's own words (25 words or fewer)")
    arithmetic: str = Field(description="the computation, in one line")
    flags: list[str] = Field(description="AMB-* ambiguities the reading depends on, and other flags")
    line: str = Field(description="all of it in one line, as printed on records")


class DeadlineOut(Out):
    kind: str = Field(description="must_by | not_before | window")
    rule_id: str
    citation: str
    label: str
    binds: str = Field(description="who must act")
    earliest_on: dt.date | None = None
    latest_on: dt.date | None = None
    earliest_at: UtcInstant | None = None
    latest_at: UtcInstant | None = None
    advisory_on: dt.date | None = Field(
        default=None, description="practical latest office day (CONV-ROLL advisory)"
    )
    empty_reason: str | None = Field(default=None, description="why there is no date (never invented)")
    flags: list[str]
    explanation: str = Field(description="rule id, citation, quote and arithmetic in one line")
    facts: Facts = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _from_engine(cls, value: Any) -> Any:
        """An engine Deadline: its explanation as one line, its facts as a mapping."""
        if hasattr(value, "explanation") and hasattr(value.explanation, "line"):
            return _deadline_fields(value)
        return value


def _deadline_fields(d: Any) -> dict[str, Any]:
    return {
        "kind": str(d.kind),
        "rule_id": d.rule_id,
        "citation": d.citation,
        "label": d.label,
        "binds": d.binds,
        "earliest_on": d.earliest_on,
        "latest_on": d.latest_on,
        "earliest_at": d.earliest_at,
        "latest_at": d.latest_at,
        "advisory_on": d.advisory_on,
        "empty_reason": d.empty_reason,
        "flags": list(d.flags),
        "explanation": d.explanation.line,
        "facts": dict(d.facts),
    }


class DeadlinesOut(Out):
    deadlines: list[DeadlineOut]


class FindingOut(Out):
    """A threshold test (inspections.thresholds): met or not, under which rule, and why."""

    rule_id: str
    met: bool
    explanation: ExplanationOut
    flags: list[str]


class DecisionOut(Out):
    allowed: bool
    rule_id: str
    reason: str
    explanation: ExplanationOut
    requires: list[str] = Field(description="what else must exist first (e.g. a written delegation)")
    flags: list[str]


class VerdictOut(Out):
    met: bool | None = Field(description="null when the facts cannot decide it (see `missing`)")
    explanations: list[ExplanationOut]
    missing: list[str]


class LawValueOut(Out):
    rule_id: str = Field(description="the rule the number was asked of")
    name: str
    value: Any
    source: str = Field(description="the rule or the statute (EXT-…) that holds the number")
    in_force_from: dt.date | None = Field(description="the day this value took effect (null: not recorded)")
    as_of: dt.date | None = Field(description="the day the law was asked for (the offense-day, the event)")
    text: str = Field(description="all of it in one line, as printed on records")
