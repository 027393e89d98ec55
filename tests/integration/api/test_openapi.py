from openapi_spec_validator import validate


def test_openapi_document_validates_as_openapi_3(client):
    resp = client.get("/api/v1/openapi.json")
    assert resp.status_code == 200
    spec = resp.json
    assert spec["openapi"].startswith("3.")
    validate(spec)
    assert "/api/v1/inspections" in spec["paths"]
    assert spec["components"]["securitySchemes"]["BearerAuth"]["scheme"] == "bearer"
