"""Every route is authenticated (walked from app.url_map); another town's records are 404."""
from __future__ import annotations

import re
import uuid

import pytest

from backend.security import PUBLIC_ENDPOINTS, PUBLIC_PREFIXES, is_public

# The explicit public allow-list. Adding a public endpoint means changing this test on purpose.
# The reset-password page is public (its one-time token travels in the URL fragment, to the API only).
EXPECTED_PUBLIC = {"static", "auth.issue_token", "openapi.spec", "health.healthz", "reset_page.page",
                   "reset_page.invitation", "reset_page.static",
                   "calendar_feed.feed"}  # the feed: its secret URL is the key
EXPECTED_PREFIXES = ("webhooks.", "public.", "fieldapp.", "webhooks_twilio.", "public_notice.")


SAMPLE = {"uuid": lambda: str(uuid.uuid4()), "int": lambda: "1", "path": lambda: "x/y",
          "default": lambda: "x"}


def _sample(converter: str | None) -> str:
    if converter and converter.startswith("any("):  # any(a, b): the first choice
        return converter[4:].split(",")[0].strip(" )'\"")
    return SAMPLE.get(converter or "default", SAMPLE["default"])()


def _concrete(rule) -> str:
    return re.sub(r"<(?:([^:>]+\)|[^:>]+):)?([^>]+)>", lambda m: _sample(m.group(1)), rule.rule)


def test_the_public_allow_list_is_exactly_the_expected_one():
    assert PUBLIC_ENDPOINTS == EXPECTED_PUBLIC
    assert PUBLIC_PREFIXES == EXPECTED_PREFIXES


def test_every_url_rule_answers_401_without_credentials(app, client):
    checked = 0
    for rule in app.url_map.iter_rules():
        if is_public(rule.endpoint):
            continue
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            resp = client.open(_concrete(rule), method=method, json={})
            assert resp.status_code == 401, (f"{method} {rule.rule} answered {resp.status_code} "
                                             "without a token")
            assert resp.is_json and resp.json["message"]
            checked += 1
    assert checked >= 20


def test_a_bad_or_revoked_token_is_401(world, client):
    headers = world.headers("carver", "agent")
    assert client.get("/api/v1/sites", headers=headers).status_code == 200
    assert client.get("/api/v1/sites", headers={"Authorization": "Bearer fe_nope"}).status_code == 401
    assert client.delete("/api/v1/auth/token", headers=headers).status_code == 204
    assert client.get("/api/v1/sites", headers=headers).status_code == 401


def test_token_expires(world, client, app):
    headers = world.headers("carver", "agent")
    app.extensions["clock"].advance(days=15)
    resp = client.get("/api/v1/sites", headers=headers)
    assert resp.status_code == 401 and "expired" in resp.json["message"]


def test_login_errors_are_clear(world, client):
    email, password = world.account("carver", "agent")
    assert client.post("/api/v1/auth/token", json={"email": email, "password": "wrong", "town": "carver"}
                       ).status_code == 401
    resp = client.post("/api/v1/auth/token", json={"email": email, "password": password, "town": "upton"})
    assert resp.status_code == 403 and "no role" in resp.json["message"]
    resp = client.post("/api/v1/auth/token", json={"email": email})
    assert resp.status_code == 422 and {"password", "town"} <= set(resp.json["detail"]["json"])
    resp = client.post("/api/v1/auth/token", data="not json", content_type="application/json")
    assert resp.status_code in (400, 422) and resp.is_json


def test_login_is_rate_limited_per_account(world, app, client):
    settings = app.config["SETTINGS"]
    settings.login_rate_limit = "10 per minute"
    from backend.extensions import limiter
    limiter.reset()
    try:
        email, _ = world.account("upton", "agent")
        codes = [client.post("/api/v1/auth/token", json={"email": email, "password": "x", "town": "upton"}
                             ).status_code for _ in range(12)]
        assert codes[:10] == [401] * 10 and codes[10:] == [429, 429]
        other, password = world.account("carver", "agent")
        assert client.post("/api/v1/auth/token", json={"email": other, "password": password, "town": "carver"}
                           ).status_code == 201
    finally:
        settings.login_rate_limit = "10000 per minute"
        limiter.reset()


def test_one_agent_serves_two_towns_one_town_per_token(world, client):
    email, password = world.account("upton", "agent", "conservation")
    shared = [k for k in world.accounts if k[2] == "shared.agent@example.org"][0]
    password = world.accounts[shared]
    for town in ("upton", "gardner"):
        resp = client.post("/api/v1/auth/token",
                           json={"email": shared[2], "password": password, "town": town})
        assert resp.status_code == 201 and resp.json["town"] == town
        sites = client.get("/api/v1/sites", headers={"Authorization": f"Bearer {resp.json['token']}"}).json
        assert sites and all(town.title() in s["address"] or town == "gardner" for s in sites)
    assert email


@pytest.mark.parametrize("path", ["/api/v1/sites/{site}", "/api/v1/violations/{violation}",
                                  "/api/v1/orders/{order}", "/api/v1/inspections/{inspection}"])
def test_another_towns_record_is_404_for_every_resource_type(world, client, path):
    ids = _carver_records(world, client)
    upton = world.headers("upton", "agent")
    resp = client.get(path.format(**ids), headers=upton)
    assert resp.status_code == 404, resp.json
    carver = world.headers("carver", "agent")
    assert client.get(path.format(**ids), headers=carver).status_code == 200


def test_geojson_layers_only_hold_the_callers_town(world, client):
    _carver_records(world, client)
    upton = client.get("/api/v1/violations.geojson", headers=world.headers("upton", "agent"))
    carver = client.get("/api/v1/violations.geojson", headers=world.headers("carver", "agent"))
    assert upton.mimetype == "application/geo+json"
    assert upton.json["features"] == [] and len(carver.json["features"]) == 1
    sites = client.get("/api/v1/sites.geojson", headers=world.headers("upton", "agent")).json
    assert [f["properties"]["name"] for f in sites["features"]] == ["Mechanic St house lot (vernal pool)"]


def _carver_records(world, client) -> dict[str, str]:
    h = world.headers("carver", "agent")
    site = next(s for s in client.get("/api/v1/sites", headers=h).json if "gravel" in s["name"])
    insp_id = str(uuid.uuid4())
    assert client.post("/api/v1/inspections", headers=h, json={
        "id": insp_id, "site_id": site["id"], "entry_basis": "permit_on_file",
        "started_at": "2026-04-06T09:30:00-04:00"}).status_code == 201
    v = client.post("/api/v1/violations", headers=h, json={
        "site_id": site["id"], "chapter": "CARVER-136", "provision": "CARVER-136-BUFFER-50FT",
        "description": "Excavation within 50 ft of the property line",
        "observed_at": "2026-04-06T10:00:00-04:00"})
    assert v.status_code == 201, v.json
    o = client.post("/api/v1/orders", headers=h, json={
        "site_id": site["id"], "kind": "cease_and_desist", "chapter": "CARVER-136",
        "violation_ids": [v.json["id"]]})
    assert o.status_code == 201, o.json
    return {"site": site["id"], "violation": v.json["id"], "order": o.json["id"], "inspection": insp_id}
