"""Checklist templates are stored by version; a permit's checklist merges its structured conditions."""
from __future__ import annotations

import uuid

from backend.extensions import db
from backend.models import ChecklistTemplate


def test_templates_are_listed_and_downloadable_by_version(world, client):
    h = world.headers("carver", "agent")
    listed = client.get("/api/v1/checklists", headers=h).json
    keys = {c["key"] for c in listed}
    assert {"carver-247-land-disturbance", "carver-136-earth-removal",
            "upton-280-order-of-conditions"} <= keys
    one = client.get("/api/v1/checklists/carver-247-land-disturbance/versions/1", headers=h)
    assert one.status_code == 200 and one.json["content"]["items"]
    assert client.get("/api/v1/checklists/carver-247-land-disturbance/versions/99",
                      headers=h).status_code == 404


def test_a_permits_special_conditions_become_items(world, client):
    h = world.headers("carver", "agent")
    pit = client.get("/api/v1/sites?q=gravel", headers=h).json[0]
    permit = client.get(f"/api/v1/sites/{pit['id']}", headers=h).json["permits"][0]
    merged = client.get(f"/api/v1/checklists/for-permit/{permit['id']}", headers=h)
    assert merged.status_code == 200, merged.json
    items = merged.json["content"]["items"]
    assert any(i.get("condition_id") == "C-2" for i in items), [i["id"] for i in items]
    other = client.get(f"/api/v1/checklists/for-permit/{permit['id']}",
                       headers=world.headers("upton", "agent"))
    assert other.status_code == 404


def test_a_submission_against_an_older_version_is_still_accepted(world, client):
    latest = db.session.query(ChecklistTemplate).filter_by(key="carver-247-land-disturbance").one()
    db.session.add(ChecklistTemplate(key=latest.key, version=latest.version + 1, chapter=latest.chapter,
                                     title=latest.title, content=latest.content))
    db.session.commit()
    h = world.headers("carver", "agent")
    site = client.get("/api/v1/sites?q=Cedar", headers=h).json[0]
    resp = client.post("/api/v1/inspections", headers=h, json={
        "id": str(uuid.uuid4()), "site_id": site["id"], "entry_basis": "permit_on_file",
        "started_at": "2026-04-06T09:00:00-04:00", "template_key": latest.key,
        "template_version": latest.version})
    assert resp.status_code == 201 and resp.json["template_id"] == str(latest.id)
