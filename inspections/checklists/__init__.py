"""Versioned inspection checklists and application-completeness checklists, as TOML data beside this file.

    template("carver-247-land-disturbance")          -> Checklist (latest version), validated on load
    merge(template, permit_conditions)               -> Checklist with the permit's conditions as items
    evaluate(checklist, answers, inspected_on=...)   -> Evaluation: violations to open, clocks, flags
    is_complete("carver281_noi", submitted_items)    -> Completeness: what is missing, with rule ids

Files: `inspection_*.toml` ([template], [[item]]) and `completeness_*.toml` ([checklist], [[item]], [[fact]]).
Reading them is the package's only I/O.
"""

from inspections.checklists.completeness import Completeness, Missing, completeness_kinds, is_complete
from inspections.checklists.evaluate import (
    ClockAction,
    ClockChange,
    Evaluation,
    Provision,
    ViolationToOpen,
    evaluate,
)
from inspections.checklists.loader import parse_template, permit_template_id, template, templates
from inspections.checklists.merge import merge
from inspections.checklists.schema import Checklist, Item, PermitCondition

__all__ = [
    "Checklist",
    "ClockAction",
    "ClockChange",
    "Completeness",
    "Evaluation",
    "Item",
    "Missing",
    "PermitCondition",
    "Provision",
    "ViolationToOpen",
    "completeness_kinds",
    "evaluate",
    "permit_template_id",
    "is_complete",
    "merge",
    "parse_template",
    "template",
    "templates",
]
