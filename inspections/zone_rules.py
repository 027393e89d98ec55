"""Which distance rules each resource area makes in each town: the "reaches" of an area.

A `Reach` is one rule of one resource area, applying on/inside the area (`inside`) and/or at a horizontal
distance min_ft < d ≤ max_ft from its boundary (CONV-DIST; `min_ft` None means from the boundary itself).
`zones.py` measures the distances and evaluates the reaches; this module only knows the law:

- CARVER-281 ~§ 281-1C: (3) 65 ft, variance + OOC; (1) 100 ft, permit; (2) 200 ft of perennial rivers and
  streams, permit; (4) a residential dwelling within 100 ft of a cranberry bog (def. 10 years, AMB-06),
  variance + permit. The 310 CMR 10.04 agricultural exemption lifts (1)–(3), never (4) (CARVER-281-AG-EXEMPT).
- UPTON-280 ~§ 280-2, ~§ 280-7C/D, ~§ 280-9: resource areas; 200 ft of rivers, ponds (any size) and lakes;
  100 ft of other resource areas; the 7D alternatives test within 200 ft of rivers, lakes and ponds over
  20,000 sq ft (AMB-37); the vernal-pool resource area is 100 ft out from the pool (not existing lawn or
  developed land), and its own 100-ft zone is measured from that resource-area boundary.
- GARDNER-650 ~§ 650-3/4/7: RA; NDZ (0, 30]; NBZ (30, 60]; BZ (60, 100]; floodplain and riverfront area make
  no buffer; in the NDZ, and a fortiori in the resource area that makes it, no alteration unless a permit
  provides for it (~§ 650-7B: "prohibited unless the permit provides", not merely "permit required",
  READ-650-RA-NDZ); no alteration within 100 ft of a vernal pool (~§ 650-7C,
  d <= 100 with d = 0 in the pool); a
  "structure" in the NBZ is not permittable (AMB-48, `gardner650.nbz_structure_ban`;
  READ-650-STRUCTURE-WITHIN-60), and a fortiori nor in
  the NDZ or the buffer-making resource area itself (the clearing clause wants the structure outside both).

Readings of the text that no AMB entry settles are stated in the explanation of the finding (`note`).
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from decimal import Decimal
from enum import StrEnum

from inspections import definitions as defs
from inspections.config import BylawConfig
from inspections.explain import Explanation
from inspections.resource_areas import Flow, ResourceArea, RiverStreamProps
from inspections.resource_areas import ResourceType as T
from inspections.rulepack import param


class Bylaw(StrEnum):
    CARVER_281 = "CARVER-281"
    UPTON_280 = "UPTON-280"
    GARDNER_650 = "GARDNER-650"


class Zone(StrEnum):
    RA = "RA"
    ZONE_65 = "ZONE_65"
    BOG_DWELLING_100 = "BOG_DWELLING_100"
    JURIS_100 = "JURIS_100"
    JURIS_200 = "JURIS_200"
    ZONE_200 = "ZONE_200"
    ZONE_100 = "ZONE_100"
    NDZ = "NDZ"
    NBZ = "NBZ"
    BZ = "BZ"
    NONE = "NONE"
    OUTSIDE = "OUTSIDE"


# Strictest first; the last zone of each bylaw is "no zone".
ZONE_RANK: dict[Bylaw, tuple[Zone, ...]] = {
    Bylaw.CARVER_281: (Zone.ZONE_65, Zone.BOG_DWELLING_100, Zone.JURIS_100, Zone.JURIS_200, Zone.NONE),
    Bylaw.UPTON_280: (Zone.RA, Zone.ZONE_200, Zone.ZONE_100, Zone.OUTSIDE),
    Bylaw.GARDNER_650: (Zone.RA, Zone.NDZ, Zone.NBZ, Zone.BZ, Zone.OUTSIDE),
}


class Requirement(StrEnum):
    PROHIBITED = "prohibited"
    # ~§ 650-7B: "No alteration shall occur within a no disturbance zone, unless otherwise provided in a
    # permit issued under this chapter": prohibited, unless the permit itself provides for the alteration.
    PROHIBITED_UNLESS_PERMIT_PROVIDES = "prohibited-unless-permit-provides"
    VARIANCE_AND_PERMIT = "variance+permit"
    PERMIT_AND_ALTERNATIVES = "permit+no-practicable-alternative"
    PERMIT = "permit"
    NONE = "none"


REQUIREMENT_RANK = tuple(Requirement)  # strictest first


class ActivityKind(StrEnum):
    ALTERATION = "alteration"                      # clearing, grading, fill, removal, …
    STRUCTURE = "structure"                        # building, barn, garage, shed (GARDNER-650 def. STRUCTURE)
    RESIDENTIAL_DWELLING = "residential_dwelling"  # a structure too; CARVER-281-DWELLING-BOG-100FT
    NBZ_EXCLUDED_STRUCTURE = "nbz_excluded"        # fence, deck, patio, driveway … (DEF-STRUCTURE-NBZ)


@dataclass(frozen=True)
class Activity:
    kind: ActivityKind = ActivityKind.ALTERATION
    agricultural_use: bool = False      # land in agricultural use, 310 CMR 10.04 (CARVER-281-AG-EXEMPT)
    on_lawn_or_developed: bool = False  # existing lawn, garden, landscaped or developed land (Upton VP)

    @property
    def is_structure(self) -> bool:
        return self.kind in (ActivityKind.STRUCTURE, ActivityKind.RESIDENTIAL_DWELLING)


@dataclass(frozen=True)
class Reach:
    rule_id: str
    zone: Zone
    requirement: Requirement
    max_ft: Decimal
    min_ft: Decimal | None = None
    inside: bool = True
    flags: tuple[str, ...] = ()
    note: str = ""
    also: tuple[Explanation, ...] = ()
    exempt_by: Explanation | None = None

    @property
    def lines_ft(self) -> tuple[Decimal, ...]:
        lines = {Decimal(0), self.max_ft} | ({self.min_ft} if self.min_ft is not None else set())
        return tuple(sorted(lines))


def _ft(rule_id: str, name: str = "distance_ft") -> Decimal:
    return Decimal(param(rule_id, name))


CARVER_65 = frozenset({T.BORDERING_VEGETATED_WETLAND, T.ISOLATED_WETLAND, T.BANK, T.BEACH, T.RIVER_STREAM,
                       T.POND, T.LAKE, T.LAND_UNDER_WATER, T.CRANBERRY_BOG, T.VERNAL_POOL,
                       T.ISOLATED_LAND_SUBJECT_TO_FLOODING})
CARVER_100 = CARVER_65 | {T.FLOODPLAIN}
CARVER_READINGS = {  # READ-281-RESOURCE-TYPES
    T.RIVER_STREAM: "the mapped edge of a river or stream is its bank",
    T.VERNAL_POOL: "a vernal pool read as land subject to inundation",
    T.BEACH: "a beach read as land bordering a lake or pond",
}
UPTON_RA = frozenset({T.BORDERING_VEGETATED_WETLAND, T.ISOLATED_WETLAND, T.BANK, T.BEACH, T.RIVER_STREAM,
                      T.POND, T.LAKE, T.LAND_UNDER_WATER, T.VERNAL_POOL, T.CRANBERRY_BOG, T.FLOODPLAIN,
                      T.ISOLATED_LAND_SUBJECT_TO_FLOODING})
UPTON_ISOLATED = frozenset({T.ISOLATED_WETLAND, T.ISOLATED_LAND_SUBJECT_TO_FLOODING, T.VERNAL_POOL})
GARDNER_NO_BUFFER = frozenset({T.FLOODPLAIN, T.RIVERFRONT_AREA})
FLOODPLAIN_TESTS = {Bylaw.CARVER_281: defs.carver_is_100yr_floodplain,
                    Bylaw.UPTON_280: defs.upton_is_land_subject_to_flooding,
                    Bylaw.GARDNER_650: defs.gardner_is_floodplain}


def qualifies(bylaw: Bylaw, area: ResourceArea, assessed_on: dt.date,
              config: BylawConfig) -> defs.Verdict | None:
    """The definitional test an area must pass to count in this bylaw (None: no test)."""
    props = area.props
    if props.type == T.CRANBERRY_BOG and bylaw is Bylaw.CARVER_281:
        return defs.carver_is_cranberry_bog(props, assessed_on, config)
    if props.type == T.VERNAL_POOL and bylaw is not Bylaw.CARVER_281:
        return defs.vernal_pool(bylaw.value, props, config)
    if props.type == T.FLOODPLAIN:
        return FLOODPLAIN_TESTS[bylaw](props.flood_zone)
    if props.type == T.POND and bylaw is Bylaw.UPTON_280:
        return defs.upton_is_pond(pond_area_sqft(area))
    return None


def pond_area_sqft(area: ResourceArea) -> float:
    """The stated pond area, else the polygon's plane area in square (US survey) feet (READ-280-POND-AREA)."""
    stated = getattr(area.props, "area_sqft", None)
    return float(stated) if stated is not None else round(area.plane_ft.area, 1)


def _perennial(area: ResourceArea) -> bool:
    return isinstance(area.props, RiverStreamProps) and area.props.flow == Flow.PERENNIAL


def carver_reaches(area: ResourceArea, activity: Activity) -> list[Reach]:
    kind, note = area.type, CARVER_READINGS.get(area.type, "")
    ag = (Explanation.of("CARVER-281-AG-EXEMPT", "land in agricultural use: ~§ 281-1C(1)–(3) do not apply")
          if activity.agricultural_use else None)
    reaches = []
    if kind in CARVER_65:
        reaches.append(Reach("CARVER-281-ZONE-65FT", Zone.ZONE_65, Requirement.VARIANCE_AND_PERMIT,
                             _ft("CARVER-281-ZONE-65FT"), note=note, exempt_by=ag))
    if kind in CARVER_100:
        reaches.append(Reach("CARVER-281-JUR-100FT", Zone.JURIS_100, Requirement.PERMIT,
                             _ft("CARVER-281-JUR-100FT"), note=note, exempt_by=ag))
    if _perennial(area):
        reaches.append(Reach("CARVER-281-JUR-PERENNIAL-200FT", Zone.JURIS_200, Requirement.PERMIT,
                             _ft("CARVER-281-JUR-PERENNIAL-200FT"), exempt_by=ag))
    if kind == T.CRANBERRY_BOG and activity.kind == ActivityKind.RESIDENTIAL_DWELLING:
        reaches.append(Reach("CARVER-281-DWELLING-BOG-100FT", Zone.BOG_DWELLING_100,
                             Requirement.VARIANCE_AND_PERMIT, _ft("CARVER-281-DWELLING-BOG-100FT"),
                             note="no agricultural exemption in ~§ 281-1C(4)"))
    return reaches


def upton_reaches(area: ResourceArea, activity: Activity) -> list[Reach]:
    kind = area.type
    if kind not in UPTON_RA:
        return []
    isolated = (Explanation.of("UPTON-280-ISOLATED", "protected whether or not it borders surface waters"),) \
        if kind in UPTON_ISOLATED else ()
    reaches = [Reach("UPTON-280-JURISDICTION", Zone.RA, Requirement.PERMIT, Decimal(0), also=isolated)]
    river = _perennial(area)
    if river or kind in (T.POND, T.LAKE):
        reaches.extend(_upton_200(area, river))
    elif kind == T.VERNAL_POOL:
        reaches.extend(_upton_vernal_pool(activity))
    else:
        reaches.append(Reach("UPTON-280-ZONE-100FT", Zone.ZONE_100, Requirement.PERMIT,
                             _ft("UPTON-280-ZONE-100FT"), inside=False, also=_upton_standards()))
    return reaches


def _upton_standards() -> tuple[Explanation, ...]:
    return (Explanation.of("UPTON-280-ZONE-STANDARDS", "presumed important: strips or setbacks may be set"),)


def _upton_200(area: ResourceArea, river: bool) -> list[Reach]:
    flags = ("AMB-37",) if area.type == T.POND else ()
    reaches = [Reach("UPTON-280-ZONE-200FT", Zone.ZONE_200, Requirement.PERMIT, _ft("UPTON-280-ZONE-200FT"),
                     inside=False, flags=flags, also=_upton_standards())]
    alternatives = True
    if area.type == T.POND:
        verdict = defs.upton_pond_needs_alternatives(pond_area_sqft(area))
        alternatives = bool(verdict.met)
        reaches[0] = replace(reaches[0], also=(*verdict.explanations, *_upton_standards()))
    if alternatives:
        reaches.append(Reach("UPTON-280-ALT-200FT", Zone.ZONE_200, Requirement.PERMIT_AND_ALTERNATIVES,
                             _ft("UPTON-280-ALT-200FT"), flags=flags,
                             also=(Explanation.of("UPTON-280-ALT-STANDARD", "burden on the applicant"),)))
    return reaches


def _upton_vernal_pool(activity: Activity) -> list[Reach]:
    """The pool's resource area (100 ft out), then 100 ft of it; work on lawn: READ-280-VP-LAWN."""
    boundary = _ft("UPTON-280-VP-BOUNDARY-100FT")
    buffer = _ft("UPTON-280-ZONE-100FT")
    if activity.on_lawn_or_developed:
        return [Reach("UPTON-280-ZONE-100FT", Zone.ZONE_100, Requirement.PERMIT, boundary + buffer,
                      inside=False, note="existing lawn/developed land: not in the pool's resource area")]
    return [
        Reach("UPTON-280-VP-BOUNDARY-100FT", Zone.RA, Requirement.PERMIT, boundary, inside=False),
        Reach("UPTON-280-ZONE-100FT", Zone.ZONE_100, Requirement.PERMIT, boundary + buffer, min_ft=boundary,
              inside=False, note=f"100 ft of the pool's resource area: {boundary + buffer} ft of the pool",
              also=_upton_standards()),
    ]


def gardner_reaches(area: ResourceArea, activity: Activity, config: BylawConfig) -> list[Reach]:
    ra = Explanation.of("GARDNER-650-DEF-RESOURCE-AREA", f"{area.type.value} is a protected resource area")
    if area.type in GARDNER_NO_BUFFER:
        return [Reach("GARDNER-650-JUR-PERMIT", Zone.RA, Requirement.PERMIT, Decimal(0), also=(ra,))]
    ndz, nbz_width, bz = (_ft("GARDNER-650-DEF-NDZ-30FT"), _ft("GARDNER-650-DEF-NBZ-30FT", "width_ft"),
                          _ft("GARDNER-650-DEF-BUFFER-100FT"))
    structure = _gardner_structure(activity, config)
    flags, why = (structure.flags, (structure,)) if structure else ((), ())
    ndz_rule = structure or Explanation.of(
        "GARDNER-650-NDZ-NO-ALTERATION", "no alteration unless a permit issued under ch. 650 provides for it")
    inside_rule = structure or Explanation.of(
        "GARDNER-650-NDZ-NO-ALTERATION", "the resource area its no disturbance zone protects: no alteration "
        "unless a permit provides for it, a fortiori (READ-650-RA-NDZ)")
    reaches = [Reach("GARDNER-650-JUR-PERMIT", Zone.RA, _gardner_ndz_requirement(structure, config),
                     Decimal(0), flags=flags, also=(ra, *why, *(() if structure else (inside_rule,))))]
    nbz_rule = structure or Explanation.of(
        "GARDNER-650-NBZ-CLEARING", "clearing only as needed for a permitted structure outside the NDZ/NBZ")
    excluded = (Explanation.of("GARDNER-650-DEF-STRUCTURE-NBZ", "not a 'structure' in the no build zone"),) \
        if activity.kind == ActivityKind.NBZ_EXCLUDED_STRUCTURE else ()
    reaches += [
        Reach("GARDNER-650-DEF-NDZ-30FT", Zone.NDZ, _gardner_ndz_requirement(structure, config), ndz,
              inside=False, flags=flags, also=(ndz_rule,)),
        Reach("GARDNER-650-DEF-NBZ-30FT", Zone.NBZ, _gardner_requirement(structure, config), ndz + nbz_width,
              min_ft=ndz, inside=False, flags=flags, also=(nbz_rule, *excluded)),
        Reach("GARDNER-650-DEF-BUFFER-100FT", Zone.BZ, Requirement.PERMIT, bz, min_ft=ndz + nbz_width,
              inside=False, also=(Explanation.of("GARDNER-650-PERMIT-FORM-OOC", "an order of conditions"),)),
    ]
    if area.type == T.VERNAL_POOL:
        reaches.append(Reach("GARDNER-650-VP-BUFFER-NO-ALT", Zone.BZ, Requirement.PROHIBITED,
                             _ft("GARDNER-650-VP-BUFFER-NO-ALT"),
                             note="d ≤ 100 ft, the pool itself included; except under ~§ 650-14F"))
    return reaches


def _gardner_structure(activity: Activity, config: BylawConfig) -> Explanation | None:
    if not activity.is_structure:
        return None
    ban = config["gardner650.nbz_structure_ban"]
    verdict = ("not permittable except under ~§ 650-14E or ~§ 650-15" if ban
               else "permittable (nbz_structure_ban off)")
    return Explanation.of("GARDNER-650-NBZ-CLEARING", f"a structure within 60 ft (RA, NDZ, NBZ): {verdict}",
                          ("AMB-48",))


def _gardner_ndz_requirement(structure: Explanation | None, config: BylawConfig) -> Requirement:
    """~§ 650-7B: the NDZ prohibits alteration unless a permit provides for it (a structure: AMB-48)."""
    if structure is not None and config["gardner650.nbz_structure_ban"]:
        return Requirement.PROHIBITED
    return Requirement.PROHIBITED_UNLESS_PERMIT_PROVIDES


def _gardner_requirement(structure: Explanation | None, config: BylawConfig) -> Requirement:
    if structure is not None and config["gardner650.nbz_structure_ban"]:
        return Requirement.PROHIBITED
    return Requirement.PERMIT


def reaches_for(bylaw: Bylaw, area: ResourceArea, activity: Activity, config: BylawConfig) -> list[Reach]:
    if bylaw is Bylaw.CARVER_281:
        return carver_reaches(area, activity)
    if bylaw is Bylaw.UPTON_280:
        return upton_reaches(area, activity)
    return gardner_reaches(area, activity, config)
