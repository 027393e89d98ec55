"""A violation that opens texts its offender a courtesy notice in the same transaction, once; a town may leave
the notice to staff (`sms_violation_notice_on_open: false`). The text never stands for legal service."""

from __future__ import annotations

import datetime as dt
import uuid

from backend.audit import acting_as
from backend.extensions import db
from backend.models import Violation
from backend.sms.messages import NOTICE_ON_OPEN
from tests.integration.enforcement.support_a import STABILIZATION_FAIL, site_and_permit, submit
from tests.integration.sms.conftest import (
    CEDAR,
    new_violation,
    notifications,
    party,
    send_notice,
    site,
    town,
)


def _notices():
    return notifications("sms", "sms.violation_notice")


def test_a_violation_opened_for_a_consenting_offender_texts_them_once(client, world, agent):
    v = new_violation(client, agent)
    [row] = _notices()
    assert row.recipient == party(CEDAR).phone_e164 and row.payload["violation_id"] == v["id"]
    assert row.payload["language"] == "es" and "Cedar Brook" in row.payload["text"]
    assert row.dedupe_key.startswith(f"{town('carver').id}:")
    again = send_notice(client, agent, v["id"])  # staff asking again get the same intent, not a second text
    assert again["id"] == str(row.id) and len(_notices()) == 1


def test_a_failed_checklist_item_texts_the_permittee_when_its_violation_opens(app, client, world, agent):
    place, permit = site_and_permit(client, agent, "Cedar")
    submit(client, agent, place, permit, [{"item_id": "controls-in-place", "answer": "fail", "note": "torn"}])
    [row] = _notices()
    violation = db.session.get(Violation, uuid.UUID(row.payload["violation_id"]))
    assert violation.offender_id == party(CEDAR).id and violation.status == "open"
    app.extensions["clock"].at = dt.datetime(2026, 4, 7, 14, 0, tzinfo=dt.UTC)  # the next day's inspection
    submit(client, agent, place, permit, [{"item_id": "controls-in-place", "answer": "fail"}],
           started_at="2026-04-07T09:30:00-04:00")  # still failing: the same violation, no second text
    assert len(_notices()) == 1


def test_a_violation_opened_when_the_stabilization_clock_runs_out_texts_the_permittee(app, client, agent):
    place, permit = site_and_permit(client, agent, "Cedar")
    submit(client, agent, place, permit, [STABILIZATION_FAIL])  # the 14-day clock starts; no violation yet
    assert _notices() == []
    result = app.test_cli_runner().invoke(args=["clocks", "expire", "--as-of", "2026-04-16T06:00:00-04:00"])
    assert "1 violation(s) opened" in result.output, result.output
    [row] = _notices()
    violation = db.session.get(Violation, uuid.UUID(row.payload["violation_id"]))
    assert violation.provision == "CARVER-247-STABILIZE-14D" and row.recipient == party(CEDAR).phone_e164


def test_a_town_may_leave_the_notice_to_staff(client, world, agent):
    carver = town("carver")
    with acting_as("test:settings"):
        carver.settings = {**(carver.settings or {}), NOTICE_ON_OPEN: False}
        db.session.commit()
    v = new_violation(client, agent)
    assert _notices() == []
    send_notice(client, agent, v["id"])
    assert len(_notices()) == 1


def test_no_text_to_an_offender_without_consent_nor_for_a_violation_without_one(client, world, agent):
    with acting_as("test:consent"):
        party(CEDAR).sms_consent = False
        db.session.commit()
    new_violation(client, agent)
    resp = client.post("/api/v1/violations", headers=agent, json={
        "site_id": str(site("Cedar Brook").id),
        "chapter": "CARVER-247", "provision": "CARVER-247-DESIGN-MAINTAIN", "description": "no offender yet",
        "observed_at": "2026-04-06T09:00:00-04:00"})
    assert resp.status_code == 201, resp.json
    assert _notices() == []
