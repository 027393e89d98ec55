"""Delineation import: GeoJSON and zipped shapefiles in WGS84 and both Massachusetts State Plane units
give the same geometry to 0.01 ft; a malformed file is refused whole with per-feature reasons; an unknown
CRS is refused."""

from __future__ import annotations

import io

import pytest
import shapefile
import shapely
import shapely.geometry
from sqlalchemy import func, select

from backend.extensions import db
from backend.models import AuditEvent, Delineation
from inspections.planar import METRES_PER_US_SURVEY_FOOT, to_plane_ft
from tests.integration.admin.conftest import audit_trail
from tests.integration.admin.delineation_builder import (
    AREAS,
    BOG,
    CODES,
    POLYGONS,
    geojson,
    shapefile_zip,
    transform,
    zip_of,
)

TOLERANCE_FT = 0.01


@pytest.fixture
def site(client, admin):
    return next(s for s in client.get("/api/v1/admin/sites", headers=admin).json if "gravel" in s["name"])


def upload(client, headers, site_id, data: bytes, filename: str, **form):
    body = {"file": (io.BytesIO(data), filename)} | {k: v for k, v in form.items() if v is not None}
    return client.post(
        f"/api/v1/admin/sites/{site_id}/delineations",
        headers=headers,
        data=body,
        content_type="multipart/form-data",
    )


def feet(points_m) -> shapely.geometry.base.BaseGeometry:
    return [(x / METRES_PER_US_SURVEY_FOOT, y / METRES_PER_US_SURVEY_FOOT) for x, y in points_m]


def max_vertex_gap_ft(stored: dict, kind: str, points_m) -> float:
    """Largest distance, in US survey feet on EPSG:26986, between a stored vertex and the source vertex."""
    got = shapely.normalize(to_plane_ft(shapely.geometry.shape(stored)))
    want_shape = (
        shapely.geometry.Polygon(feet(points_m))
        if kind == "Polygon"
        else shapely.geometry.LineString(feet(points_m))
    )
    want = shapely.normalize(want_shape)
    a, b = shapely.get_coordinates(got), shapely.get_coordinates(want)
    assert len(a) == len(b)
    return max(((xa - xb) ** 2 + (ya - yb) ** 2) ** 0.5 for (xa, ya), (xb, yb) in zip(a, b, strict=False))


SOURCES = [pytest.param("geojson", code, id=f"geojson-{code}") for code in CODES] + [
    pytest.param("shapefile", code, id=f"shapefile-{code}") for code in CODES
]


@pytest.mark.parametrize("fmt,code", SOURCES)
def test_every_format_and_crs_gives_the_same_geometry_to_a_hundredth_of_a_foot(
    client, admin, site, fmt, code
):
    data = geojson(code) if fmt == "geojson" else shapefile_zip(code)
    resp = upload(
        client, admin, site["id"], data, "delineation.zip" if fmt == "shapefile" else "wetlands.geojson"
    )
    assert resp.status_code == 201, resp.json
    assert resp.json["source_crs"] == code and resp.json["source_format"] == fmt
    assert (
        resp.json["crs_detected_from"]
        == {"geojson": "geojson_crs" if code != "EPSG:4326" else "default", "shapefile": "prj"}[fmt]
    )
    stored = client.get(f"/api/v1/admin/sites/{site['id']}", headers=admin).json["resource_areas"]["features"]
    expected = AREAS if fmt == "geojson" else POLYGONS
    assert [f["properties"]["id"] for f in stored] == [props["id"] for _, _, props, _ in expected]
    for feature, (kind, points_m, props, _) in zip(stored, expected, strict=False):
        assert feature["properties"] == props | (
            {"certified": False, "in_lawn_garden_landscape_or_driveway": False}
            if props["type"] == "vernal_pool"
            else {}
        )
        assert max_vertex_gap_ft(feature["geometry"], kind, points_m) < TOLERANCE_FT


def test_a_line_shapefile_and_dbf_dates_are_read(client, admin, site):
    lines = shapefile_zip("EPSG:2249", areas=[AREAS[2]], shape_type=shapefile.POLYLINE)
    assert upload(client, admin, site["id"], lines, "stream.zip").status_code == 201
    bog = upload(client, admin, site["id"], shapefile_zip("EPSG:26986", areas=[BOG]), "bog.zip", mode="add")
    assert bog.status_code == 201, bog.json
    stored = client.get(f"/api/v1/admin/sites/{site['id']}", headers=admin).json["resource_areas"]["features"]
    assert [(f["properties"]["id"], f["geometry"]["type"]) for f in stored] == [
        ("S-1", "LineString"),
        ("BOG-1", "Polygon"),
    ]
    assert stored[1]["properties"]["last_cultivated_or_harvested"] == "2019-10-01"


def test_an_import_is_audited_with_the_source_hash(client, admin, site):
    data = geojson("EPSG:2249")
    row = upload(client, admin, site["id"], data, "wetlands.geojson", surveyor="Pine Survey Co.").json
    import hashlib

    assert row["source_sha256"] == hashlib.sha256(data).hexdigest() and row["surveyor"] == "Pine Survey Co."
    assert [a for a, _, _ in audit_trail("Delineation", row["id"])] == ["create"]
    assert (
        audit_trail("Site", site["id"])[-1][2]["resource_areas"]["features"][0]["properties"]["id"] == "BVW-1"
    )
    listed = client.get(f"/api/v1/admin/sites/{site['id']}/delineations", headers=admin).json
    assert [d["id"] for d in listed] == [row["id"]]


def bad_features() -> list[dict]:
    good, pool, stream = (
        {
            "type": "Feature",
            "geometry": {"type": kind, "coordinates": [pts] if kind == "Polygon" else pts},
            "properties": dict(props),
        }
        for kind, pts, props in (
            (k, [list(p) for p in transform(m, "EPSG:4326")], pr) for k, m, pr, _ in AREAS
        )
    )
    del pool["properties"]["hydroperiod_months"]  # uncertified pool without every criterion
    stream["properties"]["type"] = "bordering_vegetated_wetland"  # a wetland drawn as a line
    stream["properties"].pop("flow")
    return [good, pool, stream, "not a feature"]


def imports_and_events() -> tuple[int, int]:
    return (
        db.session.scalar(select(func.count()).select_from(Delineation)),
        db.session.scalar(select(func.count()).select_from(AuditEvent)),
    )


def test_a_malformed_geojson_is_refused_whole_with_reasons_per_feature(client, admin, site):
    before_map = client.get(f"/api/v1/admin/sites/{site['id']}", headers=admin).json["resource_areas"]
    before = imports_and_events()
    resp = upload(client, admin, site["id"], geojson("EPSG:4326", features=bad_features()), "bad.geojson")
    assert resp.status_code == 422 and resp.json["message"] == "3 of 4 features refused; nothing was imported"
    reasons = {(p["index"], p["path"]): p["message"] for p in resp.json["detail"]["features"]}
    assert "hydroperiod_months" in reasons[(1, "properties")]
    assert "must be a Polygon or MultiPolygon" in reasons[(2, "geometry")]
    assert any(index == 3 for index, _ in reasons)
    assert 0 not in {index for index, _ in reasons}
    assert client.get(f"/api/v1/admin/sites/{site['id']}", headers=admin).json["resource_areas"] == before_map
    assert imports_and_events() == before


def test_a_malformed_shapefile_is_refused_whole_with_reasons_per_feature(client, admin, site):
    wrong = ("Polygon", POLYGONS[0][1], {}, {"ID": "X-1", "TYPE": "swamp"})
    no_date = ("Polygon", BOG[1], {}, {"ID": "BOG-2", "TYPE": "cranberry_bog"})
    resp = upload(
        client, admin, site["id"], shapefile_zip("EPSG:26986", areas=[wrong, BOG, no_date]), "x.zip"
    )
    assert resp.status_code == 422 and resp.json["message"].startswith("2 of 3 features refused")
    by_index = {p["index"]: p for p in resp.json["detail"]["features"]}
    assert set(by_index) == {0, 2}
    assert by_index[0]["feature_id"] == "X-1" and by_index[2]["feature_id"] == "BOG-2"
    assert "last_cultivated_or_harvested" in by_index[2]["path"]
    assert db.session.scalar(select(func.count()).select_from(Delineation)) == 0


def test_duplicate_ids_and_ids_already_on_the_map_are_refused(client, admin, site):
    twice = geojson("EPSG:4326", features=[*[json_feature(0)] * 2])
    resp = upload(client, admin, site["id"], twice, "twice.geojson")
    assert resp.status_code == 422 and resp.json["detail"]["features"][0]["message"] == "duplicate id"
    assert upload(client, admin, site["id"], geojson("EPSG:4326"), "a.geojson").status_code == 201
    again = upload(client, admin, site["id"], geojson("EPSG:4326"), "a.geojson", mode="add")
    assert again.status_code == 422 and "mode=replace" in again.json["detail"]["features"][0]["message"]
    assert (
        upload(client, admin, site["id"], geojson("EPSG:4326"), "a.geojson", mode="replace").status_code
        == 201
    )


def json_feature(i: int) -> dict:
    kind, pts, props, _ = AREAS[i]
    coords = [list(p) for p in transform(pts, "EPSG:4326")]
    return {
        "type": "Feature",
        "geometry": {"type": kind, "coordinates": [coords] if kind == "Polygon" else coords},
        "properties": props,
    }


UTM19 = "EPSG:26919"


@pytest.mark.parametrize(
    "make,form,field,words",
    [
        pytest.param(
            lambda: geojson(UTM19), {}, "file", "unsupported CRS EPSG:26919", id="geojson crs member UTM"
        ),
        pytest.param(lambda: shapefile_zip(UTM19), {}, "file", "unsupported CRS", id="shapefile prj UTM"),
        pytest.param(
            lambda: geojson("EPSG:4326"),
            {"crs": "EPSG:3857"},
            "crs",
            "unsupported CRS",
            id="param web mercator",
        ),
        pytest.param(
            lambda: geojson("EPSG:4326"), {"crs": "EPSG:banana"}, "crs", "unreadable CRS", id="param garbage"
        ),
        pytest.param(lambda: shapefile_zip(None), {}, "crs", "no .prj", id="shapefile without prj"),
        pytest.param(
            lambda: geojson("EPSG:2249"),
            {"crs": "EPSG:26986"},
            "crs",
            "declares EPSG:2249",
            id="param contradicts the file",
        ),
        pytest.param(lambda: geojson("EPSG:4326"), {"mode": "merge"}, "mode", "", id="unknown mode"),
    ],
)
def test_an_unknown_or_contradictory_crs_is_refused_clearly(client, admin, site, make, form, field, words):
    resp = upload(client, admin, site["id"], make(), "f.zip", **form)
    assert resp.status_code == 422, resp.json
    errors = resp.json["detail"]["form_and_files"]
    assert field in errors and words in str(errors[field])


def test_a_shapefile_without_prj_imports_with_an_explicit_crs(client, admin, site):
    resp = upload(client, admin, site["id"], shapefile_zip(None), "noprj.zip", crs="EPSG:26986")
    assert resp.status_code == 201 and resp.json["crs_detected_from"] == "parameter"


def test_coordinates_nested_deeper_than_geojson_allows_are_refused_per_feature(client, admin, site):
    deep = {"type": "Feature", "properties": {"id": "D-1", "type": "pond"},
            "geometry": {"type": "MultiPolygon", "coordinates": [[[[[[-70.8, 41.9]]]]]]}}
    resp = upload(client, admin, site["id"], geojson("EPSG:26986", features=[deep]), "deep.geojson")
    assert resp.status_code == 422
    assert resp.json["detail"]["features"][0]["path"] == "geometry.coordinates"


def test_state_plane_coordinates_without_a_crs_get_a_hint(client, admin, site):
    resp = upload(client, admin, site["id"], geojson("EPSG:2249", with_crs_member=False), "sp.geojson")
    assert resp.status_code == 422
    assert "is the file in state plane" in resp.json["detail"]["features"][0]["message"]


@pytest.mark.parametrize(
    "data,filename,words",
    [
        pytest.param(b"", "empty.geojson", "empty", id="empty"),
        pytest.param(b"{not json", "x.geojson", "invalid JSON", id="not json"),
        pytest.param(b"[" * 100_000 + b"]" * 100_000, "x.geojson", "GeoJSON", id="hostile nesting"),
        pytest.param(
            b'{"type": "Point", "coordinates": [0, 0]}', "x.geojson", "FeatureCollection", id="a point"
        ),
        pytest.param(
            b'{"type": "FeatureCollection", "features": {}}',
            "x.geojson",
            "must be a list",
            id="features dict",
        ),
        pytest.param(
            b'{"type": "FeatureCollection", "features": []}', "x.geojson", "no features", id="no features"
        ),
        pytest.param(b"\x00\x01binary", "x.shp", "one .zip", id="a bare .shp"),
        pytest.param(b"PK\x03\x04garbage", "x.zip", "zip", id="broken zip"),
        pytest.param(zip_of({"readme.txt": b"hi"}), "x.zip", "exactly one .shp", id="zip without shp"),
        pytest.param(
            zip_of({"a.shp": b"x", "b.shp": b"y"}), "x.zip", "exactly one .shp", id="two shapefiles"
        ),
        pytest.param(zip_of({"a.shp": b"x", "a.dbf": b"y"}), "x.zip", ".shx", id="missing shx"),
        pytest.param(
            zip_of(
                {
                    "a.shp": b"\x00" * 10,
                    "a.shx": b"\x00" * 10,
                    "a.dbf": b"\x00" * 10,
                    "a.prj": b'GEOGCS["GCS_WGS_1984"]',
                }
            ),
            "x.zip",
            "",
            id="damaged shapefile",
        ),
    ],
)
def test_unreadable_files_are_422_naming_the_file(client, admin, site, data, filename, words):
    resp = upload(client, admin, site["id"], data, filename)
    assert resp.status_code == 422, resp.json
    assert words in str(resp.json["detail"]["form_and_files"]["file"])


def test_the_file_is_required_and_only_admins_import_into_their_own_town(client, world, admin, site):
    url = f"/api/v1/admin/sites/{site['id']}/delineations"
    resp = client.post(url, headers=admin, data={"crs": "EPSG:4326"}, content_type="multipart/form-data")
    assert resp.status_code == 422 and "file" in resp.json["detail"]["form_and_files"]
    assert (
        upload(client, world.headers("carver", "agent"), site["id"], geojson("EPSG:4326"), "a").status_code
        == 403
    )
    assert (
        upload(
            client, world.headers("upton", "town_admin"), site["id"], geojson("EPSG:4326"), "a"
        ).status_code
        == 404
    )
