"""Zone classification on real geometry: resource areas laid out in EPSG:26986 at known distances, converted
to WGS84, and activity points at d - 0.1, d and d + 0.1 ft of every line of every town. Expected zones and
requirements are written from the bylaw texts, RULES.md and EXAMPLES.md S12 / S15 (incl. the "alt" results
under `dist_inclusive` = false)."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from inspections.config import DEFAULT
from inspections.planar import metres_to_feet, round_accuracy_ft, round_ft
from inspections.resource_areas import area_from_feature
from inspections.zone_rules import (
    REQUIREMENT_RANK,
    ZONE_RANK,
    Activity,
    ActivityKind,
    Bylaw,
    Requirement,
    Zone,
)
from inspections.zones import TOWN_BYLAWS, Location, ResultKind, classify, classify_site
from tests.unit.inspections.geo import Frame, feature

ASSESSED = dt.date(2026, 5, 1)
ALTER = Activity()
GARAGE = Activity(ActivityKind.STRUCTURE)
HOUSE = Activity(ActivityKind.RESIDENTIAL_DWELLING)
DECK = Activity(ActivityKind.NBZ_EXCLUDED_STRUCTURE)
LAWN = Activity(on_lawn_or_developed=True)
AG_GARAGE = Activity(ActivityKind.STRUCTURE, agricultural_use=True)
AG_HOUSE = Activity(ActivityKind.RESIDENTIAL_DWELLING, agricultural_use=True)
EXCLUSIVE = {"dist_inclusive": False}
Z = Zone
V_P, P, P_ALT, BAN, NONE = (Requirement.VARIANCE_AND_PERMIT, Requirement.PERMIT,
                            Requirement.PERMIT_AND_ALTERNATIVES, Requirement.PROHIBITED, Requirement.NONE)
NDZ_P = Requirement.PROHIBITED_UNLESS_PERMIT_PROVIDES  # ~§ 650-7B (issue 22: was "permit")
POOL = dict(type="vernal_pool", hydroperiod_months=3, predatory_fish=False, breeding_habitat=True)


# ---- layouts: each area's east edge (or line) is x = 0 unless said otherwise ----------------------------
def bvw(f: Frame) -> list[dict[str, Any]]:
    return [feature(f.west_of_axis(), id="W1", type="bordering_vegetated_wetland")]


def river(flow: str):
    return lambda f: [feature(f.line([(0, -3000), (0, 3000)]), id="R1", type="river_stream", flow=flow)]


def pond(**props: Any):
    return lambda f: [feature(f.rect(-300, -50, 0, 50), id="P1", type="pond", **props)]


def simple(kind: str, **props: Any):
    return lambda f: [feature(f.west_of_axis(), id="A1", type=kind, **props)]


def vernal_pool(volume_cuft: float):
    return lambda f: [feature(f.rect(-60, -20, 0, 20), id="VP1", volume_cuft=volume_cuft, **POOL)]


def floodplain_and_bvw_250ft(f: Frame) -> list[dict[str, Any]]:
    """S15: a Zone A floodplain west of x = 0, and a BVW whose west edge is x = 270 (250 ft from x = 20)."""
    return [feature(f.west_of_axis(), id="FP1", type="floodplain", flood_zone="A"),
            feature(f.rect(270, -300, 700, 300), id="W2", type="bordering_vegetated_wetland")]


@dataclass(frozen=True)
class Case:
    rule_id: str
    label: str
    bylaw: Bylaw
    layout: Any
    x_ft: float
    zone: Zone
    requirement: Requirement
    check: str = "active"          # rule_id is an active finding / "absent" from them / only "explained"
    activity: Activity = ALTER
    overrides: dict[str, Any] = field(default_factory=dict)
    flag: str | None = None


C, U, G = Bylaw.CARVER_281, Bylaw.UPTON_280, Bylaw.GARDNER_650
RIVER, STREAM = river("perennial"), river("intermittent")
BOG_2020 = simple("cranberry_bog", last_cultivated_or_harvested="2020-09-15")
CASES = [
    # ---- EXAMPLES S12: Carver 281 against a BVW edge, a proposed garage, land not in agricultural use
    Case("CARVER-281-ZONE-65FT", "S12 64.9 ft", C, bvw, 64.9, Z.ZONE_65, V_P, activity=GARAGE),
    Case("CARVER-281-ZONE-65FT", "S12 65.0 ft", C, bvw, 65.0, Z.ZONE_65, V_P, activity=GARAGE, flag="AMB-05"),
    Case("CARVER-281-ZONE-65FT", "S12 65.1 ft", C, bvw, 65.1, Z.JURIS_100, P, "absent", GARAGE),
    Case("CARVER-281-JUR-100FT", "S12 65.1 ft permit", C, bvw, 65.1, Z.JURIS_100, P, activity=GARAGE),
    Case("CARVER-281-JUR-100FT", "Carver BVW 99.9 ft", C, bvw, 99.9, Z.JURIS_100, P, activity=GARAGE),
    Case("CARVER-281-JUR-100FT", "S12 100.0 ft", C, bvw, 100.0, Z.JURIS_100, P, activity=GARAGE,
         flag="AMB-05"),
    Case("CARVER-281-JUR-100FT", "S12 100.1 ft", C, bvw, 100.1, Z.NONE, NONE, "absent", GARAGE),
    Case("CARVER-281-ZONE-65FT", "Carver inside the BVW", C, bvw, -10, Z.ZONE_65, V_P, activity=GARAGE),
    Case("CARVER-281-ZONE-65FT", "S12 alt exclusive 65.0 ft", C, bvw, 65.0, Z.JURIS_100, P, "absent",
         GARAGE, EXCLUSIVE),
    Case("CARVER-281-ZONE-65FT", "S12 alt exclusive 64.9 ft", C, bvw, 64.9, Z.ZONE_65, V_P, activity=GARAGE,
         overrides=EXCLUSIVE),
    Case("CARVER-281-JUR-100FT", "S12 alt exclusive 100.0 ft", C, bvw, 100.0, Z.NONE, NONE, "absent",
         GARAGE, EXCLUSIVE),
    # ---- Carver 281-1C(2): 200 ft on each side of perennial rivers and streams
    Case("CARVER-281-JUR-PERENNIAL-200FT", "perennial 199.9 ft", C, RIVER, 199.9, Z.JURIS_200, P),
    Case("CARVER-281-JUR-PERENNIAL-200FT", "perennial 200.0 ft", C, RIVER, 200.0, Z.JURIS_200, P),
    Case("CARVER-281-JUR-PERENNIAL-200FT", "perennial 200.1 ft", C, RIVER, 200.1, Z.NONE, NONE, "absent"),
    Case("CARVER-281-JUR-100FT", "perennial 100.0 ft (its bank)", C, RIVER, 100.0, Z.JURIS_100, P),
    Case("CARVER-281-ZONE-65FT", "perennial 65.0 ft", C, RIVER, 65.0, Z.ZONE_65, V_P),
    Case("CARVER-281-JUR-PERENNIAL-200FT", "intermittent 150 ft: no 200-ft zone", C, STREAM, 150, Z.NONE,
         NONE, "absent"),
    Case("CARVER-281-JUR-100FT", "intermittent 100.0 ft", C, STREAM, 100.0, Z.JURIS_100, P),
    # ---- Carver 281-1C(4): residential dwelling within 100 ft of a cranberry bog (harvested 2020)
    Case("CARVER-281-DWELLING-BOG-100FT", "dwelling 99.9 ft from bog", C, BOG_2020, 99.9,
         Z.BOG_DWELLING_100, V_P, activity=HOUSE),
    Case("CARVER-281-DWELLING-BOG-100FT", "dwelling 100.0 ft from bog", C, BOG_2020, 100.0,
         Z.BOG_DWELLING_100, V_P, activity=HOUSE),
    Case("CARVER-281-DWELLING-BOG-100FT", "dwelling 100.1 ft from bog", C, BOG_2020, 100.1, Z.NONE, NONE,
         "absent", HOUSE),
    Case("CARVER-281-DWELLING-BOG-100FT", "garage 80 ft from bog: not a dwelling", C, BOG_2020, 80,
         Z.JURIS_100, P, "absent", GARAGE),
    Case("CARVER-281-ZONE-65FT", "dwelling 65.0 ft from bog", C, BOG_2020, 65.0, Z.ZONE_65, V_P,
         activity=HOUSE),
    # ---- 310 CMR 10.04 agricultural exemption: lifts (1)-(3), not (4)
    Case("CARVER-281-AG-EXEMPT", "ag land, garage 50 ft from BVW", C, bvw, 50, Z.NONE, NONE, "explained",
         AG_GARAGE),
    Case("CARVER-281-AG-EXEMPT", "ag land, perennial 150 ft", C, RIVER, 150, Z.NONE, NONE, "explained",
         AG_GARAGE),
    Case("CARVER-281-AG-EXEMPT", "ag land, dwelling 50 ft from bog", C, BOG_2020, 50, Z.BOG_DWELLING_100,
         V_P, "explained", AG_HOUSE),
    # ---- cranberry-bog definition, 10 years back from the assessment date 2026-05-01 (AMB-06)
    Case("CARVER-281-DEF-CRANBERRY-BOG-10Y", "bog last harvested 2016-04-30: not a bog", C,
         simple("cranberry_bog", last_cultivated_or_harvested="2016-04-30"), 50, Z.NONE, NONE, "explained",
         HOUSE, flag="AMB-06"),
    Case("CARVER-281-DEF-CRANBERRY-BOG-10Y", "bog last harvested 2016-05-01: a bog", C,
         simple("cranberry_bog", last_cultivated_or_harvested="2016-05-01"), 50, Z.ZONE_65, V_P,
         "explained", HOUSE, flag="AMB-06"),
    # ---- Carver floodplain (100-year = Zone A family) is in (1) only; riverfront area is not in 281-1C
    Case("CARVER-281-JUR-100FT", "floodplain AE 80 ft", C, simple("floodplain", flood_zone="AE"), 80,
         Z.JURIS_100, P),
    Case("CARVER-281-ZONE-65FT", "floodplain AE 50 ft: (3) does not name it", C, simple("floodplain",
         flood_zone="AE"), 50, Z.JURIS_100, P, "absent"),
    Case("CARVER-281-JUR-100FT", "floodplain zone B 50 ft", C, simple("floodplain", flood_zone="B"), 50,
         Z.NONE, NONE, "absent"),
    Case("CARVER-281-JUR-100FT", "riverfront area 10 ft", C, simple("riverfront_area"), 10, Z.NONE, NONE,
         "absent"),

    # ---- Upton 280: resource areas, 100 ft of other RAs, 200 ft of rivers, ponds and lakes (7C), 7D
    Case("UPTON-280-JURISDICTION", "Upton inside the BVW", U, bvw, -10, Z.RA, P),
    Case("UPTON-280-JURISDICTION", "Upton on the BVW edge 0.0 ft", U, bvw, 0.0, Z.RA, P),
    Case("UPTON-280-ZONE-100FT", "Upton BVW 99.9 ft", U, bvw, 99.9, Z.ZONE_100, P),
    Case("UPTON-280-ZONE-100FT", "Upton BVW 100.0 ft", U, bvw, 100.0, Z.ZONE_100, P, flag="AMB-05"),
    Case("UPTON-280-ZONE-100FT", "Upton BVW 100.1 ft", U, bvw, 100.1, Z.OUTSIDE, NONE, "absent"),
    Case("UPTON-280-ZONE-100FT", "Upton alt exclusive 100.0 ft", U, bvw, 100.0, Z.OUTSIDE, NONE, "absent",
         overrides=EXCLUSIVE),
    Case("UPTON-280-ZONE-100FT", "Upton intermittent stream 100.0 ft", U, STREAM, 100.0, Z.ZONE_100, P),
    Case("UPTON-280-ZONE-100FT", "Upton intermittent stream 100.1 ft", U, STREAM, 100.1, Z.OUTSIDE, NONE,
         "absent"),
    Case("UPTON-280-ZONE-200FT", "Upton river 199.9 ft", U, RIVER, 199.9, Z.ZONE_200, P_ALT),
    Case("UPTON-280-ALT-200FT", "Upton river 200.0 ft", U, RIVER, 200.0, Z.ZONE_200, P_ALT),
    Case("UPTON-280-ALT-200FT", "Upton river 200.1 ft", U, RIVER, 200.1, Z.OUTSIDE, NONE, "absent"),
    Case("UPTON-280-ALT-200FT", "Upton on the river line", U, RIVER, 0.0, Z.RA, P_ALT),
    Case("UPTON-280-ALT-STANDARD", "Upton river 150 ft: the applicant proves no practicable alternative", U,
         RIVER, 150, Z.ZONE_200, P_ALT, "explained"),
    Case("UPTON-280-ZONE-STANDARDS", "Upton BVW 50 ft: strips, setbacks", U, bvw, 50, Z.ZONE_100,
         P, "explained"),
    Case("UPTON-280-ALT-200FT", "Upton lake 200.0 ft", U, simple("lake"), 200.0, Z.ZONE_200, P_ALT),
    Case("UPTON-280-ZONE-200FT", "Upton pond 5,000 sq ft at 150 ft", U, pond(area_sqft=5000), 150,
         Z.ZONE_200, P, flag="AMB-37"),
    Case("UPTON-280-ALT-200FT", "Upton pond 5,000 sq ft: no 7D", U, pond(area_sqft=5000), 150, Z.ZONE_200,
         P, "absent"),
    Case("UPTON-280-ZONE-200FT", "Upton pond 5,000 sq ft at 200.1 ft", U, pond(area_sqft=5000), 200.1,
         Z.OUTSIDE, NONE, "absent"),
    Case("UPTON-280-JURISDICTION", "Upton inside a 5,000 sq ft pond", U, pond(area_sqft=5000), -10, Z.RA, P),
    Case("UPTON-280-ALT-200FT", "Upton pond 20,000 sq ft at 150 ft", U, pond(area_sqft=20000), 150,
         Z.ZONE_200, P, "absent"),
    Case("UPTON-280-ALT-200FT", "Upton pond 20,000.1 sq ft at 150 ft", U, pond(area_sqft=20000.1), 150,
         Z.ZONE_200, P_ALT, flag="AMB-37"),
    Case("UPTON-280-ALT-200FT", "Upton pond of 30,000 sq ft measured", U, pond(), 150, Z.ZONE_200, P_ALT),
    Case("UPTON-280-DEF-POND", "Upton pond of 500 sq ft", U, pond(area_sqft=500), 199, Z.ZONE_200, P,
         "explained"),
    Case("UPTON-280-VP-BOUNDARY-100FT", "Upton vernal pool 99.9 ft", U, vernal_pool(250), 99.9, Z.RA, P),
    Case("UPTON-280-VP-BOUNDARY-100FT", "Upton vernal pool 100.0 ft", U, vernal_pool(250), 100.0, Z.RA, P),
    Case("UPTON-280-VP-BOUNDARY-100FT", "Upton vernal pool 100.1 ft", U, vernal_pool(250), 100.1,
         Z.ZONE_100, P, "absent"),
    Case("UPTON-280-ZONE-100FT", "Upton vernal pool 200.0 ft", U, vernal_pool(250), 200.0, Z.ZONE_100, P),
    Case("UPTON-280-ZONE-100FT", "Upton vernal pool 200.1 ft", U, vernal_pool(250), 200.1, Z.OUTSIDE, NONE,
         "absent"),
    Case("UPTON-280-VP-BOUNDARY-100FT", "Upton vernal pool, existing lawn at 50 ft", U, vernal_pool(250),
         50, Z.ZONE_100, P, "absent", LAWN),
    Case("UPTON-280-DEF-VP", "Upton 150 cu ft pool is no vernal pool", U, vernal_pool(150), 50, Z.OUTSIDE,
         NONE, "explained"),
    Case("UPTON-280-ISOLATED", "Upton isolated land subject to flooding", U,
         simple("isolated_land_subject_to_flooding"), -5, Z.RA, P, "explained"),
    Case("UPTON-280-ZONE-100FT", "Upton floodplain A 100.0 ft", U, simple("floodplain", flood_zone="A"),
         100.0, Z.ZONE_100, P),
    Case("UPTON-280-JURISDICTION", "Upton inside floodplain zone B", U, simple("floodplain",
         flood_zone="B"), -5, Z.OUTSIDE, NONE, "explained"),
    Case("UPTON-280-JURISDICTION", "Upton inside a riverfront area", U, simple("riverfront_area"), -5,
         Z.OUTSIDE, NONE, "absent"),

    # ---- EXAMPLES S15: Gardner zones from a BVW edge (alteration)
    Case("GARDNER-650-JUR-PERMIT", "S15 inside", G, bvw, -10, Z.RA, NDZ_P),
    Case("GARDNER-650-JUR-PERMIT", "S15 0.0 ft", G, bvw, 0.0, Z.RA, NDZ_P),
    Case("GARDNER-650-DEF-NDZ-30FT", "S15 15.0 ft", G, bvw, 15.0, Z.NDZ, NDZ_P),
    Case("GARDNER-650-DEF-NDZ-30FT", "S15 30.0 ft", G, bvw, 30.0, Z.NDZ, NDZ_P),
    Case("GARDNER-650-DEF-NBZ-30FT", "S15 30.1 ft", G, bvw, 30.1, Z.NBZ, P),
    Case("GARDNER-650-DEF-NBZ-30FT", "S15 60.0 ft", G, bvw, 60.0, Z.NBZ, P),
    Case("GARDNER-650-DEF-BUFFER-100FT", "S15 60.1 ft", G, bvw, 60.1, Z.BZ, P),
    Case("GARDNER-650-PERMIT-FORM-OOC", "S15 60.1 ft: an order of conditions", G, bvw, 60.1, Z.BZ,
         P, "explained"),
    Case("GARDNER-650-DEF-BUFFER-100FT", "S15 100.0 ft", G, bvw, 100.0, Z.BZ, P),
    Case("GARDNER-650-DEF-BUFFER-100FT", "S15 100.1 ft", G, bvw, 100.1, Z.OUTSIDE, NONE, "absent"),
    Case("GARDNER-650-DEF-NDZ-30FT", "Gardner 29.9 ft", G, bvw, 29.9, Z.NDZ, NDZ_P),
    Case("GARDNER-650-DEF-BUFFER-100FT", "Gardner 99.9 ft", G, bvw, 99.9, Z.BZ, P),
    Case("GARDNER-650-DEF-NDZ-30FT", "S15 alt exclusive 30.0 ft", G, bvw, 30.0, Z.NBZ, P, "absent",
         overrides=EXCLUSIVE),
    Case("GARDNER-650-DEF-NBZ-30FT", "S15 alt exclusive 60.0 ft", G, bvw, 60.0, Z.BZ, P, "absent",
         overrides=EXCLUSIVE),
    Case("GARDNER-650-DEF-BUFFER-100FT", "S15 alt exclusive 100.0 ft", G, bvw, 100.0, Z.OUTSIDE, NONE,
         "absent", overrides=EXCLUSIVE),
    Case("GARDNER-650-DEF-BUFFER-100FT", "S15 floodplain: 20.0 ft outside Zone A, BVW 250 ft away", G,
         floodplain_and_bvw_250ft, 20.0, Z.OUTSIDE, NONE, "absent"),
    Case("GARDNER-650-DEF-FLOODPLAIN", "S15 floodplain: inside Zone A", G, floodplain_and_bvw_250ft, -20.0,
         Z.RA, P, "explained"),
    Case("GARDNER-650-DEF-RESOURCE-AREA", "Gardner inside a riverfront area", G, simple("riverfront_area"),
         -5, Z.RA, P, "explained"),
    Case("GARDNER-650-DEF-NDZ-30FT", "Gardner riverfront area 20 ft: no buffer", G,
         simple("riverfront_area"), 20, Z.OUTSIDE, NONE, "absent"),
    Case("GARDNER-650-DEF-FLOODLINE", "Gardner inside floodplain zone B", G, simple("floodplain",
         flood_zone="B"), -5, Z.RA, P, "explained"),
    Case("GARDNER-650-DEF-FLOODLINE", "Gardner inside zone X: no floodplain", G, simple("floodplain",
         flood_zone="X"), -5, Z.OUTSIDE, NONE, "explained"),
    Case("GARDNER-650-NDZ-NO-ALTERATION", "Gardner grading at 15 ft", G, bvw, 15, Z.NDZ, NDZ_P, "explained"),
    # ---- Gardner no build zone and "structure" (AMB-48, gardner650.nbz_structure_ban)
    Case("GARDNER-650-NBZ-CLEARING", "garage in the NBZ at 45 ft", G, bvw, 45, Z.NBZ, BAN, "explained",
         GARAGE, flag="AMB-48"),
    Case("GARDNER-650-NBZ-CLEARING", "garage in the NBZ, alt nbz_structure_ban off", G, bvw, 45, Z.NBZ, P,
         "explained", GARAGE, {"gardner650.nbz_structure_ban": False}, "AMB-48"),
    Case("GARDNER-650-NBZ-CLEARING", "garage in the NDZ at 15 ft", G, bvw, 15, Z.NDZ, BAN, "explained",
         GARAGE, flag="AMB-48"),
    Case("GARDNER-650-NBZ-CLEARING", "garage at 60.1 ft: buffer zone", G, bvw, 60.1, Z.BZ, P, "absent",
         GARAGE),
    Case("GARDNER-650-DEF-STRUCTURE-NBZ", "deck in the NBZ at 45 ft", G, bvw, 45, Z.NBZ, P, "explained",
         DECK),
    # ---- Gardner vernal pool (ordinance definition, 150 cu ft) and its 100-ft no-alteration buffer
    Case("GARDNER-650-VP-BUFFER-NO-ALT", "Gardner vernal pool 99.9 ft", G, vernal_pool(150), 99.9, Z.BZ, BAN),
    Case("GARDNER-650-VP-BUFFER-NO-ALT", "Gardner vernal pool 100.0 ft", G, vernal_pool(150), 100.0, Z.BZ,
         BAN),
    Case("GARDNER-650-VP-BUFFER-NO-ALT", "Gardner vernal pool 100.1 ft", G, vernal_pool(150), 100.1,
         Z.OUTSIDE, NONE, "absent"),
    Case("GARDNER-650-VP-BUFFER-NO-ALT", "Gardner vernal pool 15 ft", G, vernal_pool(150), 15, Z.NDZ, BAN),
    Case("GARDNER-650-VP-BUFFER-NO-ALT", "Gardner inside the vernal pool", G, vernal_pool(150), -5, Z.RA,
         BAN),
    Case("GARDNER-650-DEF-VP", "Gardner 99 cu ft pool is no vernal pool", G, vernal_pool(99), 50, Z.OUTSIDE,
         NONE, "explained"),
]


def _classify(case: Case, accuracy_ft: float = 0.0, y_ft: float = 0.0):
    frame = Frame({C: "Carver", U: "Upton", G: "Gardner"}[case.bylaw])
    areas = [area_from_feature(f) for f in case.layout(frame)]
    location = Location.point(*frame.lonlat(case.x_ft, y_ft), accuracy_ft=accuracy_ft)
    return classify(location, areas, case.bylaw, assessed_on=ASSESSED, activity=case.activity,
                    config=DEFAULT.with_overrides(**case.overrides))


@pytest.mark.parametrize("case", [pytest.param(c, id=c.label) for c in CASES])
def test_zone(case: Case):
    result = _classify(case)
    assert (result.kind, result.zone, result.requirement) == (ResultKind.ZONE, case.zone, case.requirement)
    active = {f.rule_id for f in result.active_findings}
    explained = {e.rule_id for e in result.explanations}
    if case.check == "active":
        assert case.rule_id in active
    elif case.check == "absent":
        assert case.rule_id not in active
    else:
        assert case.rule_id in explained
    if case.flag:
        assert case.flag in {flag for e in result.explanations for flag in e.flags}
    assert result.summary.citation.startswith("~§") and result.summary.quote


def test_s12_distances_are_reported_to_the_tenth():
    case = CASES[0]
    result = _classify(case)
    finding = next(f for f in result.findings if f.rule_id == "CARVER-281-ZONE-65FT")
    assert (finding.distance_ft, finding.inside) == (Decimal("64.9"), False)
    assert result.summary.line == (
        'CARVER-281-ZONE-65FT (~§ 281-1C(3)) "upon or within 65 feet of any wetland, marsh, meadow, bog or '
        "swamp, cranberry bog, any bank\": bordering_vegetated_wetland 'W1' d = 64.9 ≤ 65 ft → ZONE_65: "
        "variance+permit")


def test_the_exclusive_reading_shows_strict_comparisons():
    result = _classify(Case("GARDNER-650-DEF-NBZ-30FT", "", G, bvw, 30.0, Z.NBZ, P, overrides=EXCLUSIVE))
    assert result.summary.arithmetic.startswith("bordering_vegetated_wetland 'W1' 30 ≤ d = 30.0 < 60 ft")


def test_the_agricultural_exemption_keeps_the_findings_as_exempt():
    result = _classify(Case("CARVER-281-AG-EXEMPT", "", C, bvw, 50, Z.NONE, NONE, activity=AG_GARAGE))
    assert {(f.rule_id, f.exempt) for f in result.findings} == {
        ("CARVER-281-ZONE-65FT", True), ("CARVER-281-JUR-100FT", True)}


# ---- accuracy circles (CONV-DIST): indeterminate when the circle crosses a line that changes the answer ----
@dataclass(frozen=True)
class FixCase:
    rule_id: str
    label: str
    bylaw: Bylaw
    layout: Any
    x_ft: float
    accuracy_ft: float
    zone: Zone | None                 # None: INDETERMINATE
    candidates: tuple[Zone, ...] = ()
    lines_ft: tuple[str, ...] = ()


FIX_CASES = [
    FixCase("CARVER-281-ZONE-65FT", "Carver 60 ft ±10 crosses the 65-ft line", C, bvw, 60, 10, None,
            (Z.ZONE_65, Z.JURIS_100), ("65",)),
    FixCase("CARVER-281-ZONE-65FT", "Carver 40 ft ±10 stays in ZONE_65", C, bvw, 40, 10, Z.ZONE_65),
    FixCase("CARVER-281-ZONE-65FT", "Carver 5 ft ±10 crosses only the edge: still ZONE_65", C, bvw, 5, 10,
            Z.ZONE_65),
    FixCase("CARVER-281-JUR-100FT", "Carver 95 ft ±10 crosses the 100-ft line", C, bvw, 95, 10, None,
            (Z.JURIS_100, Z.NONE), ("100",)),
    FixCase("GARDNER-650-DEF-NBZ-30FT", "Gardner 55 ft ±5.0 touches the 60-ft line: NBZ", G, bvw, 55, 5,
            Z.NBZ),
    FixCase("GARDNER-650-DEF-NBZ-30FT", "Gardner 55 ft ±5.1 crosses the 60-ft line", G, bvw, 55, 5.1, None,
            (Z.NBZ, Z.BZ), ("60",)),
    FixCase("GARDNER-650-DEF-NDZ-30FT", "Gardner 45 ft ±20 crosses 30 and 60", G, bvw, 45, 20, None, (Z.NDZ,
            Z.NBZ, Z.BZ), ("30", "60")),
    FixCase("GARDNER-650-JUR-PERMIT", "Gardner 5 ft ±10 crosses the wetland edge", G, bvw, 5, 10, None,
            (Z.RA, Z.NDZ), ("0",)),
    FixCase("GARDNER-650-JUR-PERMIT", "Gardner 5 ft inside ±4.9 stays RA", G, bvw, -5, 4.9, Z.RA),
    FixCase("UPTON-280-ZONE-200FT", "Upton 190 ft of a river ±15", U, RIVER, 190, 15, None, (Z.ZONE_200,
            Z.OUTSIDE), ("200",)),
]


@pytest.mark.parametrize("case", [pytest.param(c, id=c.label) for c in FIX_CASES])
def test_accuracy_circle(case: FixCase):
    zone_case = Case(case.rule_id, case.label, case.bylaw, case.layout, case.x_ft, Z.NONE, NONE)
    result = _classify(zone_case, accuracy_ft=case.accuracy_ft)
    if case.zone is not None:
        assert (result.kind, result.zone) == (ResultKind.ZONE, case.zone)
        return
    assert (result.kind, result.zone, result.requirement) == (ResultKind.INDETERMINATE, None, None)
    assert result.candidates == case.candidates
    assert tuple(str(line.line_ft) for line in result.lines) == case.lines_ft
    assert result.message.startswith(f"indeterminate within ±{Decimal(str(case.accuracy_ft)):.1f} ft of the ")


def test_indeterminate_message_names_the_line_and_rule():
    result = _classify(Case("CARVER-281-ZONE-65FT", "", C, bvw, 60, Z.NONE, NONE), accuracy_ft=10)
    assert result.message == ("indeterminate within ±10.0 ft of the 65-ft line of W1 (CARVER-281-ZONE-65FT)")
    assert result.candidate_requirements == (V_P, P)
    assert result.summary.rule_id == "CARVER-281-ZONE-65FT"


def test_phone_accuracy_in_metres():
    # 3 m = 9.8425 US survey ft, rounded up to 9.9 ft: 55.1 + 9.9 = 65.0 > 60 crosses Gardner's NBZ line
    assert round_accuracy_ft(metres_to_feet(3)) == Decimal("9.9")
    result = _classify(Case("GARDNER-650-DEF-NBZ-30FT", "", G, bvw, 55.1, Z.NONE, NONE),
                       accuracy_ft=metres_to_feet(3))
    assert result.kind is ResultKind.INDETERMINATE


@pytest.mark.parametrize("feet,expected", [
    pytest.param(64.95, "65.0", id="tie rounds to even 65.0"),
    pytest.param(64.85, "64.8", id="tie rounds to even 64.8"),
    pytest.param(64.9499, "64.9", id="below the tie"),
    pytest.param(100.05, "100.0", id="100.05 rounds to 100.0: within 100"),
    pytest.param(0.04, "0.0", id="0.04 rounds to 0.0"),
])
def test_distances_round_half_even_to_a_tenth(feet, expected):
    assert round_ft(feet) == Decimal(expected)


def test_distance_is_in_us_survey_feet():
    frame = Frame("Upton")
    area = area_from_feature(feature(frame.west_of_axis(), id="W", type="bordering_vegetated_wetland"))
    # 1,000 US survey feet = 304.8006 m; the international foot would read 1,000.002 -> still 1000.0
    location = Location.point(*frame.lonlat(1000, 0))
    result = classify(location, [area], Bylaw.UPTON_280, assessed_on=ASSESSED)
    assert result.zone is Z.OUTSIDE and "at 1000.0 ft" in result.summary.arithmetic


# ---- work polygons: the nearest point of the activity counts ---------------------------------------------
@pytest.mark.parametrize("x0,bylaw,zone", [
    pytest.param(64.9, C, Z.ZONE_65, id="garage footprint 64.9 ft from the BVW: ZONE_65"),
    pytest.param(65.1, C, Z.JURIS_100, id="garage footprint 65.1 ft from the BVW: JURIS_100"),
    pytest.param(-5, C, Z.ZONE_65, id="footprint overlapping the BVW: ZONE_65"),
    pytest.param(-5, G, Z.RA, id="footprint overlapping the BVW (Gardner): RA"),
    pytest.param(30.1, G, Z.NBZ, id="footprint from 30.1 ft (Gardner): NBZ"),
])
def test_work_polygon(x0, bylaw, zone):
    frame = Frame("Carver")
    areas = [area_from_feature(f) for f in bvw(frame)]
    footprint = Location.from_geojson(frame.rect(x0, -10, x0 + 24, 14))
    result = classify(footprint, areas, bylaw, assessed_on=ASSESSED, activity=GARAGE)
    assert result.zone is zone


@pytest.mark.parametrize("x,bylaw,in_ra,in_buffer", [
    pytest.param(-10, C, True, False, id="Carver inside the BVW"),
    pytest.param(80, C, False, True, id="Carver 80 ft: jurisdiction band"),
    pytest.param(100.1, C, False, False, id="Carver 100.1 ft: neither"),
    pytest.param(0.0, U, True, False, id="Upton on the edge"),
    pytest.param(50, U, False, True, id="Upton 50 ft: 7C lands (AMB-35)"),
    pytest.param(15, G, False, True, id="Gardner NDZ"),
])
def test_location_facts_for_the_exemptions(x, bylaw, in_ra, in_buffer):
    result = _classify(Case("", "", bylaw, bvw, x, Z.NONE, NONE))
    assert (result.in_resource_area, result.in_buffer_zone) == (in_ra, in_buffer)
    assert result.distances_ft == (("W1", max(Decimal(str(x)), Decimal(0))),)


def test_an_indeterminate_fix_has_no_location_facts():
    result = _classify(Case("", "", G, bvw, 5, Z.NONE, NONE), accuracy_ft=10)
    assert (result.in_resource_area, result.in_buffer_zone) == (None, None)


def test_one_result_per_bylaw_of_the_town():
    frame = Frame("Gardner")
    areas = [area_from_feature(f) for f in bvw(frame)]
    results = classify_site(Location.point(*frame.lonlat(45, 0)), areas, TOWN_BYLAWS["Gardner"],
                            assessed_on=ASSESSED)
    assert [(r.bylaw, r.zone) for r in results] == [(Bylaw.GARDNER_650, Z.NBZ)]
    assert results[0].config_version == DEFAULT.version


# ---- property: moving away from every resource area never moves the activity into a stricter zone ----------

PROPERTY_FRAME = Frame("Upton")
AREA_PROPS = st.one_of(
    st.sampled_from([dict(type=t) for t in ("bordering_vegetated_wetland", "isolated_wetland", "bank", "lake",
                                            "land_under_water", "riverfront_area",
                                            "isolated_land_subject_to_flooding")]),
    st.builds(lambda flow: dict(type="river_stream", flow=flow),
              st.sampled_from(["perennial", "intermittent"])),
    st.builds(lambda a: dict(type="pond", area_sqft=a), st.floats(1, 60_000)),
    st.builds(lambda v, m, fish: dict(POOL, volume_cuft=v, hydroperiod_months=m, predatory_fish=fish),
              st.sampled_from([50, 100, 150, 250]), st.sampled_from([1, 2, 3]), st.booleans()),
    st.builds(lambda d: dict(type="cranberry_bog", last_cultivated_or_harvested=d.isoformat()),
              st.dates(dt.date(2010, 1, 1), dt.date(2026, 5, 1))),
    st.builds(lambda z: dict(type="floodplain", flood_zone=z), st.sampled_from(["A", "AE", "B", "X"])),
)


@st.composite
def area_west_of_axis(draw, index: int):
    """A rectangle (or, for rivers and banks, sometimes a line) lying entirely in x <= 0."""
    props = draw(AREA_PROPS)
    x1 = draw(st.one_of(st.just(0.0), st.floats(-250, 0)))  # half of them reach the axis
    x0 = x1 - draw(st.floats(5, 300))
    y0 = draw(st.floats(-400, -5))
    y1 = draw(st.floats(5, 400))  # every area spans y in [-5, 5], where the points move
    if props["type"] == "river_stream" and draw(st.booleans()):
        geometry = PROPERTY_FRAME.line([(x0, y0), (x1, y1)])
    else:
        geometry = PROPERTY_FRAME.rect(x0, y0, x1, y1)
    return area_from_feature(feature(geometry, id=f"A{index}", **props))


@st.composite
def sites(draw):
    n = draw(st.integers(1, 4))
    return [draw(area_west_of_axis(i)) for i in range(n)]


def _signed_ft(area, location) -> float:
    """Independent of zones.py: distance to the boundary, negative inside a polygon area."""
    geometry, point = area.plane_ft, location.plane_ft
    if area.is_area and geometry.contains(point):
        return -geometry.boundary.distance(point)
    return geometry.distance(point)


POOL_150 = area_from_feature(feature(PROPERTY_FRAME.rect(-60, -20, 0, 20), id="VP", volume_cuft=150, **POOL))
BVW_AXIS = area_from_feature(feature(PROPERTY_FRAME.west_of_axis(), id="W",
                                     type="bordering_vegetated_wetland"))


@settings(max_examples=200, deadline=None)
@example(areas=[POOL_150], x=-5, y=0, dx=15, activity=ALTER, inclusive=True)  # pool itself vs its buffer
@example(areas=[BVW_AXIS], x=-5, y=0, dx=50, activity=GARAGE, inclusive=True)  # structure: RA vs NBZ
@given(areas=sites(), x=st.one_of(st.floats(-40, 0), st.floats(0, 250)), y=st.floats(-5, 5),
       dx=st.one_of(st.floats(0.05, 60), st.floats(0.05, 250)),
       activity=st.sampled_from([ALTER, GARAGE, HOUSE, DECK, LAWN, AG_GARAGE, AG_HOUSE]),
       inclusive=st.booleans())
def test_moving_away_never_enters_a_stricter_zone(areas, x, y, dx, activity, inclusive):
    near = Location.point(*PROPERTY_FRAME.lonlat(x, y))
    far = Location.point(*PROPERTY_FRAME.lonlat(x + dx, y))
    # "away from every resource area": no signed distance decreases (always so east of x = 0: no area there)
    assume(all(_signed_ft(a, far) >= _signed_ft(a, near) for a in areas))
    config = DEFAULT.with_overrides(dist_inclusive=inclusive)
    for bylaw in Bylaw:
        a, b = (classify(loc, areas, bylaw, assessed_on=ASSESSED, activity=activity, config=config)
                for loc in (near, far))
        rank = ZONE_RANK[bylaw]
        assert rank.index(b.zone) >= rank.index(a.zone), (bylaw, a.zone, b.zone)
        assert REQUIREMENT_RANK.index(b.requirement) >= REQUIREMENT_RANK.index(a.requirement), (bylaw, a, b)
