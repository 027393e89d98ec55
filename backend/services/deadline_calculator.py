"""The deadline calculator: an event in, the bylaw engine's deadlines out (rule id, citation, one line why).

Supported (event, chapter) pairs are the keys of CALCULATORS; anything else is a 422 listing them.
`on` is the event's local date, `at` its instant. A CARVER-136 cease-and-desist without the operator's notice
or the posting time counts both from the order (the earliest the window can open), as its lines say.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from apiflask import abort

from backend.security import Principal
from backend.services.bylaw_config import config_for
from inspections.calendar import BusinessCalendar
from inspections.config import BylawConfig
from inspections.deadlines import carver_136_permit, carver_247, erc_review, gardner_650, upton_280
from inspections.deadlines.carver_247_site import InspectionEvent, deadlines_for_inspection_event
from inspections.deadlines.core import Deadline
from inspections.deadlines.day_counts import calendar_for

Calculator = Callable[[dict[str, Any], BylawConfig, BusinessCalendar], list[Deadline]]


def _need(data: dict[str, Any], name: str) -> Any:
    if data.get(name) is None:
        abort(
            422,
            f"{data['event']} under {data['chapter']} needs {name}",
            detail={"json": {name: ["required for this event"]}},
        )
    return data[name]


def _carver_136_cd(d: dict[str, Any], cfg: BylawConfig, cal: BusinessCalendar) -> list[Deadline]:
    at: dt.datetime = _need(d, "at")
    notified = d.get("operator_notified_at") or at
    posted = d.get("posted_at") or (at if cfg["carver136.apply_oml"] else None)
    return erc_review.deadlines_for_cease_and_desist(at, notified, posted, cfg=cfg, cal=cal)


def _inspection_event(d: dict[str, Any], cfg: BylawConfig, cal: BusinessCalendar) -> list[Deadline]:
    event = InspectionEvent(f"CARVER-247-INSP-EVT{_need(d, 'inspection_event')}")
    return deadlines_for_inspection_event(event, _need(d, "on"), cfg=cfg, cal=cal)


CALCULATORS: dict[tuple[str, str], Calculator] = {
    ("activity_ceased", "CARVER-247"): lambda d, cfg, cal: carver_247.deadlines_for_cessation(
        _need(d, "on"), cfg=cfg, cal=cal
    ),
    ("cease_and_desist_issued", "CARVER-136"): _carver_136_cd,
    ("cease_and_desist_issued", "CARVER-247"): lambda d, cfg, cal: carver_247.deadlines_for_cease_and_desist(
        _need(d, "at")
    ),
    ("inspection_event", "CARVER-247"): _inspection_event,
    ("permit_issued", "CARVER-136"): lambda d, cfg, cal: carver_136_permit.permit_term(
        _need(d, "on"), d.get("expires_on"), cfg=cfg
    ),
    ("permit_issued", "UPTON-280"): lambda d, cfg, cal: upton_280.permit_issued_deadlines(
        _need(d, "on"), upton_280.PermitKind(d["permit_kind"]), cfg=cfg, cal=cal
    ),
    ("permit_issued", "GARDNER-650"): lambda d, cfg, cal: gardner_650.permit_issued_deadlines(
        _need(d, "on"), gardner_650.PermitKind(d["permit_kind"]), cfg=cfg, cal=cal
    ),
    ("permit_expiry", "GARDNER-650"): lambda d, cfg, cal: gardner_650.expiration_deadlines(
        _need(d, "on"), cfg=cfg, cal=cal
    ),
    ("permit_expiry", "CARVER-136"): lambda d, cfg, cal: carver_136_permit.permit_term(
        _need(d, "issued_on"), _need(d, "on"), cfg=cfg
    ),
}


def supported() -> list[str]:
    return [f"{event} / {chapter}" for event, chapter in CALCULATORS]


def calculate(who: Principal, data: dict[str, Any]) -> dict[str, Any]:
    calc = CALCULATORS.get((data["event"], data["chapter"]))
    if calc is None:
        abort(
            422,
            f"no calculation for {data['event']} under {data['chapter']}; supported: "
            + "; ".join(supported()),
            detail={"json": {"event": ["not supported for this chapter"]}},
        )
    cfg = config_for(who.town)
    try:
        found = calc(data, cfg, calendar_for(cfg, None))
    except ValueError as exc:
        abort(422, f"the engine refused these facts: {exc}", detail={"json": {"event": [str(exc)]}})
    return {"event": data["event"], "chapter": data["chapter"], "deadlines": [as_dict(d) for d in found]}


def _utc(at: dt.datetime | None) -> dt.datetime | None:
    return at.astimezone(dt.UTC) if at is not None else None


def as_dict(d: Deadline) -> dict[str, Any]:
    """Dates stay local; instants are given in UTC."""
    return {
        "kind": str(d.kind),
        "rule_id": d.rule_id,
        "citation": d.citation,
        "label": d.label,
        "binds": d.binds,
        "earliest_on": d.earliest_on,
        "latest_on": d.latest_on,
        "earliest_at": _utc(d.earliest_at),
        "latest_at": _utc(d.latest_at),
        "advisory_on": d.advisory_on,
        "empty_reason": d.empty_reason,
        "flags": list(d.flags),
        "explanation": d.explanation.line,
    }
