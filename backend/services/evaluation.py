"""Evaluation on submit: the bylaw engine reads the checklist; failed items open violations, clocks start or
stop, passed items correct earlier violations of the same item at the same site.

Called once, inside `submit_inspection`'s transaction (a repeated submit returns before reaching here).
An inspection without a checklist (no template and no permit with one) records its answers only.
Answers the engine cannot read (an item not on the checklist, a required field missing) refuse the submit
with a 422 naming the item; the draft stays as it was.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import select

from backend.extensions import db
from backend.models import ChecklistResponse, Inspection
from backend.models.evidence import InspectionEvaluation
from backend.security import Principal
from backend.services import clocks, findings
from backend.services.bylaw_config import config_for
from inspections.checklists import Checklist, Evaluation, evaluate
from inspections.checklists.evaluate import Answer
from inspections.checklists.schema import FieldSpec
from inspections.errors import Invalid, NotFound

OVERRIDDEN = "MEASUREMENT-OVERRIDES-ANSWER:"


def on_submit(who: Principal, inspection: Inspection) -> None:
    scene = findings.scene_for(inspection, who.user.id)
    if scene is None:
        return
    answers = answers_for(scene.checklist, inspection.responses)
    try:
        result = evaluate(scene.checklist, answers, inspected_on=scene.inspected_on, cfg=config_for(who.town))
    except ValueError as exc:
        refuse(f"the checklist answers cannot be evaluated: {exc}", {"responses": [str(exc)]})
    started = clocks.apply(scene, result.clocks)
    opened = [
        v
        for found in result.violations
        if (v := findings.open_violation(scene, found, started.get(found.item_id))) is not None
    ]
    corrected = findings.correct_passed(scene, passed_items(inspection.responses, result))
    db.session.flush()
    db.session.add(
        InspectionEvaluation(
            town_id=inspection.town_id,
            inspection_id=inspection.id,
            checklist_key=scene.checklist.key[:120],
            flags=list(result.flags),
            unanswered=list(result.unanswered),
            violation_ids=[str(v.id) for v in opened],
            corrected_ids=[str(v.id) for v in corrected],
            lines=explanation_lines(result),
        )
    )


def evaluation_of(inspection: Inspection) -> InspectionEvaluation:
    row = db.session.scalar(
        select(InspectionEvaluation).where(InspectionEvaluation.inspection_id == inspection.id)
    )
    if row is None:
        raise NotFound(f"inspection {inspection.id} has no evaluation: it is a draft or has no checklist")
    return row


def refuse(message: str, fields: dict[str, Any]) -> None:
    """422 naming the answers; the submit's own changes are rolled back, so the draft stays a draft."""
    db.session.rollback()
    raise Invalid(message, detail={"json": fields})


def passed_items(responses: list[ChecklistResponse], result: Evaluation) -> set[str]:
    """Items answered pass, less those a measurement turned into a fail."""
    overridden = {f.removeprefix(OVERRIDDEN) for f in result.flags if f.startswith(OVERRIDDEN)}
    return {r.item_id for r in responses if r.answer == "pass"} - overridden


def explanation_lines(result: Evaluation) -> list[str]:
    return [f"{v.item_id}: {v.explanation.line}" for v in result.violations] + [
        f"{c.item_id}: {c.action} {c.explanation.line}" for c in result.clocks
    ]


def answers_for(checklist: Checklist, responses: list[ChecklistResponse]) -> dict[str, Answer]:
    """The stored answers in the engine's form; every problem is reported at once, keyed by item id."""
    problems: dict[str, list[str]] = {}
    answers: dict[str, Answer] = {}
    for r in responses:
        try:
            item = checklist.item(r.item_id)
        except KeyError:
            problems[r.item_id] = [f"not an item of checklist {checklist.key}"]
            continue
        fields: dict[str, Any] = {}
        for spec in item.fields:
            try:
                value = _field_value(spec, r)
            except ValueError as exc:
                problems.setdefault(r.item_id, []).append(f"field {spec.name!r}: {exc}")
                continue
            if value is not None:
                fields[spec.name] = value
        answers[r.item_id] = Answer(r.answer, fields)
    if problems:
        refuse("some answers do not fit the checklist", {"responses": problems})
    return answers


def _field_value(spec: FieldSpec, r: ChecklistResponse) -> Any:
    data = r.data if isinstance(r.data, dict) else {}
    columns = {"ceased_on": r.ceased_on, "note": r.note}
    value = columns.get(spec.name) or data.get(spec.name)
    if spec.kind in ("date", "date_or_unknown") and isinstance(value, str) and value != "unknown":
        value = dt.date.fromisoformat(value)
    if value is None and spec.kind == "date_or_unknown" and r.answer in spec.required_on:
        return "unknown"  # the agent could not say: the engine counts from the inspection date, flagged
    return value
