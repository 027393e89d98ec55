"""Carver ch. 247 applicability (~§ 247-4): one acre or more, drains to MS4 (AMB-11, AMB-12); exemptions."""

from __future__ import annotations

from inspections.activity import Activity, ActivityKind, Assessment, Filing
from inspections.config import BylawConfig
from inspections.exemption_rules.common import Trail
from inspections.rulepack import param
from inspections.thresholds import carver247_applies, carver247_disturbed_sq_ft


def assess(activity: Activity, cfg: BylawConfig) -> Assessment:
    trail = Trail(activity.chapter)
    work = activity.disturbance
    if work is None:
        return trail.done(False, Filing.UNDETERMINED, "CARVER-247-APPLIES-1AC", "disturbed area not given")
    if not trail.add(carver247_applies(work.areas_sq_ft, work.drains_to_ms4, cfg)):
        return trail.done(
            False, Filing.NONE, "CARVER-247-APPLIES-1AC", "the by-law does not apply to this activity"
        )
    if activity.kind is ActivityKind.AGRICULTURAL:
        return trail.done(
            True,
            Filing.NONE,
            "CARVER-247-EXEMPT-AG",
            "normal maintenance and improvement of land "
            "in agricultural or aquacultural use (310 CMR 10.04) is exempt",
        )
    if work.wpa_ooc_stormwater_compliant:
        return trail.done(
            True,
            Filing.NONE,
            "CARVER-247-EXEMPT-WPA-OOC",
            "an order of conditions shows compliance with the Massachusetts Stormwater Policy: exempt",
        )
    trail.follow(
        "CARVER-247-PERMIT-BEFORE-START",
        "obtain the land disturbance permit before land-disturbing activity starts",
    )
    minimum = param("CARVER-247-PERMIT-REQUIRED", "min_sq_ft")
    total = carver247_disturbed_sq_ft(work.areas_sq_ft, cfg)
    return trail.done(
        False,
        Filing.LAND_DISTURBANCE_PERMIT,
        "CARVER-247-PERMIT-REQUIRED",
        f"{total:,} sq ft >= {minimum:,}: Planning Board land disturbance permit",
    )
