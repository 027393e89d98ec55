"""Bylaw definitions that are tests: vernal pool, pond, cranberry bog, floodplain, NBZ "structure", variance.

Each function returns a `Verdict`: `met` is True/False, or None when the facts cannot decide it (the
`missing` names say what is needed); every verdict carries the Explanation of the defining rule. The numbers
come from the rule packs (`param`), never from this module.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass

from inspections.calendar import add_years
from inspections.config import DEFAULT, BylawConfig
from inspections.explain import Explanation
from inspections.hydroperiod import describe, hydroperiod
from inspections.resource_areas import CranberryBogProps, VernalPoolProps
from inspections.rulepack import param

VP_RULES = {"UPTON-280": "UPTON-280-DEF-VP", "GARDNER-650": "GARDNER-650-DEF-VP"}
VP_PRESUMPTION_RULES = {"UPTON-280": "UPTON-280-VP-PRESUMPTION", "GARDNER-650": "GARDNER-650-VP-PRESUMPTION"}
# ~§ 650-3 (def. ~STRUCTURE): the examples of a structure, and what the NBZ reading leaves out
# (READ-650-STRUCTURE-NAMES).
GARDNER_STRUCTURES = frozenset({"building", "house", "barn", "garage", "shed", "dwelling"})
GARDNER_NBZ_NOT_STRUCTURES = frozenset({
    "fence", "retaining wall", "deck", "patio", "gazebo", "lawn furniture", "sandbox", "swing-set",
    "swing set", "children's toy", "riprap", "riprapped area", "driveway", "parking area",
})


@dataclass(frozen=True)
class Verdict:
    met: bool | None
    explanations: tuple[Explanation, ...]
    missing: tuple[str, ...] = ()

    @property
    def explanation(self) -> Explanation:
        return self.explanations[0]


def _verdict(met: bool | None, rule_id: str, arithmetic: str, flags: tuple[str, ...] = (),
             missing: tuple[str, ...] = ()) -> Verdict:
    return Verdict(met, (Explanation.of(rule_id, arithmetic, flags),), missing)


def nfip_family(flood_zone: str) -> str:
    """A, AE, AH, AO, AR, A99 and A1–A30 form the Zone A family ("Zone A subcategories", READ-NFIP-ZONES)."""
    return "A" if flood_zone.startswith("A") else flood_zone


def _flood_zone_in(rule_id: str, name: str, flood_zone: str, what: str) -> Verdict:
    families = param(rule_id, name)
    met = nfip_family(flood_zone) in families
    verb = "is" if met else "is not"
    return _verdict(met, rule_id, f"NFIP zone {flood_zone} (family {nfip_family(flood_zone)}) "
                                  f"{'∈' if met else '∉'} {families}: {verb} {what}")


def carver_is_100yr_floodplain(flood_zone: str) -> Verdict:
    """~§ 281-1C(1) "the 100-year floodplain": the NFIP Zone A family (1%-annual-chance flood)."""
    return _flood_zone_in("CARVER-281-JUR-100FT", "floodplain_nfip_zones", flood_zone,
                          "the 100-year floodplain")


def upton_is_land_subject_to_flooding(flood_zone: str) -> Verdict:
    """~§ 280-2 "lands subject to flooding": a mapped floodplain counts when it is the Zone A family."""
    return _flood_zone_in("UPTON-280-JURISDICTION", "flood_nfip_zones", flood_zone,
                          "land subject to flooding")


def gardner_is_floodplain(flood_zone: str) -> Verdict:
    """~§ 650-3 floodline = Zone A (with subcategories) and Zone B; floodplain = land inside it."""
    verdict = _flood_zone_in("GARDNER-650-DEF-FLOODLINE", "nfip_zones", flood_zone, "inside the floodline")
    answer = "yes" if verdict.met else "no"
    floodplain = Explanation.of("GARDNER-650-DEF-FLOODPLAIN", f"water-to-floodline land: {answer}")
    return Verdict(verdict.met, (*verdict.explanations, floodplain))


def vernal_pool(bylaw: str, pool: VernalPoolProps, config: BylawConfig = DEFAULT) -> Verdict:
    """UPTON-280-DEF-VP (200 cu ft) / GARDNER-650-DEF-VP (100 cu ft): every criterion, or certification.

    The hydroperiod comes from the dated observations when the pool has them (`inspections.hydroperiod`:
    two continuous months of standing water in spring and/or summer, in most observed years); otherwise from
    a stated `hydroperiod_months`, which the explanation says was stated rather than observed."""
    rule_id = VP_RULES[bylaw]
    if pool.certified:
        return _verdict(True, rule_id, "certified: a vernal pool under the WPA definitions included")
    if pool.in_lawn_garden_landscape_or_driveway:
        return _verdict(False, rule_id, "basin in an existing lawn, garden, landscaped area or driveway")
    months, cuft = param(rule_id, "min_continuous_months"), param(rule_id, "min_volume_cuft")
    water_text, water_ok = _water(pool, months, config)
    checks = {
        water_text: water_ok,
        f"volume {pool.volume_cuft} cu ft ≥ {cuft}": (pool.volume_cuft or 0) >= cuft,
        "free of adult predatory fish": pool.predatory_fish is False,
        "essential breeding habitat": pool.breeding_habitat is True,
    }
    failed = [text for text, ok in checks.items() if not ok]
    arithmetic = "; ".join(f"{text}: {'yes' if ok else 'NO'}" for text, ok in checks.items())
    return _verdict(not failed, rule_id, arithmetic)


def _water(pool: VernalPoolProps, months: int, config: BylawConfig) -> tuple[str, bool]:
    if pool.observations:
        found = hydroperiod(pool.observations, months, config["eom_rule"])
        return f"water {months} continuous months in spring/summer, most years ({describe(found)})", \
            found.most_years
    stated = pool.hydroperiod_months or 0
    # READ-VP-STATED: a stated figure is used, and said to be stated
    text = f"water {stated} continuous months ≥ {months} (stated, not from dated observations)"
    return text, stated >= months


def vp_presumed_essential_habitat(bylaw: str, rebutted_by_credible_evidence: bool = False) -> Verdict:
    """~§ 280-7G / ~§ 650-7C: presumed essential habitat (with its adjacent area) unless credibly rebutted."""
    met = not rebutted_by_credible_evidence
    return _verdict(met, VP_PRESUMPTION_RULES[bylaw],
                    "presumption rebutted by credible evidence" if not met else "presumed essential habitat")


def upton_is_pond(area_sqft: float | None) -> Verdict:
    """UPTON-280-DEF-POND: 310 CMR 10.04's pond, but its 10,000 sq ft threshold does not apply (any size)."""
    threshold = param("UPTON-280-DEF-POND", "wpa_size_threshold_sqft")
    if not param("UPTON-280-DEF-POND", "size_threshold_applies"):
        return _verdict(True, "UPTON-280-DEF-POND",
                        f"{area_sqft} sq ft: any size (the WPA's {threshold} sq ft threshold does not apply)")
    if area_sqft is None:
        return _verdict(None, "UPTON-280-DEF-POND", "pond area unknown", missing=("area_sqft",))
    return _verdict(area_sqft >= threshold, "UPTON-280-DEF-POND", f"{area_sqft} sq ft vs {threshold} sq ft")


def upton_pond_needs_alternatives(area_sqft: float) -> Verdict:
    """UPTON-280-ALT-200FT: the ~§ 280-7D alternatives test covers ponds over 20,000 sq ft only (AMB-37)."""
    over = param("UPTON-280-ALT-200FT", "pond_over_sqft")
    met = area_sqft > over
    comparison = ">" if met else "≤"
    arithmetic = f"pond {area_sqft:g} sq ft {comparison} {over} sq ft"
    return _verdict(met, "UPTON-280-ALT-200FT", arithmetic, ("AMB-37",))


def carver_is_cranberry_bog(bog: CranberryBogProps, assessed_on: dt.date,
                            config: BylawConfig = DEFAULT) -> Verdict:
    """CARVER-281-DEF-CRANBERRY-BOG-10Y, AMB-06: grown, cultivated or harvested within the last 10 years,
    counted back from the assessment (application or inspection) date `assessed_on`, inclusive (which of the
    two dates is the caller's choice: READ-281-BOG-ANCHOR)."""
    rule_id = "CARVER-281-DEF-CRANBERRY-BOG-10Y"
    years = param(rule_id, "years")
    anchor = "assessment date"
    if bog.currently_cultivated:
        return _verdict(True, rule_id, "currently cultivated", ("AMB-06",))
    cutoff = add_years(assessed_on, -years, config["eom_rule"])
    met = bog.last_cultivated_or_harvested >= cutoff
    comparison = "≥" if met else "<"
    last = bog.last_cultivated_or_harvested
    arithmetic = f"last grown/harvested {last} {comparison} {anchor} {assessed_on} − {years} y = {cutoff}"
    return _verdict(met, rule_id, arithmetic, ("AMB-06",))


def gardner_nbz_structure(label: str) -> Verdict:
    """GARDNER-650-DEF-STRUCTURE-NBZ: in the no build zone, fences, decks, patios, driveways … are not
    "structures"; a building, house, barn, garage or shed is. Others: for the Commission ("or the like")."""
    rule_id = "GARDNER-650-DEF-STRUCTURE-NBZ"
    name = label.strip().lower()
    named = GARDNER_STRUCTURES | GARDNER_NBZ_NOT_STRUCTURES
    singular = name[:-1] if name.endswith("s") and name[:-1] in named else name
    if singular in GARDNER_NBZ_NOT_STRUCTURES:
        return _verdict(False, rule_id, f"{label!r} is excluded from 'structure' in the no build zone")
    if singular in GARDNER_STRUCTURES:
        return _verdict(True, rule_id, f"{label!r} is a structure (building, house, barn, garage, shed)")
    return _verdict(None, rule_id, f"{label!r} is not named: the Commission decides whether it is 'the like'",
                    missing=("commission_finding",))


def carver_variance_available(noi_filed: bool, hearing_held: bool,
                              findings: Mapping[str, bool | None]) -> Verdict:
    """~§ 281-5 (def. VARIANCE): only after an NOI and a public hearing, and only on all three findings
    (a) particular soil/hydrology/topography, (b) substantial hardship, (c) no material detriment."""
    procedure = noi_filed and hearing_held
    required = param("CARVER-281-VARIANCE-FINDINGS", "required_findings")
    absent = tuple(name for name in required if findings.get(name) is None)
    proven = [name for name in required if findings.get(name)]
    met: bool | None = procedure and len(proven) == len(required)
    if procedure and absent and len(proven) + len(absent) == len(required):
        met = None
    return Verdict(met, (
        Explanation.of("CARVER-281-VARIANCE-PROCEDURE", f"NOI filed: {noi_filed}; hearing: {hearing_held}"),
        Explanation.of("CARVER-281-VARIANCE-FINDINGS", f"{len(proven)} of {len(required)} findings proven"),
    ), absent)
