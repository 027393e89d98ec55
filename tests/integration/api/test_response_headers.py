"""API answers are never cached (Cache-Control: no-store); HSTS is sent when the request is HTTPS, including
behind a trusted proxy that says so (X-Forwarded-Proto, believed only with TRUSTED_PROXIES)."""
from __future__ import annotations


def test_api_responses_are_no_store_and_plain_http_gets_no_hsts(client):
    resp = client.get("/api/v1/openapi.json")
    assert resp.headers["Cache-Control"] == "no-store"
    assert "Strict-Transport-Security" not in resp.headers
    refused = client.get("/api/v1/sites")
    assert refused.status_code == 401 and refused.headers["Cache-Control"] == "no-store"


def test_https_gets_hsts(client):
    resp = client.get("/api/v1/openapi.json", base_url="https://field.example.org")
    assert resp.headers["Strict-Transport-Security"].startswith("max-age=31536000")


def test_a_forwarded_proto_is_not_believed_without_trusted_proxies(client):
    resp = client.get("/api/v1/openapi.json", headers={"X-Forwarded-Proto": "https"})
    assert "Strict-Transport-Security" not in resp.headers
