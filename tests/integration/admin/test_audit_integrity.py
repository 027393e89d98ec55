"""After a day of administration the town's audit chain still verifies against every current row."""

from __future__ import annotations

import io

from backend.audit_verify import verify_town
from backend.extensions import db
from tests.integration.admin.conftest import town
from tests.integration.admin.deadlines_builder import permit
from tests.integration.admin.delineation_builder import geojson


def test_the_chain_verifies_after_records_imports_accounts_submissions_and_tasks(client, admin, agent):
    site = client.post(
        "/api/v1/admin/sites",
        headers=admin,
        json={"name": "Audit pit", "address": "1 Audit Rd, Carver", "lat": 41.89, "lon": -70.76},
    ).json
    client.post(
        f"/api/v1/admin/sites/{site['id']}/delineations",
        headers=admin,
        data={"file": (io.BytesIO(geojson("EPSG:2249")), "w.geojson")},
        content_type="multipart/form-data",
    )
    created = client.post(
        "/api/v1/admin/users",
        headers=admin,
        json={"email": "new.agent@example.org", "name": "New Agent", "role": "agent"},
    ).json
    token = created["invitation_url"].split("#token=")[1]
    assert (
        client.post(
            "/api/v1/public/invitation", json={"token": token, "password": "a long enough password"}
        ).status_code
        == 201
    )
    joined = next(u for u in client.get("/api/v1/admin/users", headers=admin).json
                  if u["email"] == "new.agent@example.org")
    client.post(f"/api/v1/admin/users/{joined['id']}/revoke-tokens", headers=admin, json={})
    sub = client.post(
        "/api/v1/submissions",
        headers=agent,
        json={
            "permit_id": str(permit("LDP-2026-02").id),
            "kind": "reinspection_request",
            "received_at": "2026-04-06T09:00:00-04:00",
            "received_via": "portal",
        },
    )
    assert sub.status_code == 201
    report = verify_town(db.session, town("carver").id, b"test-audit-key")
    assert report.ok, report.problem
    assert report.events > 20
