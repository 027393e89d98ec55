"""The schema of the versioned checklist templates (TOML files beside this module); extra keys are refused.

An inspection template lists items. Each item has a stable id, the prompt, the RULES.md rule it checks (or the
permit condition it comes from), the answers allowed (pass / fail / na) with optional fields, and what a fail
does: the provision a violation opens under, when it opens ("immediately", "when_clock_expires", "never"), and
the clock it starts; a pass may stop a clock. Permit conditions are merged into a template by `merge()`.
"""

from __future__ import annotations

import hashlib
import json
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from inspections.rulepack import load_rulebook

Answer = Literal["pass", "fail", "na"]
FieldKind = Literal["text", "number", "date", "date_or_unknown", "time", "choice", "bool", "photo"]
Opens = Literal["immediately", "when_clock_expires", "never"]
ConditionKind = Literal["hours", "truck_route", "volume_limit", "special"]


def _known_chapter(key: str) -> str:
    """A chapter the engine has a pack for (shipped, or found in FIELDENFORCE_PACKS_PATH)."""
    packs = load_rulebook().packs
    if key not in packs:
        raise ValueError(f"unknown chapter {key!r}: one of {', '.join(packs)}")
    return key


ChapterKey = Annotated[str, AfterValidator(_known_chapter)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class FieldSpec(Strict):
    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    kind: FieldKind
    label: str
    required_on: tuple[Answer, ...] = ()
    choices: tuple[str, ...] = ()
    unknown_flag: str | None = None  # raised when a date_or_unknown field is answered "unknown"


class Measurement(Strict):
    """A measured field that decides the answer: fails if `value <op> limit` (limit: pack or condition)."""

    field: str
    fails_if: Literal["within_ft", "gt"]
    rule: str | None = None
    param: str | None = None
    value: float | None = None
    boundary_flag: str | None = None  # raised when the measured value sits exactly on the limit

    @model_validator(mode="after")
    def _one_limit(self) -> Measurement:
        if (self.value is None) == (self.rule is None or self.param is None):
            raise ValueError("a measurement takes its limit either from rule+param or from value")
        return self


class OnFail(Strict):
    provision: str | None = None  # RULES.md id whose citation is the provision violated
    condition: str | None = None  # the permit condition violated, if any
    opens_violation: Opens = "immediately"
    continuing: bool = True  # a continuing violation starts the chapter's offense-day clock
    clock: str | None = None  # rule id of the clock a fail starts
    clock_start_field: str | None = None
    flags: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> OnFail:
        if self.opens_violation != "never" and self.provision is None:
            raise ValueError("a fail that opens a violation must name its provision")
        if self.opens_violation == "when_clock_expires" and (
            self.clock is None or self.clock_start_field is None
        ):
            raise ValueError(
                "a violation that waits for a clock needs the clock and the field that starts it"
            )
        return self


class OnPass(Strict):
    stops_clock: str | None = None


class Item(Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9.-]*$")
    prompt: str = Field(min_length=5)
    finding: str | None = Field(default=None, min_length=5, max_length=90)  # what a fail means, for the party
    rule_id: str | None = None
    condition_id: str | None = None
    answers: tuple[Answer, ...] = ("pass", "fail", "na")
    fields: tuple[FieldSpec, ...] = ()
    measurement: Measurement | None = None
    merge_kind: ConditionKind | None = None
    on_fail: OnFail
    on_pass: OnPass = OnPass()

    @model_validator(mode="after")
    def _cited(self) -> Item:
        if self.rule_id is None and self.condition_id is None:
            raise ValueError(f"item {self.id} cites neither a RULES.md id nor a permit condition")
        names = [f.name for f in self.fields]
        if len(names) != len(set(names)):
            raise ValueError(f"item {self.id} repeats a field name")
        for wanted in (self.measurement.field if self.measurement else None, self.on_fail.clock_start_field):
            if wanted is not None and wanted not in names:
                raise ValueError(f"item {self.id} refers to a field {wanted!r} it does not have")
        return self

    def field(self, name: str) -> FieldSpec:
        return next(f for f in self.fields if f.name == name)


class PermitCondition(Strict):
    """One structured condition of a permit or order, as the permit record holds it."""

    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
    kind: ConditionKind
    text: str = Field(min_length=3)
    start: str | None = Field(default=None, pattern=r"^\d{2}:\d{2}$")
    end: str | None = Field(default=None, pattern=r"^\d{2}:\d{2}$")
    days: tuple[str, ...] = ()
    route: str | None = None
    cubic_yards: float | None = Field(default=None, gt=0)
    rule_id: str | None = None


class Checklist(Strict):
    """A template, or a template merged with a permit's conditions (then `conditions` lists their ids)."""

    id: str
    version: int = Field(ge=1)
    chapter: ChapterKey
    title: str
    permit: str
    permit_condition_rule: str
    offense_clock: str | None = None
    violation_flags: tuple[str, ...] = ()
    items: tuple[Item, ...]
    conditions: tuple[PermitCondition, ...] = ()

    @model_validator(mode="after")
    def _unique(self) -> Checklist:
        ids = [i.id for i in self.items]
        if len(ids) != len(set(ids)):
            raise ValueError(f"checklist {self.id}: item ids repeat")
        return self

    @property
    def key(self) -> str:
        """Stable name of this version: template id @ version, plus a digest of the merged conditions."""
        if not self.conditions:
            return f"{self.id}@{self.version}"
        blob = json.dumps([c.model_dump() for c in self.conditions], sort_keys=True)
        return f"{self.id}@{self.version}+{hashlib.sha256(blob.encode()).hexdigest()[:10]}"

    def item(self, item_id: str) -> Item:
        for it in self.items:
            if it.id == item_id:
                return it
        raise KeyError(f"checklist {self.key} has no item {item_id!r}")
