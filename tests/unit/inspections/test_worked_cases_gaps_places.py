"""Issue 22, worked cases for the gaps found where the law meets the ground, through the facade (JSON in, JSON
out), expected values written from the bylaw sentences quoted here.

Gardner ~§ 650-7B: "No alteration shall occur within a no disturbance zone, unless otherwise provided in a
permit issued under this chapter." The NDZ was answered "permit required"; it prohibits, unless a permit
provides for the alteration (and a fortiori in the resource area it protects, READ-650-RA-NDZ).

Upton ~§ 280-9 / Gardner ~§ 650-3 (def. VERNAL POOL): a basin "which, at least in most years, holds water for
a minimum of two continuous months during the spring and/or summer". The test took "months of standing
water"; it now reads the dated visits a biologist records (READ-VP-SEASON, -CONTINUITY, -MOST-YEARS).

Carver ~§ 136-7C: "A fifty-foot undisturbed buffer along all property lines must be maintained at all times.
The ERC may in certain instances provide relief from this restriction". Relief was yes/no; it is a width, the
buffer the ERC still requires (READ-136-RELIEF-WIDTH).
"""

from __future__ import annotations

from typing import Any

import pytest

from inspections import api
from inspections.api.registry import InputError
from tests.unit.inspections.geo import Frame, feature
from tests.unit.inspections.worked import Case, params

GARDNER = Frame("Gardner")
BVW = {
    "type": "FeatureCollection",
    "features": [feature(GARDNER.west_of_axis(), id="W1", type="bordering_vegetated_wetland")],
}
FLOODPLAIN = {
    "type": "FeatureCollection",
    "features": [feature(GARDNER.west_of_axis(), id="F1", type="floodplain", flood_zone="AE")],
}
PROVIDES, PERMIT, BANNED = "prohibited-unless-permit-provides", "permit", "prohibited"


def zone_at(x_ft: float, areas: dict[str, Any] = BVW, kind: str = "alteration") -> tuple[str, str]:
    lon, lat = GARDNER.lonlat(x_ft, 0)
    answer = api.call(
        "zone",
        {
            "bylaws": ["GARDNER-650"],
            "resource_areas": areas,
            "assessed_on": "2026-05-01",
            "point": {"lon": lon, "lat": lat},
            "activity": {"kind": kind},
        },
    )
    result = answer["results"][0]
    return result["zone"], result["requirement"]


NDZ_CASES = [
    Case(
        "GARDNER-650-NDZ-NO-ALTERATION",
        "grading 15 ft from the wetland: prohibited unless the permit provides for it",
        15.0,
        ("NDZ", PROVIDES),
    ),
    Case(
        "GARDNER-650-NDZ-NO-ALTERATION",
        "at exactly 30.0 ft, still the NDZ (inclusive)",
        30.0,
        ("NDZ", PROVIDES),
    ),
    Case("GARDNER-650-NDZ-NO-ALTERATION", "at 30.1 ft: the no build zone, a permit", 30.1, ("NBZ", PERMIT)),
    Case(
        "GARDNER-650-NDZ-NO-ALTERATION",
        "inside the wetland the NDZ protects: a fortiori",
        -10.0,
        ("RA", PROVIDES),
    ),
    Case(
        "GARDNER-650-NDZ-NO-ALTERATION",
        "alt dist_inclusive off: 30.0 ft is the NBZ",
        30.0,
        ("NBZ", PERMIT),
        {"dist_inclusive": False},
    ),
    Case("GARDNER-650-DEF-BUFFER-100FT", "80 ft: the buffer zone, a permit", 80.0, ("BZ", PERMIT)),
]


@pytest.mark.parametrize("case", params(NDZ_CASES))
def test_the_no_disturbance_zone_prohibits_alteration_unless_the_permit_provides(case: Case):
    lon, lat = GARDNER.lonlat(case.given, 0)
    answer = api.call(
        "zone",
        {
            "bylaws": ["GARDNER-650"],
            "resource_areas": BVW,
            "assessed_on": "2026-05-01",
            "point": {"lon": lon, "lat": lat},
            "settings": dict(case.overrides) or None,
        },
    )
    result = answer["results"][0]
    assert (result["zone"], result["requirement"]) == case.expected
    if case.expected[1] == PROVIDES:
        assert "GARDNER-650-NDZ-NO-ALTERATION" in {
            e["rule_id"] for f in result["findings"] for e in f["explanations"]
        }


def test_a_floodplain_makes_no_ndz_and_a_structure_in_it_is_banned():
    assert zone_at(-10.0, FLOODPLAIN) == ("RA", PERMIT)  # floodplain: no buffer, so no NDZ clause
    assert zone_at(20.0, FLOODPLAIN) == ("OUTSIDE", "none")
    assert zone_at(15.0, kind="structure") == ("NDZ", BANNED)  # AMB-48, READ-650-STRUCTURE-WITHIN-60


def visits(*days: str, dry: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    seen = [{"on": d, "standing_water": True} for d in days] + [
        {"on": d, "standing_water": False} for d in dry
    ]
    return sorted(seen, key=lambda v: v["on"])


POOL = {"volume_cuft": 250, "predatory_fish": False, "breeding_habitat": True}
VP_CASES = [
    Case(
        "UPTON-280-DEF-VP",
        "wet Mar 20 to May 20: two calendar months exactly",
        visits("2026-03-20", "2026-04-10", "2026-05-01", "2026-05-20"),
        True,
    ),
    Case(
        "UPTON-280-DEF-VP",
        "wet Mar 20 to May 19: a day short",
        visits("2026-03-20", "2026-04-10", "2026-05-19"),
        False,
    ),
    Case(
        "UPTON-280-DEF-VP",
        "a dry visit on Apr 15 breaks the run",
        visits("2026-03-20", "2026-05-01", "2026-06-05", dry=("2026-04-15",)),
        False,
    ),
    Case(
        "UPTON-280-DEF-VP",
        "the same visits without the dry one hold",
        visits("2026-03-20", "2026-05-01", "2026-06-05"),
        True,
    ),
    Case(
        "UPTON-280-DEF-VP",
        "February water is not spring: from Mar 5 to Apr 30 is short",
        visits("2026-02-10", "2026-03-05", "2026-04-30"),
        False,
    ),
    Case(
        "UPTON-280-DEF-VP",
        "summer only: Jun 15 to Aug 20 holds",
        visits("2026-06-15", "2026-07-20", "2026-08-20"),
        True,
    ),
    Case(
        "UPTON-280-DEF-VP",
        "water in September is not summer: Jul 10 to Aug 31 is short",
        visits("2026-07-10", "2026-08-31", "2026-09-15"),
        False,
    ),
    Case(
        "GARDNER-650-DEF-VP",
        "most years: 2024 and 2026 hold, 2025 does not (2 of 3)",
        visits("2024-03-15", "2024-05-20", "2025-04-01", "2025-04-20", "2026-04-01", "2026-06-01"),
        True,
    ),
    Case(
        "GARDNER-650-DEF-VP",
        "not most years: 1 of 2",
        visits("2024-03-15", "2024-05-20", "2025-04-01", "2025-04-20"),
        False,
    ),
]


@pytest.mark.parametrize("case", params(VP_CASES))
def test_the_hydroperiod_comes_from_the_dated_observations(case: Case):
    bylaw = case.rule_id.rsplit("-DEF-VP", 1)[0]
    pool = {**POOL, "observations": case.given}
    answer = api.call("definition", {"definition": {"term": "vernal_pool", "bylaw": bylaw, "pool": pool}})
    [verdict] = answer["verdicts"]
    assert verdict["met"] is case.expected
    assert verdict["explanations"][0]["rule_id"] == case.rule_id


def test_observations_decide_over_a_stated_hydroperiod_and_the_answer_says_which():
    stated = {"term": "vernal_pool", "bylaw": "UPTON-280", "pool": {**POOL, "hydroperiod_months": 3}}
    [said] = api.call("definition", {"definition": stated})["verdicts"]
    assert (
        said["met"] is True and "stated, not from dated observations" in said["explanations"][0]["arithmetic"]
    )
    observed = {**stated, "pool": {**stated["pool"], "observations": visits("2026-03-20", "2026-04-30")}}
    [seen] = api.call("definition", {"definition": observed})["verdicts"]
    assert seen["met"] is False and "1 observed year" in seen["explanations"][0]["arithmetic"]


RELIEF = "CARVER-136-BUFFER-RELIEF"
RELIEF_CASES = [
    # given: (distance from the property line, the relieved width or None, relief of the whole buffer)
    Case(
        "CARVER-136-BUFFER-50FT",
        "30 ft, no relief: inside the 50-ft buffer",
        (30.0, None, False),
        ("CARVER-136-BUFFER-50FT", False),
    ),
    Case(RELIEF, "30 ft, relieved to 25 ft: allowed", (30.0, 25.0, False), (RELIEF, True)),
    Case(
        RELIEF,
        "25.0 ft, relieved to 25 ft: inside what the relief keeps (inclusive)",
        (25.0, 25.0, False),
        (RELIEF, False),
    ),
    Case(RELIEF, "25.1 ft, relieved to 25 ft: allowed", (25.1, 25.0, False), (RELIEF, True)),
    Case(RELIEF, "20 ft, relieved to 25 ft: a violation still", (20.0, 25.0, False), (RELIEF, False)),
    Case(
        "CARVER-136-BUFFER-50FT",
        "60 ft: outside the buffer, relief or not",
        (60.0, 25.0, False),
        ("CARVER-136-BUFFER-50FT", True),
    ),
    Case(RELIEF, "10 ft, the whole buffer relieved (width 0)", (10.0, 0.0, False), (RELIEF, True)),
    Case(RELIEF, "10 ft, relief of the whole buffer as before (yes/no)", (10.0, None, True), (RELIEF, True)),
    Case(
        RELIEF,
        "alt dist_inclusive off: 25.0 ft with 25 ft kept is allowed",
        (25.0, 25.0, False),
        (RELIEF, True),
        {"dist_inclusive": False},
    ),
]


@pytest.mark.parametrize("case", params(RELIEF_CASES))
def test_buffer_relief_is_a_width(case: Case):
    distance, width, whole = case.given
    check = {"test": "carver136_buffer", "property_line_ft": distance, "relief": whole}
    if width is not None:
        check["relief_width_ft"] = width
    answer = api.call("threshold", {"check": check, "settings": dict(case.overrides) or None})
    [finding] = answer["findings"]
    assert (finding["rule_id"], finding["met"]) == case.expected


def test_a_relieved_width_of_fifty_feet_or_more_is_refused():
    check = {"test": "carver136_buffer", "property_line_ft": 30.0, "relief_width_ft": 50.0}
    with pytest.raises(InputError) as refused:
        api.call("threshold", {"check": check})
    assert "relief_width_ft" in str(refused.value)


def test_the_exemption_assessment_reads_the_relieved_width():
    body = {
        "chapter": "CARVER-136",
        "kind": "earth_removal",
        "location": {"property_line_ft": 30.0},
        "earth": {"project_type": "single_family", "removed_cy": 150, "buffer_relief_width_ft": 40.0},
    }
    answer = api.call("exemption", body)
    [buffer] = [f for f in answer["findings"] if f["rule_id"] == RELIEF]
    assert buffer["met"] is False and "40.0-ft buffer" in buffer["explanation"]["arithmetic"]
