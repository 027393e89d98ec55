"""The bylaw engine's one facade: every operation it offers, each taking and returning plain JSON-able data.

    from inspections import api
    api.operations()                       # [{"name", "group", "summary", "description"}, ...]
    api.events()                           # the deadline events: each (event, chapter) and the facts it needs
    api.call("deadlines", {"event": "hearing_closed", "chapter": "CARVER-247", "on": "2026-05-04",
                           "extended_by_days": 14})
    api.call("zone", {...}, settings={"dist_inclusive": False})   # the town's switches, or a "what if"

Operations, by group (each documented by its input and output models; POST /api/v1/law/<name> serves each):
- deadlines and checks: deadlines (every event function of the engine), notice-in-time, inspection-notice,
  storm-inspections, missing-monthly-reports, stabilization-breach, deemed-approval, change-notice,
  erc-review-meeting, permit-extension, calendar;
- who may act: may-act, vote, erc-roster, erc-meetings, upton-majority, decision-outcome;
- offenses and fines: offense-days, offender, assessment, assessment-diff, penalty, citation,
  restoration-effect;
- fees and security: filing-fee, consultant-fee-cap, fee-table-rows, consultant-fee-timing,
  consultant-fee-refund, bond-release, covenant-security;
- zones and places: zone, resource-area, abutter, copies;
- thresholds and definitions: threshold, definition;
- filings and exemptions: exemption, completeness, permit-checklist, checklist-evaluation, checklist-finding,
  rule, readings, packs (the rule packs a town may adopt, each with the board that enforces it);
- chapters (found by discovery, `inspections.chapters`): chapters, chapter (one chapter as data: its body,
  offender, order form, the actions it empowers, zones, review meeting), order-deadlines (the deadlines an
  order starts when issued or served, from its chapter's formula module).

A missing or malformed input raises `InputError` naming each field (HTTP: 422); the engine never invents a
fact it was not given. Today's engine modules stay importable where they are; this facade only adds a way in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from inspections.api import (  # noqa: F401  (each module registers its operations)
    events_carver,
    events_carver_136,
    events_wetlands,
    ops_bodies,
    ops_chapters,
    ops_checklists,
    ops_checks,
    ops_deadlines,
    ops_fees,
    ops_filings,
    ops_fines,
    ops_places,
    ops_tests,
)
from inspections.api.events import EventFacts, events, supported
from inspections.api.registry import REGISTRY, InputError, Operation
from inspections.config import DEFAULT, BylawConfig

OPERATIONS: Mapping[str, Operation] = REGISTRY

__all__ = ["OPERATIONS", "EventFacts", "InputError", "Operation", "call", "events", "operations", "supported"]


def operations() -> list[dict[str, str]]:
    """Every operation: name, group, one-line summary, description."""
    return [
        {"name": op.name, "group": op.group, "summary": op.summary, "description": op.description}
        for op in OPERATIONS.values()
    ]


def call(
    name: str, payload: Mapping[str, Any], *, settings: BylawConfig | Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Answer operation `name` for `payload` under the town's switches (`settings`, default: the literal
    text)."""
    op = OPERATIONS.get(name)
    if op is None:
        raise InputError.of("operation", f"no operation {name!r}; one of {', '.join(sorted(OPERATIONS))}")
    cfg = settings if isinstance(settings, BylawConfig) else BylawConfig(dict(settings or {}))
    return op(payload, cfg if settings is not None else DEFAULT)
