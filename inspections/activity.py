"""A described activity (what is done, where, how much) and the answer: "is it exempt, what must be filed".

The facts are grouped by the rule that reads them: earth volumes (Carver ch. 136), disturbed areas (Carver
ch. 247), utility work, the lot history (Upton ~§ 280-3D), the minor-activity details (Upton ~§ 280-3E),
replication and nonconforming uses (Gardner ~§ 650-7A, ~§ 650-14). Where it lies relative to resource areas
comes from `zones.py` as plain facts (`Location`); this module never measures geometry.
A fact left `None` is unknown: the assessment then says so instead of guessing.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from enum import StrEnum

from inspections.explain import Explanation
from inspections.thresholds import Finding

Moment = dt.date | dt.datetime


class Chapter(StrEnum):
    CARVER_281 = "CARVER-281"
    CARVER_247 = "CARVER-247"
    CARVER_136 = "CARVER-136"
    UPTON_280 = "UPTON-280"
    GARDNER_650 = "GARDNER-650"


class ActivityKind(StrEnum):
    GENERAL = "general"  # build, fill, alter, clear: no special category
    RESIDENTIAL_DWELLING = "residential_dwelling"
    EARTH_REMOVAL = "earth_removal"
    LAND_DISTURBANCE = "land_disturbance"
    AGRICULTURAL = "agricultural"  # normal maintenance/improvement of land in ag use
    UTILITY_MAINTENANCE = "utility_maintenance"  # maintain, repair, replace a public-service facility
    EMERGENCY = "emergency"
    STREET_OR_UTILITY_INSTALLATION = "street_or_utility_installation"  # Carver ~§ 136-8B
    PUBLIC_PROJECT = "public_project"  # Town, state or federal project, Carver ~§ 136-8C
    PUBLIC_WAY_MAINTENANCE = "public_way_maintenance"  # Gardner ~§ 650-5C
    WALKWAY = "walkway"  # Upton ~§ 280-3E(1) ... (10)
    PLANTING = "planting"
    DEPAVING = "depaving"
    FENCE_WALL_CORDWOOD = "fence_wall_cordwood"
    MOWING_PRUNING = "mowing_pruning"
    VISTA_PRUNING = "vista_pruning"
    LAWN_CONVERSION = "lawn_conversion"
    HAZARD_TREE_REMOVAL = "hazard_tree_removal"
    STRUCTURE_REPAIR = "structure_repair"
    TEMPORARY_PLANNING_WORK = "temporary_planning_work"
    WETLAND_ALTERATION = "wetland_alteration"
    NONCONFORMING_USE = "nonconforming_use"


class Party(StrEnum):
    PRIVATE = "private"
    UTILITY_COMPANY = "utility_company"
    POLITICAL_SUBDIVISION = "political_subdivision"  # town, city, county, district
    STATE_AGENCY = "state_agency"  # an agency of the Commonwealth
    FEDERAL_AGENCY = "federal_agency"


class ProjectType(StrEnum):
    SINGLE_FAMILY = "single_family"
    TWO_FAMILY = "two_family"
    MULTIFAMILY = "multifamily"
    COMMERCIAL = "commercial"
    INDUSTRIAL = "industrial"
    INSTITUTIONAL = "institutional"
    MIXED_USE = "mixed_use"
    OTHER = "other"


class Filing(StrEnum):
    NONE = "none"  # nothing to file (exempt, or outside the chapter)
    NOTICE = "notice"  # exempt, on written notice (and what else it names)
    WETLANDS_PERMIT = "rda_or_noi"  # Commission permit / order of conditions
    EXPEDITED_ERC_PERMIT = "expedited_erc_permit"
    FULL_ERC_PERMIT = "full_erc_permit"
    LAND_DISTURBANCE_PERMIT = "land_disturbance_permit"
    PROHIBITED = "prohibited"  # no filing can authorize it (e.g. a barred reversion)
    UNDETERMINED = "undetermined"  # a fact the answer needs is unknown


@dataclass(frozen=True)
class Location:
    """Where the activity lies, as zones.py classifies it (distances in feet, full precision).

    `in_buffer_zone`: inside the chapter's regulated upland band but outside every resource area (Carver 281:
    within 100 ft / 200 ft of perennial streams; Upton: the ~§ 280-7C 100/200-ft lands (AMB-35); Gardner:
    within 100 ft). `river_mahw_ft`: distance to the mean annual high-water line of a river whose riverfront
    area contains the activity; `other_resource_ft`: to the nearest other resource area; None = none in range.
    """

    in_resource_area: bool | None = None
    in_buffer_zone: bool | None = None
    river_mahw_ft: float | None = None
    other_resource_ft: float | None = None
    property_line_ft: float | None = None


@dataclass(frozen=True)
class EarthVolumes:
    """Carver ch. 136, one lot (~§ 136-2 def. LOT): cubic yards removed and rearranged on the lot."""

    project_type: ProjectType | None = None
    removed_cy: float = 0.0
    rearranged_on_lot_cy: float = 0.0
    cy_per_year: float | None = None
    for_sale: bool = False
    buffer_relief: bool = False  # the ERC relieved the whole 50-ft buffer along the nearest line
    buffer_relief_width_ft: float | None = None  # the buffer width the ERC still requires there (relief)


@dataclass(frozen=True)
class Disturbance:
    """Carver ch. 247: each phase's or lot's disturbed area under one project or permit, in sq ft."""

    areas_sq_ft: tuple[float, ...]
    drains_to_ms4: bool | None = None
    wpa_ooc_stormwater_compliant: bool = False


@dataclass(frozen=True)
class UtilityWork:
    service: str
    existing_and_lawful: bool = True
    substantially_changed_or_enlarged: bool = False


@dataclass(frozen=True)
class Timing:
    """Instants (aware datetimes) or local dates of the notice, the permission and the start of work."""

    notice_at: Moment | None = None
    permission_at: Moment | None = None
    commenced_at: Moment | None = None


@dataclass(frozen=True)
class LotHistory:
    lot_kind: str  # "anr", "definitive_subdivision", or anything else
    single_family: bool
    recorded_on: dt.date | None = None
    house_built_on: dt.date | None = None


@dataclass(frozen=True)
class MinorDetails:
    """The conditions of Upton ~§ 280-3E(1)-(10) that are not distances."""

    erosion_controls: bool = False
    paved: bool = False
    private_use: bool = True
    native_species: bool = True
    turf_lawn: bool = False
    wildlife_barrier: bool = False
    livestock: bool = False
    footprint_change_sq_ft: float | None = None
    accessory_to_existing_single_family: bool = False
    hazard_to_structures_or_public: bool = False
    negligible_impact: bool = False


@dataclass(frozen=True)
class Replication:
    altered_sq_ft: float
    replicated_sq_ft: float
    designer: str | None = None
    security_posted: bool | None = None


@dataclass(frozen=True)
class NonconformingUse:
    last_used_on: dt.date | None = None
    resumes_on: dt.date | None = None
    abandoned: bool = False
    beyond_property_owned_at_enactment: bool = False
    extended_or_altered: bool = False
    changed_to_conforming: bool = False


@dataclass(frozen=True)
class Activity:
    chapter: Chapter
    kind: ActivityKind
    performer: Party = Party.PRIVATE
    ordered_by: Party | None = None
    nuisance_or_danger: bool | None = None
    accepted_practice: bool | None = None
    location: Location = field(default_factory=Location)
    earth: EarthVolumes | None = None
    disturbance: Disturbance | None = None
    utility: UtilityWork | None = None
    timing: Timing = field(default_factory=Timing)
    lot: LotHistory | None = None
    minor: MinorDetails = field(default_factory=MinorDetails)
    replication: Replication | None = None
    nonconforming: NonconformingUse | None = None


@dataclass(frozen=True)
class FollowUp:
    """A duty that remains although no permit is needed (a notice, a certification, an application)."""

    rule_id: str
    duty: str
    explanation: Explanation
    due_days: int | None = None


@dataclass(frozen=True)
class Assessment:
    """Exempt or not, what must be filed, the deciding rule and why; every step with its Explanation."""

    chapter: Chapter
    exempt: bool
    filing: Filing
    rule_id: str
    reason: str
    explanations: tuple[Explanation, ...]
    follow_ups: tuple[FollowUp, ...] = ()
    findings: tuple[Finding, ...] = ()
    flags: tuple[str, ...] = ()

    @property
    def lines(self) -> tuple[str, ...]:
        return tuple(e.line for e in self.explanations)
