"""Sites, parties and permits: town admins create, update and deactivate; everything is audited;
another town's records are 404."""

from __future__ import annotations

import uuid

import pytest

from tests.integration.admin.conftest import audit_trail, patch

SITE = {
    "name": "Rocky Meadow sand pit",
    "address": "100 Rocky Meadow St, Carver, MA 02330",
    "map_lot": "Map 9 Lot 1",
    "lat": 41.8900,
    "lon": -70.7600,
}
PARTY = {
    "kind": "permittee",
    "name": "Meadow Sand LLC",
    "phone": "(508) 555-0199",
    "language": "pt",
    "sms_consent": True,
    "mailing_address": "1 Meadow Rd, Carver MA",
}


def make(client, h, kind, body, status=201):
    resp = client.post(f"/api/v1/admin/{kind}", headers=h, json=body)
    assert resp.status_code == status, resp.json
    return resp.json


def authority_id(client, h, chapter):
    permits = client.get("/api/v1/admin/permits", headers=h).json
    return next(p["authority_id"] for p in permits if p["chapter"] == chapter)


def permit_body(client, h, site_id, **over):
    return {
        "site_id": site_id,
        "authority_id": authority_id(client, h, "CARVER-136"),
        "kind": "earth_removal_full",
        "chapter": "CARVER-136",
        "number": "ERC-2026-09",
        "issued_on": "2026-04-01",
        "expires_on": "2027-04-01",
        "conditions": [
            {
                "id": "C-1",
                "kind": "hours",
                "text": "Trucking 7-17",
                "days": "Mon-Fri",
                "start": "07:00",
                "end": "17:00",
            },
            {"id": "C-2", "kind": "volume_limit", "text": "40,000 cy a year", "cubic_yards_per_year": 40000},
        ],
    } | over


def test_a_site_is_created_updated_and_deactivated_with_an_audit_entry_each(client, admin, agent):
    site = make(client, admin, "sites", SITE)
    url = f"/api/v1/admin/sites/{site['id']}"
    assert (
        patch(client, url, admin, {"name": "Rocky Meadow pit (north)"}).json["name"]
        == "Rocky Meadow pit (north)"
    )
    assert patch(client, url, admin, {"active": False}).json["active"] is False
    assert site["id"] not in [s["id"] for s in client.get("/api/v1/sites", headers=agent).json]
    listed = client.get("/api/v1/admin/sites?include_inactive=true", headers=agent).json
    assert site["id"] in [s["id"] for s in listed]
    trail = audit_trail("Site", site["id"])
    assert [a for a, _, _ in trail] == ["create", "update", "update"]
    assert {actor for _, actor, _ in trail} == {"user:carver.town-admin@example.org"}
    assert trail[1][2]["name"] == "Rocky Meadow pit (north)" and trail[2][2]["active"] is False


def test_a_party_phone_is_normalised_to_e164_and_changes_are_audited(client, admin):
    party = make(client, admin, "parties", PARTY)
    assert party["phone_e164"] == "+15085550199" and party["language"] == "pt"
    url = f"/api/v1/admin/parties/{party['id']}"
    assert patch(client, url, admin, {"phone": "508.555.0123"}).json["phone_e164"] == "+15085550123"
    assert patch(client, url, admin, {"active": False}).json["active"] is False
    trail = audit_trail("Party", party["id"])
    assert [(a, s["phone_e164"], s["active"]) for a, _, s in trail] == [
        ("create", "+15085550199", True),
        ("update", "+15085550123", True),
        ("update", "+15085550123", False),
    ]


def test_a_permit_keeps_structured_conditions_and_is_audited(client, admin):
    site = make(client, admin, "sites", SITE)
    owner = make(client, admin, "parties", PARTY)
    permit = make(client, admin, "permits", permit_body(client, admin, site["id"], permittee_id=owner["id"]))
    assert permit["conditions"][1] == {
        "id": "C-2",
        "kind": "volume_limit",
        "text": "40,000 cy a year",
        "cubic_yards_per_year": 40000,
    }
    url = f"/api/v1/admin/permits/{permit['id']}"
    changed = patch(
        client,
        url,
        admin,
        {
            "conditions": [
                {
                    "id": "C-3",
                    "kind": "truck_route",
                    "text": "Route 58",
                    "route": "Rocky Meadow St to Route 58",
                }
            ]
        },
    )
    assert changed.status_code == 200 and changed.json["conditions"][0]["route"].endswith("Route 58")
    assert patch(client, url, admin, {"active": False}).json["active"] is False
    trail = audit_trail("Permit", permit["id"])
    assert [a for a, _, _ in trail] == ["create", "update", "update"]
    assert trail[1][2]["conditions"][0]["id"] == "C-3"


def test_the_site_detail_shows_only_active_permits(client, admin, agent):
    site = make(client, admin, "sites", SITE)
    permit = make(client, admin, "permits", permit_body(client, admin, site["id"]))
    assert [p["id"] for p in client.get(f"/api/v1/sites/{site['id']}", headers=agent).json["permits"]] == [
        permit["id"]
    ]
    patch(client, f"/api/v1/admin/permits/{permit['id']}", admin, {"active": False})
    assert client.get(f"/api/v1/sites/{site['id']}", headers=agent).json["permits"] == []


@pytest.mark.parametrize("kind", ["sites", "parties", "permits"])
def test_another_towns_record_is_404_to_read_and_to_edit(client, admin, upton_admin, kind):
    theirs = client.get(f"/api/v1/admin/{kind}", headers=upton_admin).json[0]
    url = f"/api/v1/admin/{kind}/{theirs['id']}"
    assert client.get(url, headers=admin).status_code == 404
    resp = client.patch(url, headers=admin | {"If-Match": "*"}, json={"active": False})
    assert resp.status_code == 404
    assert client.get(url, headers=upton_admin).json["active"] is True


def test_a_permit_cannot_point_at_another_towns_site_or_party(client, admin, upton_admin):
    site = make(client, admin, "sites", SITE)
    their_site = client.get("/api/v1/admin/sites", headers=upton_admin).json[0]
    their_party = client.get("/api/v1/admin/parties", headers=upton_admin).json[0]
    assert (
        client.post(
            "/api/v1/admin/permits", headers=admin, json=permit_body(client, admin, their_site["id"])
        ).status_code
        == 404
    )
    assert (
        client.post(
            "/api/v1/admin/permits",
            headers=admin,
            json=permit_body(client, admin, site["id"], operator_id=their_party["id"]),
        ).status_code
        == 404
    )


@pytest.mark.parametrize("role", ["agent", "board_member", "enforcing_officer"])
def test_only_town_admins_write_records_but_every_role_reads_them(client, world, role):
    h = world.headers("carver", role)
    assert client.post("/api/v1/admin/sites", headers=h, json=SITE).status_code == 403
    assert client.post("/api/v1/admin/parties", headers=h, json=PARTY).status_code == 403
    site = client.get("/api/v1/admin/sites", headers=h).json[0]
    resp = client.patch(
        f"/api/v1/admin/sites/{site['id']}", headers=h | {"If-Match": "*"}, json={"name": "x"}
    )
    assert resp.status_code == 403
    assert client.get("/api/v1/admin/parties", headers=h).status_code == 200


def test_an_edit_needs_the_current_etag(client, admin):
    site = make(client, admin, "sites", SITE)
    url = f"/api/v1/admin/sites/{site['id']}"
    stale = client.get(url, headers=admin).headers["ETag"]
    assert client.patch(url, headers=admin, json={"name": "A"}).status_code == 428
    assert client.patch(url, headers=admin | {"If-Match": stale}, json={"name": "B"}).status_code == 200
    resp = client.patch(url, headers=admin | {"If-Match": stale}, json={"name": "C"})
    assert resp.status_code == 412 and client.get(url, headers=admin).json["name"] == "B"


@pytest.mark.parametrize(
    "body,field",
    [
        pytest.param({}, "name", id="missing everything"),
        pytest.param(SITE | {"name": "   "}, "name", id="blank name"),
        pytest.param(SITE | {"lat": "north"}, "lat", id="lat not a number"),
        pytest.param(SITE | {"lat": 40.7, "lon": -74.0}, "lat", id="outside Massachusetts"),
        pytest.param(SITE | {"lat": None}, "lat", id="null lat"),
        pytest.param(
            SITE | {"boundary": {"type": "Point", "coordinates": [-70.76, 41.89]}}, "boundary", id="point"
        ),
        pytest.param(
            SITE | {"boundary": {"type": "Polygon", "coordinates": "x"}}, "boundary", id="garbage polygon"
        ),
        pytest.param(
            SITE | {"boundary": {"type": "Polygon", "coordinates": {"x": 1}}}, "boundary",
            id="coordinates a dict"
        ),
        pytest.param(
            SITE | {"boundary": {"type": "MultiPolygon", "coordinates": [[[[[[1, 2]]]]]]}},
            "boundary",
            id="nested too deep",
        ),
        pytest.param(
            SITE
            | {"boundary": {"type": "Polygon", "coordinates": [[[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]]]}},
            "boundary",
            id="self-intersecting, outside MA",
        ),
        pytest.param(SITE | {"name": "x" * 201}, "name", id="too long"),
        pytest.param(SITE | {"owner": "me"}, "owner", id="unknown field"),
    ],
)
def test_bad_site_input_is_a_422_naming_the_field(client, admin, body, field):
    resp = client.post("/api/v1/admin/sites", headers=admin, json=body)
    assert resp.status_code == 422 and field in resp.json["detail"]["json"], resp.json


@pytest.mark.parametrize(
    "body,field",
    [
        pytest.param(PARTY | {"phone": "555-0199"}, "phone", id="too short for a US number"),
        pytest.param(PARTY | {"phone": "call me maybe"}, "phone", id="not a number"),
        pytest.param(PARTY | {"phone": "+1 508 555 01999999"}, "phone", id="too long"),
        pytest.param(PARTY | {"language": "fr"}, "language", id="unsupported language"),
        pytest.param(PARTY | {"kind": "villain"}, "kind", id="unknown kind"),
        pytest.param(PARTY | {"phone": None}, "sms_consent", id="consent without a phone"),
        pytest.param(PARTY | {"sms_consent": "perhaps"}, "sms_consent", id="consent not a boolean"),
        pytest.param(PARTY | {"name": "<script>" + "x" * 300}, "name", id="hostile long name"),
    ],
)
def test_bad_party_input_is_a_422_naming_the_field(client, admin, body, field):
    resp = client.post("/api/v1/admin/parties", headers=admin, json=body)
    assert resp.status_code == 422 and field in resp.json["detail"]["json"], resp.json


@pytest.mark.parametrize(
    "over,field,status",
    [
        pytest.param({"chapter": "UPTON-280"}, "chapter", 422, id="chapter of no Carver board"),
        pytest.param({"chapter": "CARVER-281"}, "chapter", 422, id="chapter of another board"),
        pytest.param({"kind": "licence"}, "kind", 422, id="unknown kind"),
        pytest.param({"expires_on": "2026-01-01"}, "expires_on", 422, id="expires before issued"),
        pytest.param({"issued_on": "2026-02-30"}, "issued_on", 422, id="no such date"),
        pytest.param(
            {"conditions": [{"id": "C-1", "kind": "hours", "text": "t"}]},
            "conditions",
            422,
            id="hours without times",
        ),
        pytest.param(
            {"conditions": [{"id": "C-1", "kind": "hours", "text": "t", "start": "17:00", "end": "07:00"}]},
            "conditions",
            422,
            id="hours ending before they start",
        ),
        pytest.param(
            {
                "conditions": [
                    {"id": "C-1", "kind": "special", "text": "a"},
                    {"id": "C-1", "kind": "special", "text": "b"},
                ]
            },
            "conditions",
            422,
            id="duplicate condition ids",
        ),
        pytest.param(
            {"conditions": [{"id": "C-1", "kind": "volume_limit", "text": "cap"}]},
            "conditions",
            422,
            id="volume limit without a number",
        ),
        pytest.param({"conditions": "none"}, "conditions", 422, id="conditions not a list"),
        pytest.param({"number": "ERC-2026-04"}, "number", 409, id="number already used"),
        pytest.param({"active": False}, "active", 422, id="a new permit cannot start inactive"),
    ],
)
def test_bad_permit_input_is_refused_naming_the_field(client, admin, over, field, status):
    site = make(client, admin, "sites", SITE)
    resp = client.post(
        "/api/v1/admin/permits", headers=admin, json=permit_body(client, admin, site["id"], **over)
    )
    assert resp.status_code == status and field in resp.json["detail"]["json"], resp.json


def test_a_refused_edit_changes_nothing(client, admin):
    site = make(client, admin, "sites", SITE)
    permit = make(client, admin, "permits", permit_body(client, admin, site["id"]))
    url = f"/api/v1/admin/permits/{permit['id']}"
    resp = patch(client, url, admin, {"notes": "new notes", "expires_on": "2020-01-01"})
    assert resp.status_code == 422
    assert client.get(url, headers=admin).json["notes"] is None
    assert len(audit_trail("Permit", permit["id"])) == 1


def test_unknown_ids_are_404(client, admin):
    missing = uuid.uuid4()
    for kind in ("sites", "parties", "permits"):
        assert client.get(f"/api/v1/admin/{kind}/{missing}", headers=admin).status_code == 404
