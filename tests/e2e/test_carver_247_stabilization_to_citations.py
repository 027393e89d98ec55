"""Carver ch. 247, end to end through the API with a controlled clock: a stabilization fail, its 14-day clock
running out into a violation, a cease-and-desist on the noncriminal path, a week of offense-days, and the
Zoning Enforcement Officer issuing the § 21D citations at $100, $200, then $3,000 (flagged AMB-17), which any
other role is refused. Every daily run is repeated and must change nothing."""

from __future__ import annotations

import datetime as dt

from tests.integration.enforcement.support_a import STABILIZATION_FAIL, site_and_permit, submit, violations
from tests.integration.enforcement.support_b import (
    PLANNING_BOARD_VOTE,
    amounts,
    at,
    citations,
    counts,
    issued_order,
    outbox,
    party,
    run_jobs,
)

FIRST, LAST = dt.date(2026, 4, 6), dt.date(2026, 4, 22)


def daily_runs(app, first: dt.date, last: dt.date) -> None:
    """Each morning's run-due, twice: the second run of the same instant must change nothing."""
    day = first
    while day <= last:
        run_jobs(app, f"{day.isoformat()}T07:00:00-04:00")
        before = counts()
        run_jobs(app, f"{day.isoformat()}T07:00:00-04:00")
        assert counts() == before, day
        day += dt.timedelta(days=1)


def signed_in(app, world, iso: str, role: str, board: str | None = None) -> dict:
    app.extensions["clock"].at = at(iso)
    return world.headers("carver", role, board)


def test_stabilization_fail_to_citations_issued_by_the_zoning_enforcement_officer(app, client, world):
    agent = signed_in(app, world, "2026-04-06T10:00:00-04:00", "agent")
    cedar, permit = site_and_permit(client, agent, "Cedar")
    _, submitted = submit(
        client, agent, cedar, permit, [STABILIZATION_FAIL]
    )  # ceased 04-01: stabilize by 04-15
    assert submitted.status_code == 200, submitted.json
    daily_runs(app, FIRST, dt.date(2026, 4, 15))
    assert violations(client, agent, cedar) == []  # the clock is still running
    assert [n.dedupe_key.rsplit(":", 1)[1] for n in outbox("sms", "reminder.stabilization")] == [
        "0",
        "2",
        "7",
    ]

    daily_runs(app, dt.date(2026, 4, 16), dt.date(2026, 4, 16))
    board = signed_in(app, world, "2026-04-16T10:00:00-04:00", "board_member", "planning")
    [violation] = violations(client, board, cedar)
    assert (
        violation["observed_at"] == "2026-04-16T04:00:00+00:00"
    )  # offense day 1: the day after the deadline
    order = issued_order(
        client,
        board,
        cedar["id"],
        [violation["id"]],
        "CARVER-247",
        "noncriminal",
        "2026-04-16T10:00:00-04:00",
        PLANNING_BOARD_VOTE,
    )

    daily_runs(app, dt.date(2026, 4, 17), LAST)
    days = client.get(f"/api/v1/offense-days?violation_id={violation['id']}", headers=board).json
    assert [d["local_date"] for d in days] == [f"2026-04-{d}" for d in range(16, 23)]  # a week
    proposed = citations(client, board, status="proposed")
    assert amounts(proposed) == [10000, 20000] + [300000] * 5
    assert [c["withhold"] for c in proposed] == [False, False] + [True] * 5
    assert all("AMB-17" in c["flags"] for c in proposed[2:])

    refused = client.post("/api/v1/citations/issue", headers=board, json={"order_id": order["id"]})
    assert refused.status_code == 403 and refused.json["detail"]["rule_id"] == "CARVER-247-NONCRIM-ZEO"
    assert "it is for the enforcing officer" in refused.json["message"]  # in words, no rule id
    zeo = signed_in(app, world, "2026-04-22T09:00:00-04:00", "enforcing_officer")
    resp = client.post("/api/v1/citations/issue", headers=zeo, json={"order_id": order["id"]})
    assert resp.status_code == 200, resp.json
    assert amounts(resp.json["issued"]) == [10000, 20000] + [300000] * 5 and resp.json["skipped"] == []
    assert {c["detail"]["issuer_role"] for c in resp.json["issued"]} == {"enforcing_officer"}

    cedar_homes = party("Cedar Brook Homes Inc.").id
    accrual_sms = [n.dedupe_key for n in outbox("sms", "accrual.offense_days")]
    assert accrual_sms == [f"sms:accrual:{cedar_homes}:2026-04-{d}" for d in range(16, 23)]  # one a day
    [issued_sms] = outbox("sms", "citations.issued")
    assert "$100.00" in issued_sms.payload["text"] and "3,000" not in issued_sms.payload["text"]
    digests = [n.dedupe_key.rsplit(":", 1)[1] for n in outbox("slack", "citations.proposed")]
    assert digests == [f"2026-04-{d}" for d in range(17, 23)]  # one Slack digest a day while proposals wait
    slack_keys = [n.dedupe_key for n in outbox("slack")]
    assert len(slack_keys) == len(set(slack_keys))

    verify = app.test_cli_runner().invoke(args=["audit", "verify", "--town", "carver"])
    assert verify.exit_code == 0 and "OK" in verify.output, verify.output
