"""Operations on filings: is an activity exempt and what must be filed, is an application complete, and what a
rule of the packs says."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from pydantic import Field

from inspections import activity as act
from inspections import exemptions
from inspections.api.out import ExplanationOut, FindingOut
from inspections.api.registry import (
    Day,
    Feet,
    In,
    InputError,
    Instant,
    Out,
    Part,
    Quantity,
    RecordDay,
    RuleId,
    SqFt,
    Text,
    operation,
)
from inspections.config import BylawConfig
from inspections.readings import readings
from inspections.rulepack import Dated, load_rulebook

FILINGS = "filings and exemptions"


class ActivityLocationIn(Part):
    in_resource_area: bool | None = None
    in_buffer_zone: bool | None = None
    river_mahw_ft: Feet | None = None
    other_resource_ft: Feet | None = None
    property_line_ft: Feet | None = None


class EarthIn(Part):
    project_type: act.ProjectType | None = None
    removed_cy: Quantity = 0.0
    rearranged_on_lot_cy: Quantity = 0.0
    cy_per_year: Quantity | None = None
    for_sale: bool = False
    buffer_relief: bool = False
    buffer_relief_width_ft: Feet | None = None


class DisturbanceIn(Part):
    areas_sq_ft: list[SqFt] = Field(min_length=1, max_length=200)
    drains_to_ms4: bool | None = None
    wpa_ooc_stormwater_compliant: bool = False


class UtilityIn(Part):
    service: Text
    existing_and_lawful: bool = True
    substantially_changed_or_enlarged: bool = False


class ActivityTimingIn(Part):
    notice_on: Day | None = None
    notice_at: Instant | None = None
    permission_on: Day | None = None
    permission_at: Instant | None = None
    commenced_on: Day | None = None
    commenced_at: Instant | None = None


class LotIn(Part):
    lot_kind: Text
    single_family: bool
    recorded_on: RecordDay | None = None
    house_built_on: RecordDay | None = None


class MinorIn(Part):
    erosion_controls: bool = False
    paved: bool = False
    private_use: bool = True
    native_species: bool = True
    turf_lawn: bool = False
    wildlife_barrier: bool = False
    livestock: bool = False
    footprint_change_sq_ft: Annotated[float, Field(ge=-1e9, le=1e9)] | None = None
    accessory_to_existing_single_family: bool = False
    hazard_to_structures_or_public: bool = False
    negligible_impact: bool = False


class ReplicationIn(Part):
    altered_sq_ft: SqFt
    replicated_sq_ft: SqFt
    designer: Text | None = None
    security_posted: bool | None = None


class NonconformingIn(Part):
    last_used_on: RecordDay | None = None
    resumes_on: RecordDay | None = None
    abandoned: bool = False
    beyond_property_owned_at_enactment: bool = False
    extended_or_altered: bool = False
    changed_to_conforming: bool = False


class ExemptionIn(In):
    chapter: act.Chapter
    kind: act.ActivityKind
    performer: act.Party = act.Party.PRIVATE
    ordered_by: act.Party | None = None
    nuisance_or_danger: bool | None = None
    accepted_practice: bool | None = None
    location: ActivityLocationIn = Field(default_factory=ActivityLocationIn)
    earth: EarthIn | None = None
    disturbance: DisturbanceIn | None = None
    utility: UtilityIn | None = None
    timing: ActivityTimingIn = Field(default_factory=ActivityTimingIn)
    lot: LotIn | None = None
    minor: MinorIn = Field(default_factory=MinorIn)
    replication: ReplicationIn | None = None
    nonconforming: NonconformingIn | None = None


class FollowUpOut(Out):
    rule_id: str
    duty: str
    due_days: int | None
    explanation: ExplanationOut


class ExemptionOut(Out):
    chapter: str
    exempt: bool
    filing: str
    rule_id: str
    reason: str
    explanations: list[ExplanationOut]
    follow_ups: list[FollowUpOut]
    findings: list[FindingOut]
    flags: list[str]


def _moment(on: dt.date | None, at: dt.datetime | None) -> dt.date | dt.datetime | None:
    return at if at is not None else on


def _part(cls: type, value: Part | None) -> Any:
    if value is None:
        return None
    data = value.model_dump()
    return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})


@operation("exemption", FILINGS, ExemptionIn, ExemptionOut)
def exemption(facts: ExemptionIn, cfg: BylawConfig) -> Any:
    """Is a described activity exempt under the chapter, and what must be filed (none, notice, RDA/NOI, ERC or
    land disturbance permit, prohibited, undetermined), with the duties that remain."""
    t = facts.timing
    timing = act.Timing(
        _moment(t.notice_on, t.notice_at),
        _moment(t.permission_on, t.permission_at),
        _moment(t.commenced_on, t.commenced_at),
    )
    activity = act.Activity(
        facts.chapter,
        facts.kind,
        facts.performer,
        facts.ordered_by,
        facts.nuisance_or_danger,
        facts.accepted_practice,
        _part(act.Location, facts.location),
        _part(act.EarthVolumes, facts.earth),
        _part(act.Disturbance, facts.disturbance),
        _part(act.UtilityWork, facts.utility),
        timing,
        _part(act.LotHistory, facts.lot),
        _part(act.MinorDetails, facts.minor),
        _part(act.Replication, facts.replication),
        _part(act.NonconformingUse, facts.nonconforming),
    )
    return exemptions.assess(activity, cfg)




class RuleIn(In):
    rule_id: RuleId


class RuleOut(Out):
    id: str
    pack: str
    section: str
    summary: str
    numbers: str
    clock: str
    citation: str
    quote: str
    ambiguities: list[str]
    statutes: list[str] = Field(description="the state statutes (EXT-…) the rule applies; their numbers "
                                "are asked through the rule")
    in_force_from: dt.date | None
    params: dict[str, Any] = Field(description="the rule's own numbers; a dated one as its `values`")


@operation("rule", FILINGS, RuleIn, RuleOut)
def rule(facts: RuleIn, cfg: BylawConfig) -> Any:
    """A rule of the packs by its RULES.md id: citation, verbatim quote, summary, numbers."""
    book = load_rulebook()
    if facts.rule_id not in book:
        raise InputError.of("rule_id", f"no rule {facts.rule_id} in the rule packs")
    found = book.rule(facts.rule_id)
    params = {k: v.model_dump(mode="json", by_alias=True) if isinstance(v, Dated) else v
              for k, v in found.params.items()}
    return {**found.model_dump(mode="json", exclude={"params"}), "params": params}


class ReadingsIn(In):
    concerning: RuleId | None = Field(None, description="only the readings of this rule (a RULES.md id)")


class ReadingOut(Out):
    id: str
    concerns: list[str]
    text: str
    choice: str
    switch: str | None
    switch_value: Any = Field(description="the switch's value in force for this answer")


class ReadingsOut(Out):
    readings: list[ReadingOut]


@operation("readings", FILINGS, ReadingsIn, ReadingsOut)
def engine_readings(facts: ReadingsIn, cfg: BylawConfig) -> Any:
    """The readings the engine makes that RULES.md does not state (inspections/READINGS.md), each with the
    words it reads, the choice made and the switch that changes it."""
    found = [r for r in readings() if facts.concerning is None or facts.concerning in r.concerns]
    return {"readings": [{**vars(r), "concerns": list(r.concerns),
                          "switch_value": cfg[r.switch] if r.switch else None} for r in found]}


class PacksIn(In):
    pass


class PackOut(Out):
    key: str = Field(description="the chapter, e.g. CARVER-247")
    title: str
    town: str = Field(description="the town whose bylaw this is")
    enforcing_authority: str = Field(description="the board the bylaw names, e.g. Planning Board")
    source_file: str


class PacksOut(Out):
    packs: list[PackOut]


@operation("packs", FILINGS, PacksIn, PacksOut)
def rule_packs(facts: PacksIn, cfg: BylawConfig) -> Any:
    """The rule packs the engine knows (the chapters a town may adopt), each with the board enforcing it."""
    book = load_rulebook()
    return {"packs": [p.pack.model_dump(mode="json", include={"key", "title", "town", "enforcing_authority",
                                                              "source_file"})
                      for p in book.packs.values()]}
