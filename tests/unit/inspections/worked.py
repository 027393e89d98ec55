"""Worked cases: which RULES.md ids the inspection tests check against an exact expected value.

Issues 4 (bylaw engine) and 5 (field rules) ask that every rule "with a number or clock" appear in a worked
case, i.e. a test case that carries the rule id and an exact expected value written from the bylaw text.
The test modules of this package declare their cases in their own styles (a frozen `Case`-like dataclass
whose first field is `rule_id`, or `pytest.param("RULE-ID", ..., expected)` rows under argnames that start
with `rule_id`). Rather than re-registering them, `collect()` reads the `@pytest.mark.parametrize` tables of
every test function: a case is counted only if a test actually runs it.

A case counts (`WorkedCase.exact`) when its rule id is a rule of the packs and at least one of its outcome
fields holds a value: not None and not an empty string or container (a boolean verdict is a value). Outcome
fields are those named `expected...` / `expect`; a case type without such a field is read through its verdict
fields (`allowed`, `exempt`, `zone`, `amounts`, ...), see `VERDICT_FIELDS`.

"A rule with a number or clock" (`has_number_or_clock`) is decided mechanically from the rule's RULES.md
Numbers and Clock/test columns (copied verbatim into the packs as `numbers` and `clock`): after removing
cross-references (rule, AMB, CONV and EXT ids, § and CMR/MGL citations, `config keys`, "MS4"), either column
contains a digit, a time word (day, hour, week, month, year, annual, monthly, weekly, before, after, within,
prior) or a counting word ("majority", "×").
"""
from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from inspections.rulepack import Rule, load_rulebook

PACKAGE = "tests.unit.inspections"
ENGINE_SECTIONS = ("1.3", "1.4", "1.5", "1.6", "1.8", "2.2", "2.4", "2.5", "3.2", "3.4", "3.6",
                   "4.3", "4.4", "4.5", "4.6", "5.3", "5.4", "5.6")  # issue 4
FIELD_SECTIONS = ("1.1", "1.2", "1.7", "2.1", "2.3", "3.1", "3.3", "3.5", "4.1", "4.2",
                  "5.1", "5.2", "5.5")  # issue 5
_ParameterSet = type(pytest.param(None))
VERDICT_FIELDS = frozenset({
    "allowed", "carries", "exempt", "met", "zone", "requirement", "candidates", "missing", "violations",
    "clocks", "amounts", "total", "total_cents", "amount_cents", "earliest_at", "latest_on", "appear_by",
})

_REFERENCES = re.compile(
    r"`[^`]*`|AMB-\d+|EXT-[A-Z0-9-]+|CONV-[A-Z-]+|(?:CARVER|UPTON|GARDNER)-\d{3}-[A-Z0-9-]+"
    r"|~?§+ ?[\w().–-]+|MS4|\d+ CMR [\d.]+|c\. \d+ § \d+")
_QUANTITY_WORDS = re.compile(
    r"\b(days?|hours?|weeks?|months?|years?|annual|monthly|weekly|before|after|within|prior|majority)\b|×",
    re.IGNORECASE)


def has_number_or_clock(r: Rule) -> bool:
    """The issues' "rule with a number or clock", read off the RULES.md Numbers and Clock/test columns."""
    text = _REFERENCES.sub(" ", f"{r.numbers} | {r.clock}")
    return bool(re.search(r"\d", text) or _QUANTITY_WORDS.search(text))


def section_of(r: Rule) -> str:
    """'1.3 Request for determination ...' -> '1.3'."""
    return r.section.split()[0]


def required_ids(sections: Iterable[str]) -> dict[str, list[str]]:
    """Section -> ids (pack order) of the rules with a number or clock in it."""
    wanted = {s: [] for s in sections}
    for r in load_rulebook():
        if section_of(r) in wanted and has_number_or_clock(r):
            wanted[section_of(r)].append(r.id)
    return wanted


@dataclass(frozen=True)
class WorkedCase:
    rule_id: str
    outcomes: tuple[tuple[str, Any], ...]  # (field name, expected value)
    source: str  # module::test[index]

    @property
    def exact(self) -> bool:
        return self.rule_id in load_rulebook() and any(_is_value(v) for _, v in self.outcomes)


def _is_value(v: Any) -> bool:
    if v is None:
        return False
    if isinstance(v, str | bytes | tuple | list | dict | set | frozenset):
        return len(v) > 0
    return True


def _outcomes(fields: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    named = [k for k in fields if k == "expect" or k.startswith("expected")]
    keys = named or [k for k in fields if k in VERDICT_FIELDS]
    return tuple((k, fields[k]) for k in keys)


def _case_of(argnames: list[str], values: tuple[Any, ...], source: str) -> WorkedCase | None:
    if len(values) == 1 and dataclasses.is_dataclass(values[0]) and hasattr(values[0], "rule_id"):
        obj = values[0]
        fields = {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}
    elif argnames and argnames[0] == "rule_id":
        fields = dict(zip(argnames, values, strict=True))
    else:
        return None
    return WorkedCase(str(fields["rule_id"]), _outcomes(fields), source)


def cases_of_function(module: str, name: str, fn: Any) -> Iterator[WorkedCase]:
    for mark in getattr(fn, "pytestmark", ()):
        if mark.name != "parametrize":
            continue
        argnames = mark.args[0]
        names = [a.strip() for a in argnames.split(",")] if isinstance(argnames, str) else list(argnames)
        for i, row in enumerate(mark.args[1]):
            if isinstance(row, _ParameterSet):
                if row.marks:  # skipped or xfailed rows prove nothing
                    continue
                values = tuple(row.values)
            else:
                values = row if len(names) > 1 else (row,)
            case = _case_of(names, values, f"{module}::{name}[{i}]")
            if case is not None:
                yield case


def collect(exclude: Iterable[str] = ()) -> list[WorkedCase]:
    """Every parametrized case of every test module of this package (except `exclude`)."""
    found: list[WorkedCase] = []
    package = importlib.import_module(PACKAGE)
    for info in pkgutil.iter_modules(package.__path__):
        if not info.name.startswith("test_") or info.name in exclude:
            continue
        module = importlib.import_module(f"{PACKAGE}.{info.name}")
        for name, fn in vars(module).items():
            if name.startswith("test_") and callable(fn):
                found.extend(cases_of_function(info.name, name, fn))
    return found


# --- a small shared case type for modules that write new worked cases -------------------------------------

@dataclass(frozen=True)
class Case:
    """One worked case: the RULES.md id first, a readable name, what is given, and the exact expected value
    written from the bylaw text (never from the code's output); `overrides` are config switches in force."""

    rule_id: str
    name: str
    given: Any
    expected: Any
    overrides: Mapping[str, Any] = dataclasses.field(default_factory=dict)


def params(cases: Iterable[Case]) -> list[Any]:
    return [pytest.param(c, id=f"{c.rule_id} {c.name}") for c in cases]
