"""Application completeness (RULES.md §§ 1.7, 2.3, 3.3): what a filing lacks, with the rule that asks for it.

Expected values from the texts: site plan at one inch = not more than 50 ft, contours every 3 ft or less
(~§ 281-3C); design storms 10 / 25 / 2 and 100 years (~§ 281-3B(4)); 8 NOI copies (~§ 281-2B(3)); 12 plan
copies, contours every 2 ft, trees of 12 in caliper, habitats within 500 ft, phasing at one acre (~§ 247-6A,
~§ 247-7C); 10- and 100-year storms and NRCS Code 544 or 342 (~§ 136-5C); abbreviated application only for
more than 1,000 and less than 5,000 cy/yr (~§ 136-4C, ~§ 136-5D).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import pytest

from inspections.checklists import completeness_kinds, is_complete
from inspections.rulepack import load_rulebook, rule

NOI = dict(
    delivery="certified_mail",
    form="C",
    state_fee_paid=True,
    admin_fee_paid_cents=12_500,
    publication_authorization=True,
    joint_jurisdiction_affidavit=True,
    plan_copies=8,
    title_block=True,
    surveyor_stamp=True,
    usgs_locus_sheet_in=[8.5, 11],
    property_map_sheet_in=[8.5, 11],
    flood_storage_description=True,
    groundwater_with_dates=True,
    soils=True,
    runoff_pre_post=True,
    hydrographs=True,
    erosion_control_plan=True,
    site_plan_ft_per_in=40,
    contour_interval_ft=2,
    ground_survey_date=dt.date(2026, 3, 2),
    resource_delineation=True,
    alterations_delineated=True,
    walls_buildings_ledge=True,
    structures_and_utilities=True,
    lowest_floor_elevations=True,
    drainage_structures=True,
    temporary_erosion_controls=True,
    permanent_pollution_controls=True,
    benchmark_datum=True,
    limit_of_work=True,
)
LDP = dict(
    owner_signatures=True,
    abutter_list_certified=True,
    plan_copies=12,
    fees_paid=True,
    town_clerk_copies=True,
    contacts=True,
    title_block_locus=True,
    flood_elevation_100yr=True,
    smallest_tree_caliper_shown_in=12,
    habitat_search_radius_ft=500,
    abutting_streets=True,
    soils_and_imported_fill=True,
    contour_interval_ft=2,
    survey_and_encumbrances=True,
    disturbed_sq_ft=43_559,
    post_grading_drainage=True,
    control_measures_sequence=True,
    clean_water_diversion=True,
    stormwater_calculations=True,
    stabilization_schedule=True,
    waste_and_spill_plan=True,
    plan_stamp="CPESC",
)
FULL_136 = dict(
    prepared_by_pe=True,
    boundaries_abutters_streets=True,
    features=True,
    site_works=True,
    grades_and_drainage=True,
    groundwater_before_after=True,
    restoration_standard=544,
)
ABBREV = dict(
    cy_per_year=2500,
    owner_name="A. Owner",
    location="12 Main St",
    volume_cy=7500,
    rate_and_time_frame="2,500 cy/yr over 3 years",
    contractor="Gravel Co.",
    restoration_time_frame="by 2029-10-31",
)
RDA = dict(
    delivery="hand_delivery",
    form="A",
    plan_copies=4,
    admin_fee_paid_cents=12_500,
    publication_check=True,
    affidavit_dep=True,
    owner_is_applicant=True,
)
RECIPIENTS = [
    "Planning Board",
    "Agricultural Commission",
    "Conservation Commission",
    "Board of Health",
    "Select Board",
    "Fire Department",
    "Police Department",
    "DPW",
    "Board of Assessors",
]


@dataclass(frozen=True)
class Case:
    rule_id: str
    kind: str
    submitted: dict
    missing: tuple[str, ...]
    not_required: tuple[str, ...] = ()


def with_(base: dict, drop: tuple[str, ...] = (), **changes) -> dict:
    return {**{k: v for k, v in base.items() if k not in drop}, **changes}


CASES = [
    pytest.param(Case("CARVER-281-SITEPLAN-ITEMS", "carver281_noi", NOI, ()), id="281 complete NOI"),
    pytest.param(
        Case("CARVER-281-NOI-COPIES-8", "carver281_noi", with_(NOI, plan_copies=7), ("plan_copies",)),
        id="281 7 copies",
    ),
    pytest.param(
        Case("CARVER-281-SITEPLAN-SCALE-50", "carver281_noi", with_(NOI, site_plan_ft_per_in=50), ()),
        id="281 1 in = 50 ft passes",
    ),
    pytest.param(
        Case(
            "CARVER-281-SITEPLAN-SCALE-50",
            "carver281_noi",
            with_(NOI, site_plan_ft_per_in=60),
            ("site_plan_ft_per_in",),
        ),
        id="281 1 in = 60 ft fails",
    ),
    pytest.param(
        Case("CARVER-281-SITEPLAN-CONTOUR-3FT", "carver281_noi", with_(NOI, contour_interval_ft=3), ()),
        id="281 3-ft contours pass",
    ),
    pytest.param(
        Case(
            "CARVER-281-SITEPLAN-CONTOUR-3FT",
            "carver281_noi",
            with_(NOI, contour_interval_ft=3.5),
            ("contour_interval_ft",),
        ),
        id="281 3.5-ft contours fail",
    ),
    pytest.param(
        Case(
            "CARVER-281-SITEPLAN-CONTOUR-3FT",
            "carver281_noi",
            with_(NOI, ("ground_survey_date",)),
            ("ground_survey_date",),
        ),
        id="281 survey date missing",
    ),
    pytest.param(
        Case("CARVER-281-PLAN-LOCUS", "carver281_noi", with_(NOI, usgs_locus_sheet_in=[11, 8.5]), ()),
        id="281 locus sheet 11 x 8.5 in",
    ),
    pytest.param(
        Case(
            "CARVER-281-PLAN-LOCUS",
            "carver281_noi",
            with_(NOI, usgs_locus_sheet_in=[8.5, 14]),
            ("usgs_locus_sheet_in",),
        ),
        id="281 locus sheet 8.5 x 14 in",
    ),
    pytest.param(
        Case(
            "CARVER-281-PLAN-STAMP",
            "carver281_noi",
            with_(NOI, drainage_or_septic_proposed=True),
            ("engineer_stamp",),
        ),
        id="281 septic plan without a PE stamp",
    ),
    pytest.param(
        Case(
            "CARVER-281-PLAN-STAMP",
            "carver281_noi",
            with_(NOI, drainage_or_septic_proposed=True, engineer_stamp=True),
            (),
        ),
        id="281 PE stamp",
    ),
    pytest.param(
        Case(
            "CARVER-281-TECH-DESIGN-STORMS",
            "carver281_noi",
            with_(NOI, detention_proposed=True, detention_storms_yr=[2, 100]),
            (),
        ),
        id="281 detention 2 and 100 yr",
    ),
    pytest.param(
        Case(
            "CARVER-281-TECH-DESIGN-STORMS",
            "carver281_noi",
            with_(NOI, detention_proposed=True, detention_storms_yr=[100]),
            ("detention_storms_yr",),
        ),
        id="281 detention 100 yr only",
    ),
    pytest.param(
        Case(
            "CARVER-281-TECH-DESIGN-STORMS",
            "carver281_noi",
            with_(NOI, culverts_proposed=True, culvert_storms_yr=[10]),
            ("culvert_storms_yr",),
        ),
        id="281 culverts sized for 10 yr",
    ),
    pytest.param(
        Case(
            "CARVER-281-TECH-DESIGN-STORMS",
            "carver281_noi",
            with_(
                NOI,
                culverts_proposed=True,
                culvert_storms_yr=[25],
                onsite_drainage_proposed=True,
                onsite_drainage_storms_yr=[2, 10],
            ),
            (),
        ),
        id="281 culverts 25 yr, on-site 10 yr",
    ),
    pytest.param(
        Case(
            "CARVER-281-TECH-FLOOD-STORAGE",
            "carver281_noi",
            with_(NOI, flood_storage_change_proposed=True),
            ("compensatory_storage",),
        ),
        id="281 flood storage change without compensation",
    ),
    pytest.param(
        Case(
            "CARVER-281-SITEPLAN-ITEMS", "carver281_noi", with_(NOI, ("limit_of_work",)), ("limit_of_work",)
        ),
        id="281 no limit-of-work line",
    ),
    pytest.param(
        Case(
            "CARVER-281-SITEPLAN-ITEMS",
            "carver281_noi",
            with_(NOI, watercourse_alteration_proposed=True),
            ("watercourse_cross_sections",),
        ),
        id="281 watercourse altered, no cross sections",
    ),
    pytest.param(
        Case("CARVER-247-PLAN-CONTENT-CHECKLIST", "carver247_application", LDP, (), ("phasing",)),
        id="247 complete; 43,559 sq ft needs no phasing",
    ),
    pytest.param(
        Case(
            "CARVER-247-APP-COPIES-12", "carver247_application", with_(LDP, plan_copies=11), ("plan_copies",)
        ),
        id="247 11 copies",
    ),
    pytest.param(
        Case(
            "CARVER-247-PLAN-TREES-12IN",
            "carver247_application",
            with_(LDP, smallest_tree_caliper_shown_in=14),
            ("smallest_tree_caliper_shown_in",),
        ),
        id="247 trees shown only from 14 in",
    ),
    pytest.param(
        Case(
            "CARVER-247-PLAN-TREES-12IN",
            "carver247_application",
            with_(LDP, smallest_tree_caliper_shown_in=6),
            (),
        ),
        id="247 trees shown from 6 in",
    ),
    pytest.param(
        Case(
            "CARVER-247-PLAN-HABITAT-500FT",
            "carver247_application",
            with_(LDP, habitat_search_radius_ft=499.9),
            ("habitat_search_radius_ft",),
        ),
        id="247 habitats only within 499.9 ft",
    ),
    pytest.param(
        Case(
            "CARVER-247-PLAN-CONTOURS-2FT",
            "carver247_application",
            with_(LDP, contour_interval_ft=2.5),
            ("contour_interval_ft",),
        ),
        id="247 2.5-ft contours",
    ),
    pytest.param(
        Case(
            "CARVER-247-PLAN-PHASING-1AC",
            "carver247_application",
            with_(LDP, disturbed_sq_ft=43_560),
            ("phasing",),
        ),
        id="247 43,560 sq ft without phasing",
    ),
    pytest.param(
        Case(
            "CARVER-247-PLAN-PHASING-1AC",
            "carver247_application",
            with_(LDP, disturbed_sq_ft=43_560, phasing=True),
            (),
        ),
        id="247 43,560 sq ft with phasing",
    ),
    pytest.param(
        Case(
            "CARVER-247-PLAN-DISTURB-SQFT",
            "carver247_application",
            with_(LDP, ("disturbed_sq_ft",)),
            ("disturbed_sq_ft",),
        ),
        id="247 disturbed area not stated",
    ),
    pytest.param(
        Case("CARVER-247-PLAN-STAMP", "carver247_application", with_(LDP, plan_stamp="RLS"), ("plan_stamp",)),
        id="247 surveyor's stamp is not enough",
    ),
    pytest.param(
        Case("CARVER-247-PLAN-STAMP", "carver247_application", with_(LDP, plan_stamp="PE-MA"), ()),
        id="247 Massachusetts PE",
    ),
    pytest.param(
        Case(
            "CARVER-247-PLAN-FLOOD-100YR",
            "carver247_application",
            with_(LDP, ("flood_elevation_100yr",)),
            ("flood_elevation_100yr",),
        ),
        id="247 no 100-year flood elevation",
    ),
    pytest.param(
        Case(
            "CARVER-247-PLAN-STAB-SCHEDULE",
            "carver247_application",
            with_(LDP, ("stabilization_schedule",)),
            ("stabilization_schedule",),
        ),
        id="247 no schedule",
    ),
    pytest.param(
        Case(
            "CARVER-136-SITEPLAN-STORMS",
            "carver136_full",
            with_(FULL_136, drainage_computations_required=True, storm_effects_yr=[10, 100]),
            (),
        ),
        id="136 10 and 100 yr",
    ),
    pytest.param(
        Case(
            "CARVER-136-SITEPLAN-STORMS",
            "carver136_full",
            with_(FULL_136, drainage_computations_required=True, storm_effects_yr=[100]),
            ("storm_effects_yr",),
        ),
        id="136 100 yr only",
    ),
    pytest.param(
        Case("CARVER-136-SITEPLAN-STORMS", "carver136_full", FULL_136, (), ("storm_effects_yr",)),
        id="136 computations not required",
    ),
    pytest.param(
        Case(
            "CARVER-136-SITEPLAN-RESTORATION", "carver136_full", with_(FULL_136, restoration_standard=342), ()
        ),
        id="136 Code 342",
    ),
    pytest.param(
        Case(
            "CARVER-136-SITEPLAN-RESTORATION",
            "carver136_full",
            with_(FULL_136, restoration_standard=590),
            ("restoration_standard",),
        ),
        id="136 Code 590 is neither",
    ),
    pytest.param(
        Case(
            "CARVER-136-SITEPLAN-PE",
            "carver136_full",
            with_(FULL_136, ("prepared_by_pe",)),
            ("prepared_by_pe",),
        ),
        id="136 no PE",
    ),
    pytest.param(
        Case(
            "CARVER-136-SITEPLAN-GW",
            "carver136_full",
            with_(FULL_136, ("groundwater_before_after",)),
            ("groundwater_before_after",),
        ),
        id="136 no groundwater elevations",
    ),
    pytest.param(
        Case("CARVER-136-ABBREV-APP", "carver136_abbreviated", ABBREV, ()), id="136 abbreviated complete"
    ),
    pytest.param(
        Case(
            "CARVER-136-ABBREV-APP", "carver136_abbreviated", with_(ABBREV, ("contractor",)), ("contractor",)
        ),
        id="136 abbreviated without contractor",
    ),
    pytest.param(
        Case(
            "CARVER-136-EXPEDITED", "carver136_abbreviated", with_(ABBREV, cy_per_year=1000), ("cy_per_year",)
        ),
        id="136 abbreviated at 1,000 cy/yr: not allowed",
    ),
    pytest.param(
        Case("CARVER-136-EXPEDITED", "carver136_abbreviated", with_(ABBREV, cy_per_year=1001), ()),
        id="136 abbreviated at 1,001 cy/yr",
    ),
    pytest.param(
        Case("CARVER-136-EXPEDITED", "carver136_abbreviated", with_(ABBREV, cy_per_year=4999), ()),
        id="136 abbreviated at 4,999 cy/yr",
    ),
    pytest.param(
        Case(
            "CARVER-136-EXPEDITED", "carver136_abbreviated", with_(ABBREV, cy_per_year=5000), ("cy_per_year",)
        ),
        id="136 abbreviated at 5,000 cy/yr: not allowed",
    ),
    pytest.param(
        Case(
            "CARVER-136-SITEPLAN-DISTRIBUTION",
            "carver136_distribution",
            dict(sent_to=RECIPIENTS, filed_with=["Town Clerk"]),
            (),
        ),
        id="136 plan to all nine and the Clerk",
    ),
    pytest.param(
        Case(
            "CARVER-136-SITEPLAN-DISTRIBUTION",
            "carver136_distribution",
            dict(sent_to=RECIPIENTS[:-1], filed_with=["Town Clerk"]),
            ("sent_to",),
        ),
        id="136 Assessors left out",
    ),
    pytest.param(
        Case(
            "CARVER-136-SITEPLAN-DISTRIBUTION",
            "carver136_distribution",
            dict(sent_to=RECIPIENTS, filed_with=[]),
            ("filed_with",),
        ),
        id="136 not filed with the Clerk",
    ),
    pytest.param(
        Case("CARVER-281-PLAN-TITLE", "carver281_noi", with_(NOI, ("title_block",)), ("title_block",)),
        id="281 drawings without title block",
    ),
    pytest.param(
        Case(
            "CARVER-281-TECH-GROUNDWATER",
            "carver281_noi",
            with_(NOI, ("groundwater_with_dates",)),
            ("groundwater_with_dates",),
        ),
        id="281 no groundwater dates",
    ),
    pytest.param(
        Case("CARVER-281-TECH-SOILS", "carver281_noi", with_(NOI, ("soils",)), ("soils",)),
        id="281 no soil characterization",
    ),
    pytest.param(
        Case(
            "CARVER-281-TECH-RUNOFF",
            "carver281_noi",
            with_(NOI, ("hydrographs", "erosion_control_plan")),
            ("hydrographs", "erosion_control_plan"),
        ),
        id="281 no hydrographs, no erosion plan",
    ),
    pytest.param(
        Case("CARVER-136-SITEPLAN-CONTENT", "carver136_full", with_(FULL_136, ("features",)), ("features",)),
        id="136 site plan without wetlands and habitat",
    ),
    pytest.param(
        Case("CARVER-281-RDA-COPIES", "carver281_rda", RDA, (), ("affidavit_owner",)),
        id="281 RDA complete: 4 copies, owner applies",
    ),
    pytest.param(
        Case("CARVER-281-RDA-COPIES", "carver281_rda", with_(RDA, plan_copies=3), ("plan_copies",)),
        id="281 RDA with 3 copies",
    ),
    pytest.param(
        Case(
            "CARVER-281-RDA-FEE-125",
            "carver281_rda",
            with_(RDA, admin_fee_paid_cents=12_499),
            ("admin_fee_paid_cents",),
        ),
        id="281 RDA fee $124.99",
    ),
    pytest.param(
        Case(
            "CARVER-281-RDA-FORM-B",
            "carver281_rda",
            with_(RDA, owner_is_applicant=False),
            ("affidavit_owner",),
        ),
        id="281 RDA owner not the applicant, not informed",
    ),
    pytest.param(
        Case("CARVER-281-RDA-FORM-A", "carver281_rda", with_(RDA, form="C"), ("form",)),
        id="281 RDA on Form C",
    ),
    pytest.param(
        Case("CARVER-281-RDA-DELIVERY", "carver281_rda", with_(RDA, delivery="email"), ("delivery",)),
        id="281 RDA by e-mail",
    ),
    pytest.param(
        Case(
            "CARVER-281-NOI-FEE",
            "carver281_noi",
            with_(NOI, admin_fee_paid_cents=10_000),
            ("admin_fee_paid_cents",),
        ),
        id="281 NOI admin fee $100",
    ),
    pytest.param(
        Case("CARVER-281-NOI-FORM-C", "carver281_noi", with_(NOI, form="A"), ("form",)),
        id="281 NOI on Form A",
    ),
    pytest.param(
        Case(
            "CARVER-281-NOI-JOINT-AFFIDAVIT",
            "carver281_noi",
            with_(NOI, ("joint_jurisdiction_affidavit",)),
            ("joint_jurisdiction_affidavit",),
        ),
        id="281 NOI without joint-board affidavit",
    ),
]


@pytest.mark.parametrize("case", CASES)
def test_completeness_follows_the_text(case: Case):
    result = is_complete(case.kind, case.submitted)
    assert tuple(m.item_id for m in result.missing) == case.missing
    assert result.complete is (not case.missing)
    items = {i.id: i.rule_id for i in completeness_kinds()[case.kind].items}
    assert case.rule_id in {items[i] for i in result.required} | {items[i] for i in case.not_required}
    assert not set(case.not_required) & set(result.required)
    for m in result.missing:
        assert m.rule_id == items[m.item_id] and m.explanation.citation == rule(m.rule_id).citation


def test_every_completeness_item_cites_a_rule_of_its_own_bylaw():
    book = load_rulebook()
    for checklist in completeness_kinds().values():
        for item in checklist.items:
            assert item.rule_id in book and rule(item.rule_id).pack == checklist.chapter, item.id


def test_carver_281_site_plan_lists_the_twelve_items_2_to_13():
    items = [
        i for i in completeness_kinds()["carver281_noi"].items if i.rule_id == "CARVER-281-SITEPLAN-ITEMS"
    ]
    assert [i.prompt.split(")")[0] for i in items] == [f"({n}" for n in range(2, 14)]


def test_carver_247_plan_content_walks_items_1_to_17():
    prompts = [
        i.prompt for i in completeness_kinds()["carver247_application"].items if i.prompt.startswith("(")
    ]
    numbers = {p[1 : p.index(")")] for p in prompts}
    assert numbers == {str(n) for n in range(1, 18)}


def test_an_unknown_submitted_item_is_refused():
    with pytest.raises(ValueError, match="unknown items"):
        is_complete("carver281_noi", with_(NOI, colour_copies=3))


def test_missing_reasons_state_the_number():
    (missing,) = is_complete("carver281_noi", with_(NOI, site_plan_ft_per_in=60)).missing
    assert missing.reason == "60 fails le 50"
