"""Where a position falls under the town's wetlands bylaw, from the site's delineated resource areas."""
from __future__ import annotations

import datetime as dt
from typing import Any

from backend.models import Site, Town
from backend.services.fine_config import town_config
from inspections import api
from inspections.distance import metres_to_feet
from inspections.resource_areas import validate_collection
from inspections.zone_rules import Bylaw
from inspections.zones import Location, ResultKind, classify


def wetlands_bylaw(town: Town, chapters: list[str]) -> Bylaw | None:
    """The first of the town's chapters the engine's wetlands zones apply to (its pack says `zone_rules`)."""
    zoned = {c["key"] for c in api.call("chapters", {})["chapters"] if c["zone_rules"]}
    return next((Bylaw(c) for c in chapters if c in zoned), None)


def zone_at(town: Town, chapters: list[str], site: Site, lat: float, lon: float, accuracy_m: float | None,
            on: dt.date) -> dict[str, Any] | None:
    """The zone (or "indeterminate within ±N ft of the X-ft line") with rule id and citation; None if unknown."""  # noqa: E501
    bylaw = wetlands_bylaw(town, chapters)
    check = validate_collection(site.resource_areas or {})
    if bylaw is None or not check.areas:
        return None
    location = Location.point(lon, lat, accuracy_ft=metres_to_feet(accuracy_m or 0.0))
    result = classify(location, check.areas, bylaw, assessed_on=on, config=town_config(town))
    return {
        "bylaw": bylaw.value,
        "kind": result.kind.value,
        "zone": result.zone.value if result.zone else None,
        "requirement": result.requirement.value if result.requirement else None,
        "message": result.message if result.kind == ResultKind.INDETERMINATE else result.summary.line,
        "rule_id": result.summary.rule_id,
        "citation": result.summary.citation,
        "config_version": result.config_version,
    }
