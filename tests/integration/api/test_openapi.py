from openapi_spec_validator import validate


def test_openapi_document_validates_as_openapi_3(client):
    resp = client.get("/api/v1/openapi.json")
    assert resp.status_code == 200
    spec = resp.json
    assert spec["openapi"].startswith("3.")
    validate(spec)
    assert "/api/v1/inspections" in spec["paths"]
    assert spec["components"]["securitySchemes"]["BearerAuth"]["scheme"] == "bearer"


def _operations(spec):
    for path, item in spec["paths"].items():
        for method, op in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                yield path, method, op


def test_every_operation_documents_the_errors_it_can_answer(client):
    """Issue 14 item 3: 401/403 when signed in, 404 with a record in the path, 409/422 for a change, 429 where
    a rate limit applies; each with the error body."""
    spec = client.get("/api/v1/openapi.json").json
    missing = []
    for path, method, op in _operations(spec):
        codes = set(op["responses"])
        want = set()
        if op.get("security") != []:
            want |= {"401", "403"}
        if "{" in path:
            want.add("404")
        if method != "get":
            want |= {"409", "422"}
        if path == "/api/v1/auth/token" or path.startswith("/api/v1/public/"):
            want.add("429")
        missing += [f"{method.upper()} {path}: {code}" for code in sorted(want - codes)]
    assert missing == []
    login = spec["paths"]["/api/v1/auth/token"]["post"]["responses"]
    assert {"401", "422", "429"} <= set(login)


def test_binary_answers_and_the_photo_upload_are_documented(client):
    paths = client.get("/api/v1/openapi.json").json["paths"]

    def content(path):
        return set(paths[path]["get"]["responses"]["200"]["content"])

    assert content("/api/v1/orders/{order_id}.pdf") == {"application/pdf"}
    assert content("/api/v1/orders/{order_id}/evidence.pdf") == {"application/pdf"}
    assert content("/api/v1/orders/{order_id}/evidence.zip") == {"application/zip"}
    assert "image/jpeg" in content("/api/v1/photos/{photo_id}/original")
    assert content("/api/v1/photos/{photo_id}/{name}") == {"image/jpeg"}
    upload = paths["/api/v1/inspections/{inspection_id}/photos"]["post"]["requestBody"]["content"]
    form = upload["multipart/form-data"]["schema"]
    assert {"file", "photo_id"} <= set(form["required"])
    assert form["properties"]["photo_id"]["format"] == "uuid"


def test_members_present_is_a_list_of_names(client):
    spec = client.get("/api/v1/openapi.json").json
    record = spec["paths"]["/api/v1/meetings/{meeting_id}/record"]["post"]["requestBody"]["content"]
    schema = record["application/json"]["schema"]
    if "$ref" in schema:
        schema = spec["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    present = schema["properties"]["members_present"]
    assert present["type"] == "array" and present["items"]["type"] == "string"
    transition = spec["paths"]["/api/v1/orders/{order_id}/transition"]["post"]["requestBody"]["content"]
    ref = transition["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    assert "members_present: [names]" in spec["components"]["schemas"][ref]["properties"]["authorization"][
        "description"]
