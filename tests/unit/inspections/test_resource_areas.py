"""The resource-area GeoJSON schema: what the rules read is required, unknown keys are refused, errors are
reported per feature (index, id, path)."""
from __future__ import annotations

import datetime as dt

import pytest

from inspections.resource_areas import (
    Flow,
    ResourceType,
    area_from_feature,
    validate_collection,
    validate_feature,
)
from tests.unit.inspections.geo import Frame, feature

F = Frame("Carver")
SQUARE = F.rect(-100, -100, 0, 100)
STREAM = F.line([(0, -500), (0, 500)])

VALID = [
    pytest.param(dict(type="bordering_vegetated_wetland"), SQUARE, id="BVW"),
    pytest.param(dict(type="isolated_wetland"), SQUARE, id="isolated wetland"),
    pytest.param(dict(type="bank"), STREAM, id="bank as a line"),
    pytest.param(dict(type="beach"), SQUARE, id="beach"),
    pytest.param(dict(type="river_stream", flow="perennial"), STREAM, id="perennial river as a line"),
    pytest.param(dict(type="river_stream", flow="intermittent"), SQUARE, id="intermittent stream polygon"),
    pytest.param(dict(type="pond", area_sqft=20000.5), SQUARE, id="pond with area"),
    pytest.param(dict(type="pond"), SQUARE, id="pond, area measured later"),
    pytest.param(dict(type="lake"), SQUARE, id="lake"),
    pytest.param(dict(type="land_under_water"), SQUARE, id="land under water"),
    pytest.param(dict(type="vernal_pool", volume_cuft=250, hydroperiod_months=2.5, predatory_fish=False,
                      breeding_habitat=True), SQUARE, id="uncertified vernal pool with every criterion"),
    pytest.param(dict(type="vernal_pool", certified=True), SQUARE, id="certified vernal pool"),
    pytest.param(dict(type="cranberry_bog", last_cultivated_or_harvested="2019-10-01"), SQUARE,
                 id="cranberry bog"),
    pytest.param(dict(type="floodplain", flood_zone="AE"), SQUARE, id="floodplain AE"),
    pytest.param(dict(type="floodplain", flood_zone="A12"), SQUARE, id="floodplain A12"),
    pytest.param(dict(type="floodplain", flood_zone="B"), SQUARE, id="floodplain B"),
    pytest.param(dict(type="riverfront_area"), SQUARE, id="riverfront area"),
    pytest.param(dict(type="isolated_land_subject_to_flooding", name="ILSF 1"), SQUARE, id="ILSF"),
]


@pytest.mark.parametrize("props,geometry", VALID)
def test_valid_features_are_accepted(props, geometry):
    check = validate_feature(feature(geometry, id="A1", **props))
    assert check.errors == ()
    assert check.area is not None and check.area.id == "A1"
    assert check.area.type == ResourceType(props["type"])


INVALID = [
    pytest.param(dict(type="bank", colour="green"), SQUARE, "properties.colour", "Extra inputs",
                 id="unknown property key"),
    pytest.param(dict(type="marsh_thing"), SQUARE, "properties", "tag", id="unknown type"),
    pytest.param(dict(type="river_stream"), STREAM, "properties.flow", "Field required",
                 id="river without flow"),
    pytest.param(dict(type="river_stream", flow="ephemeral"), STREAM, "properties.flow", "perennial",
                 id="ephemeral is not a flow"),
    pytest.param(dict(type="pond", area_sqft=0), SQUARE, "properties.area_sqft", "greater than 0",
                 id="pond of 0 sq ft"),
    pytest.param(dict(type="vernal_pool", volume_cuft=250), SQUARE, "properties",
                 "hydroperiod_months, predatory_fish, breeding_habitat",
                 id="uncertified pool missing criteria"),
    pytest.param(dict(type="vernal_pool", certified=True, hydroperiod_months=13), SQUARE,
                 "properties.hydroperiod_months", "less than or equal to 12", id="13 months of water"),
    pytest.param(dict(type="cranberry_bog"), SQUARE, "properties.last_cultivated_or_harvested",
                 "Field required", id="bog without its last harvest"),
    pytest.param(dict(type="cranberry_bog", last_cultivated_or_harvested="last fall"), SQUARE,
                 "properties.last_cultivated_or_harvested", "date", id="bog with a non-date"),
    pytest.param(dict(type="floodplain", flood_zone="A31"), SQUARE, "properties.flood_zone", "pattern",
                 id="no NFIP zone A31"),
    pytest.param(dict(type="bordering_vegetated_wetland"), STREAM, "geometry", "must be a Polygon",
                 id="a wetland cannot be a line"),
    pytest.param(dict(type="vernal_pool", certified=True), {"type": "Point", "coordinates": [-70.76, 41.88]},
                 "geometry.type", "Input should be", id="a vernal pool cannot be a point"),
    pytest.param(dict(type="bank"), {"type": "Polygon", "coordinates": [[[41.88, -70.76], [41.89, -70.76],
                                                                          [41.89, -70.75], [41.88, -70.76]]]},
                 "geometry", "inside Massachusetts", id="lat/lon swapped"),
    pytest.param(dict(type="bank"), {"type": "Polygon", "coordinates": [F.ring([(0, 0), (100, 100), (100, 0),
                                                                                 (0, 100)])]},
                 "geometry", "Self-intersection", id="bow-tie polygon"),
]


@pytest.mark.parametrize("props,geometry,path,message", INVALID)
def test_invalid_features_report_path_and_reason(props, geometry, path, message):
    check = validate_feature(feature(geometry, id="BAD", **props))
    assert check.area is None
    assert any(e.path == path and message in e.message for e in check.errors), check.errors


def test_parsed_properties_are_typed():
    area = area_from_feature(feature(STREAM, id="R", type="river_stream", flow="perennial"))
    assert area.props.flow is Flow.PERENNIAL and not area.is_area
    bog = area_from_feature(feature(SQUARE, id="B", type="cranberry_bog",
                                    last_cultivated_or_harvested="2019-10-01"))
    assert bog.props.last_cultivated_or_harvested == dt.date(2019, 10, 1) and bog.is_area


def test_plane_geometry_is_in_us_survey_feet():
    # a 100 ft x 200 ft rectangle laid out in EPSG:26986 comes back as 20,000 sq ft, perimeter 600 ft
    area = area_from_feature(feature(SQUARE, id="W", type="bordering_vegetated_wetland"))
    assert area.plane_ft.area == pytest.approx(20_000, abs=0.01)
    assert area.plane_ft.length == pytest.approx(600, abs=0.001)


def test_collection_reports_errors_per_feature_and_keeps_the_valid_ones():
    collection = {"type": "FeatureCollection", "features": [
        feature(SQUARE, id="W1", type="bordering_vegetated_wetland"),
        feature(SQUARE, id="P1", type="pond", depth_ft=4),
        feature(STREAM, id="R1", type="river_stream", flow="perennial"),
        feature(SQUARE, id="W1", type="bank"),
        "not a feature",
    ]}
    check = validate_collection(collection)
    assert [a.id for a in check.areas] == ["W1", "R1"]
    assert not check.ok
    assert [(e.index, e.feature_id, e.path) for e in check.errors] == [
        (1, "P1", "properties.depth_ft"),
        (3, "W1", "properties.id"),
        (4, None, "type"), (4, None, "geometry"), (4, None, "properties"),
    ]


@pytest.mark.parametrize("data", [
    pytest.param({"type": "Feature"}, id="a single feature"),
    pytest.param({"type": "FeatureCollection", "features": {}}, id="features not a list"),
])
def test_collection_shape_errors(data):
    check = validate_collection(data)
    assert check.areas == () and len(check.errors) == 1 and check.errors[0].index is None


def test_area_from_feature_raises_with_every_error():
    with pytest.raises(ValueError, match="properties.flow"):
        area_from_feature(feature(STREAM, id="R", type="river_stream"))
