"""Definitions that are tests, each case written from the bylaw text and RULES.md before the code:
vernal pool (Upton 200 cu ft, Gardner 100 cu ft, two continuous months, no adult predatory fish), ponds
(Upton: any size; 7D over 20,000 sq ft, AMB-37), Carver's cranberry bog (10-year look-back, AMB-06),
floodline/floodplain, Gardner's NBZ "structure", Carver's variance, the vernal-pool presumption."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

import pytest

from inspections import definitions as defs
from inspections.config import DEFAULT
from inspections.resource_areas import CranberryBogProps, VernalPoolProps


@dataclass(frozen=True)
class Case:
    rule_id: str
    label: str
    call: Any
    expected: bool | None
    flags: tuple[str, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)


def pool(**criteria: Any) -> VernalPoolProps:
    base = dict(id="VP", type="vernal_pool", volume_cuft=250, hydroperiod_months=2, predatory_fish=False,
                breeding_habitat=True)
    return VernalPoolProps(**{**base, **criteria})


def bog(last: str, currently: bool = False) -> CranberryBogProps:
    return CranberryBogProps(id="B", type="cranberry_bog", last_cultivated_or_harvested=last,
                             currently_cultivated=currently)


def upton_vp(p: VernalPoolProps) -> defs.Verdict:
    return defs.vernal_pool("UPTON-280", p)


def gardner_vp(p: VernalPoolProps) -> defs.Verdict:
    return defs.vernal_pool("GARDNER-650", p)


def carver_bog(b: CranberryBogProps, on: str, **overrides: Any) -> defs.Verdict:
    return defs.carver_is_cranberry_bog(b, dt.date.fromisoformat(on), DEFAULT.with_overrides(**overrides))


CASES = [
    # UPTON-280-DEF-VP: >= 2 continuous months, >= 200 cu ft, no adult predatory fish, breeding habitat
    Case("UPTON-280-DEF-VP", "Upton pool 200 cu ft, 2 months", lambda: upton_vp(pool(volume_cuft=200)), True),
    Case("UPTON-280-DEF-VP", "Upton pool 199.9 cu ft", lambda: upton_vp(pool(volume_cuft=199.9)), False),
    Case("UPTON-280-DEF-VP", "Upton pool 150 cu ft (Gardner would count it)",
         lambda: upton_vp(pool(volume_cuft=150)), False),
    Case("UPTON-280-DEF-VP", "Upton pool 1.9 months of water",
         lambda: upton_vp(pool(hydroperiod_months=1.9)), False),
    Case("UPTON-280-DEF-VP", "Upton pool with adult predatory fish",
         lambda: upton_vp(pool(predatory_fish=True)), False),
    Case("UPTON-280-DEF-VP", "Upton pool without breeding habitat",
         lambda: upton_vp(pool(breeding_habitat=False)), False),
    Case("UPTON-280-DEF-VP", "Upton basin in an existing lawn",
         lambda: upton_vp(pool(in_lawn_garden_landscape_or_driveway=True)), False),
    Case("UPTON-280-DEF-VP", "Upton certified pool, criteria unknown",
         lambda: upton_vp(VernalPoolProps(id="C", type="vernal_pool", certified=True)), True),
    # GARDNER-650-DEF-VP: the same, with >= 100 cu ft
    Case("GARDNER-650-DEF-VP", "Gardner pool 100 cu ft, 2 months",
         lambda: gardner_vp(pool(volume_cuft=100)), True),
    Case("GARDNER-650-DEF-VP", "Gardner pool 99.9 cu ft", lambda: gardner_vp(pool(volume_cuft=99.9)), False),
    Case("GARDNER-650-DEF-VP", "Gardner pool 150 cu ft", lambda: gardner_vp(pool(volume_cuft=150)), True),
    Case("GARDNER-650-DEF-VP", "Gardner pool 1.9 months", lambda: gardner_vp(pool(hydroperiod_months=1.9)),
         False),
    Case("GARDNER-650-DEF-VP", "Gardner pool with predatory fish",
         lambda: gardner_vp(pool(predatory_fish=True)), False),
    Case("GARDNER-650-DEF-VP", "Gardner basin in a driveway",
         lambda: gardner_vp(pool(in_lawn_garden_landscape_or_driveway=True)), False),
    # UPTON-280-DEF-POND: ponds of any size (the WPA's 10,000 sq ft threshold does not apply)
    Case("UPTON-280-DEF-POND", "Upton pond of 500 sq ft", lambda: defs.upton_is_pond(500), True),
    Case("UPTON-280-DEF-POND", "Upton pond of 9,999 sq ft", lambda: defs.upton_is_pond(9_999), True),
    Case("UPTON-280-DEF-POND", "Upton pond of unknown size", lambda: defs.upton_is_pond(None), True),
    # UPTON-280-ALT-200FT: "ponds (over 20,000 square feet)" -> strictly more than 20,000 (CONV-QTY, AMB-37)
    Case("UPTON-280-ALT-200FT", "pond 20,000 sq ft: no 7D test",
         lambda: defs.upton_pond_needs_alternatives(20_000), False, ("AMB-37",)),
    Case("UPTON-280-ALT-200FT", "pond 20,000.1 sq ft: 7D test",
         lambda: defs.upton_pond_needs_alternatives(20_000.1), True, ("AMB-37",)),
    Case("UPTON-280-ALT-200FT", "pond 5,000 sq ft: no 7D test",
         lambda: defs.upton_pond_needs_alternatives(5_000), False, ("AMB-37",)),
    # CARVER-281-DEF-CRANBERRY-BOG-10Y, AMB-06: last 10 years back from the assessment date, inclusive
    Case("CARVER-281-DEF-CRANBERRY-BOG-10Y", "harvested exactly 10 years before the assessment",
         lambda: carver_bog(bog("2016-05-01"), "2026-05-01"), True, ("AMB-06",)),
    Case("CARVER-281-DEF-CRANBERRY-BOG-10Y", "harvested 10 years and 1 day before",
         lambda: carver_bog(bog("2016-04-30"), "2026-05-01"), False, ("AMB-06",)),
    Case("CARVER-281-DEF-CRANBERRY-BOG-10Y", "harvested 3 years before",
         lambda: carver_bog(bog("2023-10-15"), "2026-05-01"), True, ("AMB-06",)),
    Case("CARVER-281-DEF-CRANBERRY-BOG-10Y", "currently cultivated, old harvest date",
         lambda: carver_bog(bog("2001-10-01", currently=True), "2026-05-01"), True, ("AMB-06",)),
    Case("CARVER-281-DEF-CRANBERRY-BOG-10Y", "Feb 29 assessment: look-back to Feb 28 (last_day)",
         lambda: carver_bog(bog("2026-02-28"), "2036-02-29"), True, ("AMB-06",)),
    Case("CARVER-281-DEF-CRANBERRY-BOG-10Y", "Feb 29 assessment, alt eom_rule next_day: look-back to Mar 1",
         lambda: carver_bog(bog("2026-02-28"), "2036-02-29", eom_rule="next_day"), False, ("AMB-06",)),
    # Floodline (Zone A with subcategories, and Zone B) and the 100-year floodplain
    Case("GARDNER-650-DEF-FLOODLINE", "Gardner zone AE", lambda: defs.gardner_is_floodplain("AE"), True),
    Case("GARDNER-650-DEF-FLOODLINE", "Gardner zone A99", lambda: defs.gardner_is_floodplain("A99"), True),
    Case("GARDNER-650-DEF-FLOODLINE", "Gardner zone B", lambda: defs.gardner_is_floodplain("B"), True),
    Case("GARDNER-650-DEF-FLOODLINE", "Gardner zone X", lambda: defs.gardner_is_floodplain("X"), False),
    Case("GARDNER-650-DEF-FLOODPLAIN", "Gardner zone A", lambda: defs.gardner_is_floodplain("A"), True),
    Case("GARDNER-650-DEF-FLOODPLAIN", "Gardner zone C", lambda: defs.gardner_is_floodplain("C"), False),
    Case("CARVER-281-JUR-100FT", "Carver 100-year floodplain AE",
         lambda: defs.carver_is_100yr_floodplain("AE"), True),
    Case("CARVER-281-JUR-100FT", "Carver zone B is not the 100-year floodplain",
         lambda: defs.carver_is_100yr_floodplain("B"), False),
    Case("UPTON-280-JURISDICTION", "Upton zone AO is land subject to flooding",
         lambda: defs.upton_is_land_subject_to_flooding("AO"), True),
    Case("UPTON-280-JURISDICTION", "Upton zone X500",
         lambda: defs.upton_is_land_subject_to_flooding("X500"), False),
    # GARDNER-650-DEF-STRUCTURE-NBZ (AMB-48's "structure")
    Case("GARDNER-650-DEF-STRUCTURE-NBZ", "garage", lambda: defs.gardner_nbz_structure("garage"), True),
    Case("GARDNER-650-DEF-STRUCTURE-NBZ", "Sheds", lambda: defs.gardner_nbz_structure("Sheds"), True),
    Case("GARDNER-650-DEF-STRUCTURE-NBZ", "decks", lambda: defs.gardner_nbz_structure("decks"), False),
    Case("GARDNER-650-DEF-STRUCTURE-NBZ", "retaining wall",
         lambda: defs.gardner_nbz_structure("retaining wall"), False),
    Case("GARDNER-650-DEF-STRUCTURE-NBZ", "riprapped areas",
         lambda: defs.gardner_nbz_structure("riprapped areas"), False),
    Case("GARDNER-650-DEF-STRUCTURE-NBZ", "parking area",
         lambda: defs.gardner_nbz_structure("parking area"), False),
    Case("GARDNER-650-DEF-STRUCTURE-NBZ", "greenhouse: 'or the like' is for the Commission",
         lambda: defs.gardner_nbz_structure("greenhouse"), None),
    # CARVER-281 def. VARIANCE: NOI + hearing, then all three findings
    Case("CARVER-281-VARIANCE-FINDINGS", "NOI, hearing and all 3 findings",
         lambda: defs.carver_variance_available(True, True, dict.fromkeys(FINDINGS, True)), True),
    Case("CARVER-281-VARIANCE-FINDINGS", "2 of 3 findings proven",
         lambda: defs.carver_variance_available(True, True, {**dict.fromkeys(FINDINGS, True),
         "substantial_hardship": False}), False),
    Case("CARVER-281-VARIANCE-FINDINGS", "hardship not yet decided",
         lambda: defs.carver_variance_available(True, True, {"particular_soil_hydrology_topography": True,
         "no_material_detriment": True}), None),
    Case("CARVER-281-VARIANCE-PROCEDURE", "no public hearing yet",
         lambda: defs.carver_variance_available(True, False, dict.fromkeys(FINDINGS, True)), False),
    Case("CARVER-281-VARIANCE-PROCEDURE", "no NOI filed", lambda: defs.carver_variance_available(False,
         True, dict.fromkeys(FINDINGS, True)), False),
    # Vernal pools presumed essential habitat unless credible evidence rebuts it
    Case("UPTON-280-VP-PRESUMPTION", "Upton default",
         lambda: defs.vp_presumed_essential_habitat("UPTON-280"), True),
    Case("UPTON-280-VP-PRESUMPTION", "Upton rebutted",
         lambda: defs.vp_presumed_essential_habitat("UPTON-280", rebutted_by_credible_evidence=True), False),
    Case("GARDNER-650-VP-PRESUMPTION", "Gardner default",
         lambda: defs.vp_presumed_essential_habitat("GARDNER-650"), True),
]
FINDINGS = ("particular_soil_hydrology_topography", "substantial_hardship", "no_material_detriment")


@pytest.mark.parametrize("case", [pytest.param(c, id=c.label) for c in CASES])
def test_definition(case: Case):
    verdict = case.call()
    assert verdict.met is case.expected
    rule_ids = [e.rule_id for e in verdict.explanations]
    assert case.rule_id in rule_ids
    assert all(flag in verdict.explanation.flags for flag in case.flags)
    assert all(e.citation.startswith("~§") and e.quote for e in verdict.explanations)


def test_the_bog_explanation_states_the_cutoff():
    line = carver_bog(bog("2016-04-30"), "2026-05-01").explanation.line
    assert "last grown/harvested 2016-04-30 < assessment date 2026-05-01 − 10 y = 2016-05-01" in line
    assert line.endswith("[flagged: AMB-06]")


def test_an_undecided_variance_names_what_is_missing():
    verdict = defs.carver_variance_available(True, True, {"substantial_hardship": True,
                                                           "no_material_detriment": True})
    assert verdict.missing == ("particular_soil_hydrology_topography",)
