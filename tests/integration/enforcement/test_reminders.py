"""Reminders (stabilization 7/2/0 days, ERC review 48 h, permit expiry 60/30/7 days, citation mailing) and
escalations of report deadlines missed with no recorded submission; each sent once, however often it runs."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import select

from backend.audit import acting_as
from backend.extensions import db
from backend.models import Deadline, Permit
from tests.integration.enforcement.support_a import (
    ERC_VOTE,
    STABILIZATION_FAIL,
    draft_order,
    issue,
    set_clock,
    site_and_permit,
    submit,
)
from tests.integration.enforcement.support_b import (
    PLANNING_BOARD_VOTE,
    counts,
    create_violation,
    issued_order,
    outbox,
    party,
    run_jobs,
    site,
)


def keys(channel: str, template: str) -> list[str]:
    return [n.dedupe_key for n in outbox(channel, template)]


def test_stabilization_reminders_go_out_7_2_and_0_days_ahead_once_each(app, client, world):
    agent = world.headers("carver", "agent")
    s, permit = site_and_permit(client, agent, "Cedar")
    _, resp = submit(client, agent, s, permit, [STABILIZATION_FAIL])  # ceased 04-01: stabilize by 04-15
    assert resp.status_code == 200, resp.json
    for day in ("2026-04-08", "2026-04-09", "2026-04-13", "2026-04-14", "2026-04-15", "2026-04-15"):
        run_jobs(app, f"{day}T07:00:00-04:00", "reminders")
    sms = outbox("sms", "reminder.stabilization")
    assert [k.rsplit(":", 1)[1] for k in keys("sms", "reminder.stabilization")] == ["0", "2", "7"]
    assert {n.recipient for n in sms} == {"+15085550104"}  # Cedar Brook Homes, the permittee the clock binds
    texts = sorted(n.payload["text"] for n in sms)
    assert any("is due in 7 days, by Apr 15, 2026" in t for t in texts)
    assert any("due today" in t for t in texts)
    assert [n.payload["text"] for n in outbox("slack", "reminder.stabilization")][0].count("due today") == 1


def test_a_met_deadline_gets_no_reminder(app, client, world):
    agent = world.headers("carver", "agent")
    s, permit = site_and_permit(client, agent, "Cedar")
    submit(client, agent, s, permit, [STABILIZATION_FAIL])
    with acting_as("test:setup"):
        for d in db.session.scalars(select(Deadline)):
            d.status = "met"
        db.session.commit()
    run_jobs(app, "2026-04-15T07:00:00-04:00", "reminders")
    assert outbox(template="reminder.stabilization") == []


@pytest.mark.parametrize("day,lead", [("2029-05-14", "60"), ("2029-06-13", "30"), ("2029-07-06", "7")])
def test_permit_expiry_reminders_60_30_and_7_days_ahead(app, world, day, lead):
    run_jobs(app, f"{day}T07:00:00-04:00", "reminders")
    upton = db.session.scalar(select(Permit).where(Permit.number == "UCC-2026-11"))
    mine = [n for n in outbox(template="reminder.permit-expiry") if n.payload["permit_id"] == str(upton.id)]
    assert sorted(n.channel for n in mine) == ["slack", "sms"]
    assert all(n.dedupe_key.endswith(f":{upton.id}:{lead}") for n in mine)
    assert "UCC-2026-11" in mine[0].payload["text"] and "on Jul 13, 2029" in mine[0].payload["text"]


def test_a_missed_run_still_sends_the_reminder_that_fits_and_only_once(app, world):
    for day in ("2029-05-20", "2029-05-25"):  # 54 and 49 days ahead: both under the 60-day reminder
        run_jobs(app, f"{day}T07:00:00-04:00", "reminders")
    upton = db.session.scalar(select(Permit).where(Permit.number == "UCC-2026-11"))
    assert keys("sms", "reminder.permit-expiry") == [f"sms:reminder:permit-expiry:{upton.id}:60"]


def test_the_erc_review_meeting_is_announced_48_hours_ahead(app, client, world):
    erc = world.headers("carver", "board_member", "earth")
    s, permit = site_and_permit(client, erc, "gravel")
    order = draft_order(client, erc, s, permit, "CARVER-136")
    assert issue(client, erc, order, ERC_VOTE).status_code == 200
    resp = client.post(
        f"/api/v1/orders/{order['id']}/meetings",
        headers=erc,
        json={
            "scheduled_for": "2026-04-09T18:00:00-04:00",
            "operator_notified_at": "2026-04-06T10:00:00-04:00",
            "posted_at": "2026-04-06T10:00:00-04:00",
            "authorization": ERC_VOTE,
        },
    )
    assert resp.status_code == 201, resp.json
    run_jobs(app, "2026-04-07T17:00:00-04:00", "reminders")  # 49 hours ahead: not yet
    assert outbox(template="reminder.erc-review") == []
    run_jobs(app, "2026-04-07T19:00:00-04:00", "reminders")
    run_jobs(app, "2026-04-08T19:00:00-04:00", "reminders")
    sent = outbox(template="reminder.erc-review")
    assert sorted(n.channel for n in sent) == ["slack", "sms"]
    assert [n.recipient for n in sent if n.channel == "sms"] == ["+15085550102"]  # the operator
    assert "Apr 9, 2026, 6:00 PM EDT" in sent[0].payload["text"]  # the date, the time and its zone


def test_citation_mailing_deadlines_are_reminded_2_and_0_days_ahead(app, client, world):
    agent, board = world.headers("carver", "agent"), world.headers("carver", "board_member", "planning")
    s, p = site("Cedar Brook"), party("Cedar Brook Homes Inc.")
    v = create_violation(
        client, agent, s.id, p.id, "CARVER-247", "CARVER-247-DESIGN-MAINTAIN", "2026-04-06T09:00:00-04:00"
    )
    set_clock(app, "2026-04-06T12:05:00-04:00")  # the vote's noon, recorded just after
    issued_order(
        client,
        board,
        s.id,
        [v["id"]],
        "CARVER-247",
        "noncriminal",
        "2026-04-06T12:00:00-04:00",
        PLANNING_BOARD_VOTE,
    )
    run_jobs(app, "2026-04-06T20:00:00-04:00", "offense-days")  # one proposal, mail by 04-21
    for day in ("2026-04-18", "2026-04-19", "2026-04-20", "2026-04-21"):
        run_jobs(app, f"{day}T07:00:00-04:00", "reminders")
    assert [k.rsplit(":", 2)[1:] for k in keys("slack", "reminder.citation-mail-by")] == [
        ["2026-04-21", "0"],
        ["2026-04-21", "2"],
    ]


def _ninety_day_report(due: dt.date) -> Deadline:
    permit = db.session.scalar(select(Permit).where(Permit.number == "ERC-2026-04"))
    row = Deadline(
        town_id=permit.town_id,
        site_id=permit.site_id,
        subject_type="permit",
        subject_id=permit.id,
        kind="must_by",
        rule_id="CARVER-136-STATUS-90D",
        citation="~§ 136-8",
        label="file the 90-day status report",
        binds="operator",
        latest_on=due,
    )
    with acting_as("test:setup"):
        db.session.add(row)
        db.session.commit()
    return row


def test_a_missed_report_with_no_recorded_submission_is_escalated_once(app, world):
    row = _ninety_day_report(dt.date(2026, 5, 31))
    run_jobs(app, "2026-05-31T20:00:00-04:00", "escalations")
    assert outbox(template="escalation") == []
    for _ in range(2):
        run_jobs(app, "2026-06-01T07:00:00-04:00", "escalations")
    sent = outbox(template="escalation")
    assert sorted(n.dedupe_key for n in sent) == [f"slack:escalation:{row.id}", f"sms:escalation:{row.id}"]
    assert "OVERDUE: file the 90-day status report was due May 31, 2026" in sent[0].payload["text"]


def test_a_report_received_in_time_is_not_escalated(app, client, world):
    row = _ninety_day_report(dt.date(2026, 5, 31))
    agent = world.headers("carver", "agent")
    resp = client.post(
        "/api/v1/submissions",
        headers=agent,
        json={
            "permit_id": str(row.subject_id),
            "kind": "erc_90_day_report",
            "received_at": "2026-04-06T09:00:00-04:00",
            "received_via": "mail",
        },
    )
    assert resp.status_code == 201, resp.json
    run_jobs(app, "2026-06-01T07:00:00-04:00", "escalations")
    assert outbox(template="escalation") == []


def test_reminder_and_escalation_runs_are_idempotent(app, client, world):
    _ninety_day_report(dt.date(2026, 5, 31))
    run_jobs(app, "2026-06-01T07:00:00-04:00", "reminders", "escalations")
    before = counts()
    run_jobs(app, "2026-06-01T07:00:00-04:00", "reminders", "escalations")
    assert counts() == before
