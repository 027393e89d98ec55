"""The daily offense-day job: one offense-day per violation, provision, offender and local date, recorded
once; assessments by the bylaw engine on the order's fine path; one courtesy SMS per party per day."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import select

from backend.audit import acting_as
from backend.extensions import db
from backend.models import Site, Town, Violation
from backend.services.accrual import run_accrual
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

CEDAR_PROVISION = "CARVER-247-DESIGN-MAINTAIN"


@pytest.fixture
def agent(world):
    return world.headers("carver", "agent")


@pytest.fixture
def board(world):
    return world.headers("carver", "board_member", "planning")


@pytest.fixture
def cedar(world):
    return site("Cedar Brook"), party("Cedar Brook Homes Inc.")


def cedar_violation(client, agent, cedar, observed_at="2026-04-03T09:00:00-04:00", provision=CEDAR_PROVISION):
    s, p = cedar
    return create_violation(client, agent, s.id, p.id, "CARVER-247", provision, observed_at)


def offense_dates(client, headers, violation_id) -> list[str]:
    resp = client.get(f"/api/v1/offense-days?violation_id={violation_id}", headers=headers)
    assert resp.status_code == 200, resp.json
    return [d["local_date"] for d in resp.json]


def test_every_local_day_since_the_violation_began_is_one_offense_day_recorded_once(
    app, client, agent, cedar
):
    v = cedar_violation(client, agent, cedar)
    run_jobs(app, "2026-04-06T20:00:00-04:00", "offense-days")
    assert offense_dates(client, agent, v["id"]) == ["2026-04-03", "2026-04-04", "2026-04-05", "2026-04-06"]
    day = client.get(f"/api/v1/offense-days?violation_id={v['id']}", headers=agent).json[0]
    assert (day["provision"], day["offender_id"], day["line_item"]) == (CEDAR_PROVISION, str(cedar[1].id), 1)
    before = counts()
    run_jobs(app, "2026-04-06T20:00:00-04:00", "offense-days")
    assert counts() == before


def test_the_local_date_comes_from_the_instant_in_new_york(app, client, agent, cedar):
    v = cedar_violation(client, agent, cedar)
    run_jobs(app, "2026-04-07T01:30:00Z", "offense-days")  # 21:30 on the 6th in Carver
    assert offense_dates(client, agent, v["id"])[-1] == "2026-04-06"
    run_jobs(app, "2026-04-07T04:30:00Z", "offense-days")  # 00:30 on the 7th
    assert offense_dates(client, agent, v["id"])[-1] == "2026-04-07"


def test_a_corrected_violation_counts_its_partial_last_day_then_stops(app, client, agent, cedar):
    v = cedar_violation(client, agent, cedar)
    app.extensions["clock"].at = at("2026-04-05T11:00:00-04:00")
    resp = client.post(f"/api/v1/violations/{v['id']}/transition", headers=agent, json={"to": "corrected"})
    assert resp.status_code == 200, resp.json
    run_jobs(app, "2026-04-08T20:00:00-04:00", "offense-days")
    assert offense_dates(client, agent, v["id"]) == ["2026-04-03", "2026-04-04", "2026-04-05"]
    run_jobs(app, "2026-04-09T20:00:00-04:00", "offense-days")
    assert [n.dedupe_key.rsplit(":", 1)[1] for n in outbox("sms", "accrual.offense_days")] == ["2026-04-08"]


def test_one_sms_per_party_per_day_covers_all_its_violations_and_none_without_a_new_offense(
    app, client, agent, cedar
):
    first = cedar_violation(client, agent, cedar, "2026-04-06T09:00:00-04:00")
    cedar_violation(
        client, agent, cedar, "2026-04-06T10:00:00-04:00", provision="CARVER-247-DESIGN-NO-OFFSITE-SEDIMENT"
    )
    run_jobs(app, "2026-04-06T20:00:00-04:00", "offense-days")
    run_jobs(app, "2026-04-06T22:00:00-04:00", "offense-days")
    [sms] = outbox("sms", "accrual.offense_days")
    assert sms.dedupe_key == f"sms:accrual:{cedar[1].id}:2026-04-06" and sms.recipient == "+15085550104"
    assert "~§ 247-7B(7)" in sms.payload["text"] and "~§ 247-7B(8)" in sms.payload["text"]
    assert "legal notice is served separately" in sms.payload["text"] and "$" not in sms.payload["text"]
    app.extensions["clock"].at = at("2026-04-06T21:00:00-04:00")
    for v in [first, *client.get("/api/v1/violations?status=open", headers=agent).json]:
        client.post(f"/api/v1/violations/{v['id']}/transition", headers=agent, json={"to": "corrected"})
    run_jobs(app, "2026-04-07T20:00:00-04:00", "offense-days")
    assert len(outbox("sms", "accrual.offense_days")) == 1


def test_a_party_without_sms_consent_gets_no_text(app, client, agent, cedar):
    with acting_as("test:setup"):
        cedar[1].sms_consent = False
        db.session.commit()
    cedar_violation(client, agent, cedar)
    run_jobs(app, "2026-04-06T20:00:00-04:00", "offense-days")
    assert outbox("sms", "accrual.offense_days") == [] and counts()["OffenseDay"] == 4


def test_on_the_criminal_path_each_offense_day_is_exposure_at_the_court_maximum(
    app, client, agent, board, cedar
):
    v = cedar_violation(client, agent, cedar)
    order = issued_order(
        client,
        board,
        cedar[0].id,
        [v["id"]],
        "CARVER-247",
        "criminal",
        "2026-04-03T12:00:00-04:00",
        PLANNING_BOARD_VOTE,
    )
    run_jobs(app, "2026-04-06T20:00:00-04:00", "offense-days")
    resp = client.get(f"/api/v1/assessments?order_id={order['id']}", headers=agent)
    assert resp.status_code == 200, resp.json
    crim = resp.json["criminal"]
    assert crim["label"] == "criminal exposure: court maximum, not a debt"
    assert [r["amount_cents"] for r in crim["rows"]] == [10000] * 4 and crim["maximum_cents"] == 40000
    assert all(r["stored"] and r["rule_id"] == "CARVER-247-CRIM-MAX-100" for r in crim["rows"])
    assert resp.json["noncriminal"]["citations"] == [] and citations(client, agent) == []


def test_without_a_chosen_path_the_assessment_shows_the_court_maximum_computed_now(app, client, agent, cedar):
    v = cedar_violation(client, agent, cedar)
    run_jobs(app, "2026-04-04T20:00:00-04:00", "offense-days")
    body = client.get(f"/api/v1/assessments?violation_id={v['id']}", headers=agent).json
    assert body["fine_path"] is None and body["offense_days"] == 2
    assert [(r["amount_cents"], r["stored"]) for r in body["criminal"]["rows"]] == [(10000, False)] * 2
    assert counts()["FineAccrual"] == 0


def test_on_the_noncriminal_path_the_days_citations_are_proposed_with_the_15_day_mailing_deadline(
    app, client, agent, board, cedar
):
    v = cedar_violation(client, agent, cedar, "2026-03-02T09:00:00-05:00")
    issued_order(
        client,
        board,
        cedar[0].id,
        [v["id"]],
        "CARVER-247",
        "noncriminal",
        "2026-03-02T12:00:00-05:00",
        PLANNING_BOARD_VOTE,
    )
    run_jobs(app, "2026-03-06T20:00:00-05:00", "offense-days")
    rows = citations(client, agent, status="proposed")
    assert amounts(rows) == [10000, 20000, 300000, 300000, 300000]  # EXAMPLES S01
    assert [r["mail_by_on"] for r in rows][:2] == ["2026-03-17", "2026-03-18"]
    assert [r["withhold"] for r in rows] == [False, False, True, True, True]
    assert "AMB-17" in rows[2]["flags"] and rows[0]["rule_id"] == "CARVER-247-NONCRIM-1ST"
    assert [r["sequence"] for r in rows] == [1, 2, 3, 4, 5]


def test_gardner_counts_one_offense_for_the_violation_and_states_no_amount(app, client, world):
    h = world.headers("gardner", "agent")
    s, p = site("Otter River"), party("Otter River Mills LLC")
    v = create_violation(
        client, h, s.id, p.id, "GARDNER-650", "GARDNER-650-JUR-PERMIT", "2026-04-01T09:00:00-04:00"
    )
    run_jobs(app, "2026-04-06T20:00:00-04:00", "offense-days")
    assert offense_dates(client, h, v["id"]) == ["2026-04-01"]
    crim = client.get(f"/api/v1/assessments?violation_id={v['id']}", headers=h).json["criminal"]
    assert crim["unpriced"] == 1 and crim["maximum_cents"] == 0 and "AMB-46" in crim["rows"][0]["flags"]


def test_an_offender_whose_record_cannot_be_counted_costs_only_its_own_day(app, client, agent, cedar):
    cedar_violation(client, agent, cedar)
    carver = db.session.scalar(select(Town).where(Town.slug == "carver"))
    bog = db.session.scalar(select(Site).where(Site.name.contains("Federici")))
    with acting_as("test:hostile"):
        db.session.add(
            Violation(
                town_id=carver.id,
                site_id=bog.id,
                offender_id=party("Federici Cranberry Co.").id,
                chapter="CARVER-999",
                provision="x",
                citation="x",
                description="bad record",
                observed_at=at("2026-04-05T09:00:00-04:00"),
            )
        )
        db.session.commit()
    report = run_accrual(at("2026-04-06T20:00:00-04:00"), offenders_per_transaction=50)
    assert report.failed == [str(party("Federici Cranberry Co.").id)]
    assert report.offense_days == 4 and counts()["OffenseDay"] == 4


def test_strictly_one_offender_per_transaction_records_the_same_days(app, client, agent, cedar, world):
    cedar_violation(client, agent, cedar)
    bog = site("Federici")
    create_violation(
        client,
        agent,
        bog.id,
        party("Federici Cranberry Co.").id,
        "CARVER-281",
        "CARVER-281-PROHIBITED-ACTS",
        "2026-04-05T09:00:00-04:00",
    )
    report = run_accrual(at("2026-04-06T20:00:00-04:00"), offenders_per_transaction=1)
    assert (report.offenders, report.offense_days, report.failed) == (2, 6, [])


def test_a_violation_without_an_offender_waits_and_then_catches_up(app, client, agent, cedar):
    s, p = cedar
    resp = client.post(
        "/api/v1/violations",
        headers=agent,
        json={
            "site_id": str(s.id),
            "chapter": "CARVER-247",
            "provision": CEDAR_PROVISION,
            "description": "Fence down",
            "observed_at": "2026-04-03T09:00:00-04:00",
        },
    )
    report = run_accrual(at("2026-04-05T20:00:00-04:00"))
    assert (report.unattributed, report.offense_days) == (1, 0)
    named = client.patch(
        f"/api/v1/violations/{resp.json['id']}",
        json={"offender_id": str(p.id)},
        headers=agent | {"If-Match": resp.headers["ETag"]},
    )
    assert named.status_code == 200, named.json
    run_jobs(app, "2026-04-06T20:00:00-04:00", "offense-days")
    assert offense_dates(client, agent, resp.json["id"]) == [
        "2026-04-03",
        "2026-04-04",
        "2026-04-05",
        "2026-04-06",
    ]


def test_the_audit_chain_verifies_after_bulk_writes(app, client, agent, board, cedar):
    v = cedar_violation(client, agent, cedar)
    issued_order(
        client,
        board,
        cedar[0].id,
        [v["id"]],
        "CARVER-247",
        "noncriminal",
        "2026-04-03T12:00:00-04:00",
        PLANNING_BOARD_VOTE,
    )
    run_jobs(app, "2026-04-06T20:00:00-04:00")
    db.session.commit()
    result = app.test_cli_runner().invoke(args=["audit", "verify"])
    assert result.exit_code == 0, result.output
    assert "carver:" in result.output and "FAILED" not in result.output


@pytest.mark.parametrize(
    "query",
    [
        pytest.param("violation_id=not-a-uuid", id="garbage id"),
        pytest.param("from_date=yesterday", id="garbage date"),
        pytest.param("limit=0", id="limit zero"),
        pytest.param("limit=100000", id="limit too large"),
        pytest.param("offset=-1", id="negative offset"),
    ],
)
def test_bad_offense_day_queries_are_422_naming_the_field(client, agent, query):
    resp = client.get(f"/api/v1/offense-days?{query}", headers=agent)
    assert resp.status_code == 422 and query.split("=")[0] in str(resp.json["detail"])


def test_another_towns_violation_is_404_and_unauthenticated_is_401(client, world, agent, cedar):
    v = cedar_violation(client, agent, cedar)
    upton = world.headers("upton", "agent")
    assert client.get(f"/api/v1/offense-days?violation_id={v['id']}", headers=upton).status_code == 404
    assert client.get(f"/api/v1/assessments?violation_id={v['id']}", headers=upton).status_code == 404
    assert client.get("/api/v1/offense-days").status_code == 401


def test_offense_days_of_another_town_are_never_listed(app, client, world, agent, cedar):
    cedar_violation(client, agent, cedar)
    run_jobs(app, "2026-04-06T20:00:00-04:00", "offense-days")
    assert client.get("/api/v1/offense-days", headers=world.headers("upton", "agent")).json == []
    assert len(client.get("/api/v1/offense-days", headers=agent).json) == 4


def test_dates_filter_the_offense_days(app, client, agent, cedar):
    v = cedar_violation(client, agent, cedar)
    run_jobs(app, "2026-04-06T20:00:00-04:00", "offense-days")
    resp = client.get(
        f"/api/v1/offense-days?violation_id={v['id']}&from_date=2026-04-04&to_date=2026-04-05", headers=agent
    )
    assert [d["local_date"] for d in resp.json] == ["2026-04-04", "2026-04-05"]
    assert dt.date.fromisoformat(resp.json[0]["local_date"]).weekday() == 5


def test_a_town_whose_bylaw_setting_the_engine_refuses_does_not_stop_the_others(
    app, client, agent, cedar, world
):
    cedar_violation(client, agent, cedar)
    upton = world.headers("upton", "agent")
    create_violation(
        client,
        upton,
        site("Mechanic St").id,
        party("Mechanic Street Realty Trust").id,
        "UPTON-280",
        "UPTON-280-PROHIBITED",
        "2026-04-06T09:00:00-04:00",
    )
    with acting_as("test:bad-setting"):
        db.session.scalar(select(Town).where(Town.slug == "carver")).settings = {
            "escalation_scope": "everyone"
        }
        db.session.commit()
    report = run_accrual(at("2026-04-06T20:00:00-04:00"))
    assert report.failed == [
        "town carver: ConfigError: escalation_scope must be one of "
        "['offender', 'offender+provision', 'offender+site'], got 'everyone'"
    ]
    assert report.offense_days == 1 and counts()["OffenseDay"] == 1


def test_a_long_catch_up_is_summarised_to_fit_one_text(app, client, agent, cedar):
    cedar_violation(client, agent, cedar, "2026-03-01T09:00:00-05:00")
    run_jobs(app, "2026-04-06T20:00:00-04:00", "offense-days")
    [sms] = outbox("sms", "accrual.offense_days")
    assert len(sms.payload["text"]) <= 480
    assert ("days recorded for 1 continuing violation(s), 2026-03-01 to 2026-04-06"
            in sms.payload["text"])
    assert len(sms.payload["violations"][0]["dates"]) == 37  # the payload keeps every date
