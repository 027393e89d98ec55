"""Upton ch. 280 exemptions (~§ 280-3): farming, utilities, emergencies, 2004 house lots, minor buffer work.

The buffer-zone exemptions (D, E) need the work inside the buffer zone and outside every resource area
(AMB-35: the buffer zone is the ~§ 280-7C 100/200-ft land outside any resource area). Setbacks in E(4), (6),
(7) are "more than" (strict), every applicable one tested. AMB-36: both 2004 dates must precede May 1, 2004.
"""

from __future__ import annotations

from inspections.activity import Activity, ActivityKind, Assessment, Filing, LotHistory, MinorDetails
from inspections.config import BylawConfig
from inspections.exemption_rules.common import (
    Trail,
    notice_in_time,
    public_agency_involved,
    utility_qualifies,
    wetlands_permit_or_none,
)
from inspections.rulepack import param
from inspections.thresholds import upton_pre2004_lot, upton_setbacks_met

K = ActivityKind
MINOR_RULES = {
    K.WALKWAY: "UPTON-280-MINOR-WALKWAYS",
    K.PLANTING: "UPTON-280-MINOR-PLANTINGS",
    K.DEPAVING: "UPTON-280-MINOR-DEPAVE",
    K.FENCE_WALL_CORDWOOD: "UPTON-280-MINOR-FENCE",
    K.MOWING_PRUNING: "UPTON-280-MINOR-MOWING",
    K.VISTA_PRUNING: "UPTON-280-MINOR-VISTA",
    K.LAWN_CONVERSION: "UPTON-280-MINOR-LAWN-CONVERSION",
    K.HAZARD_TREE_REMOVAL: "UPTON-280-MINOR-HAZARD-TREES",
    K.STRUCTURE_REPAIR: "UPTON-280-MINOR-REPAIR",
    K.TEMPORARY_PLANNING_WORK: "UPTON-280-MINOR-TEMPORARY",
}
JURISDICTION = "UPTON-280-JURISDICTION"
SETBACK_RULES = ("UPTON-280-MINOR-FENCE", "UPTON-280-MINOR-VISTA", "UPTON-280-MINOR-LAWN-CONVERSION")


def assess(activity: Activity, cfg: BylawConfig) -> Assessment:
    trail = Trail(activity.chapter)
    kind = activity.kind
    if kind is K.AGRICULTURAL:
        return trail.done(
            True,
            Filing.NONE,
            "UPTON-280-EXEMPT-AG",
            "normal maintenance or improvement of land in "
            "agricultural use (310 CMR 10.04): no application or permit",
        )
    if (
        kind is K.UTILITY_MAINTENANCE
        and utility_qualifies(trail, activity, "UPTON-280-EXEMPT-UTIL")
        and notice_in_time(trail, "UPTON-280-EXEMPT-UTIL", activity.timing)
    ):
        return trail.done(
            True,
            Filing.NOTICE,
            "UPTON-280-EXEMPT-UTIL",
            "upkeep of a public-service facility, "
            "on written notice before work and under the Commission's standards",
        )
    if kind is K.EMERGENCY and public_agency_involved(
        trail, activity, "UPTON-280-EMERG-EXEMPT", "performers", performer_counts=True
    ):
        return _emergency(trail)
    return _buffer_zone(trail, activity)


def _emergency(trail: Trail) -> Assessment:
    hours, days = param("UPTON-280-EMERG-NOTICE-24H", "hours"), param("UPTON-280-EMERG-APP-21D", "days")
    trail.follow(
        "UPTON-280-EMERG-NOTICE-24H",
        f"oral or written notice before the work starts or within {hours} hours after",
    )
    trail.follow(
        "UPTON-280-EMERG-CERT",
        "the Commission or its agent certifies the emergency; work only for the "
        "certified time, place and purpose",
    )
    trail.follow(
        "UPTON-280-EMERG-APP-21D", f"file a permit application within {days} days of the start", due_days=days
    )
    return trail.done(
        True,
        Filing.NOTICE,
        "UPTON-280-EMERG-EXEMPT",
        "emergency project for public health and safety: no application or permit now",
    )


def _buffer_zone(trail: Trail, activity: Activity) -> Assessment:
    loc = activity.location
    in_place = loc.in_resource_area is False and loc.in_buffer_zone is True
    minor_rule = MINOR_RULES.get(activity.kind)
    if (activity.lot is not None or minor_rule) and not in_place:
        trail.note(
            "UPTON-280-EXEMPT-MINOR",
            "buffer-zone exemptions need the work in the buffer zone and in no "
            f"resource area (in resource area: {loc.in_resource_area}, in buffer: {loc.in_buffer_zone})",
        )
    if activity.lot is not None and (old_lot := _pre2004(trail, activity.lot, in_place)) is not None:
        return old_lot
    if (
        minor_rule
        and in_place
        and _needs_setbacks(minor_rule, activity)
        and loc.river_mahw_ft is None
        and loc.other_resource_ft is None
    ):
        return trail.done(
            False,
            Filing.UNDETERMINED,
            minor_rule,
            "the setbacks need the distances to the "
            "river's mean annual high-water line and to the other resource areas",
        )
    if minor_rule and _minor_conditions(trail, activity, minor_rule) and in_place:
        return trail.done(
            True, Filing.NONE, minor_rule, "minor activity in the buffer zone meeting its conditions"
        )
    return wetlands_permit_or_none(trail, loc, JURISDICTION)


def _pre2004(trail: Trail, lot: LotHistory, in_place: bool) -> Assessment | None:
    finding = upton_pre2004_lot(lot.lot_kind, lot.single_family, lot.recorded_on, lot.house_built_on)
    if not (trail.add(finding) and in_place):
        return None
    return trail.done(
        True,
        Filing.NONE,
        "UPTON-280-EXEMPT-PRE2004-LOT",
        "buffer-zone work on a house lot "
        "recorded and built before May 1, 2004: exempt from this bylaw, not from the "
        "Wetlands Protection Act",
    )


def _needs_setbacks(rule_id: str, activity: Activity) -> bool:
    """E(6) and E(7) always; E(4) only for fences that contain livestock (AMB-35)."""
    return rule_id in SETBACK_RULES and (rule_id != "UPTON-280-MINOR-FENCE" or activity.minor.livestock)


def _minor_conditions(trail: Trail, activity: Activity, rule_id: str) -> bool:
    details, loc = activity.minor, activity.location
    if _needs_setbacks(rule_id, activity):
        if not trail.add(upton_setbacks_met(rule_id, loc.river_mahw_ft, loc.other_resource_ft)):
            return False
    ok, text = _conditions(rule_id, details)
    trail.note(rule_id, f"{text} -> {'met' if ok else 'not met'}")
    return ok


def _conditions(rule_id: str, m: MinorDetails) -> tuple[bool, str]:
    esc = f"erosion controls: {m.erosion_controls}"
    table: dict[str, tuple[bool, str]] = {
        "UPTON-280-MINOR-WALKWAYS": (
            not m.paved and m.private_use,
            f"paved: {m.paved}; private: {m.private_use}",
        ),
        "UPTON-280-MINOR-PLANTINGS": (
            m.native_species and not m.turf_lawn,
            f"native: {m.native_species}; turf lawn: {m.turf_lawn}",
        ),
        "UPTON-280-MINOR-DEPAVE": (m.erosion_controls, esc),
        "UPTON-280-MINOR-FENCE": (
            not m.wildlife_barrier,
            f"barrier to wildlife: {m.wildlife_barrier}; livestock: {m.livestock}",
        ),
        "UPTON-280-MINOR-MOWING": (True, "mowing lawns, pruning preexisting landscaping"),
        "UPTON-280-MINOR-VISTA": (True, "vista pruning beyond the setbacks"),
        "UPTON-280-MINOR-LAWN-CONVERSION": (
            m.erosion_controls and m.accessory_to_existing_single_family,
            f"{esc}; accessory to an existing single-family house: {m.accessory_to_existing_single_family}",
        ),
        "UPTON-280-MINOR-HAZARD-TREES": (
            m.hazard_to_structures_or_public,
            f"hazard to structures or public safety: {m.hazard_to_structures_or_public}",
        ),
        "UPTON-280-MINOR-REPAIR": _repair(m),
        "UPTON-280-MINOR-TEMPORARY": (
            m.negligible_impact and m.erosion_controls,
            f"negligible impact: {m.negligible_impact}; {esc}",
        ),
    }
    return table[rule_id]


def _repair(m: MinorDetails) -> tuple[bool, str]:
    limit = param("UPTON-280-MINOR-REPAIR", "max_footprint_change_sq_ft")
    change = m.footprint_change_sq_ft
    same = change is not None and abs(change) <= limit
    return (
        same and m.erosion_controls,
        f"footprint change {change} sq ft (allowed {limit}); erosion controls: {m.erosion_controls}",
    )
