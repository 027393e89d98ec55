"""Evaluate a completed checklist: violations to open (provision + citation), clocks that start or stop.

Pure: answers and the inspection date in, consequences out. A fail opens a violation under its item's
provision at once, or, for a clocked item such as stabilization (CARVER-247-STABILIZE-14D), starts the clock
and opens the violation only when the clock has run out (at this inspection already, or later if still
failing).
An unknown clock start (e.g. the date activity ceased) is allowed and flagged: the clock then counts from the
inspection date, the latest date the start can have been. A measured field decides over the ticked answer.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from inspections.checklists.schema import Checklist, FieldSpec, Item
from inspections.config import DEFAULT, BylawConfig
from inspections.deadlines.carver_247 import deadlines_for_cessation
from inspections.deadlines.core import Deadline
from inspections.explain import Explanation
from inspections.rulepack import param, rule
from inspections.thresholds import feet, within_ft

CLOCKED_DEADLINES: Mapping[str, Callable[[dt.date, BylawConfig], Deadline]] = {
    "CARVER-247-STABILIZE-14D": lambda start, cfg: deadlines_for_cessation(start, cfg=cfg)[0],
}


class ClockAction(StrEnum):
    START = "start"
    STOP = "stop"


@dataclass(frozen=True)
class Answer:
    result: str
    fields: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Provision:
    bylaw: str
    rule_id: str
    citation: str
    condition_id: str | None = None


@dataclass(frozen=True)
class ViolationToOpen:
    item_id: str
    provision: Provision
    opens_on: dt.date | None
    explanation: Explanation
    flags: tuple[str, ...] = ()


@dataclass(frozen=True)
class ClockChange:
    item_id: str
    clock: str
    action: ClockAction
    explanation: Explanation
    starts_on: dt.date | None = None
    due_on: dt.date | None = None
    violation_opens_on: dt.date | None = None
    expired: bool = False
    provision: Provision | None = None
    flags: tuple[str, ...] = ()


@dataclass(frozen=True)
class Evaluation:
    checklist: str
    violations: tuple[ViolationToOpen, ...]
    clocks: tuple[ClockChange, ...]
    flags: tuple[str, ...]
    unanswered: tuple[str, ...]


@dataclass
class _Out:
    violations: list[ViolationToOpen] = field(default_factory=list)
    clocks: list[ClockChange] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)

    def flag(self, *flags: str) -> None:
        self.flags.extend(f for f in flags if f not in self.flags)


def evaluate(
    checklist: Checklist,
    answers: Mapping[str, Answer | Mapping[str, Any]],
    *,
    inspected_on: dt.date | None = None,
    cfg: BylawConfig = DEFAULT,
) -> Evaluation:
    """Consequences of the answers; items without an answer are listed as unanswered."""
    unknown = set(answers) - {i.id for i in checklist.items}
    if unknown:
        raise ValueError(f"{checklist.key}: answers for unknown items {sorted(unknown)}")
    out, unanswered = _Out(), []
    for item in checklist.items:
        if item.id not in answers:
            unanswered.append(item.id)
            continue
        answer = _checked(item, answers[item.id])
        result = _decided(item, answer, cfg, out)
        if result == "pass" and item.on_pass.stops_clock:
            clock = item.on_pass.stops_clock
            out.clocks.append(
                ClockChange(
                    item.id,
                    clock,
                    ClockAction.STOP,
                    Explanation.of(clock, f"item {item.id} passed on {inspected_on}: the clock stops"),
                )
            )
        elif result == "fail":
            _failed(checklist, item, answer, inspected_on, cfg, out)
    return Evaluation(
        checklist.key, tuple(out.violations), tuple(out.clocks), tuple(out.flags), tuple(unanswered)
    )


def _checked(item: Item, raw: Answer | Mapping[str, Any]) -> Answer:
    answer = raw if isinstance(raw, Answer) else Answer(raw["result"], raw.get("fields", {}))
    if answer.result not in item.answers:
        raise ValueError(f"item {item.id}: answer {answer.result!r} not among {item.answers}")
    names = {f.name for f in item.fields}
    if set(answer.fields) - names:
        raise ValueError(f"item {item.id}: unknown fields {sorted(set(answer.fields) - names)}")
    for spec in item.fields:
        _check_field(item.id, spec, answer.fields.get(spec.name), answer.result)
    return answer


def _check_field(item_id: str, spec: FieldSpec, value: Any, result: str) -> None:
    where = f"item {item_id}: field {spec.name!r}"
    if result in spec.required_on and value in (None, ""):
        raise ValueError(f"{where} is required when the answer is {result}")
    if value is None:
        return
    if value == "unknown" and spec.kind != "date_or_unknown":
        raise ValueError(f"{where} may not be 'unknown'")
    if spec.kind == "number" and (isinstance(value, bool) or not isinstance(value, int | float)):
        raise ValueError(f"{where} must be a number, got {value!r}")
    is_date = isinstance(value, dt.date) and not isinstance(value, dt.datetime)
    if spec.kind in ("date", "date_or_unknown") and value != "unknown" and not is_date:
        raise ValueError(f"{where} must be a date, got {value!r}")


def _decided(item: Item, answer: Answer, cfg: BylawConfig, out: _Out) -> str:
    m = item.measurement
    value = answer.fields.get(m.field) if m else None
    if m is None or value is None:
        return answer.result
    limit: float = param(m.rule, m.param) if m.rule and m.param else float(m.value or 0)
    fails = within_ft(value, limit, cfg) if m.fails_if == "within_ft" else value > limit
    if m.boundary_flag and (feet(value) if m.fails_if == "within_ft" else value) == limit:
        out.flag(m.boundary_flag)
    if fails and answer.result != "fail":
        out.flag(f"MEASUREMENT-OVERRIDES-ANSWER:{item.id}")
        return "fail"
    if not fails and answer.result == "fail":
        out.flag(f"ANSWER-CONTRADICTS-MEASUREMENT:{item.id}")
    return answer.result


def provision_of(checklist: Checklist, item: Item) -> Provision:
    """The provision a failed item opens a violation under: a rule of the same bylaw, plus any condition."""
    rid = item.on_fail.provision
    if rid is None:
        raise ValueError(f"item {item.id} opens no violation")
    r = rule(rid)
    if r.pack != checklist.chapter:
        raise ValueError(f"item {item.id}: provision {rid} is not a rule of {checklist.chapter}")
    condition = item.on_fail.condition
    citation = r.citation + (f"; permit condition {condition}" if condition else "")
    return Provision(checklist.chapter, rid, citation, condition)


def _failed(
    checklist: Checklist,
    item: Item,
    answer: Answer,
    inspected_on: dt.date | None,
    cfg: BylawConfig,
    out: _Out,
) -> None:
    of = item.on_fail
    out.flag(*of.flags)
    if of.opens_violation == "never":
        return
    prov = provision_of(checklist, item)
    flags = tuple(dict.fromkeys(checklist.violation_flags + of.flags))
    out.flag(*flags)
    if of.opens_violation == "when_clock_expires":
        _clocked(checklist, item, answer, inspected_on, cfg, prov, out)
        return
    what = f"item {item.id} failed at the inspection of {inspected_on}" + (
        f" (permit condition {of.condition})" if of.condition else ""
    )
    out.violations.append(
        ViolationToOpen(item.id, prov, inspected_on, Explanation.of(prov.rule_id, what, flags), flags)
    )
    if of.clock:
        out.clocks.append(
            ClockChange(
                item.id,
                of.clock,
                ClockAction.START,
                Explanation.of(of.clock, f"offense days counted from {inspected_on} until the item passes"),
                starts_on=inspected_on,
                provision=prov,
            )
        )


def _clock_start(
    item: Item, answer: Answer, inspected_on: dt.date | None
) -> tuple[dt.date | None, tuple[str, ...]]:
    """The start from its answer field; unknown -> the inspection date (the latest it can be), flagged."""
    name = item.on_fail.clock_start_field
    assert name is not None
    start = answer.fields.get(name)
    if start in (None, "unknown"):
        return inspected_on, (item.field(name).unknown_flag or "CLOCK-START-UNKNOWN",)
    return start, ()


def _clocked(
    checklist: Checklist,
    item: Item,
    answer: Answer,
    inspected_on: dt.date | None,
    cfg: BylawConfig,
    prov: Provision,
    out: _Out,
) -> None:
    clock = item.on_fail.clock
    assert clock is not None
    start, unknown = _clock_start(item, answer, inspected_on)
    out.flag(*unknown)
    if start is None:
        why = Explanation.of(
            clock, "no start date and no inspection date: the clock cannot be placed", unknown
        )
        out.clocks.append(ClockChange(item.id, clock, ClockAction.START, why, provision=prov, flags=unknown))
        return
    deadline = CLOCKED_DEADLINES[clock](start, cfg)
    due = deadline.latest_on
    assert due is not None
    flags = tuple(dict.fromkeys(unknown + deadline.flags))
    out.flag(*flags)
    opens = due + dt.timedelta(days=1)
    expired = inspected_on is not None and inspected_on > due
    basis = "inspection date (start unknown)" if unknown else "start"
    text = f"{basis} {start}: {deadline.explanation.arithmetic}; violation from {opens} if still failing"
    text += f"; already run out at the inspection of {inspected_on}" if expired else ""
    explanation = Explanation.of(clock, text, flags)
    out.clocks.append(
        ClockChange(item.id, clock, ClockAction.START, explanation, start, due, opens, expired, prov, flags)
    )
    if expired:
        _opened_after_clock(checklist, item, prov, opens, text, flags, out)


def _opened_after_clock(
    checklist: Checklist,
    item: Item,
    prov: Provision,
    opens: dt.date,
    text: str,
    flags: tuple[str, ...],
    out: _Out,
) -> None:
    """The clock had run out at the inspection: the violation opens the day after its last day."""
    flags = tuple(dict.fromkeys(checklist.violation_flags + item.on_fail.flags + flags))
    out.violations.append(
        ViolationToOpen(item.id, prov, opens, Explanation.of(prov.rule_id, text, flags), flags)
    )
    if checklist.offense_clock:
        why = Explanation.of(checklist.offense_clock, f"offense days counted from {opens}")
        out.clocks.append(
            ClockChange(
                item.id, checklist.offense_clock, ClockAction.START, why, starts_on=opens, provision=prov
            )
        )
