"""Merge a permit's structured conditions into a template, so every condition of the order is an item too.

A condition whose kind fills a slot of the template (an item with `merge_kind`: hours, truck_route,
volume_limit) replaces that generic item by one specific item per condition, keeping the slot's rule and
provision and naming the condition. Any other condition (a "special" condition, or a kind the template has no
slot for) becomes its own item; its failure violates the permit under the template's `permit_condition_rule`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from inspections.catalogues import N_
from inspections.checklists.schema import (
    Checklist,
    FieldSpec,
    Item,
    Measurement,
    OnFail,
    OnPass,
    PermitCondition,
)
from inspections.rulepack import rule

CONDITION_FINDING = N_("A condition of the permit was not followed.")
_SPECIAL_FIELDS = (
    FieldSpec(name="note", kind="text", label="What was observed"),
    FieldSpec(name="photo", kind="photo", label="Photo"),
)


def merge(template: Checklist, permit_conditions: Sequence[Mapping[str, Any]]) -> Checklist:
    """The template with the permit's conditions as items (pure; the template is not changed)."""
    if template.conditions:
        raise ValueError(f"{template.key} already has conditions merged; merge into the bare template")
    conditions = tuple(PermitCondition(**c) for c in permit_conditions)
    for c in conditions:
        if c.rule_id is not None and rule(c.rule_id).pack != template.chapter:
            raise ValueError(f"condition {c.id} cites {c.rule_id}, not a rule of {template.chapter}")
    ids = [c.id for c in conditions]
    if len(ids) != len(set(ids)):
        raise ValueError(f"permit condition ids repeat: {ids}")
    slots = {i.merge_kind for i in template.items if i.merge_kind}
    items: list[Item] = []
    for item in template.items:
        filling = [c for c in conditions if item.merge_kind and c.kind == item.merge_kind]
        if filling:
            items.extend(_specialised(item, c) for c in filling)
        else:
            items.append(item)
    items.extend(_own_item(template, c) for c in conditions if c.kind not in slots)
    return template.model_copy(update={"items": tuple(items), "conditions": conditions})


def _describe(condition: PermitCondition) -> str:
    days = ", " + "/".join(condition.days) if condition.days else ""
    extra = {
        "hours": f" ({condition.start}-{condition.end}{days})" if condition.start and condition.end else "",
        "truck_route": f" (route: {condition.route})" if condition.route else "",
        "volume_limit": f" (limit {condition.cubic_yards:,g} cu yd)" if condition.cubic_yards else "",
    }.get(condition.kind, "")
    return f"Permit condition {condition.id}: {condition.text}{extra}"


def _specialised(slot: Item, condition: PermitCondition) -> Item:
    measurement = slot.measurement
    numbers = [f.name for f in slot.fields if f.kind == "number"]
    if condition.kind == "volume_limit" and condition.cubic_yards is not None and numbers:
        measurement = Measurement(field=numbers[0], fails_if="gt", value=condition.cubic_yards)
    on_fail = slot.on_fail.model_copy(update={"condition": condition.id})
    return slot.model_copy(
        update={
            "id": f"{slot.id}.{condition.id.lower()}",
            "prompt": f"{slot.prompt} {_describe(condition)}",
            "condition_id": condition.id,
            "merge_kind": None,
            "measurement": measurement,
            "on_fail": on_fail,
        }
    )


def _own_item(template: Checklist, condition: PermitCondition) -> Item:
    clock = template.offense_clock
    return Item(
        id=f"permit.{condition.id.lower()}",
        prompt=f"Is this complied with? {_describe(condition)}",
        finding=CONDITION_FINDING,
        rule_id=condition.rule_id,
        condition_id=condition.id,
        fields=_SPECIAL_FIELDS,
        on_fail=OnFail(
            provision=condition.rule_id or template.permit_condition_rule, condition=condition.id, clock=clock
        ),
        on_pass=OnPass(stops_clock=clock),
    )
