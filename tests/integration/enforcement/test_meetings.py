"""The ERC's review meeting of a cease-and-desist order: times outside the ~§ 136-9 / Open Meeting Law window
are refused (409 naming the window and the binding rule), or recorded with a reason, flagged and audited."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from backend.extensions import db
from backend.models import AuditEvent
from tests.integration.enforcement.support_a import (
    DESIGNATION,
    ERC_VOTE,
    deadlines,
    draft_order,
    issue,
    notifications,
    set_clock,
    site_and_permit,
)

NOTIFIED = "2026-04-06T12:00:00-04:00"  # the order was issued Mon 2026-04-06 10:00 EDT


@pytest.fixture
def agent(world):
    return world.headers("carver", "agent")


@pytest.fixture
def erc(world):
    return world.headers("carver", "board_member", "earth")


@pytest.fixture
def pit(client, agent):
    return site_and_permit(client, agent, "gravel")


@pytest.fixture
def order(client, agent, erc, pit):
    o = draft_order(client, agent, *pit, "CARVER-136")
    assert issue(client, erc, o, ERC_VOTE).status_code == 200
    return o


def schedule(client, headers, order, **over):
    body = {
        "scheduled_for": "2026-04-09T18:00:00-04:00",
        "operator_notified_at": NOTIFIED,
        "posted_at": NOTIFIED,
        "authorization": DESIGNATION,
    } | over
    return client.post(f"/api/v1/orders/{order['id']}/meetings", headers=headers, json=body)


def record(client, headers, meeting, now="2026-04-16T12:00:00-04:00", **over):
    """Record the meeting as held, the clock moved on to `now` (a meeting is recorded after it is held)."""
    set_clock(client.application, now)
    body = {
        "held_at": "2026-04-09T18:05:00-04:00",
        "members_present": ["A", "B", "C", "D", "E"],
        "votes": [{"motion": "affirm the cease-and-desist order", "yes": 4, "no": 1}],
    } | over
    return client.post(
        f"/api/v1/meetings/{meeting['id']}/record",
        json=body,
        headers=headers | {"If-Match": f'"v{meeting["version"]}"'},
    )


def window_row(client, headers, pit):
    return next(
        d
        for d in deadlines(client, headers, site_id=pit[0]["id"], status="all")
        if d["rule_id"] == "CARVER-136-CD-REVIEW-7D"
    )


def test_a_meeting_inside_the_window_is_scheduled_and_fixes_the_window(client, agent, order, pit):
    resp = schedule(client, agent, order)
    assert resp.status_code == 201 and resp.json["status"] == "scheduled" and not resp.json["flagged"], (
        resp.json
    )
    assert resp.json["window"]["binding"] == "both" and resp.json["authorization"]["role"] == "designee"
    row = window_row(client, agent, pit)
    assert row["earliest_at"] == "2026-04-08T16:00:00+00:00" and "provisional" not in row["label"]
    [alert] = notifications("review_meeting_scheduled")
    assert "Apr 9, 2026, 6:00 PM EDT" in alert.payload["text"]


def test_a_meeting_before_48_hours_after_notice_is_refused_naming_the_window(client, agent, order):
    resp = schedule(client, agent, order, scheduled_for="2026-04-07T18:00:00-04:00")
    assert resp.status_code == 409
    message = resp.json["message"]
    assert "too early" in message and ("Wed, Apr 8, 2026, 12:00 PM EDT to Mon, Apr 13, 2026, 11:59 PM EDT"
                                       in message)
    assert "(bylaw § 136-9)" in message and "override_reason" in message
    assert not re.search(r"\b[A-Z]+-\d{3}-|EXT-OML|~§", message), "words in the message, ids in the detail"
    assert resp.json["detail"]["binding_rule"] == "both"
    assert resp.json["detail"]["rule_id"] == "CARVER-136-CD-REVIEW-48H"
    assert resp.json["detail"]["rule_ids"] == ["CARVER-136-CD-REVIEW-48H", "EXT-OML-48H"]


def test_the_open_meeting_law_posting_can_be_the_binding_rule(client, agent, order):
    resp = schedule(
        client, agent, order, posted_at="2026-04-09T09:00:00-04:00", scheduled_for="2026-04-10T18:00:00-04:00"
    )
    assert resp.status_code == 409 and "MGL c. 30A § 20(b)" in resp.json["message"]
    assert "EXT-OML-48H" not in resp.json["message"] and resp.json["detail"]["rule_id"] == "EXT-OML-48H"
    assert resp.json["detail"]["window"]["earliest_at"] == "2026-04-13T13:00:00+00:00"


def test_a_meeting_after_the_seventh_day_is_refused(client, agent, order):
    resp = schedule(client, agent, order, scheduled_for="2026-04-14T18:00:00-04:00")
    assert resp.status_code == 409 and "too late" in resp.json["message"]
    assert "bylaw § 136-9: within 7 days of the order" in resp.json["message"]
    assert "CARVER-" not in resp.json["message"]
    assert resp.json["detail"]["rule_id"] == "CARVER-136-CD-REVIEW-7D"


def test_a_posting_too_late_for_any_lawful_meeting_says_so(client, agent, order):
    resp = schedule(
        client, agent, order, posted_at="2026-04-10T12:00:00-04:00", scheduled_for="2026-04-13T18:00:00-04:00"
    )
    assert resp.status_code == 409 and resp.json["message"].startswith("no valid meeting time")


def test_what_actually_happened_is_recorded_with_a_reason_flagged_and_audited(client, agent, order, pit):
    resp = schedule(
        client,
        agent,
        order,
        scheduled_for="2026-04-07T18:00:00-04:00",
        override_reason="The chair called the meeting early; the operator attended and agreed.",
    )
    assert resp.status_code == 201 and resp.json["flagged"], resp.json
    [flag] = resp.json["flags"]
    assert (
        flag["stage"] == "schedule"
        and flag["reason"].startswith("The chair")
        and "too early" in flag["problem"]
    )
    event = db.session.scalars(select(AuditEvent).where(AuditEvent.object_type == "Meeting")).one()
    assert '"flagged":true' in event.snapshot and "The chair called" in event.snapshot
    held = record(
        client,
        agent,
        resp.json,
        held_at="2026-04-07T18:10:00-04:00",
        override_reason="Held as called; see the minutes.",
    )
    assert held.status_code == 200 and len(held.json["flags"]) == 2
    assert window_row(client, agent, pit)["status"] == "missed"


def test_recording_the_meeting_counts_quorum_and_majority(client, agent, order, pit):
    meeting = schedule(client, agent, order).json
    resp = record(client, agent, meeting)
    assert resp.status_code == 200 and resp.json["status"] == "held", resp.json
    [vote] = resp.json["votes"]
    assert vote["carried"] and vote["rule_id"] == "CARVER-136-ERC-MAJORITY" and vote["present"] == 5
    assert resp.json["attendance"]["quorum_met"] and resp.json["attendance"]["count"] == 5
    row = window_row(client, agent, pit)
    assert row["status"] == "met" and row["met_at"] == "2026-04-09T22:05:00+00:00"
    again = record(client, agent, resp.json)
    assert again.status_code == 409


def test_a_vote_without_quorum_is_recorded_as_not_carried(client, agent, order):
    meeting = schedule(client, agent, order).json
    resp = record(
        client, agent, meeting, members_present=["A", "B", "C"], votes=[{"motion": "affirm", "yes": 3}]
    )
    assert resp.status_code == 200
    [vote] = resp.json["votes"]
    assert not vote["carried"] and vote["rule_id"] == "CARVER-136-ERC-QUORUM-4"
    assert resp.json["attendance"]["quorum_met"] is False


def test_a_meeting_held_outside_the_window_needs_a_reason(client, agent, order):
    meeting = schedule(client, agent, order).json
    resp = record(client, agent, meeting, held_at="2026-04-15T18:00:00-04:00")
    assert resp.status_code == 409 and "too late" in resp.json["message"]


def test_one_scheduled_meeting_at_a_time_and_cancelling(client, agent, order):
    first = schedule(client, agent, order).json
    assert schedule(client, agent, order).status_code == 409
    cancelled = client.post(
        f"/api/v1/meetings/{first['id']}/cancel", headers=agent, json={"reason": "room unavailable"}
    )
    assert cancelled.status_code == 200 and cancelled.json["status"] == "cancelled"
    assert schedule(client, agent, order, scheduled_for="2026-04-10T18:00:00-04:00").status_code == 201
    listed = client.get(f"/api/v1/orders/{order['id']}/meetings", headers=agent).json
    assert [m["status"] for m in listed] == ["cancelled", "scheduled"]


def test_scheduling_needs_the_erc_or_its_designee(world, client, erc, order):
    alone = schedule(client, erc, order, authorization={})
    assert alone.status_code == 403 and "acts by vote" in alone.json["message"]
    assert schedule(client, erc, order, authorization=ERC_VOTE).status_code == 201


def test_only_an_issued_136_cease_and_desist_has_a_review_meeting(client, agent, pit):
    draft = draft_order(client, agent, *pit, "CARVER-136")
    assert schedule(client, agent, draft).status_code == 409
    bog = site_and_permit(client, agent, "bog")
    eo = draft_order(client, agent, *bog, "CARVER-281", kind="enforcement_order")
    issue(client, agent, eo)
    resp = schedule(client, agent, eo)
    assert resp.status_code == 409 and "CARVER-" not in resp.json["message"]
    assert ("a cease-and-desist order under § 136-9 of Carver's earth removal bylaw (ch. 136)"
            in resp.json["message"])


@pytest.mark.parametrize(
    "over,field",
    [
        pytest.param({"scheduled_for": "2026-04-09T18:00"}, "scheduled_for", id="naive time"),
        pytest.param({"scheduled_for": "next thursday"}, "scheduled_for", id="not a time"),
        pytest.param({"operator_notified_at": None}, "operator_notified_at", id="notice missing"),
        pytest.param(
            {"operator_notified_at": "2026-04-05T12:00:00-04:00"},
            "operator_notified_at",
            id="notice before the order",
        ),
        pytest.param({"posted_at": None}, "posted_at", id="no posting while the Open Meeting Law applies"),
        pytest.param({"override_reason": ""}, "override_reason", id="empty override reason"),
        pytest.param(
            {"authorization": {"designation": "<"}}, "authorization", id="hostile short designation"
        ),
    ],
)
def test_bad_schedule_input_is_422_naming_the_field(client, agent, order, over, field):
    resp = schedule(client, agent, order, **over)
    assert resp.status_code == 422 and field in str(resp.json["detail"]), resp.json


@pytest.mark.parametrize(
    "over,field",
    [
        pytest.param({"members_present": ["A", "A"]}, "members_present", id="member twice"),
        pytest.param({"members_present": "A, B"}, "members_present", id="members not a list"),
        pytest.param({"votes": [{"motion": "x", "yes": -1}]}, "votes", id="negative count"),
        pytest.param({"votes": [{"motion": "x", "yes": 6}]}, "votes", id="more votes than members present"),
        pytest.param({"held_at": None}, "held_at", id="held_at missing"),
    ],
)
def test_bad_record_input_is_422_naming_the_field(client, agent, order, over, field):
    meeting = schedule(client, agent, order).json
    resp = record(client, agent, meeting, **over)
    assert resp.status_code == 422 and field in str(resp.json["detail"]), resp.json


def test_a_meeting_cannot_be_recorded_before_it_is_held(client, agent, order):
    meeting = schedule(client, agent, order).json
    resp = record(client, agent, meeting, now="2026-04-09T12:00:00-04:00")
    assert resp.status_code == 422 and "held_at" in resp.json["detail"]["json"]
    assert client.get(f"/api/v1/meetings/{meeting['id']}", headers=agent).json["status"] == "scheduled"


def test_recording_needs_if_match_and_other_towns_see_nothing(world, client, agent, order):
    meeting = schedule(client, agent, order).json
    url = f"/api/v1/meetings/{meeting['id']}"
    set_clock(client.application, "2026-04-16T12:00:00-04:00")  # recorded after it was held
    assert (
        client.post(
            url + "/record",
            headers=agent,
            json={"held_at": "2026-04-09T18:05:00-04:00", "members_present": []},
        ).status_code
        == 428
    )
    upton = world.headers("upton", "agent")
    assert client.get(url, headers=upton).status_code == 404
    assert client.get(f"/api/v1/orders/{order['id']}/meetings", headers=upton).status_code == 404
    assert client.get(url, headers=agent).status_code == 200
