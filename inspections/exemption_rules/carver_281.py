"""Carver ch. 281 exceptions (~§ 281-1D): public-utility upkeep and public emergencies; 310 CMR 10.04 farming.

The notice clocks themselves (14 days before utility work, 24 hours for emergencies) are computed by
`deadlines/`; here they are follow-up duties of the exemption.
"""

from __future__ import annotations

from inspections.activity import Activity, ActivityKind, Assessment, Filing, Timing
from inspections.config import BylawConfig
from inspections.exemption_rules.common import (
    Trail,
    public_agency_involved,
    utility_qualifies,
    wetlands_permit_or_none,
)
from inspections.explain import Explanation
from inspections.rulepack import param
from inspections.thresholds import Finding, is_before

UTIL, EMERG = "CARVER-281-UTIL-EXEMPT", "CARVER-281-EMERG-EXEMPT"


def assess(activity: Activity, cfg: BylawConfig) -> Assessment:
    trail = Trail(activity.chapter)
    kind = activity.kind
    if kind is ActivityKind.UTILITY_MAINTENANCE and utility_qualifies(trail, activity, UTIL):
        return _utility(trail, activity)
    if kind is ActivityKind.EMERGENCY and public_agency_involved(
        trail, activity, EMERG, "performers", performer_counts=True
    ):
        hours = param("CARVER-281-EMERG-NOTICE-24H", "hours")
        trail.follow(
            "CARVER-281-EMERG-NOTICE-24H",
            f"notify the Commission before the work starts or within "
            f"{hours} hours after; it certifies the time, place and purpose of the work",
        )
        return trail.done(
            True,
            Filing.NOTICE,
            EMERG,
            "emergency work for public health or safety: no permit application process",
        )
    if kind is ActivityKind.AGRICULTURAL:
        return trail.done(
            True,
            Filing.NONE,
            "CARVER-281-AG-EXEMPT",
            "land in agricultural use (310 CMR 10.04): ~§ 281-1C(1)-(3) do not apply",
        )
    if kind is ActivityKind.RESIDENTIAL_DWELLING:
        trail.note(
            "CARVER-281-AG-EXEMPT",
            "the agricultural exemption does not reach ~§ 281-1C(4): a dwelling "
            "within 100 ft of a cranberry bog needs a variance and a permit",
        )
    return wetlands_permit_or_none(trail, activity.location, "CARVER-281-JUR-100FT")


def _utility(trail: Trail, activity: Activity) -> Assessment:
    days = param("CARVER-281-UTIL-NOTICE-14D", "days")
    trail.follow(
        "CARVER-281-UTIL-NOTICE-14D",
        f"written notice to the Commission at least {days} days before the work starts",
        due_days=days,
    )
    trail.follow("CARVER-281-UTIL-PERMISSION", "written permission of the Commission before any work begins")
    timing = activity.timing
    if timing.permission_at is not None and timing.commenced_at is not None:
        ok, flags = is_before(timing.permission_at, timing.commenced_at)
        trail.add(
            Finding("CARVER-281-UTIL-PERMISSION", ok, _permission_explanation(timing, ok, flags), flags)
        )
    return trail.done(
        True,
        Filing.NOTICE,
        UTIL,
        "upkeep of an existing public-service facility: no permit or "
        "application, on written notice and written permission",
    )


def _permission_explanation(timing: Timing, ok: bool, flags: tuple[str, ...]) -> Explanation:
    verdict = "granted before work began" if ok else "granted after work began: a violation"
    return Explanation.of(
        "CARVER-281-UTIL-PERMISSION",
        f"permission {timing.permission_at}, work began {timing.commenced_at}: {verdict}",
        flags,
    )
