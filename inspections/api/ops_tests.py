"""Operations on the bylaws' numeric tests (thresholds) and definitions (vernal pool, cranberry bog,
floodplain, pond, "structure", variance)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from inspections import definitions as defs
from inspections import thresholds as th
from inspections.api.out import FindingOut, VerdictOut
from inspections.api.registry import (
    Day,
    Feet,
    In,
    InputError,
    Out,
    Part,
    Quantity,
    RecordDay,
    SqFt,
    Text,
    operation,
)
from inspections.config import BylawConfig
from inspections.resource_areas import CranberryBogProps, ResourceType, VernalPoolProps, WaterObservation

TESTS = "thresholds and definitions"


class Buffer136(Part):
    test: Literal["carver136_buffer"]
    property_line_ft: Feet
    relief_width_ft: Feet | None = Field(None, description="the buffer width the ERC still requires (relief)")
    relief: bool = Field(False, description="the ERC relieved the whole buffer along this line")


class Volume136(Part):
    test: Literal["carver136_volume"]
    removed_cy: Quantity
    rearranged_on_lot_cy: Quantity = 0.0
    cy_per_year: Quantity = Field(description="the yearly rate (the expedited range is per year)")


class OneAcre247(Part):
    test: Literal["carver247_one_acre"]
    areas_sq_ft: list[SqFt] | None = Field(None, max_length=200)
    areas_acres: list[Annotated[float, Field(ge=0, le=1e5)]] | None = Field(None, max_length=200)
    drains_to_ms4: bool | None = Field(description="null: not known (AMB-11 is flagged)")


class Waiver247(Part):
    test: Literal["carver247_waiver"]
    lawful: bool
    public_interest: bool
    consistent_with_purpose: bool


class Setbacks280(Part):
    test: Literal["upton_setbacks"]
    rule_id: Literal["UPTON-280-MINOR-FENCE", "UPTON-280-MINOR-VISTA", "UPTON-280-MINOR-LAWN-CONVERSION"]
    river_mahw_ft: Feet | None = None
    other_resource_ft: Feet | None = None


class Lot280(Part):
    test: Literal["upton_pre2004_lot"]
    lot_kind: Text
    single_family: bool
    recorded_on: RecordDay | None = None
    house_built_on: RecordDay | None = None


class Replication650(Part):
    test: Literal["gardner_replication"]
    altered_sq_ft: SqFt
    replicated_sq_ft: SqFt
    designer: Text | None = None


class Nonconforming650(Part):
    test: Literal["gardner_nonconforming_resumes"]
    last_used_on: RecordDay
    resumes_on: Day


class VpBuffer650(Part):
    test: Literal["gardner_vp_buffer"]
    distance_ft: Feet
    prior_existing_ft: Feet | None = None


Test = Annotated[
    Buffer136
    | Volume136
    | OneAcre247
    | Waiver247
    | Setbacks280
    | Lot280
    | Replication650
    | Nonconforming650
    | VpBuffer650,
    Field(discriminator="test"),
]


class ThresholdIn(In):
    check: Test


class ThresholdOut(Out):
    findings: list[FindingOut]
    value: float | None = Field(description="the quantity tested, where one is computed (cu yd, sq ft)")


def _one_acre(t: OneAcre247, cfg: BylawConfig) -> tuple[list[Any], float | None]:
    if (t.areas_sq_ft is None) == (t.areas_acres is None):
        raise InputError.of("check.areas_sq_ft", "give areas_sq_ft or areas_acres")
    areas = tuple(
        t.areas_sq_ft if t.areas_sq_ft is not None else (th.acres_to_sq_ft(a) for a in t.areas_acres or ())
    )
    return [th.carver247_applies(areas, t.drains_to_ms4, cfg)], th.carver247_disturbed_sq_ft(areas, cfg)


def _run(t: Any, cfg: BylawConfig) -> tuple[list[Any], float | None]:
    match t:
        case Buffer136():
            return [
                th.carver136_buffer_kept(
                    t.property_line_ft, relief=t.relief, relief_width_ft=t.relief_width_ft, cfg=cfg
                )
            ], None
        case Volume136():
            volume = th.carver136_removal_cy(t.removed_cy, t.rearranged_on_lot_cy)
            return [th.carver136_expedited(t.cy_per_year)], volume
        case OneAcre247():
            return _one_acre(t, cfg)
        case Waiver247():
            return [th.carver247_waiver_allowed(t.lawful, t.public_interest, t.consistent_with_purpose)], None
        case Setbacks280():
            return [th.upton_setbacks_met(t.rule_id, t.river_mahw_ft, t.other_resource_ft)], None
        case Lot280():
            return [th.upton_pre2004_lot(t.lot_kind, t.single_family, t.recorded_on, t.house_built_on)], None
        case Replication650():
            return [
                th.gardner_replication_within_ratio(t.altered_sq_ft, t.replicated_sq_ft),
                th.gardner_replication_designer_ok(t.designer),
            ], None
        case Nonconforming650():
            return [th.gardner_nonconforming_may_resume(t.last_used_on, t.resumes_on, cfg)], None
    assert isinstance(t, VpBuffer650)
    return [
        th.gardner_vp_buffer_alteration_permittable(
            t.distance_ft, prior_existing_ft=t.prior_existing_ft, cfg=cfg
        )
    ], None


@operation("threshold", TESTS, ThresholdIn, ThresholdOut)
def threshold(facts: ThresholdIn, cfg: BylawConfig) -> Any:
    """One numeric test of the bylaws (buffers, volumes, acreage, setbacks, dates, ratios), with the
    arithmetic."""
    findings, value = _run(facts.check, cfg)
    return {"findings": findings, "value": value}


class PoolIn(Part):
    certified: bool = False
    volume_cuft: Annotated[float, Field(ge=0, le=1e9)] | None = None
    observations: list[WaterObservation] | None = Field(None, min_length=1, max_length=1000)
    hydroperiod_months: float | None = Field(None, ge=0, le=12)
    predatory_fish: bool | None = None
    breeding_habitat: bool | None = None
    in_lawn_garden_landscape_or_driveway: bool = False


class VernalPool(Part):
    term: Literal["vernal_pool"]
    bylaw: Literal["UPTON-280", "GARDNER-650"]
    pool: PoolIn


class VpPresumption(Part):
    term: Literal["vernal_pool_presumption"]
    bylaw: Literal["UPTON-280", "GARDNER-650"]
    rebutted_by_credible_evidence: bool = False


class CranberryBog(Part):
    term: Literal["cranberry_bog"]
    last_cultivated_or_harvested: RecordDay
    currently_cultivated: bool = False
    assessed_on: Day = Field(description="the application or inspection date the 10 years count back from")


class Floodplain(Part):
    term: Literal["floodplain"]
    bylaw: Literal["CARVER-281", "UPTON-280", "GARDNER-650"]
    flood_zone: str = Field(pattern=r"^(A|AE|AH|AO|AR|A99|A([1-9]|[12][0-9]|30)|B|C|X|X500)$")


class Pond(Part):
    term: Literal["pond"]
    area_sqft: SqFt


class NbzStructure(Part):
    term: Literal["nbz_structure"]
    label: Text


class Variance(Part):
    term: Literal["variance"]
    noi_filed: bool
    hearing_held: bool
    findings: dict[
        Literal["particular_soil_hydrology_topography", "substantial_hardship", "no_material_detriment"],
        bool | None,
    ] = Field(default_factory=dict)


Term = Annotated[
    VernalPool | VpPresumption | CranberryBog | Floodplain | Pond | NbzStructure | Variance,
    Field(discriminator="term"),
]
FLOODPLAIN = {
    "CARVER-281": defs.carver_is_100yr_floodplain,
    "UPTON-280": defs.upton_is_land_subject_to_flooding,
    "GARDNER-650": defs.gardner_is_floodplain,
}


class DefinitionIn(In):
    definition: Term


class DefinitionOut(Out):
    verdicts: list[VerdictOut]


def _verdicts(t: Any, cfg: BylawConfig) -> list[Any]:
    match t:
        case VernalPool():
            props = VernalPoolProps(id="pool", type=ResourceType.VERNAL_POOL, **t.pool.model_dump())
            return [defs.vernal_pool(t.bylaw, props, cfg)]
        case VpPresumption():
            return [defs.vp_presumed_essential_habitat(t.bylaw, t.rebutted_by_credible_evidence)]
        case CranberryBog():
            bog = CranberryBogProps(
                id="bog",
                type=ResourceType.CRANBERRY_BOG,
                last_cultivated_or_harvested=t.last_cultivated_or_harvested,
                currently_cultivated=t.currently_cultivated,
            )
            return [defs.carver_is_cranberry_bog(bog, t.assessed_on, cfg)]
        case Floodplain():
            return [FLOODPLAIN[t.bylaw](t.flood_zone)]
        case Pond():
            return [defs.upton_is_pond(t.area_sqft), defs.upton_pond_needs_alternatives(t.area_sqft)]
        case NbzStructure():
            return [defs.gardner_nbz_structure(t.label)]
    assert isinstance(t, Variance)
    findings = {str(k): v for k, v in t.findings.items()}
    return [defs.carver_variance_available(t.noi_filed, t.hearing_held, findings)]


@operation("definition", TESTS, DefinitionIn, DefinitionOut)
def definition(facts: DefinitionIn, cfg: BylawConfig) -> Any:
    """Does something meet a bylaw definition (vernal pool from dated observations, cranberry bog, floodplain,
    pond, "structure" in the no build zone, variance)? `met` is null when the facts cannot decide it."""
    try:
        return {"verdicts": _verdicts(facts.definition, cfg)}
    except ValueError as exc:  # a pool the definitions refuse (e.g. no hydroperiod)
        raise InputError.of("definition", str(exc)) from exc
