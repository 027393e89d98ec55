"""Upton ch. 280, end to end through the API with a controlled clock (EXAMPLES S06): unauthorised fill left in
a resource area Mon 2026-09-14 through Thu 2026-09-17, a noncriminal cease-and-desist, citations of $50, $100,
$300, $300 payable to the Town of Upton (the first issued by hand, the rest by a standing instruction), one
courtesy SMS per party per day, then a late-entered earlier violation that voids and reissues the citations
whose amounts it changes, and tells the permittee again. Every run is repeated and must change nothing."""

from __future__ import annotations

from tests.integration.enforcement.support_b import (
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

FILL = "UPTON-280-PROHIBITED"


def run_twice(app, iso: str) -> None:
    run_jobs(app, iso)
    before = counts()
    run_jobs(app, iso)
    assert counts() == before, iso


def test_unauthorised_fill_four_days_of_citations_then_a_late_entered_earlier_violation(app, client, world):
    app.extensions["clock"].at = at("2026-09-14T10:00:00-04:00")
    agent, board = world.headers("upton", "agent"), world.headers("upton", "board_member")
    lot, trust = site("Mechanic St"), party("Mechanic Street Realty Trust")
    fill = create_violation(
        client,
        agent,
        lot.id,
        trust.id,
        "UPTON-280",
        FILL,
        "2026-09-14T09:00:00-04:00",
        description="unauthorised fill in the vernal pool's 100-ft area",
    )
    order = issued_order(
        client, agent, lot.id, [fill["id"]], "UPTON-280", "noncriminal", "2026-09-14T10:00:00-04:00"
    )

    run_twice(app, "2026-09-14T20:00:00-04:00")
    [first] = citations(client, agent, status="proposed")
    alone = client.post("/api/v1/citations/issue", headers=board, json={"ids": [first["id"]]})
    assert alone.status_code == 403 and alone.json["detail"]["rule_id"] == "UPTON-280-AUTH"
    assert "acts by vote" in alone.json["message"]  # one member, no vote: said in words
    assert (
        client.post("/api/v1/citations/issue", headers=agent, json={"ids": [first["id"]]}).status_code == 200
    )
    given = client.post(
        f"/api/v1/orders/{order['id']}/standing-instruction",
        headers=agent,
        json={"active": True, "note": "continuing violation: cite each day"},
    )
    assert given.status_code == 201, given.json

    for day in (15, 16):
        run_twice(app, f"2026-09-{day}T20:00:00-04:00")
    app.extensions["clock"].at = at("2026-09-17T15:00:00-04:00")  # fill removed mid-afternoon Thursday
    assert (
        client.post(
            f"/api/v1/violations/{fill['id']}/transition", headers=agent, json={"to": "corrected"}
        ).status_code
        == 200
    )
    for day in (17, 18):
        run_twice(app, f"2026-09-{day}T20:00:00-04:00")

    issued = citations(client, agent, status="issued")
    assert amounts(issued) == [5000, 10000, 30000, 30000]  # $750 in all
    assert {c["detail"]["payee"] for c in issued} == {"Town of Upton"}
    assert citations(client, agent, status="proposed") == []
    sms_days = [n.dedupe_key.rsplit(":", 1)[1] for n in outbox("sms", "accrual.offense_days")]
    assert sms_days == ["2026-09-14", "2026-09-15", "2026-09-16", "2026-09-17"]  # none on the 18th

    app.extensions["clock"].at = at("2026-09-18T20:30:00-04:00")
    create_violation(
        client,
        agent,
        lot.id,
        trust.id,
        "UPTON-280",
        FILL,
        "2026-09-11T09:00:00-04:00",
        description="fill first placed on Friday the 11th, reported late",
    )
    run_twice(app, "2026-09-18T21:00:00-04:00")
    void = citations(client, agent, status="void")
    assert amounts(void) == [5000, 10000]
    reissued = citations(client, agent, status="issued")
    assert amounts(reissued) == [30000] * 4 and sorted(c["revision"] for c in reissued) == [1, 1, 2, 2]
    [told] = outbox("sms", "citations.reissued")
    assert "Sep 14, 2026: $50.00 is now $300.00; Sep 15, 2026: $100.00 is now $300.00" in told.payload["text"]
    assert len(outbox("slack", "citations.reissued")) == 1

    verify = app.test_cli_runner().invoke(args=["audit", "verify", "--town", "upton"])
    assert verify.exit_code == 0 and "OK" in verify.output, verify.output
