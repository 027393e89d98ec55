"""The site map's one GeoJSON call: boundary, resource areas, the engine's buffer lines in plain words
(Carver 281's lines around the wetland, Carver 136's 50-ft property-line buffer), photo pins; and the
engine's "measure to the line" (CONV-DIST), town-scoped and bounded."""
from __future__ import annotations

import pytest

from backend.demo import FT_PER_DEG_LAT

pytestmark = pytest.mark.db


def _site(client, headers, name):  # type: ignore[no-untyped-def]
    return next(s for s in client.get("/api/v1/sites", headers=headers).json if s["name"] == name)


def test_the_gravel_pit_map_has_its_boundary_wetland_and_the_bylaws_lines_in_plain_words(world, client):
    headers = world.headers("carver", "agent")
    pit = _site(client, headers, "Plymouth St gravel pit")
    resp = client.get(f"/api/v1/sites/{pit['id']}/map", headers=headers)
    assert resp.status_code == 200 and resp.mimetype == "application/geo+json"
    kinds = [f["properties"]["kind"] for f in resp.json["features"]]
    assert kinds.count("boundary") == 1 and kinds.count("area") == 1
    buffers = {f["properties"]["label"]: f for f in resp.json["features"]
               if f["properties"]["kind"] == "buffer"}
    labels = " | ".join(buffers)
    assert "100-ft line of the bordering vegetated wetland (100-ft buffer zone, Carver wetlands bylaw)" \
        in labels
    assert "65-ft line" in labels
    assert "50-ft undisturbed buffer along the property line (Carver earth removal bylaw)" in labels
    assert "CARVER" not in labels and "_" not in labels
    for feature in buffers.values():
        assert feature["geometry"]["type"] in ("LineString", "MultiLineString")
        assert feature["properties"]["plane_rings_ft"][0][0] == feature["properties"]["plane_rings_ft"][0][-1]


def test_a_site_without_an_earth_removal_permit_has_no_property_line_buffer(world, client):
    headers = world.headers("carver", "agent")
    bog = _site(client, headers, "Federici bog, Tremont St")
    labels = [f["properties"].get("label", "") for f in client.get(
        f"/api/v1/sites/{bog['id']}/map", headers=headers).json["features"]]
    assert not [x for x in labels if "property line" in x]
    assert [x for x in labels if "cranberry bog (Federici bog)" in x]


def test_measure_to_the_line_answers_with_the_engines_rounding_or_indeterminate(world, client):
    """CONV-DIST: the property-line buffer's inner edge is 50 ft in from the boundary (a 400-ft half-side):
    the centre of the parcel is 350 ft from it, inside; a ±200 m fix there cannot answer."""
    headers = world.headers("carver", "agent")
    pit = _site(client, headers, "Plymouth St gravel pit")
    url = f"/api/v1/sites/{pit['id']}/measure"
    north = pit["lat"] + 300 / FT_PER_DEG_LAT  # 100 ft in from the north boundary: 50 ft past the line
    got = client.get(url, query_string={"lat": north, "lon": pit["lon"], "accuracy_m": 3},
                     headers=headers).json
    assert got["indeterminate"] is False and got["inside"] is True
    assert abs(got["distance_ft"] - 50) < 0.5 and "property line" in got["line"]
    assert got["words"].startswith(f"{got['distance_ft']} ft inside the 50-ft undisturbed buffer")
    vague = client.get(url, query_string={"lat": north, "lon": pit["lon"], "accuracy_m": 200},
                       headers=headers).json
    assert vague["indeterminate"] is True and vague["inside"] is None
    assert vague["words"].startswith("Indeterminate within ±656.2 ft of the")


@pytest.mark.parametrize("query, field", [
    ({"lat": 40, "lon": -70.7}, "lat"), ({"lat": 41.9, "lon": -60}, "lon"),
    ({"lat": 41.9, "lon": -70.7, "accuracy_m": -1}, "accuracy_m"), ({"lon": -70.7}, "lat")])
def test_a_bad_fix_is_a_400_naming_the_field(world, client, query, field):
    headers = world.headers("carver", "agent")
    pit = _site(client, headers, "Plymouth St gravel pit")
    resp = client.get(f"/api/v1/sites/{pit['id']}/measure", query_string=query, headers=headers)
    assert resp.status_code in (400, 422) and field in str(resp.json["detail"])


def test_another_towns_site_map_is_a_404(world, client):
    pit = _site(client, world.headers("carver", "agent"), "Plymouth St gravel pit")
    resp = client.get(f"/api/v1/sites/{pit['id']}/map", headers=world.headers("upton", "agent"))
    assert resp.status_code == 404


def test_the_field_app_reads_the_towns_rules_for_checklists_and_photo_accuracy(world, client):
    agent, admin = world.headers("carver", "agent"), world.headers("carver", "town_admin")
    assert client.get("/api/v1/field-settings", headers=agent).json == {
        "checklist_every_item_required": True, "photo_accuracy_max_m": 10}
    etag = client.get("/api/v1/admin/settings", headers=admin).headers["ETag"]
    refused = client.patch("/api/v1/admin/settings", headers={**admin, "If-Match": etag},
                           json={"set": {"photo_accuracy_max_m": 500}, "reset": []})
    assert refused.status_code == 422 and "photo_accuracy_max_m" in str(refused.json)
    done = client.patch("/api/v1/admin/settings", headers={**admin, "If-Match": etag}, json={
        "set": {"photo_accuracy_max_m": 25, "checklist_every_item_required": False}, "reset": []})
    assert done.status_code == 200, done.json
    assert client.get("/api/v1/field-settings", headers=agent).json == {
        "checklist_every_item_required": False, "photo_accuracy_max_m": 25}


def test_a_board_member_is_told_which_boards_are_theirs(world, client):
    boards = client.get("/api/v1/boards", headers=world.headers("carver", "board_member", "earth")).json
    mine = [b["name"] for b in boards if b["mine"]]
    assert mine == ["Carver Earth Removal Committee"] and len(boards) == 3
    assert next(b for b in boards if b["mine"])["chapters"] == ["CARVER-136"]
    agent = client.get("/api/v1/boards", headers=world.headers("carver", "agent")).json
    assert [b["name"] for b in agent if b["mine"]] == ["Carver Conservation Commission"]
