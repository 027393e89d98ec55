"""Exemptions and thresholds, case by case from the bylaw texts and RULES.md §§ 1.2, 2.1, 3.1, 3.5, 4.2, 5.2.

Every expected value below was written from the text: volumes (Carver ~§ 136-4C, ~§ 136-8), the one-acre test
(Carver ~§ 247-4), the utility/emergency exceptions (Carver ~§ 281-1D, Upton ~§ 280-3, Gardner ~§ 650-5),
Upton's minor activities and 2004 house lots, Gardner's replication ratio and the two-year abandonment rule.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inspections.config import DEFAULT
from inspections.exemptions import (
    Activity,
    ActivityKind,
    Chapter,
    Disturbance,
    EarthVolumes,
    Filing,
    Location,
    LotHistory,
    MinorDetails,
    NonconformingUse,
    Party,
    ProjectType,
    Replication,
    Timing,
    UtilityWork,
    assess,
)
from inspections.rulepack import load_rulebook
from inspections.thresholds import (
    acres_to_sq_ft,
    carver136_buffer_kept,
    carver136_is_abutter,
    carver247_waiver_allowed,
    gardner_nonconforming_may_resume,
    gardner_replication_within_ratio,
)

D = dt.date
K = ActivityKind
C = Chapter
IN_BUFFER = Location(in_resource_area=False, in_buffer_zone=True)
IN_RA = Location(in_resource_area=True, in_buffer_zone=False)
OUTSIDE = Location(in_resource_area=False, in_buffer_zone=False)
APRIL_30_2004 = D(2004, 4, 30)


@dataclass(frozen=True)
class Case:
    rule_id: str
    activity: Activity
    exempt: bool
    filing: Filing
    flags: tuple[str, ...] = ()
    overrides: dict = field(default_factory=dict)
    follow_ups: tuple[str, ...] = ()


def earth(
    kind: K = K.EARTH_REMOVAL,
    pt: ProjectType | None = ProjectType.COMMERCIAL,
    removed: float = 0.0,
    per_year: float | None = None,
    rearranged: float = 0.0,
    for_sale: bool = False,
    nuisance: bool | None = False,
) -> Activity:
    return Activity(
        C.CARVER_136,
        kind,
        nuisance_or_danger=nuisance,
        accepted_practice=None if nuisance is None else True,
        earth=EarthVolumes(pt, removed, rearranged, per_year, for_sale),
    )


def disturb(
    *areas: float, drains: bool | None = True, kind: K = K.LAND_DISTURBANCE, ooc: bool = False
) -> Activity:
    return Activity(C.CARVER_247, kind, disturbance=Disturbance(tuple(areas), drains, ooc))


def wet(chapter: C, kind: K, loc: Location = IN_BUFFER, **kw) -> Activity:
    return Activity(chapter, kind, location=loc, **kw)


def util(chapter: C, service: str, notice=None, start=None, permission=None, lawful=True, changed=False):
    return wet(
        chapter,
        K.UTILITY_MAINTENANCE,
        utility=UtilityWork(service, lawful, changed),
        timing=Timing(notice_at=notice, permission_at=permission, commenced_at=start),
        performer=Party.UTILITY_COMPANY,
    )


def minor(
    kind: K, river: float | None = None, other: float | None = None, loc: Location | None = None, **details
) -> Activity:
    where = loc or Location(
        in_resource_area=False, in_buffer_zone=True, river_mahw_ft=river, other_resource_ft=other
    )
    return wet(C.UPTON_280, kind, where, minor=MinorDetails(**details))


def lot(
    kind: str = "anr",
    single: bool = True,
    recorded: dt.date | None = APRIL_30_2004,
    built: dt.date | None = APRIL_30_2004,
    loc: Location = IN_BUFFER,
) -> Activity:
    return wet(C.UPTON_280, K.GENERAL, loc, lot=LotHistory(kind, single, recorded, built))


def nonconf(last: dt.date | None, resumes: dt.date | None, **kw) -> Activity:
    return wet(C.GARDNER_650, K.NONCONFORMING_USE, nonconforming=NonconformingUse(last, resumes, **kw))


P, E, F = Filing, True, False
SF, TF, COM = ProjectType.SINGLE_FAMILY, ProjectType.TWO_FAMILY, ProjectType.COMMERCIAL

CARVER_136_CASES = [
    pytest.param(
        Case("CARVER-136-EXEMPT-RES-200CY", earth(pt=SF, removed=199), E, P.NONE),
        id="136 house 199 cy exempt",
    ),
    pytest.param(
        Case("CARVER-136-EXEMPT-RES-200CY", earth(pt=TF, removed=199.9), E, P.NONE),
        id="136 two-family 199.9 cy exempt",
    ),
    pytest.param(
        Case("CARVER-136-EXEMPT-RES-200CY", earth(pt=SF, removed=200), F, P.FULL_ERC_PERMIT),
        id="136 house 200 cy: permit, not expedited (200 not > 1,000/yr)",
    ),
    pytest.param(
        Case("CARVER-136-DEF-REMOVAL", earth(pt=TF, removed=150, rearranged=60), F, P.FULL_ERC_PERMIT),
        id="136 150 removed + 60 regraded = 210 cy: permit",
    ),
    pytest.param(
        Case(
            "CARVER-136-DEF-REMOVAL",
            earth(removed=0, rearranged=1200, per_year=1200),
            F,
            P.EXPEDITED_ERC_PERMIT,
        ),
        id="136 1,200 cy regraded on the lot counts: expedited",
    ),
    pytest.param(
        Case("CARVER-136-EXEMPT-COMM-1000CY", earth(removed=999), E, P.NONE), id="136 commercial 999 exempt"
    ),
    pytest.param(
        Case("CARVER-136-EXEMPT-COMM-1000CY", earth(pt=ProjectType.INDUSTRIAL, removed=999.9), E, P.NONE),
        id="136 industrial 999.9 exempt",
    ),
    pytest.param(
        Case("CARVER-136-EXEMPT-COMM-1000CY", earth(pt=ProjectType.MULTIFAMILY, removed=999), E, P.NONE),
        id="136 multifamily 999 exempt",
    ),
    pytest.param(
        Case(
            "CARVER-136-EXEMPT-COMM-1000CY",
            earth(removed=1000, per_year=1000),
            F,
            P.FULL_ERC_PERMIT,
            ("AMB-22",),
        ),
        id="136 AMB-22 commercial exactly 1,000: full permit, flagged",
    ),
    pytest.param(
        Case("CARVER-136-EXPEDITED", earth(removed=1001, per_year=1001), F, P.EXPEDITED_ERC_PERMIT),
        id="136 1,001 cy/yr expedited",
    ),
    pytest.param(
        Case("CARVER-136-EXPEDITED", earth(removed=4999, per_year=4999), F, P.EXPEDITED_ERC_PERMIT),
        id="136 4,999 cy/yr expedited",
    ),
    pytest.param(
        Case("CARVER-136-EXPEDITED", earth(removed=5000, per_year=5000), F, P.FULL_ERC_PERMIT),
        id="136 5,000 cy/yr full permit",
    ),
    pytest.param(
        Case(
            "CARVER-136-EXPEDITED",
            earth(pt=ProjectType.MULTIFAMILY, removed=6000, per_year=2000),
            F,
            P.EXPEDITED_ERC_PERMIT,
        ),
        id="136 6,000 cy over 3 years = 2,000/yr expedited",
    ),
    pytest.param(
        Case(
            "CARVER-136-EXPEDITED",
            earth(removed=3000),
            F,
            P.EXPEDITED_ERC_PERMIT,
            ("ASSUMED-PER-YEAR-EQUALS-TOTAL",),
        ),
        id="136 3,000 cy, rate unknown: total used, flagged",
    ),
    pytest.param(
        Case(
            "CARVER-136-EXEMPT-COMM-1000CY",
            earth(pt=ProjectType.INSTITUTIONAL, removed=500),
            F,
            P.FULL_ERC_PERMIT,
            ("AMB-22",),
        ),
        id="136 AMB-22 institutional has no volume exemption",
    ),
    pytest.param(
        Case("CARVER-136-EXEMPT-STREETS", earth(K.STREET_OR_UTILITY_INSTALLATION, None, 10_000), E, P.NONE),
        id="136 street reconstruction 10,000 cy exempt",
    ),
    pytest.param(
        Case("CARVER-136-EXEMPT-PUBLIC", earth(K.PUBLIC_PROJECT, None, 10_000), E, P.NONE),
        id="136 Town project 10,000 cy exempt",
    ),
    pytest.param(
        Case(
            "CARVER-136-EXEMPT-AG",
            earth(K.AGRICULTURAL, None, 20_000),
            E,
            P.NOTICE,
            ("AMB-31",),
            follow_ups=("CARVER-136-EXEMPT-AG-NOTICE", "CARVER-136-EXEMPT-AG-BMP"),
        ),
        id="136 cranberry work 20,000 cy not for sale: exempt on notice",
    ),
    pytest.param(
        Case(
            "CARVER-136-EXEMPT-AG-NOTICE",
            earth(K.AGRICULTURAL, None, 20_000),
            E,
            P.NOTICE,
            overrides={"carver136.ag_notice_days": 30},
            follow_ups=("CARVER-136-EXEMPT-AG-NOTICE",),
        ),
        id="136 AMB-31 configured 30-day notice",
    ),
    pytest.param(
        Case(
            "CARVER-136-EXEMPT-AG-SALE-1000",
            earth(K.AGRICULTURAL, None, 999, 999, for_sale=True),
            E,
            P.NOTICE,
        ),
        id="136 ag sale 999 cy/yr exempt",
    ),
    pytest.param(
        Case(
            "CARVER-136-EXEMPT-AG-SALE-1000",
            earth(K.AGRICULTURAL, None, 1000, 1000, for_sale=True),
            F,
            P.FULL_ERC_PERMIT,
            ("AMB-22",),
        ),
        id="136 ag sale 1,000 cy/yr: full permit",
    ),
    pytest.param(
        Case(
            "CARVER-136-EXEMPT-AG-SALE-1000",
            earth(K.AGRICULTURAL, None, 1500, 1500, for_sale=True),
            F,
            P.EXPEDITED_ERC_PERMIT,
        ),
        id="136 ag sale 1,500 cy/yr: expedited",
    ),
    pytest.param(
        Case("CARVER-136-EXEMPT-CONDITIONS", earth(removed=500, nuisance=True), F, P.FULL_ERC_PERMIT),
        id="136 nuisance: no exemption, 500 cy/yr is not expedited",
    ),
    pytest.param(
        Case(
            "CARVER-136-EXEMPT-CONDITIONS",
            earth(pt=SF, removed=100, nuisance=None),
            E,
            P.NONE,
            ("UNVERIFIED:CARVER-136-EXEMPT-CONDITIONS",),
        ),
        id="136 conditions not yet verified: flagged",
    ),
    pytest.param(Case("CARVER-136-PERMIT-REQUIRED", earth(removed=0), F, P.NONE), id="136 no earth moved"),
    pytest.param(
        Case(
            "CARVER-136-EXEMPT-AG-BMP",
            earth(K.AGRICULTURAL, None, 3000),
            E,
            P.NOTICE,
            follow_ups=("CARVER-136-EXEMPT-AG-BMP",),
        ),
        id="136 farm removal must follow NRCS 544 or 342",
    ),
    pytest.param(
        Case("CARVER-136-EXEMPT-COMM-1000CY", earth(pt=None, removed=500), F, P.UNDETERMINED),
        id="136 500 cy, project type unknown: undetermined",
    ),
    pytest.param(
        Case(
            "CARVER-136-EXEMPT-COMM-1000CY",
            earth(pt=None, removed=1000, per_year=1000),
            F,
            P.FULL_ERC_PERMIT,
            ("AMB-22",),
        ),
        id="136 1,000 cy, any project type: full permit",
    ),
]

CARVER_247_CASES = [
    pytest.param(
        Case("CARVER-247-APPLIES-1AC", disturb(43_559), F, P.NONE), id="247 43,559 sq ft: below one acre"
    ),
    pytest.param(
        Case(
            "CARVER-247-APPLIES-1AC",
            disturb(43_560),
            F,
            P.LAND_DISTURBANCE_PERMIT,
            follow_ups=("CARVER-247-PERMIT-BEFORE-START",),
        ),
        id="247 43,560 sq ft = one acre: permit",
    ),
    pytest.param(
        Case("CARVER-247-PERMIT-REQUIRED", disturb(43_560.5), F, P.LAND_DISTURBANCE_PERMIT),
        id="247 43,560.5 sq ft: permit",
    ),
    pytest.param(
        Case(
            "CARVER-247-APPLIES-1AC", disturb(43_560, drains=None), F, P.LAND_DISTURBANCE_PERMIT, ("AMB-11",)
        ),
        id="247 AMB-11 drainage unknown: applies, flagged",
    ),
    pytest.param(
        Case("CARVER-247-APPLIES-1AC", disturb(43_560, drains=False), F, P.NONE),
        id="247 AMB-11 found not to drain to the MS4: does not apply",
    ),
    pytest.param(
        Case(
            "CARVER-247-APPLIES-1AC",
            disturb(43_560, drains=False),
            F,
            P.LAND_DISTURBANCE_PERMIT,
            ("AMB-11",),
            {"carver247.require_ms4_drainage": False},
        ),
        id="247 AMB-11 alt switch off: second sentence applies",
    ),
    pytest.param(
        Case("CARVER-247-APPLIES-1AC", disturb(20_000, 23_560), F, P.LAND_DISTURBANCE_PERMIT, ("AMB-12",)),
        id="247 AMB-12 two phases 20,000 + 23,560 = one acre",
    ),
    pytest.param(
        Case("CARVER-247-APPLIES-1AC", disturb(20_000, 23_559), F, P.NONE, ("AMB-12",)),
        id="247 AMB-12 two phases 43,559 in all",
    ),
    pytest.param(
        Case("CARVER-247-EXEMPT-AG", disturb(87_120, kind=K.AGRICULTURAL), E, P.NONE),
        id="247 two acres of cranberry maintenance exempt",
    ),
    pytest.param(
        Case("CARVER-247-EXEMPT-WPA-OOC", disturb(87_120, ooc=True), E, P.NONE),
        id="247 OOC showing stormwater compliance exempt",
    ),
    pytest.param(
        Case(
            "CARVER-247-PERMIT-BEFORE-START",
            disturb(60_000),
            F,
            P.LAND_DISTURBANCE_PERMIT,
            follow_ups=("CARVER-247-PERMIT-BEFORE-START",),
        ),
        id="247 60,000 sq ft: permit before work",
    ),
]

CARVER_281_CASES = [
    pytest.param(
        Case(
            "CARVER-281-UTIL-EXEMPT",
            util(C.CARVER_281, "water"),
            E,
            P.NOTICE,
            follow_ups=("CARVER-281-UTIL-NOTICE-14D", "CARVER-281-UTIL-PERMISSION"),
        ),
        id="281 water main repair: exempt on notice and permission",
    ),
    pytest.param(
        Case("CARVER-281-UTIL-EXEMPT", util(C.CARVER_281, "public_roadway"), E, P.NOTICE),
        id="281 public roadway repair exempt",
    ),
    pytest.param(
        Case("CARVER-281-UTIL-EXEMPT", util(C.CARVER_281, "private_driveway"), F, P.WETLANDS_PERMIT),
        id="281 private driveway is no public service",
    ),
    pytest.param(
        Case("CARVER-281-UTIL-EXEMPT", util(C.CARVER_281, "gas", changed=True), F, P.WETLANDS_PERMIT),
        id="281 gas line substantially enlarged",
    ),
    pytest.param(
        Case("CARVER-281-UTIL-EXEMPT", util(C.CARVER_281, "electric", lawful=False), F, P.WETLANDS_PERMIT),
        id="281 unlawfully placed facility",
    ),
    pytest.param(
        Case(
            "CARVER-281-EMERG-EXEMPT",
            wet(C.CARVER_281, K.EMERGENCY, IN_RA, performer=Party.POLITICAL_SUBDIVISION),
            E,
            P.NOTICE,
            follow_ups=("CARVER-281-EMERG-NOTICE-24H",),
        ),
        id="281 emergency by the Town",
    ),
    pytest.param(
        Case(
            "CARVER-281-EMERG-EXEMPT",
            wet(C.CARVER_281, K.EMERGENCY, IN_RA, ordered_by=Party.STATE_AGENCY),
            E,
            P.NOTICE,
        ),
        id="281 emergency by a contractor ordered by MassDOT",
    ),
    pytest.param(
        Case("CARVER-281-EMERG-EXEMPT", wet(C.CARVER_281, K.EMERGENCY, IN_RA), F, P.WETLANDS_PERMIT),
        id="281 private emergency, nobody ordered it",
    ),
    pytest.param(
        Case(
            "CARVER-281-EMERG-EXEMPT",
            wet(C.CARVER_281, K.EMERGENCY, IN_RA, performer=Party.FEDERAL_AGENCY),
            F,
            P.WETLANDS_PERMIT,
        ),
        id="281 federal agency is not the Commonwealth",
    ),
    pytest.param(
        Case("CARVER-281-AG-EXEMPT", wet(C.CARVER_281, K.AGRICULTURAL, IN_RA), E, P.NONE),
        id="281 normal maintenance of a bog",
    ),
    pytest.param(
        Case("CARVER-281-AG-EXEMPT", wet(C.CARVER_281, K.RESIDENTIAL_DWELLING), F, P.WETLANDS_PERMIT),
        id="281 dwelling on farm land: no agricultural exemption",
    ),
    pytest.param(
        Case("CARVER-281-JUR-100FT", wet(C.CARVER_281, K.GENERAL, OUTSIDE), F, P.NONE),
        id="281 outside jurisdiction",
    ),
    pytest.param(
        Case("CARVER-281-JUR-100FT", wet(C.CARVER_281, K.GENERAL, Location()), F, P.UNDETERMINED),
        id="281 location unknown",
    ),
]

UPTON_CASES = [
    pytest.param(
        Case("UPTON-280-EXEMPT-AG", wet(C.UPTON_280, K.AGRICULTURAL, IN_RA), E, P.NONE), id="Upton farm"
    ),
    pytest.param(
        Case(
            "UPTON-280-EXEMPT-UTIL", util(C.UPTON_280, "electric", D(2026, 5, 1), D(2026, 5, 4)), E, P.NOTICE
        ),
        id="Upton electric repair, notice 3 days ahead",
    ),
    pytest.param(
        Case(
            "UPTON-280-EXEMPT-UTIL",
            util(C.UPTON_280, "sanitary_sewer", D(2026, 5, 1), D(2026, 5, 4)),
            F,
            P.WETLANDS_PERMIT,
        ),
        id="Upton sewer is not in Upton's list",
    ),
    pytest.param(
        Case(
            "UPTON-280-EXEMPT-UTIL",
            util(C.UPTON_280, "gas", D(2026, 5, 4), D(2026, 5, 4)),
            E,
            P.NOTICE,
            ("CONV-BEFORE",),
        ),
        id="Upton notice on the start date: passes, flagged",
    ),
    pytest.param(
        Case(
            "UPTON-280-EXEMPT-UTIL",
            util(C.UPTON_280, "gas", D(2026, 5, 5), D(2026, 5, 4)),
            F,
            P.WETLANDS_PERMIT,
        ),
        id="Upton notice after work began",
    ),
    pytest.param(
        Case(
            "UPTON-280-EXEMPT-UTIL",
            util(
                C.UPTON_280,
                "water",
                dt.datetime(2026, 5, 4, 12, 0, tzinfo=dt.UTC),
                dt.datetime(2026, 5, 4, 12, 0, tzinfo=dt.UTC),
            ),
            F,
            P.WETLANDS_PERMIT,
        ),
        id="Upton notice at the same instant is not prior",
    ),
    pytest.param(
        Case(
            "UPTON-280-EXEMPT-UTIL",
            util(
                C.UPTON_280,
                "water",
                dt.datetime(2026, 5, 4, 11, 59, tzinfo=dt.UTC),
                dt.datetime(2026, 5, 4, 12, 0, tzinfo=dt.UTC),
            ),
            E,
            P.NOTICE,
        ),
        id="Upton notice a minute before",
    ),
    pytest.param(
        Case(
            "UPTON-280-EMERG-EXEMPT",
            wet(C.UPTON_280, K.EMERGENCY, IN_RA, performer=Party.STATE_AGENCY),
            E,
            P.NOTICE,
            follow_ups=("UPTON-280-EMERG-NOTICE-24H", "UPTON-280-EMERG-CERT", "UPTON-280-EMERG-APP-21D"),
        ),
        id="Upton emergency by the state",
    ),
    pytest.param(
        Case("UPTON-280-EMERG-EXEMPT", wet(C.UPTON_280, K.EMERGENCY, IN_RA), F, P.WETLANDS_PERMIT),
        id="Upton private emergency",
    ),
    pytest.param(Case("UPTON-280-EXEMPT-PRE2004-LOT", lot(), E, P.NONE), id="Upton ANR lot, both 2004-04-30"),
    pytest.param(
        Case(
            "UPTON-280-EXEMPT-PRE2004-LOT",
            lot("definitive_subdivision", recorded=D(1998, 1, 5), built=D(1999, 7, 1)),
            E,
            P.NONE,
        ),
        id="Upton 1998 lot",
    ),
    pytest.param(
        Case("UPTON-280-EXEMPT-PRE2004-LOT", lot(built=D(2004, 5, 1)), F, P.WETLANDS_PERMIT, ("AMB-36",)),
        id="Upton AMB-36 house built 2004-05-01",
    ),
    pytest.param(
        Case(
            "UPTON-280-EXEMPT-PRE2004-LOT",
            lot(recorded=D(2004, 5, 1), built=D(2003, 6, 1)),
            F,
            P.WETLANDS_PERMIT,
            ("AMB-36",),
        ),
        id="Upton AMB-36 recorded 2004-05-01",
    ),
    pytest.param(
        Case("UPTON-280-EXEMPT-PRE2004-LOT", lot(loc=IN_RA), F, P.WETLANDS_PERMIT),
        id="Upton old lot, but work in the resource area",
    ),
    pytest.param(
        Case("UPTON-280-EXEMPT-PRE2004-LOT", lot(single=False), F, P.WETLANDS_PERMIT), id="Upton two-family"
    ),
    pytest.param(
        Case("UPTON-280-EXEMPT-PRE2004-LOT", lot("metes_and_bounds"), F, P.WETLANDS_PERMIT),
        id="Upton lot neither ANR nor definitive",
    ),
    pytest.param(
        Case("UPTON-280-EXEMPT-MINOR", minor(K.MOWING_PRUNING, loc=OUTSIDE), F, P.NONE),
        id="Upton outside buffer zone: nothing to exempt",
    ),
    pytest.param(
        Case("UPTON-280-EXEMPT-MINOR", minor(K.MOWING_PRUNING, loc=IN_RA), F, P.WETLANDS_PERMIT),
        id="Upton mowing inside a resource area",
    ),
    pytest.param(
        Case("UPTON-280-MINOR-MOWING", minor(K.MOWING_PRUNING), E, P.NONE), id="Upton mowing in buffer"
    ),
    pytest.param(
        Case("UPTON-280-MINOR-VISTA", minor(K.VISTA_PRUNING, 100.1, 50.1), E, P.NONE, ("AMB-35",)),
        id="Upton vista 100.1 / 50.1 ft",
    ),
    pytest.param(
        Case("UPTON-280-MINOR-VISTA", minor(K.VISTA_PRUNING, 100.0, 60.0), F, P.WETLANDS_PERMIT),
        id="Upton vista exactly 100.0 ft from MAHW",
    ),
    pytest.param(
        Case("UPTON-280-MINOR-VISTA", minor(K.VISTA_PRUNING, 100.05, 60.0), F, P.WETLANDS_PERMIT),
        id="Upton vista 100.05 rounds half-even to 100.0",
    ),
    pytest.param(
        Case("UPTON-280-MINOR-VISTA", minor(K.VISTA_PRUNING, None, 50.0), F, P.WETLANDS_PERMIT),
        id="Upton vista exactly 50.0 ft from a wetland",
    ),
    pytest.param(
        Case("UPTON-280-MINOR-VISTA", minor(K.VISTA_PRUNING, None, 50.1), E, P.NONE),
        id="Upton vista 50.1 ft, no river",
    ),
    pytest.param(
        Case("UPTON-280-MINOR-VISTA", minor(K.VISTA_PRUNING, 150.0, 40.0), F, P.WETLANDS_PERMIT, ("AMB-35",)),
        id="Upton AMB-35 far from river but 40 ft from a wetland",
    ),
    pytest.param(
        Case("UPTON-280-MINOR-FENCE", minor(K.FENCE_WALL_CORDWOOD, None, 10.0), E, P.NONE),
        id="Upton split-rail fence 10 ft: distance only for livestock",
    ),
    pytest.param(
        Case("UPTON-280-MINOR-FENCE", minor(K.FENCE_WALL_CORDWOOD, None, 50.1, livestock=True), E, P.NONE),
        id="Upton livestock fence 50.1 ft",
    ),
    pytest.param(
        Case(
            "UPTON-280-MINOR-FENCE",
            minor(K.FENCE_WALL_CORDWOOD, None, 50.0, livestock=True),
            F,
            P.WETLANDS_PERMIT,
        ),
        id="Upton livestock fence 50.0 ft",
    ),
    pytest.param(
        Case(
            "UPTON-280-MINOR-FENCE",
            minor(K.FENCE_WALL_CORDWOOD, 100.0, 80.0, livestock=True),
            F,
            P.WETLANDS_PERMIT,
        ),
        id="Upton livestock fence 100.0 ft from MAHW",
    ),
    pytest.param(
        Case(
            "UPTON-280-MINOR-FENCE",
            minor(K.FENCE_WALL_CORDWOOD, None, 80.0, wildlife_barrier=True),
            F,
            P.WETLANDS_PERMIT,
        ),
        id="Upton fence that blocks wildlife",
    ),
    pytest.param(
        Case(
            "UPTON-280-MINOR-LAWN-CONVERSION",
            minor(
                K.LAWN_CONVERSION,
                100.1,
                50.1,
                erosion_controls=True,
                accessory_to_existing_single_family=True,
            ),
            E,
            P.NONE,
            ("AMB-35",),
        ),
        id="Upton shed 100.1 / 50.1 ft with controls",
    ),
    pytest.param(
        Case(
            "UPTON-280-MINOR-LAWN-CONVERSION",
            minor(K.LAWN_CONVERSION, None, 50.1, accessory_to_existing_single_family=True),
            F,
            P.WETLANDS_PERMIT,
        ),
        id="Upton patio without erosion controls",
    ),
    pytest.param(
        Case(
            "UPTON-280-MINOR-LAWN-CONVERSION",
            minor(
                K.LAWN_CONVERSION, None, 50.0, erosion_controls=True, accessory_to_existing_single_family=True
            ),
            F,
            P.WETLANDS_PERMIT,
        ),
        id="Upton pool 50.0 ft",
    ),
    pytest.param(Case("UPTON-280-MINOR-WALKWAYS", minor(K.WALKWAY), E, P.NONE), id="Upton unpaved path"),
    pytest.param(
        Case("UPTON-280-MINOR-WALKWAYS", minor(K.WALKWAY, paved=True), F, P.WETLANDS_PERMIT),
        id="Upton paved path",
    ),
    pytest.param(Case("UPTON-280-MINOR-PLANTINGS", minor(K.PLANTING), E, P.NONE), id="Upton native shrubs"),
    pytest.param(
        Case("UPTON-280-MINOR-PLANTINGS", minor(K.PLANTING, turf_lawn=True), F, P.WETLANDS_PERMIT),
        id="Upton new turf lawn",
    ),
    pytest.param(
        Case("UPTON-280-MINOR-DEPAVE", minor(K.DEPAVING, erosion_controls=True), E, P.NONE),
        id="Upton depaving with controls",
    ),
    pytest.param(
        Case("UPTON-280-MINOR-DEPAVE", minor(K.DEPAVING), F, P.WETLANDS_PERMIT), id="Upton depaving bare"
    ),
    pytest.param(
        Case(
            "UPTON-280-MINOR-HAZARD-TREES",
            minor(K.HAZARD_TREE_REMOVAL, hazard_to_structures_or_public=True),
            E,
            P.NONE,
        ),
        id="Upton dead tree over the house",
    ),
    pytest.param(
        Case("UPTON-280-MINOR-HAZARD-TREES", minor(K.HAZARD_TREE_REMOVAL), F, P.WETLANDS_PERMIT),
        id="Upton healthy tree",
    ),
    pytest.param(
        Case(
            "UPTON-280-MINOR-REPAIR",
            minor(K.STRUCTURE_REPAIR, footprint_change_sq_ft=0.0, erosion_controls=True),
            E,
            P.NONE,
        ),
        id="Upton deck repair same footprint",
    ),
    pytest.param(
        Case(
            "UPTON-280-MINOR-REPAIR",
            minor(K.STRUCTURE_REPAIR, footprint_change_sq_ft=1.0, erosion_controls=True),
            F,
            P.WETLANDS_PERMIT,
        ),
        id="Upton repair adds 1 sq ft",
    ),
    pytest.param(
        Case(
            "UPTON-280-MINOR-TEMPORARY",
            minor(K.TEMPORARY_PLANNING_WORK, erosion_controls=True, negligible_impact=True),
            E,
            P.NONE,
        ),
        id="Upton soil boring",
    ),
    pytest.param(
        Case("UPTON-280-MINOR-VISTA", minor(K.VISTA_PRUNING), F, P.UNDETERMINED),
        id="Upton vista pruning, distances not measured",
    ),
    pytest.param(
        Case("UPTON-280-MINOR-FENCE", minor(K.FENCE_WALL_CORDWOOD, livestock=True), F, P.UNDETERMINED),
        id="Upton livestock fence, distances not measured",
    ),
]

GARDNER_CASES = [
    pytest.param(
        Case(
            "GARDNER-650-EMERG-ORDERED",
            wet(
                C.GARDNER_650,
                K.EMERGENCY,
                IN_RA,
                performer=Party.UTILITY_COMPANY,
                ordered_by=Party.POLITICAL_SUBDIVISION,
            ),
            E,
            P.NOTICE,
            ("AMB-42", "AMB-43", "AMB-44"),
            follow_ups=(
                "GARDNER-650-EMERG-NOTICE-14H",
                "GARDNER-650-EMERG-CERT-10BD",
                "GARDNER-650-EMERG-APP-11D",
            ),
        ),
        id="Gardner emergency ordered by the City",
    ),
    pytest.param(
        Case(
            "GARDNER-650-EMERG-ORDERED",
            wet(C.GARDNER_650, K.EMERGENCY, IN_RA, performer=Party.UTILITY_COMPANY),
            F,
            P.WETLANDS_PERMIT,
        ),
        id="Gardner emergency nobody ordered",
    ),
    pytest.param(
        Case(
            "GARDNER-650-EXEMPT-UTIL",
            util(C.GARDNER_650, "storm_drainage", D(2026, 6, 1), D(2026, 6, 8)),
            E,
            P.NOTICE,
        ),
        id="Gardner culvert repair with notice",
    ),
    pytest.param(
        Case(
            "GARDNER-650-EXEMPT-UTIL",
            util(C.GARDNER_650, "telegraph", D(2026, 6, 1), D(2026, 6, 8)),
            F,
            P.WETLANDS_PERMIT,
        ),
        id="Gardner list has no telegraph",
    ),
    pytest.param(
        Case(
            "GARDNER-650-EXEMPT-UTIL",
            util(C.GARDNER_650, "sewer", D(2026, 6, 9), D(2026, 6, 8)),
            F,
            P.WETLANDS_PERMIT,
        ),
        id="Gardner notice after start",
    ),
    pytest.param(
        Case(
            "GARDNER-650-EXEMPT-PUBLIC-WAYS",
            wet(C.GARDNER_650, K.PUBLIC_WAY_MAINTENANCE, timing=Timing(D(2026, 6, 1), None, D(2026, 6, 2))),
            E,
            P.NOTICE,
        ),
        id="Gardner road repair with notice",
    ),
    pytest.param(
        Case(
            "GARDNER-650-EXEMPT-PUBLIC-WAYS",
            wet(C.GARDNER_650, K.PUBLIC_WAY_MAINTENANCE, timing=Timing(D(2026, 6, 3), None, D(2026, 6, 2))),
            F,
            P.WETLANDS_PERMIT,
        ),
        id="Gardner road repair, notice late",
    ),
    pytest.param(
        Case("GARDNER-650-JUR-PERMIT", wet(C.GARDNER_650, K.AGRICULTURAL), F, P.WETLANDS_PERMIT),
        id="Gardner has no agricultural exemption",
    ),
    pytest.param(
        Case(
            "GARDNER-650-NONCONF-ABANDON-2Y", nonconf(D(2024, 3, 15), D(2026, 3, 15)), E, P.NONE, ("AMB-50",)
        ),
        id="Gardner AMB-50 resumed on the 2-year anniversary",
    ),
    pytest.param(
        Case("GARDNER-650-NONCONF-ABANDON-2Y", nonconf(D(2024, 3, 15), D(2026, 3, 16)), F, P.PROHIBITED),
        id="Gardner AMB-50 one day late",
    ),
    pytest.param(
        Case("GARDNER-650-NONCONF-ABANDON-2Y", nonconf(D(2024, 2, 29), D(2026, 2, 28)), E, P.NONE),
        id="Gardner last used Feb 29: anniversary Feb 28",
    ),
    pytest.param(
        Case("GARDNER-650-NONCONF-ABANDON-2Y", nonconf(D(2024, 2, 29), D(2026, 3, 1)), F, P.PROHIBITED),
        id="Gardner last used Feb 29: Mar 1 is late",
    ),
    pytest.param(
        Case(
            "GARDNER-650-NONCONF-ABANDON-2Y",
            nonconf(D(2024, 2, 29), D(2026, 3, 1)),
            E,
            P.NONE,
            overrides={"eom_rule": "next_day"},
        ),
        id="Gardner Feb 29, eom next_day: Mar 1 allowed",
    ),
    pytest.param(
        Case(
            "GARDNER-650-NONCONF-ABANDON-2Y",
            nonconf(D(2025, 1, 1), D(2025, 6, 1), abandoned=True),
            F,
            P.PROHIBITED,
        ),
        id="Gardner abandoned use",
    ),
    pytest.param(
        Case("GARDNER-650-NONCONF-CONTINUE", nonconf(None, None), E, P.NONE),
        id="Gardner lawful use continues",
    ),
    pytest.param(
        Case(
            "GARDNER-650-NONCONF-EXPAND",
            nonconf(None, None, beyond_property_owned_at_enactment=True),
            F,
            P.WETLANDS_PERMIT,
        ),
        id="Gardner expansion onto land bought later",
    ),
    pytest.param(
        Case(
            "GARDNER-650-NONCONF-ALTER", nonconf(None, None, extended_or_altered=True), F, P.WETLANDS_PERMIT
        ),
        id="Gardner alteration needs the finding",
    ),
    pytest.param(
        Case(
            "GARDNER-650-NONCONF-NO-REVERT", nonconf(None, None, changed_to_conforming=True), F, P.PROHIBITED
        ),
        id="Gardner no reversion",
    ),
]

ALL_CASES = CARVER_136_CASES + CARVER_247_CASES + CARVER_281_CASES + UPTON_CASES + GARDNER_CASES


@pytest.mark.parametrize("case", ALL_CASES)
def test_exemption_cases_follow_the_text(case: Case):
    result = assess(
        case.activity, DEFAULT.with_overrides(**{k.replace(".", "__"): v for k, v in case.overrides.items()})
    )
    assert (result.exempt, result.filing) == (case.exempt, case.filing), result.lines
    cited = {e.rule_id for e in result.explanations} | {f.rule_id for f in result.follow_ups}
    assert case.rule_id in cited, result.lines
    assert set(case.flags) <= set(result.flags), result.flags
    assert set(case.follow_ups) <= {f.rule_id for f in result.follow_ups}
    assert result.chapter == case.activity.chapter and result.rule_id in load_rulebook()


def test_carver_136_exact_1000_is_the_only_gap_flagged():
    assert "AMB-22" not in assess(earth(removed=5000, per_year=5000)).flags
    assert "AMB-22" not in assess(earth(removed=1001, per_year=1001)).flags


def test_carver_136_ag_notice_days_come_from_configuration_only():
    (default,) = [
        f
        for f in assess(earth(K.AGRICULTURAL, None, 500)).follow_ups
        if f.rule_id == "CARVER-136-EXEMPT-AG-NOTICE"
    ]
    assert default.due_days is None and "AMB-31" in default.explanation.flags
    configured = assess(
        earth(K.AGRICULTURAL, None, 500), DEFAULT.with_overrides(carver136__ag_notice_days=30)
    )
    assert [f.due_days for f in configured.follow_ups if f.rule_id == "CARVER-136-EXEMPT-AG-NOTICE"] == [30]


def test_carver_136_farm_removal_names_both_nrcs_codes():
    (bmp,) = [f for f in assess(earth(K.AGRICULTURAL, None, 3000)).follow_ups if f.rule_id.endswith("AG-BMP")]
    assert "NRCS Code 544 or NRCS Code 342" in bmp.duty


def test_upton_pre2004_exemption_says_the_wpa_still_applies():
    assert any("Wetlands Protection Act" in e.arithmetic for e in assess(lot()).explanations)


@dataclass(frozen=True)
class FindingCase:
    rule_id: str
    activity: Activity
    met: bool
    flags: tuple[str, ...] = ()


def replication(
    replicated: float, designer: str = "professional_wetland_scientist", security=True
) -> Activity:
    rep = Replication(1000.0, replicated, designer, security)
    return wet(C.GARDNER_650, K.WETLAND_ALTERATION, IN_RA, replication=rep)


WATER = "water"
FINDING_CASES = [
    pytest.param(
        FindingCase(
            "CARVER-281-UTIL-PERMISSION",
            util(C.CARVER_281, WATER, permission=D(2026, 5, 4), start=D(2026, 5, 1)),
            False,
        ),
        id="281 permission 05-04 after work began 05-01: violation, exemption kept",
    ),
    pytest.param(
        FindingCase(
            "CARVER-281-UTIL-PERMISSION",
            util(C.CARVER_281, WATER, permission=D(2026, 5, 1), start=D(2026, 5, 1)),
            True,
            ("CONV-BEFORE",),
        ),
        id="281 permission the day work began: passes, flagged",
    ),
    pytest.param(
        FindingCase(
            "CARVER-281-UTIL-PERMISSION",
            util(C.CARVER_281, WATER, permission=D(2026, 4, 30), start=D(2026, 5, 1)),
            True,
        ),
        id="281 permission the day before",
    ),
    pytest.param(
        FindingCase("GARDNER-650-REPLICATION-RATIO", replication(999.0), False),
        id="Gardner 999 of 1,000 sq ft: less than the altered amount",
    ),
    pytest.param(
        FindingCase("GARDNER-650-REPLICATION-RATIO", replication(1000.0), True), id="Gardner 1,000 = 1x"
    ),
    pytest.param(
        FindingCase("GARDNER-650-REPLICATION-RATIO", replication(2000.0), True), id="Gardner 2,000 = 2x"
    ),
    pytest.param(
        FindingCase("GARDNER-650-REPLICATION-RATIO", replication(2000.1), False),
        id="Gardner 2,000.1: more than twice",
    ),
    pytest.param(
        FindingCase("GARDNER-650-REPLICATION-DESIGN", replication(1500.0, "landscaper"), False),
        id="Gardner replication by a landscaper",
    ),
    pytest.param(
        FindingCase("GARDNER-650-REPLICATION-DESIGN", replication(1500.0, "registered_engineer"), True),
        id="Gardner replication by a registered engineer",
    ),
    pytest.param(
        FindingCase("GARDNER-650-REPLICATION-SECURITY", replication(1500.0, security=None), False),
        id="Gardner replication without security",
    ),
    pytest.param(
        FindingCase("GARDNER-650-REPLICATION-SECURITY", replication(1500.0, security=True), True),
        id="Gardner replication secured",
    ),
    pytest.param(
        FindingCase(
            "CARVER-136-BUFFER-50FT",
            Activity(
                C.CARVER_136,
                K.EARTH_REMOVAL,
                nuisance_or_danger=False,
                accepted_practice=True,
                location=Location(property_line_ft=50.0),
                earth=EarthVolumes(COM, 3000, 0, 3000),
            ),
            False,
            ("AMB-32",),
        ),
        id="136 pit face 50.0 ft from the line: inside the buffer",
    ),
]


@pytest.mark.parametrize("case", FINDING_CASES)
def test_findings_ride_on_the_assessment(case: FindingCase):
    result = assess(case.activity)
    (finding,) = [f for f in result.findings if f.rule_id == case.rule_id]
    assert finding.met is case.met and set(case.flags) <= set(finding.flags) <= set(result.flags)
    if case.rule_id.startswith("GARDNER-650-REPLICATION"):
        assert result.filing is Filing.WETLANDS_PERMIT
    if case.rule_id == "CARVER-281-UTIL-PERMISSION":
        assert result.exempt and result.filing is Filing.NOTICE


@dataclass(frozen=True)
class ThresholdCase:
    rule_id: str
    value: float
    met: bool
    flags: tuple[str, ...] = ()
    overrides: dict = field(default_factory=dict)
    relief: bool = False


BUFFER_CASES = [
    pytest.param(ThresholdCase("CARVER-136-BUFFER-50FT", 49.9, False), id="buffer 49.9 ft: inside"),
    pytest.param(
        ThresholdCase("CARVER-136-BUFFER-50FT", 50.0, False, ("AMB-32",)), id="buffer AMB-32 50.0 inside"
    ),
    pytest.param(
        ThresholdCase("CARVER-136-BUFFER-50FT", 50.04, False, ("AMB-32",)), id="buffer 50.04 -> 50.0"
    ),
    pytest.param(ThresholdCase("CARVER-136-BUFFER-50FT", 50.06, True), id="buffer 50.06 -> 50.1 outside"),
    pytest.param(ThresholdCase("CARVER-136-BUFFER-50FT", 50.1, True), id="buffer 50.1 outside"),
    pytest.param(
        ThresholdCase("CARVER-136-BUFFER-50FT", 50.0, True, ("AMB-32",), {"dist_inclusive": False}),
        id="buffer AMB-32 alt exclusive: 50.0 outside",
    ),
    pytest.param(
        ThresholdCase("CARVER-136-BUFFER-RELIEF", 30.0, True, relief=True), id="buffer relief granted"
    ),
]


@pytest.mark.parametrize("case", BUFFER_CASES)
def test_carver_136_fifty_foot_buffer(case: ThresholdCase):
    cfg = DEFAULT.with_overrides(**case.overrides)
    finding = carver136_buffer_kept(case.value, relief=case.relief, cfg=cfg)
    assert finding.met is case.met and set(case.flags) <= set(finding.flags)
    assert finding.explanation.rule_id == case.rule_id


ABUTTER_CASES = [
    pytest.param(ThresholdCase("CARVER-136-DEF-ABUTTERS-300FT", 300.0, True), id="abutter 300.0 ft included"),
    pytest.param(
        ThresholdCase("CARVER-136-DEF-ABUTTERS-300FT", 300.1, False), id="abutter 300.1 ft excluded"
    ),
]


@pytest.mark.parametrize("case", ABUTTER_CASES)
def test_carver_136_abutters_within_300_feet(case: ThresholdCase):
    assert carver136_is_abutter(case.value).met is case.met


@dataclass(frozen=True)
class WaiverCase:
    rule_id: str
    conditions: tuple[bool, bool, bool]
    allowed: bool


WAIVER_CASES = [
    pytest.param(WaiverCase("CARVER-247-WAIVER", (True, True, True), True), id="waiver all three"),
    pytest.param(WaiverCase("CARVER-247-WAIVER", (True, True, False), False), id="waiver against purpose"),
    pytest.param(WaiverCase("CARVER-247-WAIVER", (False, True, True), False), id="waiver not lawful"),
]


@pytest.mark.parametrize("case", WAIVER_CASES)
def test_carver_247_waiver_needs_all_three_findings(case: WaiverCase):
    assert carver247_waiver_allowed(*case.conditions).met is case.allowed


def test_one_acre_is_43560_square_feet():
    assert acres_to_sq_ft(1) == 43_560 and acres_to_sq_ft(2.5) == 108_900


def test_replication_ratio_helper_reports_both_bounds():
    finding = gardner_replication_within_ratio(400.0, 800.0)
    assert finding.met and "400" in finding.explanation.arithmetic and "800" in finding.explanation.arithmetic


def test_nonconforming_helper_states_the_anniversary():
    finding = gardner_nonconforming_may_resume(D(2024, 3, 15), D(2026, 3, 15))
    assert finding.met and "2026-03-15" in finding.explanation.arithmetic


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(list(ProjectType)),
    st.floats(min_value=1, max_value=20_000),
    st.floats(min_value=0, max_value=20_000),
)
def test_more_earth_never_turns_a_permit_back_into_an_exemption(project_type, smaller, extra):
    a = assess(earth(pt=project_type, removed=smaller, per_year=smaller))
    b = assess(earth(pt=project_type, removed=smaller + extra, per_year=smaller + extra))
    assert b.exempt <= a.exempt
    assert b.filing is not Filing.EXPEDITED_ERC_PERMIT or 1000 < smaller + extra < 5000


@settings(max_examples=200, deadline=None)
@given(st.floats(min_value=0, max_value=400), st.floats(min_value=0, max_value=400), st.floats(0, 300))
def test_moving_vista_pruning_farther_away_never_loses_the_exemption(river, other, step):
    near = assess(minor(K.VISTA_PRUNING, river, other))
    far = assess(minor(K.VISTA_PRUNING, river + step, other + step))
    assert far.exempt or not near.exempt
