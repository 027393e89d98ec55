"""Operations on filings: is an activity exempt and what must be filed, is an application complete, and what a
rule of the packs says."""

from __future__ import annotations

import datetime as dt
import math
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field

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
from inspections.checklists import completeness_kinds, evaluate, is_complete, merge, template
from inspections.config import BylawConfig
from inspections.readings import readings
from inspections.rulepack import load_rulebook

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


def _plain(value: Any) -> Any:
    """A submitted completeness value: a flag, a bounded number, a short text, a date, or a short list."""
    if isinstance(value, list):
        if len(value) > 50:
            raise ValueError("lists hold at most 50 entries")
        return [_plain(v) for v in value]
    if isinstance(value, float) and (not math.isfinite(value) or abs(value) > 1e12):
        raise ValueError("numbers must be finite and at most 1e12")
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**12:
        raise ValueError("numbers must be at most 1e12")
    if isinstance(value, str) and len(value) > 200:
        raise ValueError("texts hold at most 200 characters")
    if isinstance(value, dict):
        raise ValueError("a submitted value is a flag, number, text, date or list, not an object")
    return value


Submitted = Annotated[Any, AfterValidator(_plain)]


class CompletenessIn(In):
    kind: Literal[tuple(sorted(completeness_kinds()))]  # type: ignore[valid-type]
    submitted: dict[Annotated[str, Field(max_length=80)], Submitted] = Field(max_length=200)


class MissingOut(Out):
    item_id: str
    rule_id: str
    reason: str
    explanation: ExplanationOut


class CompletenessOut(Out):
    kind: str
    version: int
    complete: bool
    missing: list[MissingOut]
    required: list[str]


@operation("completeness", FILINGS, CompletenessIn, CompletenessOut)
def completeness(facts: CompletenessIn, cfg: BylawConfig) -> Any:
    """What an application lacks, item by item, with the rule that asks for it (RULES.md §§ 1.7, 2.3, 3.3)."""
    submitted = {key: _date_or_value(value) for key, value in facts.submitted.items()}
    return is_complete(facts.kind, submitted)


def _date_or_value(value: Any) -> Any:
    """A date item arrives as an ISO text; anything else as it is."""
    if isinstance(value, str) and len(value) == 10:
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            return value
    return value


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
    params: dict[str, Any]


@operation("rule", FILINGS, RuleIn, RuleOut)
def rule(facts: RuleIn, cfg: BylawConfig) -> Any:
    """A rule of the packs by its RULES.md id: citation, verbatim quote, summary, numbers."""
    book = load_rulebook()
    if facts.rule_id not in book:
        raise InputError.of("rule_id", f"no rule {facts.rule_id} in the rule packs")
    found = book.rule(facts.rule_id)
    return {
        **found.model_dump(mode="json", exclude={"in_force_from", "params"}),
        "params": dict(found.params),
    }


class ChecklistIn(In):
    template_id: Annotated[str, Field(max_length=80, pattern=r"^[a-z0-9-]+$")]
    version: int | None = Field(None, ge=1, le=1000, description="the template version (default: the latest)")
    permit_conditions: list[dict[str, Any]] = Field(
        default_factory=list, max_length=100, description="the permit's structured conditions"
    )
    answers: dict[Annotated[str, Field(max_length=80)], dict[str, Any]] = Field(
        max_length=300, description='item id -> {"result": "pass|fail|n/a", "fields": {...}}'
    )
    inspected_on: Day


class ViolationToOpenOut(Out):
    item_id: str
    rule_id: str
    citation: str
    opens_on: dt.date | None
    explanation: ExplanationOut
    flags: list[str]


class ClockChangeOut(Out):
    item_id: str
    clock: str
    action: str
    starts_on: dt.date | None
    due_on: dt.date | None
    violation_opens_on: dt.date | None
    expired: bool
    explanation: ExplanationOut
    flags: list[str]


class EvaluationOut(Out):
    checklist: str
    violations: list[ViolationToOpenOut]
    clocks: list[ClockChangeOut]
    flags: list[str]
    unanswered: list[str]


@operation("checklist-evaluation", FILINGS, ChecklistIn, EvaluationOut)
def checklist_evaluation(facts: ChecklistIn, cfg: BylawConfig) -> Any:
    """What an inspection's answers set off: the violations to open under their provisions, the clocks that
    start or stop (e.g. the 14-day stabilization), for a template merged with the permit's conditions."""
    try:
        checklist = merge(template(facts.template_id, facts.version), facts.permit_conditions)
    except KeyError as exc:
        raise InputError.of("template_id", str(exc).strip("'\"")) from exc
    found = evaluate(checklist, _typed(checklist, facts.answers), inspected_on=facts.inspected_on, cfg=cfg)
    return {
        "checklist": found.checklist,
        "flags": found.flags,
        "unanswered": found.unanswered,
        "clocks": [{**_fields(c), "action": c.action.value} for c in found.clocks],
        "violations": [
            {**_fields(v), "rule_id": v.provision.rule_id, "citation": v.provision.citation}
            for v in found.violations
        ],
    }


def _typed(checklist: Any, answers: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Date fields arrive as ISO texts (or "unknown" where the template allows it); the engine takes dates."""
    typed = {}
    for item_id, answer in answers.items():
        fields = dict(answer.get("fields") or {})
        kinds = (
            {f.name: f.kind for f in checklist.item(item_id).fields}
            if item_id in {i.id for i in checklist.items}
            else {}
        )
        for name, value in fields.items():
            if (
                kinds.get(name) in ("date", "date_or_unknown")
                and isinstance(value, str)
                and value != "unknown"
            ):
                try:
                    fields[name] = dt.date.fromisoformat(value)
                except ValueError:
                    raise InputError.of(f"answers.{item_id}.fields.{name}", "must be an ISO date") from None
        typed[item_id] = {**answer, "fields": fields}
    return typed


def _fields(obj: Any) -> dict[str, Any]:
    return {k: getattr(obj, k) for k in obj.__dataclass_fields__}


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
