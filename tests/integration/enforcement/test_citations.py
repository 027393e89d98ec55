"""§ 21D citations: proposed by the daily job, issued by the officer the bylaw names, singly or in a batch;
refused (with the rule) for any other role, after the 15-day mailing window, or when already issued."""

from __future__ import annotations

import uuid

import pytest

from tests.integration.enforcement.support_b import (
    PLANNING_BOARD_VOTE,
    amounts,
    at,
    citations,
    counts,
    create_violation,
    issued_order,
    outbox,
    party,
    run_jobs,
    site,
)


@pytest.fixture
def agent(world):
    return world.headers("carver", "agent")


@pytest.fixture
def zeo(world):
    return world.headers("carver", "enforcing_officer")


@pytest.fixture
def board(world):
    return world.headers("carver", "board_member", "planning")


@pytest.fixture
def proposed(app, client, agent, board):
    """A Carver 247 violation since Fri 2026-04-03 on the noncriminal path: four proposals after Mon's run."""
    s, p = site("Cedar Brook"), party("Cedar Brook Homes Inc.")
    v = create_violation(
        client, agent, s.id, p.id, "CARVER-247", "CARVER-247-DESIGN-MAINTAIN", "2026-04-03T09:00:00-04:00"
    )
    order = issued_order(
        client,
        board,
        s.id,
        [v["id"]],
        "CARVER-247",
        "noncriminal",
        "2026-04-03T12:00:00-04:00",
        PLANNING_BOARD_VOTE,
    )
    run_jobs(app, "2026-04-06T20:00:00-04:00")
    return order, citations(client, agent, status="proposed")


def issue(client, headers, **body):
    return client.post("/api/v1/citations/issue", headers=headers, json=body)


def test_the_zoning_enforcement_officer_issues_the_orders_citations_in_a_batch(client, zeo, proposed):
    order, rows = proposed
    resp = issue(client, zeo, order_id=order["id"])
    assert resp.status_code == 200, resp.json
    issued = resp.json["issued"]
    assert amounts(issued) == [10000, 20000, 300000, 300000] and resp.json["skipped"] == []
    first = issued[0]
    assert first["status"] == "issued" and first["detail"]["issuer_role"] == "enforcing_officer"
    assert first["detail"]["authority_rule_id"] == "CARVER-247-NONCRIM-ZEO"
    assert (first["detail"]["notice_on"], first["detail"]["appear_by_on"]) == ("2026-04-06", "2026-04-27")
    assert "Carver By-laws" in first["detail"]["procedure"] and "AMB-18" in first["detail"]["flags"]
    assert citations(client, zeo, status="proposed") == []
    [sms] = outbox("sms", "citations.issued")
    text = sms.payload["text"]
    assert "$100.00" in text and "$200.00" in text and "amount pending the town's confirmation" in text
    assert "3,000" not in text  # AMB-17: withheld until the town confirms its setting


@pytest.mark.parametrize("who", ["planning board member", "conservation agent"])
def test_any_other_role_is_refused_with_the_rule_that_names_the_officer(client, world, proposed, who):
    headers = (
        world.headers("carver", "board_member", "planning")
        if who == "planning board member"
        else world.headers("carver", "agent")
    )
    order, rows = proposed
    for body in ({"order_id": order["id"]}, {"ids": [rows[0]["id"]]}):
        resp = issue(client, headers, **body)
        assert resp.status_code == 403, resp.json
        assert resp.json["detail"]["rule_id"] == "CARVER-247-NONCRIM-ZEO"
        assert "it is for the enforcing officer" in resp.json["message"]  # in words: no rule id
        assert "NONCRIM" not in resp.json["message"]
    assert len(citations(client, headers, status="proposed")) == 4 and outbox("sms", "citations.issued") == []


def test_explicit_ids_are_all_or_nothing(client, zeo, proposed):
    _, rows = proposed
    assert issue(client, zeo, ids=[rows[0]["id"]]).status_code == 200
    before = counts()
    resp = issue(client, zeo, ids=[rows[0]["id"], rows[1]["id"]])
    assert resp.status_code == 409 and "the citation is issued" in resp.json["message"]
    assert (
        counts() == before
        and [r["id"] for r in citations(client, zeo, status="proposed")][0] == rows[1]["id"]
    )


def test_after_the_15_day_mailing_window_a_citation_may_not_issue(app, client, world, proposed):
    order, rows = proposed
    app.extensions["clock"].at = at("2026-04-20T10:00:00-04:00")
    zeo = world.headers("carver", "enforcing_officer")
    refused = issue(client, zeo, ids=[rows[0]["id"]])
    assert refused.status_code == 409 and "EXT-21D-15D" in refused.json["message"]
    resp = issue(client, zeo, order_id=order["id"])
    assert resp.status_code == 200
    assert [s["reason"][:11] for s in resp.json["skipped"]] == ["EXT-21D-15D"] * 2  # 04-03 and 04-04
    assert [c["local_date"] for c in resp.json["issued"]] == ["2026-04-05", "2026-04-06"]


def test_in_hand_delivery_only_at_the_time_and_place_of_the_violation(client, zeo, proposed):
    _, rows = proposed
    resp = issue(client, zeo, ids=[rows[0]["id"]], delivery="in_hand")
    assert resp.status_code == 409 and "in-hand delivery only" in resp.json["message"]
    ok = issue(client, zeo, ids=[rows[-1]["id"]], delivery="in_hand", notice_on="2026-04-06")
    assert ok.status_code == 200 and ok.json["issued"][0]["detail"]["delivery"] == "in_hand"


@pytest.mark.parametrize(
    "body,field",
    [
        pytest.param({}, "ids", id="neither ids nor order"),
        pytest.param({"ids": [], "order_id": None}, "ids", id="empty ids"),
        pytest.param({"ids": ["not-a-uuid"]}, "ids", id="garbage id"),
        pytest.param({"ids": [str(uuid.UUID(int=1))] * 2}, "ids", id="duplicate ids"),
        pytest.param({"ids": [str(uuid.uuid4()) for _ in range(501)]}, "ids", id="too many ids"),
        pytest.param({"order_id": "1; DROP TABLE fine_accruals"}, "order_id", id="hostile order id"),
        pytest.param({"order_id": str(uuid.UUID(int=2)), "ids": [str(uuid.UUID(int=3))]}, "ids", id="both"),
        pytest.param(
            {"order_id": str(uuid.UUID(int=2)), "delivery": "carrier pigeon"}, "delivery", id="delivery"
        ),
        pytest.param({"order_id": str(uuid.UUID(int=2)), "notice_on": "soon"}, "notice_on", id="notice date"),
        pytest.param({"order_id": str(uuid.UUID(int=2)), "vote": {"yes": -1}}, "vote", id="negative vote"),
    ],
)
def test_bad_issue_input_is_422_naming_the_field_and_changes_nothing(client, zeo, proposed, body, field):
    before = counts()
    resp = issue(client, zeo, **body)
    assert resp.status_code == 422 and field in str(resp.json["detail"]), resp.json
    assert counts() == before


def test_a_body_that_is_not_an_object_is_422(client, zeo, proposed):
    resp = client.post("/api/v1/citations/issue", headers=zeo, json=[1, 2, 3])
    assert resp.status_code == 422


def test_unknown_or_another_towns_citations_and_orders_are_404(client, world, zeo, proposed):
    order, rows = proposed
    assert issue(client, zeo, ids=[str(uuid.uuid4())]).status_code == 404
    upton = world.headers("upton", "agent")
    assert issue(client, upton, ids=[rows[0]["id"]]).status_code == 404
    assert issue(client, upton, order_id=order["id"]).status_code == 404
    assert client.get(f"/api/v1/citations?order_id={order['id']}", headers=upton).status_code == 404
    assert client.get("/api/v1/citations", headers=upton).json == []


def test_a_town_admin_may_read_but_not_issue(client, world, proposed):
    admin = world.headers("carver", "town_admin")
    order, _ = proposed
    assert len(citations(client, admin)) == 4
    assert issue(client, admin, order_id=order["id"]).status_code == 403


@pytest.mark.parametrize("query", ["status=paid", "order_id=nope", "limit=-5"])
def test_bad_citation_queries_are_422(client, zeo, query):
    assert client.get(f"/api/v1/citations?{query}", headers=zeo).status_code == 422


@pytest.mark.parametrize(
    "query",
    ["", "order_id=00000000-0000-0000-0000-000000000001&violation_id=00000000-0000-0000-0000-000000000001"],
)
def test_an_assessment_needs_exactly_one_of_order_or_violation(client, zeo, query):
    resp = client.get(f"/api/v1/assessments?{query}", headers=zeo)
    assert resp.status_code == 422 and "order_id" in str(resp.json["detail"])


def test_the_assessment_of_an_order_totals_issued_and_proposed_citations(client, zeo, proposed):
    order, rows = proposed
    issue(client, zeo, ids=[rows[0]["id"], rows[1]["id"]])
    body = client.get(f"/api/v1/assessments?order_id={order['id']}", headers=zeo).json
    nc = body["noncriminal"]
    assert (nc["issued_cents"], nc["proposed_cents"], nc["withheld"]) == (30000, 600000, 2)
    assert nc["label"].startswith("noncriminal (MGL c. 40 § 21D)") and body["criminal"]["rows"] == []


def test_a_town_setting_the_engine_refuses_is_a_409_not_a_500(client, zeo, proposed):
    from sqlalchemy import select

    from backend.audit import acting_as
    from backend.extensions import db
    from backend.models import Town

    order, _ = proposed
    with acting_as("test:bad-setting"):
        db.session.scalar(select(Town).where(Town.slug == "carver")).settings = {"roll_c4s9": "sometimes"}
        db.session.commit()
    resp = issue(client, zeo, order_id=order["id"])
    assert resp.status_code == 409 and "roll_c4s9" in resp.json["message"]
    assert len(citations(client, zeo, status="proposed")) == 4


@pytest.mark.parametrize(("language", "said"), [
    ("en", ("4 fines (citations", "Apr 3, 2026, $100", "Apr 4, 2026, $200", "amount to be confirmed")),
    ("es", ("4 multas", "3 abr 2026, $100", "4 abr 2026, $200", "monto por confirmar")),
])
def test_the_party_reads_the_issued_citations_as_fines_in_their_language(client, zeo, proposed, language,
                                                                         said):
    from backend.extensions import db
    from backend.notifications.catalogue import kind
    from backend.notifications.registry import sms_text

    party("Cedar Brook Homes Inc.").language = language
    db.session.commit()
    order, _rows = proposed
    assert issue(client, zeo, order_id=order["id"]).status_code == 200
    [row] = outbox("sms", "citations.issued")
    spec = kind("citations_issued")
    assert spec.enrich is not None and spec.enrich(db.session, row)  # the party's language, at first attempt
    text = sms_text(spec, row.payload)
    assert all(part in text for part in said), text
    assert "3,000" not in text and "2026-04" not in text  # withheld until confirmed; dates spelled
