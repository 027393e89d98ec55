"""The resource-area map of a site: a GeoJSON FeatureCollection in WGS84 whose feature properties follow the
schema defined ONCE here (pydantic; unknown keys are refused).

Each property model holds only what the bylaw rules read:
- `river_stream.flow`: perennial or intermittent (CARVER-281-JUR-PERENNIAL-200FT; Upton rivers vs streams);
- `pond.area_sqft`: surface area (UPTON-280-ALT-200FT's "over 20,000 square feet"; measured from the
  polygon when not given);
- `vernal_pool`: `volume_cuft`, `observations` (the dated visits a biologist records: `on`, `standing_water`),
  or `hydroperiod_months` (continuous months of standing water in spring/summer, as stated by someone;
  dated observations decide when both are given), `predatory_fish` (adult predatory fish present),
  `breeding_habitat`, `in_lawn_garden_landscape_or_driveway`, `certified` (by MassWildlife/NHESP).
  Uncertified pools must carry every criterion of the definitions (UPTON-280-DEF-VP, GARDNER-650-DEF-VP);
- `cranberry_bog.last_cultivated_or_harvested` (CARVER-281-DEF-CRANBERRY-BOG-10Y);
- `floodplain.flood_zone`: the NFIP zone label (A, AE, AH, AO, AR, A99, A1–A30, B, C, X, X500).

Geometry: Polygon/MultiPolygon for every type; a river or stream and a bank may also be a (Multi)LineString.
The backend calls `validate_feature(dict)` / `validate_collection(dict)` and gets per-feature errors.
"""
from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated, Any, Literal

import shapely.geometry
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator
from shapely.geometry.base import BaseGeometry

from inspections.planar import in_massachusetts, to_plane_ft


class ResourceType(StrEnum):
    BORDERING_VEGETATED_WETLAND = "bordering_vegetated_wetland"
    ISOLATED_WETLAND = "isolated_wetland"
    BANK = "bank"
    BEACH = "beach"
    RIVER_STREAM = "river_stream"
    POND = "pond"
    LAKE = "lake"
    LAND_UNDER_WATER = "land_under_water"
    VERNAL_POOL = "vernal_pool"
    CRANBERRY_BOG = "cranberry_bog"
    FLOODPLAIN = "floodplain"
    RIVERFRONT_AREA = "riverfront_area"
    ISOLATED_LAND_SUBJECT_TO_FLOODING = "isolated_land_subject_to_flooding"


class Flow(StrEnum):
    PERENNIAL = "perennial"
    INTERMITTENT = "intermittent"


NFIP_ZONE = re.compile(r"^(A|AE|AH|AO|AR|A99|A([1-9]|[12][0-9]|30)|B|C|X|X500)$")
LINE_TYPES = frozenset({ResourceType.RIVER_STREAM, ResourceType.BANK})


class _Props(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1)
    name: str | None = None


class WetlandProps(_Props):
    type: Literal[ResourceType.BORDERING_VEGETATED_WETLAND, ResourceType.ISOLATED_WETLAND, ResourceType.BANK,
                  ResourceType.BEACH, ResourceType.LAKE, ResourceType.LAND_UNDER_WATER,
                  ResourceType.RIVERFRONT_AREA, ResourceType.ISOLATED_LAND_SUBJECT_TO_FLOODING]


class RiverStreamProps(_Props):
    type: Literal[ResourceType.RIVER_STREAM]
    flow: Flow


class PondProps(_Props):
    type: Literal[ResourceType.POND]
    area_sqft: float | None = Field(default=None, gt=0)


class WaterObservation(BaseModel):
    """One visit to the pool: the local date and whether water was standing in the basin."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    on: dt.date = Field(ge=dt.date(1900, 1, 1), le=dt.date(2200, 12, 31))
    standing_water: bool


class VernalPoolProps(_Props):
    type: Literal[ResourceType.VERNAL_POOL]
    certified: bool = False
    volume_cuft: float | None = Field(default=None, ge=0)
    observations: tuple[WaterObservation, ...] | None = Field(default=None, min_length=1, max_length=1000)
    hydroperiod_months: float | None = Field(default=None, ge=0, le=12)
    predatory_fish: bool | None = None
    breeding_habitat: bool | None = None
    in_lawn_garden_landscape_or_driveway: bool = False

    @model_validator(mode="after")
    def _criteria_unless_certified(self) -> VernalPoolProps:
        hydroperiod = None if self.observations is None and self.hydroperiod_months is None else True
        given = {"volume_cuft": self.volume_cuft, "observations or hydroperiod_months": hydroperiod,
                 "predatory_fish": self.predatory_fish, "breeding_habitat": self.breeding_habitat}
        missing = [name for name, value in given.items() if value is None]
        if missing and not self.certified:
            raise ValueError(f"an uncertified vernal pool needs {', '.join(missing)}")
        return self


class CranberryBogProps(_Props):
    type: Literal[ResourceType.CRANBERRY_BOG]
    last_cultivated_or_harvested: dt.date
    currently_cultivated: bool = False


class FloodplainProps(_Props):
    type: Literal[ResourceType.FLOODPLAIN]
    flood_zone: str = Field(pattern=NFIP_ZONE.pattern)


ResourceProps = Annotated[
    WetlandProps | RiverStreamProps | PondProps | VernalPoolProps | CranberryBogProps | FloodplainProps,
    Field(discriminator="type"),
]
_PROPS = TypeAdapter(ResourceProps)


class _Geometry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    type: Literal["Polygon", "MultiPolygon", "LineString", "MultiLineString"]
    coordinates: list[Any]


class _Feature(BaseModel):
    model_config = ConfigDict(extra="forbid")

    type: Literal["Feature"]
    id: str | int | None = None
    bbox: list[float] | None = None
    geometry: _Geometry
    properties: dict[str, Any]


@dataclass(frozen=True)
class ResourceArea:
    """One validated resource area: its properties, WGS84 geometry, and the same in plane feet."""

    props: WetlandProps | RiverStreamProps | PondProps | VernalPoolProps | CranberryBogProps | FloodplainProps
    lonlat: BaseGeometry
    plane_ft: BaseGeometry = field(repr=False)

    @property
    def id(self) -> str:
        return self.props.id

    @property
    def type(self) -> ResourceType:
        return ResourceType(self.props.type)

    @property
    def is_area(self) -> bool:
        """A polygon has an inside; a mapped line (river centreline, bank line) has none."""
        return self.plane_ft.geom_type in ("Polygon", "MultiPolygon")

    @property
    def label(self) -> str:
        return f"{self.type.value} {self.id!r}"


@dataclass(frozen=True)
class FeatureError:
    index: int | None
    feature_id: str | None
    path: str
    message: str


@dataclass(frozen=True)
class FeatureCheck:
    area: ResourceArea | None
    errors: tuple[FeatureError, ...] = ()


@dataclass(frozen=True)
class CollectionCheck:
    areas: tuple[ResourceArea, ...]
    errors: tuple[FeatureError, ...]

    @property
    def ok(self) -> bool:
        return not self.errors


def _errors(exc: ValidationError, index: int | None, fid: str | None, prefix: str) -> list[FeatureError]:
    def path(loc: tuple[Any, ...]) -> str:
        if prefix and loc and loc[0] in set(ResourceType):  # drop the union's tag from the path
            loc = loc[1:]
        return ".".join([prefix, *map(str, loc)]).strip(".")

    return [FeatureError(index, fid, path(e["loc"]), e["msg"]) for e in exc.errors()]


def _geometry(raw: _Geometry, props: Any, index: int | None
              ) -> tuple[BaseGeometry | None, list[FeatureError]]:
    def err(message: str) -> tuple[None, list[FeatureError]]:
        return None, [FeatureError(index, props.id, "geometry", message)]

    if raw.type.endswith("LineString") and ResourceType(props.type) not in LINE_TYPES:
        return err(f"a {props.type} must be a Polygon or MultiPolygon, not a {raw.type}")
    try:
        geometry = shapely.geometry.shape(raw.model_dump())
    except (ValueError, TypeError, IndexError) as exc:
        return err(f"unreadable {raw.type} coordinates: {exc}")
    if geometry.is_empty or not geometry.is_valid:
        return err(f"invalid {raw.type}: {shapely.is_valid_reason(geometry)}")
    if not in_massachusetts(geometry):
        return err("coordinates must be WGS84 lon/lat inside Massachusetts")
    return geometry, []


def validate_feature(data: Mapping[str, Any], index: int | None = None) -> FeatureCheck:
    """A GeoJSON Feature -> a ResourceArea, or the list of what is wrong with it (never raises)."""
    try:
        feature = _Feature.model_validate(data)
    except ValidationError as exc:
        return FeatureCheck(None, tuple(_errors(exc, index, None, "")))
    fid = feature.properties.get("id") if isinstance(feature.properties.get("id"), str) else None
    try:
        props = _PROPS.validate_python(feature.properties)
    except ValidationError as exc:
        return FeatureCheck(None, tuple(_errors(exc, index, fid, "properties")))
    geometry, errors = _geometry(feature.geometry, props, index)
    if geometry is None:
        return FeatureCheck(None, tuple(errors))
    return FeatureCheck(ResourceArea(props, geometry, to_plane_ft(geometry)))


def validate_collection(data: Mapping[str, Any]) -> CollectionCheck:
    """A GeoJSON FeatureCollection -> the valid areas and every error, feature by feature."""
    if not isinstance(data, Mapping) or data.get("type") != "FeatureCollection":
        return CollectionCheck((), (FeatureError(None, None, "type", "must be a FeatureCollection"),))
    features = data.get("features")
    if not isinstance(features, list):
        return CollectionCheck((), (FeatureError(None, None, "features", "must be a list"),))
    areas: list[ResourceArea] = []
    errors: list[FeatureError] = []
    seen: set[str] = set()
    for index, raw in enumerate(features):
        check = validate_feature(raw if isinstance(raw, Mapping) else {}, index)
        errors.extend(check.errors)
        if check.area is not None and check.area.id in seen:
            errors.append(FeatureError(index, check.area.id, "properties.id", "duplicate id"))
        elif check.area is not None:
            seen.add(check.area.id)
            areas.append(check.area)
    return CollectionCheck(tuple(areas), tuple(errors))


def area_from_feature(data: Mapping[str, Any]) -> ResourceArea:
    """Strict form for callers that hold trusted data: raises ValueError listing the errors."""
    check = validate_feature(data)
    if check.area is None:
        raise ValueError("; ".join(f"{e.path}: {e.message}" for e in check.errors))
    return check.area
