"""Carver ch. 136: the ~§ 136-8 exemptions and the ~§ 136-4 permit track (expedited: 1,000 < V < 5,000 cy/yr).

Volumes are per lot (~§ 136-2 def. LOT) and count earth rearranged on the lot (def. REMOVAL). AMB-22: exactly
1,000 cy is neither exempt (commercial < 1,000) nor expedited (> 1,000/yr): full permit, flagged; unlisted
project types (institutional, mixed use) have no volume exemption. AMB-31: the farm notice has no number.
"""

from __future__ import annotations

from inspections.activity import Activity, ActivityKind, Assessment, EarthVolumes, Filing
from inspections.config import BylawConfig
from inspections.exemption_rules.common import Trail
from inspections.rulepack import param
from inspections.thresholds import carver136_buffer_kept, carver136_expedited, carver136_removal_cy

RES, COMM = "CARVER-136-EXEMPT-RES-200CY", "CARVER-136-EXEMPT-COMM-1000CY"


def assess(activity: Activity, cfg: BylawConfig) -> Assessment:
    trail = Trail(activity.chapter)
    earth = activity.earth or EarthVolumes()
    volume = carver136_removal_cy(earth.removed_cy, earth.rearranged_on_lot_cy)
    trail.note(
        "CARVER-136-DEF-REMOVAL",
        f"{earth.removed_cy:,} cy removed + {earth.rearranged_on_lot_cy:,} cy "
        f"rearranged on the lot = {volume:,} cy",
    )
    if activity.location.property_line_ft is not None:
        trail.add(
            carver136_buffer_kept(activity.location.property_line_ft, relief=earth.buffer_relief,
                                  relief_width_ft=earth.buffer_relief_width_ft, cfg=cfg)
        )
    if volume <= 0:
        return trail.done(False, Filing.NONE, "CARVER-136-PERMIT-REQUIRED", "no earth removed: no permit")
    if _conditions_hold(trail, activity):
        exempt = _exemption(trail, activity, earth, volume, cfg)
        if exempt is not None:
            return exempt
    return _permit(trail, earth, volume)


def _conditions_hold(trail: Trail, activity: Activity) -> bool:
    """CARVER-136-EXEMPT-CONDITIONS: no nuisance or danger, accepted practice; unknown -> allowed, flagged."""
    rid = "CARVER-136-EXEMPT-CONDITIONS"
    nuisance, practice = activity.nuisance_or_danger, activity.accepted_practice
    if nuisance or practice is False:
        trail.note(
            rid, f"nuisance or danger: {nuisance}; accepted practice: {practice} -> no exemption applies"
        )
        return False
    flags = ("UNVERIFIED:" + rid,) if nuisance is None or practice is None else ()
    trail.note(rid, f"nuisance or danger: {nuisance}; accepted practice: {practice}", flags)
    return True


def _exemption(
    trail: Trail, activity: Activity, earth: EarthVolumes, volume: float, cfg: BylawConfig
) -> Assessment | None:
    kind = activity.kind
    if kind is ActivityKind.STREET_OR_UTILITY_INSTALLATION:
        return trail.done(
            True,
            Filing.NONE,
            "CARVER-136-EXEMPT-STREETS",
            "reconstruction of existing streets or installation of utilities: exempt",
        )
    if kind is ActivityKind.PUBLIC_PROJECT:
        return trail.done(
            True, Filing.NONE, "CARVER-136-EXEMPT-PUBLIC", "Town, state or federal project: exempt"
        )
    if kind is ActivityKind.AGRICULTURAL:
        return _agricultural(trail, earth, volume, cfg)
    return _by_volume(trail, earth, volume)


def _agricultural(trail: Trail, earth: EarthVolumes, volume: float, cfg: BylawConfig) -> Assessment | None:
    if not earth.for_sale:
        _ag_duties(trail, cfg)
        return trail.done(
            True,
            Filing.NOTICE,
            "CARVER-136-EXEMPT-AG",
            f"{volume:,} cy for normal agricultural "
            "work on the owner's land, not for sale: exempt, on notice to the ERC",
        )
    rid = "CARVER-136-EXEMPT-AG-SALE-1000"
    limit = param(rid, "below_cy_per_year")
    rate = _rate(trail, earth, volume)
    if rate < limit:
        _ag_duties(trail, cfg)
        return trail.done(True, Filing.NOTICE, rid, f"{rate:,} cy/yr for sale < {limit:,}: exempt, on notice")
    trail.note(rid, f"{rate:,} cy/yr for sale is not < {limit:,}: a permit is needed")
    return None


def _ag_duties(trail: Trail, cfg: BylawConfig) -> None:
    days = cfg["carver136.ag_notice_days"]
    when = (
        f"within {days} days (town setting)"
        if days is not None
        else "in a timely manner (no number in the text)"
    )
    trail.follow(
        "CARVER-136-EXEMPT-AG-NOTICE",
        f"notify the ERC {when}",
        due_days=days,
        flags=() if days is not None else ("AMB-31",),
    )
    codes = " or ".join(f"NRCS Code {c}" for c in param("CARVER-136-EXEMPT-AG-BMP", "nrcs_codes"))
    trail.follow("CARVER-136-EXEMPT-AG-BMP", f"use best management practices: {codes}, as the ERC decides")


def _by_volume(trail: Trail, earth: EarthVolumes, volume: float) -> Assessment | None:
    kind = earth.project_type
    for rid in (RES, COMM):
        if kind in param(rid, "project_types"):
            limit = param(rid, "below_cy")
            if volume < limit:
                return trail.done(True, Filing.NONE, rid, f"{kind}: {volume:,} cy < {limit:,}: exempt")
            trail.note(rid, f"{kind}: {volume:,} cy is not < {limit:,}: not exempt")
            return None
    if kind is None:
        largest = max(param(rid, "below_cy") for rid in (RES, COMM))
        if volume < largest:
            return trail.done(
                False,
                Filing.UNDETERMINED,
                COMM,
                f"{volume:,} cy: exempt or not depends on the "
                "project type (single/two-family < 200, industrial/multifamily/commercial < 1,000)",
            )
        trail.note(COMM, f"{volume:,} cy is not < {largest:,}: no volume exemption for any project type")
        return None
    trail.note(COMM, f"project type {kind} is not listed in ~§ 136-8A: no volume exemption", ("AMB-22",))
    return None


def _rate(trail: Trail, earth: EarthVolumes, volume: float) -> float:
    """The yearly rate; without one, the whole volume is one year's, flagged (READ-136-YEARLY-RATE)."""
    if earth.cy_per_year is not None:
        return earth.cy_per_year
    if "ASSUMED-PER-YEAR-EQUALS-TOTAL" not in trail.flags:
        trail.note(
            "CARVER-136-EXPEDITED",
            f"no yearly rate given: the whole {volume:,} cy counts as one year",
            ("ASSUMED-PER-YEAR-EQUALS-TOTAL",),
        )
    return volume


def _permit(trail: Trail, earth: EarthVolumes, volume: float) -> Assessment:
    rate = _rate(trail, earth, volume)
    if trail.add(carver136_expedited(rate)):
        trail.follow(
            "CARVER-136-ABBREV-APP", "an abbreviated application may be filed instead of the full one"
        )
        trail.follow("CARVER-136-EXPEDITED-HEARING", "the ERC may still require a public hearing (~§ 136-6)")
        return trail.done(
            False,
            Filing.EXPEDITED_ERC_PERMIT,
            "CARVER-136-EXPEDITED",
            f"{rate:,} cy/yr: expedited ERC permit",
        )
    return trail.done(
        False,
        Filing.FULL_ERC_PERMIT,
        "CARVER-136-PERMIT-REQUIRED",
        f"{volume:,} cy ({rate:,} cy/yr), not exempt and not expedited: full ERC permit "
        "(application and site plan ~§ 136-5, public hearing ~§ 136-6)",
    )
