"""Numeric tests of the bylaws that exemptions and checklists share: distances, volumes, areas, ratios, dates.

Each function answers one predicate (its name) with a `Finding`: `met`, the rule id, an Explanation with the
arithmetic, and any AMB flag the reading depends on. Numbers come from the rule packs (`param`), not code.
Distances follow CONV-DIST through its one rule, `inspections.distance`: rounded half-even to 0.1 ft from
the distance's decimal form, then compared; "within X" honours `dist_inclusive`, "more than X" is strict.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from inspections import distance
from inspections.calendar import add_years, local_date
from inspections.config import DEFAULT, BylawConfig
from inspections.explain import Explanation
from inspections.rulepack import param

SQ_FT_PER_ACRE = 43_560  # CONV-QTY: 1 acre = 43,560 sq ft (a unit, not a bylaw number)
TENTH = distance.TENTH


@dataclass(frozen=True)
class Finding:
    rule_id: str
    met: bool
    explanation: Explanation
    flags: tuple[str, ...] = ()


def _finding(rule_id: str, met: bool, arithmetic: str, flags: tuple[str, ...] = ()) -> Finding:
    return Finding(rule_id, met, Explanation.of(rule_id, arithmetic, flags), flags)


def feet(distance_ft: float) -> Decimal:
    """CONV-DIST: a measured distance rounded half-even to 0.1 ft from its full-precision value."""
    if distance_ft < 0:
        raise ValueError(f"distance {distance_ft} ft: distances are never negative (0 = inside)")
    return distance.round_ft(distance_ft)


def within_ft(distance_ft: float, limit_ft: float, cfg: BylawConfig = DEFAULT) -> bool:
    """ "within X feet" / "X-foot buffer": d <= X (d < X with dist_inclusive = false)."""
    return distance.is_within(feet(distance_ft), limit_ft, cfg["dist_inclusive"])


def more_than_ft(distance_ft: float, limit_ft: float) -> bool:
    """ "more than X feet": strictly d > X."""
    return distance.more_than(feet(distance_ft), limit_ft)


def acres_to_sq_ft(acres: float) -> float:
    return acres * SQ_FT_PER_ACRE


def is_before(earlier: dt.date | dt.datetime, later: dt.date | dt.datetime) -> tuple[bool, tuple[str, ...]]:
    """CONV-BEFORE: two instants compare strictly; with a date on either side the same day passes, flagged."""
    if isinstance(earlier, dt.datetime) and isinstance(later, dt.datetime):
        return earlier < later, ()
    a = local_date(earlier) if isinstance(earlier, dt.datetime) else earlier
    b = local_date(later) if isinstance(later, dt.datetime) else later
    return a <= b, (("CONV-BEFORE",) if a == b else ())


def carver136_buffer_kept(
    property_line_ft: float,
    *,
    relief: bool = False,
    relief_width_ft: float | None = None,
    cfg: BylawConfig = DEFAULT,
) -> Finding:
    """CARVER-136-BUFFER-50FT: disturbance at d <= 50.0 ft from a property line is in the buffer (AMB-32).

    CARVER-136-BUFFER-RELIEF: "The ERC may in certain instances provide relief from this restriction": the
    relief is a width, the undisturbed buffer the ERC still requires along that line (`relief_width_ft`,
    0 <= w < 50; 0 relieves the whole buffer). Disturbance within the relieved width is still a violation;
    between it and 50 ft the relief allows it. `relief=True` without a width is relief of the whole buffer
    (READ-136-RELIEF-WIDTH).
    """
    limit = param("CARVER-136-BUFFER-50FT", "distance_ft")
    d = feet(property_line_ft)
    inside = within_ft(property_line_ft, limit, cfg)
    flags = ("AMB-32",) if d == limit else ()
    sign = "<=" if cfg["dist_inclusive"] else "<"
    width = relief_width_ft if relief_width_ft is not None else (0.0 if relief else None)
    if inside and width is not None:
        return _relieved(d, limit, width, sign, flags, cfg)
    verdict = "inside the undisturbed buffer" if inside else "outside the buffer"
    return _finding(
        "CARVER-136-BUFFER-50FT",
        not inside,
        f"{d} ft from the property line; buffer is d {sign} {limit} ft -> {verdict}",
        flags,
    )


def _relieved(d: Decimal, limit: int, width: float, sign: str, flags: tuple[str, ...],
              cfg: BylawConfig) -> Finding:
    """Inside the 50-ft buffer where the ERC relieved it down to `width` ft."""
    if not 0 <= width < limit:
        raise ValueError(f"relief_width_ft must be at least 0 and less than {limit} ft, got {width}")
    kept = feet(width)
    if kept > 0 and distance.is_within(d, kept, cfg["dist_inclusive"]):
        return _finding("CARVER-136-BUFFER-RELIEF", False,
                        f"{d} ft {sign} {kept} ft: inside the {kept}-ft buffer the ERC's relief keeps",
                        flags)
    what = "the whole buffer" if kept == 0 else f"the buffer beyond {kept} ft"
    return _finding("CARVER-136-BUFFER-RELIEF", True,
                    f"{d} ft {sign} {limit} ft, but the ERC relieved {what} along this line", flags)


def carver136_is_abutter(distance_ft: float, cfg: BylawConfig = DEFAULT) -> Finding:
    """CARVER-136-DEF-ABUTTERS-300FT: abutters to abutters within 300 ft of the site's property line."""
    return is_abutter("CARVER-136-DEF-ABUTTERS-300FT", distance_ft, cfg=cfg)


def is_abutter(rule_id: str, distance_ft: float, *, directly_opposite: bool = False,
               cfg: BylawConfig = DEFAULT) -> Finding:
    """Is a parcel `distance_ft` from the applicant's (or site's) property line an abutter under `rule_id`?"""
    limit = param(rule_id, "distance_ft")
    within = within_ft(distance_ft, limit, cfg)
    met = directly_opposite or within
    sign = "<=" if cfg["dist_inclusive"] else "<"
    arithmetic = (f"{feet(distance_ft)} ft from the property line; abutters to abutters within d {sign} "
                  f"{limit} ft: {within}" + ("; directly opposite on a street or way" if directly_opposite
                                             else "") + f" -> {'an' if met else 'not an'} abutter")
    return _finding(rule_id, met, arithmetic)


def carver136_removal_cy(removed_cy: float, rearranged_on_lot_cy: float) -> float:
    """CARVER-136-DEF-REMOVAL: earth rearranged on the same lot counts as removal."""
    return removed_cy + rearranged_on_lot_cy


def carver136_expedited(cy_per_year: float) -> Finding:
    """CARVER-136-EXPEDITED: more than 1,000 and less than 5,000 cu yd per year, strict both ends (AMB-22)."""
    low, high = (
        param("CARVER-136-EXPEDITED", "above_cy_per_year"),
        param("CARVER-136-EXPEDITED", "below_cy_per_year"),
    )
    met = low < cy_per_year < high
    flags = ("AMB-22",) if cy_per_year == low else ()
    return _finding(
        "CARVER-136-EXPEDITED",
        met,
        f"{low:,} < {cy_per_year:,} < {high:,} cy/yr is {met}"
        + ("; exactly 1,000 is neither exempt nor expedited: full permit" if flags else ""),
        flags,
    )


def carver247_disturbed_sq_ft(areas_sq_ft: tuple[float, ...], cfg: BylawConfig = DEFAULT) -> float:
    """AMB-12 (`carver247.area_aggregation`): "project_life" (default) sums every disturbance under one
    project or permit over its life; "each_part" takes each phase or lot on its own, so the largest counts
    (READ-247-AREA-EACH-PART)."""
    if cfg["carver247.area_aggregation"] == "each_part":
        return float(max(areas_sq_ft, default=0.0))
    return float(sum(areas_sq_ft))


def carver247_applies(
    areas_sq_ft: tuple[float, ...], drains_to_ms4: bool | None, cfg: BylawConfig = DEFAULT
) -> Finding:
    """CARVER-247-APPLIES-1AC: disturbed area >= 43,560 sq ft, and (AMB-11) not found to miss the MS4.

    AMB-11 is flagged whenever the answer turns on the MS4 drainage reading: an acre or more is disturbed
    and the site is not found to drain to the MS4 (found not to, or unknown). Below an acre, or when the site
    drains to the MS4, both readings give the same answer and nothing is flagged (READ-247-MS4-FLAG)."""
    minimum = param("CARVER-247-APPLIES-1AC", "min_sq_ft")
    aggregation = cfg["carver247.area_aggregation"]
    total = carver247_disturbed_sq_ft(areas_sq_ft, cfg)
    flags = ["AMB-12"] if len(areas_sq_ft) > 1 else []
    big_enough = total >= minimum
    required = cfg["carver247.require_ms4_drainage"]
    drains_ok = drains_to_ms4 is not False if required else True
    if big_enough and drains_to_ms4 is not True:
        flags.append("AMB-11")
    how = " + ".join(f"{a:,}" for a in areas_sq_ft) if aggregation == "project_life" else (
        "largest part of " + ", ".join(f"{a:,}" for a in areas_sq_ft))
    arithmetic = (
        f"{how} = {total:,} sq ft {'>=' if big_enough else '<'} {minimum:,} ({aggregation}); "
        f"drains to MS4: {drains_to_ms4} (required: {required})"
    )
    return _finding("CARVER-247-APPLIES-1AC", big_enough and drains_ok, arithmetic, tuple(flags))


def carver247_waiver_allowed(lawful: bool, public_interest: bool, consistent_with_purpose: bool) -> Finding:
    """CARVER-247-WAIVER: all three findings of ~§ 247-5B are needed."""
    met = lawful and public_interest and consistent_with_purpose
    return _finding(
        "CARVER-247-WAIVER",
        met,
        f"allowed by law: {lawful}; public interest: {public_interest}; "
        f"consistent with the purpose: {consistent_with_purpose} -> "
        f"waiver {'may' if met else 'may not'} issue",
    )


def upton_setbacks_met(rule_id: str, river_mahw_ft: float | None, other_resource_ft: float | None) -> Finding:
    """Upton ~§ 280-3E(4), (6), (7): more than 100 ft from a river's MAHW line AND more than 50 ft from others

    AMB-35: every applicable setback is tested ("whichever is farther"; item (7) omits the phrase).
    None means no such resource area is in range, so that setback does not apply.
    """
    river_limit, other_limit = param(rule_id, "more_than_river_mahw_ft"), param(rule_id, "more_than_other_ft")
    river_ok = river_mahw_ft is None or more_than_ft(river_mahw_ft, river_limit)
    other_ok = other_resource_ft is None or more_than_ft(other_resource_ft, other_limit)
    both_known = river_mahw_ft is not None and other_resource_ft is not None
    flags = ("AMB-35",) if both_known or rule_id == "UPTON-280-MINOR-LAWN-CONVERSION" else ()
    parts = [
        f"river MAHW {feet(river_mahw_ft)} ft > {river_limit}: {river_ok}"
        if river_mahw_ft is not None
        else "no riverfront area",
        f"other resource {feet(other_resource_ft)} ft > {other_limit}: {other_ok}"
        if other_resource_ft is not None
        else "no other resource area in range",
    ]
    return _finding(rule_id, river_ok and other_ok, "; ".join(parts), flags)


def upton_pre2004_lot(
    lot_kind: str, single_family: bool, recorded_on: dt.date | None, house_built_on: dt.date | None
) -> Finding:
    """UPTON-280-EXEMPT-PRE2004-LOT: ANR/definitive 1-family lot recorded AND built < 2004-05-01 (AMB-36)."""
    rid = "UPTON-280-EXEMPT-PRE2004-LOT"
    cutoff, kinds = param(rid, "cutoff"), param(rid, "lot_kinds")
    recorded_ok = recorded_on is not None and recorded_on < cutoff
    built_ok = house_built_on is not None and house_built_on < cutoff
    flags = ("AMB-36",) if recorded_ok != built_ok else ()
    met = recorded_ok and built_ok and single_family and lot_kind in kinds
    return _finding(
        rid,
        met,
        f"lot {lot_kind} (needs one of {kinds}), single-family {single_family}; recorded "
        f"{recorded_on} < {cutoff}: {recorded_ok}; house built {house_built_on} < {cutoff}: {built_ok}",
        flags,
    )


def gardner_replication_within_ratio(altered_sq_ft: float, replicated_sq_ft: float) -> Finding:
    """GARDNER-650-REPLICATION-RATIO: not less than the altered area and not more than twice it."""
    rid = "GARDNER-650-REPLICATION-RATIO"
    low, high = altered_sq_ft * param(rid, "min_ratio"), altered_sq_ft * param(rid, "max_ratio")
    met = low <= replicated_sq_ft <= high
    return _finding(
        rid, met, f"{low:,} <= {replicated_sq_ft:,} <= {high:,} sq ft (altered {altered_sq_ft:,}) is {met}"
    )


def gardner_replication_designer_ok(designer: str | None) -> Finding:
    rid = "GARDNER-650-REPLICATION-DESIGN"
    allowed = param(rid, "designers")
    return _finding(
        rid, designer in allowed, f"designed and monitored by {designer!r}; must be one of {allowed}"
    )


def gardner_nonconforming_may_resume(
    last_used_on: dt.date, resumes_on: dt.date, cfg: BylawConfig = DEFAULT
) -> Finding:
    """GARDNER-650-NONCONF-ABANDON-2Y, AMB-50: barred if resumed > last use + 2 years (anniversary passes)."""
    rid = "GARDNER-650-NONCONF-ABANDON-2Y"
    years = param(rid, "years")
    anniversary = add_years(last_used_on, years, cfg["eom_rule"])
    met = resumes_on <= anniversary
    flags = tuple(
        f
        for f, hit in (
            ("AMB-50", resumes_on == anniversary),
            ("AMB-52", (last_used_on.month, last_used_on.day) == (2, 29)),
        )
        if hit
    )
    return _finding(
        rid,
        met,
        f"last used {last_used_on} + {years} y = {anniversary}; resumes {resumes_on} "
        f"{'<=' if met else '>'} {anniversary} -> {'may resume' if met else 'not used for two years'}",
        flags,
    )


def gardner_vp_buffer_alteration_permittable(
    distance_ft: float, *, prior_existing_ft: float | None = None, cfg: BylawConfig = DEFAULT
) -> Finding:
    """GARDNER-650-VP-BUFFER-NO-ALT: no alteration within 100 ft of a vernal pool, unless
    (GARDNER-650-NONCONF-VP, ~§ 650-14F) a prior existing structure or alteration lies within that buffer:
    the Commission may then permit its extension or further alteration under its rules. Distances are from
    the pool."""
    rid, nonconf = "GARDNER-650-VP-BUFFER-NO-ALT", "GARDNER-650-NONCONF-VP"
    limit, sign = param(rid, "distance_ft"), "<=" if cfg["dist_inclusive"] else "<"
    if not within_ft(distance_ft, limit, cfg):
        return _finding(rid, True, f"{feet(distance_ft)} ft from the vernal pool: outside the "
                        f"d {sign} {limit} ft buffer")
    work = f"alteration {feet(distance_ft)} ft from the vernal pool, within d {sign} {limit} ft"
    prior_limit = param(nonconf, "distance_ft")
    if prior_existing_ft is not None and within_ft(prior_existing_ft, prior_limit, cfg):
        return _finding(nonconf, True, f"{work}; a prior existing structure or alteration at "
                        f"{feet(prior_existing_ft)} ft {sign} {prior_limit} ft: the Commission may permit it")
    prior = "no prior existing structure or alteration in the buffer" if prior_existing_ft is None else (
        f"the prior existing structure or alteration at {feet(prior_existing_ft)} ft is outside the buffer")
    return _finding(rid, False, f"{work}; {prior} -> prohibited")
