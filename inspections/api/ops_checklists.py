"""Operations on checklists: is an application complete, and what an inspection's answers set off."""
from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from pydantic import Field

from inspections.api.out import ExplanationOut
from inspections.api.registry import Chapter, Day, In, InputError, Out, Part, Submitted, operation
from inspections.checklists import (
    completeness_kinds,
    evaluate,
    is_complete,
    merge,
    permit_template_id,
    template,
)
from inspections.checklists.findings import finding_of_origin
from inspections.config import BylawConfig

CHECKLISTS = "filings and exemptions"


class CompletenessIn(In):
    kind: Literal[tuple(sorted(completeness_kinds()))]  # type: ignore[valid-type]
    submitted: dict[Annotated[str, Field(max_length=80)], Submitted] = Field(max_length=200)


class MissingOut(Out):
    item_id: str
    rule_id: str
    reason: str
    explanation: ExplanationOut


class CompletenessOut(Out):
    kind: str
    version: int
    complete: bool
    missing: list[MissingOut]
    required: list[str]


@operation("completeness", CHECKLISTS, CompletenessIn, CompletenessOut)
def completeness(facts: CompletenessIn, cfg: BylawConfig) -> Any:
    """What an application lacks, item by item, with the rule that asks for it (RULES.md §§ 1.7, 2.3, 3.3)."""
    submitted = {key: _date_or_value(value) for key, value in facts.submitted.items()}
    return is_complete(facts.kind, submitted)


def _date_or_value(value: Any) -> Any:
    """A date item arrives as an ISO text; anything else as it is."""
    if isinstance(value, str) and len(value) == 10:
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            return value
    return value


class AnswerIn(Part):
    result: Annotated[str, Field(max_length=20, description="pass, fail, n/a (as the item allows)")]
    fields: dict[Annotated[str, Field(max_length=80)], Submitted] = Field(default_factory=dict, max_length=50)


class ChecklistIn(In):
    template_id: Annotated[str, Field(max_length=80, pattern=r"^[a-z0-9-]+$")]
    version: int | None = Field(None, ge=1, le=1000, description="the template version (default: the latest)")
    permit_conditions: list[dict[str, Any]] = Field(
        default_factory=list, max_length=100, description="the permit's structured conditions"
    )
    answers: dict[Annotated[str, Field(max_length=80)], AnswerIn] = Field(
        max_length=300, description="item id -> the answer"
    )
    inspected_on: Day


class ViolationToOpenOut(Out):
    item_id: str
    rule_id: str
    citation: str
    opens_on: dt.date | None
    explanation: ExplanationOut
    flags: list[str]


class ClockChangeOut(Out):
    item_id: str
    clock: str
    action: str
    starts_on: dt.date | None
    due_on: dt.date | None
    violation_opens_on: dt.date | None
    expired: bool
    explanation: ExplanationOut
    flags: list[str]


class EvaluationOut(Out):
    checklist: str
    violations: list[ViolationToOpenOut]
    clocks: list[ClockChangeOut]
    flags: list[str]
    unanswered: list[str]


class PermitChecklistIn(In):
    chapter: Chapter
    permit_kind: Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[a-z_]+$")]


class PermitChecklistOut(Out):
    template_id: str | None = Field(description="the inspection checklist, or null: the chapter names none")


@operation("permit-checklist", CHECKLISTS, PermitChecklistIn, PermitChecklistOut)
def permit_checklist(facts: PermitChecklistIn, cfg: BylawConfig) -> Any:
    """Which inspection checklist a kind of permit under the chapter is inspected with (its pack says)."""
    return {"template_id": permit_template_id(facts.chapter, facts.permit_kind)}


class FindingIn(In):
    checklist: Annotated[
        str,
        Field(
            max_length=120,
            pattern=r"^[a-z0-9-]+@[0-9]{1,4}(\+[0-9a-f]{10})?$",
            description="the checklist key a violation was opened under (template id @ version [+ digest])",
        ),
    ]
    item_id: Annotated[str, Field(max_length=80, pattern=r"^[a-z0-9][a-z0-9.-]*$")]
    language: Literal["en", "es", "pt"] = "en"


class FindingOut(Out):
    finding: str | None = Field(description="the finding sentence, or null: the item is not a shipped one")


@operation("checklist-finding", CHECKLISTS, FindingIn, FindingOut)
def checklist_finding(facts: FindingIn, cfg: BylawConfig) -> Any:
    """What a failed checklist item means, in plain words and the reader's language ("Earth was removed
    within 50 ft of the property line"); a merged permit condition reads as its slot or as a condition."""
    return {"finding": finding_of_origin(facts.checklist, facts.item_id, facts.language)}


@operation("checklist-evaluation", CHECKLISTS, ChecklistIn, EvaluationOut)
def checklist_evaluation(facts: ChecklistIn, cfg: BylawConfig) -> Any:
    """What an inspection's answers set off: the violations to open under their provisions, the clocks that
    start or stop (e.g. the 14-day stabilization), for a template merged with the permit's conditions."""
    try:
        checklist = merge(template(facts.template_id, facts.version), facts.permit_conditions)
    except KeyError as exc:
        raise InputError.of("template_id", str(exc).strip("'\"")) from exc
    found = evaluate(checklist, _typed(checklist, facts.answers), inspected_on=facts.inspected_on, cfg=cfg)
    return {
        "checklist": found.checklist,
        "flags": found.flags,
        "unanswered": found.unanswered,
        "clocks": [{**_fields(c), "action": c.action.value} for c in found.clocks],
        "violations": [
            {**_fields(v), "rule_id": v.provision.rule_id, "citation": v.provision.citation}
            for v in found.violations
        ],
    }


def _typed(checklist: Any, answers: dict[str, AnswerIn]) -> dict[str, dict[str, Any]]:
    """Date fields arrive as ISO texts (or "unknown" where the template allows it); the engine takes dates."""
    typed = {}
    for item_id, answer in answers.items():
        fields = dict(answer.fields)
        kinds = (
            {f.name: f.kind for f in checklist.item(item_id).fields}
            if item_id in {i.id for i in checklist.items}
            else {}
        )
        for name, value in fields.items():
            if (
                kinds.get(name) in ("date", "date_or_unknown")
                and isinstance(value, str)
                and value != "unknown"
            ):
                try:
                    fields[name] = dt.date.fromisoformat(value)
                except ValueError:
                    raise InputError.of(f"answers.{item_id}.fields.{name}", "must be an ISO date") from None
        typed[item_id] = {"result": answer.result, "fields": fields}
    return typed


def _fields(obj: Any) -> dict[str, Any]:
    return {k: getattr(obj, k) for k in obj.__dataclass_fields__}


