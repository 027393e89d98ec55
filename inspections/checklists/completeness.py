"""Application completeness: `is_complete(kind, submitted_items)` lists what is missing, with rule ids.

The checklists are data (`completeness_*.toml`): items (what must be in the filing), facts (answers that make
an item required, e.g. "drainage or septic proposed"), checks whose numbers come from the rule packs
(scale <= 50 ft per inch, contours <= 3 ft, >= 8 copies, design storms, 8.5 x 11 in sheets, ...).
Submitted values: True for a flag, a number, a list of numbers or texts, a text, a date.
"""

from __future__ import annotations

import datetime as dt
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any, Literal

from pydantic import Field, model_validator

from inspections.checklists.loader import data_files, read_data
from inspections.checklists.schema import ChapterKey, Strict
from inspections.explain import Explanation
from inspections.rulepack import param

ValueKind = Literal["flag", "number", "numbers", "text", "texts", "choice", "date"]
Op = Literal["le", "ge", "equals", "includes", "one_of", "between_exclusive"]


class Check(Strict):
    op: Op
    param: str | tuple[str, ...] | None = None
    values: tuple[str, ...] = ()
    rule: str | None = None

    @model_validator(mode="after")
    def _limit(self) -> Check:
        if (self.param is None) == (not self.values):
            raise ValueError("a check takes its limit from a pack param or from literal values, not both")
        return self


class When(Strict):
    key: str
    op: Literal["true", "false", "ge"]
    param: str | None = None


class Fact(Strict):
    id: str
    prompt: str
    kind: Literal["bool", "number"]


class CompletenessItem(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    prompt: str
    rule_id: str
    value: ValueKind
    check: Check | None = None
    when: When | None = None


class CompletenessChecklist(Strict):
    kind: str
    version: int = Field(ge=1)
    chapter: ChapterKey
    title: str
    facts: tuple[Fact, ...] = ()
    items: tuple[CompletenessItem, ...]


@dataclass(frozen=True)
class Missing:
    item_id: str
    rule_id: str
    reason: str
    explanation: Explanation


@dataclass(frozen=True)
class Completeness:
    kind: str
    version: int
    complete: bool
    missing: tuple[Missing, ...]
    required: tuple[str, ...]


def parse_completeness(text: str) -> CompletenessChecklist:
    data = tomllib.loads(text)
    head = data.pop("checklist")
    built = CompletenessChecklist(
        **head, facts=tuple(data.pop("fact", [])), items=tuple(data.pop("item", []))
    )
    if data:
        raise ValueError(f"completeness {built.kind}: unknown top-level keys {sorted(data)}")
    return built


@cache
def completeness_kinds() -> MappingProxyType[str, CompletenessChecklist]:
    found = {}
    for name in data_files("completeness_"):
        checklist = parse_completeness(read_data(name))
        if checklist.kind in found:
            raise ValueError(f"{name}: completeness kind {checklist.kind} defined twice")
        found[checklist.kind] = checklist
    return MappingProxyType(found)


def is_complete(kind: str, submitted_items: Mapping[str, Any]) -> Completeness:
    """What a filing of `kind` lacks: each missing or failing item with its rule id and the reason."""
    checklist = completeness_kinds()[kind]
    known = {i.id for i in checklist.items} | {f.id for f in checklist.facts}
    if set(submitted_items) - known:
        raise ValueError(f"{kind}: unknown items {sorted(set(submitted_items) - known)}")
    required, missing = [], []
    for item in checklist.items:
        if item.when is not None and not _applies(item, item.when, submitted_items):
            continue
        required.append(item.id)
        reason = _problem(item, submitted_items.get(item.id))
        if reason is not None:
            missing.append(
                Missing(
                    item.id, item.rule_id, reason, Explanation.of(item.rule_id, f"{item.prompt}: {reason}")
                )
            )
    return Completeness(kind, checklist.version, not missing, tuple(missing), tuple(required))


def _limit(item: CompletenessItem, check: Check) -> Any:
    rid = check.rule or item.rule_id
    if isinstance(check.param, tuple):
        return tuple(param(rid, p) for p in check.param)
    return param(rid, check.param) if check.param is not None else check.values


def _applies(item: CompletenessItem, when: When, submitted: Mapping[str, Any]) -> bool:
    value = submitted.get(when.key)
    if when.op in ("true", "false"):
        return value is (when.op == "true")
    return value is not None and value >= param(item.rule_id, when.param or "")


def _present(kind: ValueKind, value: Any) -> bool:
    if kind == "flag":
        return value is True
    if kind == "date":
        return isinstance(value, dt.date)
    if kind in ("numbers", "texts"):
        return isinstance(value, list | tuple) and len(value) > 0
    if kind == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, str) and value.strip() != ""


def _problem(item: CompletenessItem, value: Any) -> str | None:
    if not _present(item.value, value):
        return "not submitted"
    if item.check is None:
        return None
    limit = _limit(item, item.check)
    checks: dict[str, Callable[[], bool]] = {
        "le": lambda: value <= limit,
        "ge": lambda: value >= limit,
        "equals": lambda: sorted(value) == sorted(limit),
        "includes": lambda: set(limit) <= set(value),
        "one_of": lambda: value in limit,
        "between_exclusive": lambda: limit[0] < value < limit[1],
    }
    ok = checks[item.check.op]()
    return (
        None
        if ok
        else f"{value!r} fails {item.check.op} {list(limit) if isinstance(limit, tuple) else limit!r}"
    )
