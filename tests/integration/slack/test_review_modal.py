"""Schedule review: the modal refuses a time outside the lawful window, records one with a reason (flagged),
asks the ERC's vote of a single member, and the review notice follows in the alert's thread."""
from __future__ import annotations

import datetime as dt
import json

import pytest
from sqlalchemy import select

from backend.extensions import db
from backend.models.meetings import Meeting
from backend.services.refusal_words import RULE_ID
from tests.integration.slack.conftest import UPTON_TEAM

NOTIFIED = "2026-04-06T12:00:00-04:00"  # operator told of the meeting two hours after the order


def _ts(iso: str) -> int:
    return int(dt.datetime.fromisoformat(iso).timestamp())


def values(meeting: str | None, notified: str | None = NOTIFIED, posted: str | None = NOTIFIED,
           vote: tuple | None = (4, 1, 0), reason: str | None = None) -> dict:
    def picker(iso: str | None) -> dict:
        return {"type": "datetimepicker", "selected_date_time": _ts(iso) if iso else None}

    def number(n: int | None) -> dict:
        return {"type": "number_input", "value": None if n is None else str(n)}
    yes, no, abstain = vote or (None, None, None)
    return {"fe_meeting_at": {"fe_meeting_at": picker(meeting)},
            "fe_operator_notified_at": {"fe_operator_notified_at": picker(notified)},
            "fe_posted_at": {"fe_posted_at": picker(posted)},
            "fe_vote_yes": {"fe_vote_yes": number(yes)}, "fe_vote_no": {"fe_vote_no": number(no)},
            "fe_vote_abstain": {"fe_vote_abstain": number(abstain)},
            "fe_override_reason": {"fe_override_reason": {"type": "plain_text_input", "value": reason}}}


@pytest.fixture
def modal(members, cd_order) -> dict:
    members.click("erc.ana", "fe_schedule_review", cd_order.id, cd_order.alert)
    (view,) = members.fake.views.values()
    return view


def _meetings() -> list[Meeting]:
    db.session.expire_all()
    return list(db.session.scalars(select(Meeting)))


def test_a_time_before_the_48_hours_is_refused_and_the_modal_stays_open(members, modal):
    resp = members.submit("erc.ana", modal, values("2026-04-07T18:00:00-04:00"))
    assert resp.status_code == 200 and resp.json["response_action"] == "errors"
    error = resp.json["errors"]["fe_meeting_at"]
    assert "too early" in error and "bylaw § 136-9" in error and "give a reason below" in error
    assert "CARVER-" not in error and "~§" not in error
    assert not RULE_ID.search(error), error  # a person reads it: the citation, never a rule id
    assert _meetings() == []


def test_a_time_after_the_7_days_is_refused(members, modal):
    resp = members.submit("erc.ana", modal, values("2026-04-15T18:00:00-04:00"))
    assert "too late" in resp.json["errors"]["fe_meeting_at"] and _meetings() == []


def test_with_a_reason_what_happened_is_recorded_and_flagged(members, modal, cd_order):
    reason = "Town Hall closed by the storm; the ERC met on the first day it could. <!channel>"
    resp = members.submit("erc.ana", modal, values("2026-04-15T18:00:00-04:00", reason=reason))
    assert resp.status_code == 200 and resp.get_data(as_text=True) == ""  # the modal closes
    (meeting,) = _meetings()
    assert meeting.flagged and meeting.flags[0]["reason"] == reason
    assert meeting.flags[0]["stage"] == "schedule"
    assert meeting.authorization["vote"]["yes"] == 4 and meeting.authorization["role"] == "board_member"
    (told,) = members.fake.ephemeral_messages
    assert "flagged" in told["text"] and told["to_user"] == members.people["erc.ana"]
    members.dispatch()
    (notice,) = [m for m in members.fake.messages(cd_order.alert["channel"])
                 if m.get("thread_ts") == cd_order.alert["ts"] and m["ts"] != cd_order.alert["ts"]]
    blocks = json.dumps(notice["blocks"], ensure_ascii=False)
    assert "⚠️ *Flagged:* outside the lawful window" in blocks and "&lt;!channel&gt;" in blocks
    assert notice["text"] == ("ERC review meeting of the cease-and-desist order for 44 Plymouth St, Carver, "
                              "MA 02330 scheduled for Apr 15, 2026, 6:00 PM EDT, at a place to be announced. "
                              "FLAGGED: outside the bylaw window, recorded with a reason.")


def test_a_time_in_the_window_is_scheduled_without_a_flag_and_noticed_in_the_thread(members, modal, cd_order):
    resp = members.submit("erc.ana", modal, values("2026-04-09T18:00:00-04:00"))
    assert resp.get_data(as_text=True) == ""
    (meeting,) = _meetings()
    assert not meeting.flagged and meeting.scheduled_for == dt.datetime(2026, 4, 9, 22, 0, tzinfo=dt.UTC)
    members.dispatch()
    (notice,) = [m for m in members.fake.messages(cd_order.alert["channel"])
                 if m.get("thread_ts") == cd_order.alert["ts"] and m["ts"] != cd_order.alert["ts"]]
    texts = [b["text"]["text"] for b in notice["blocks"] if b["type"] == "section" and "text" in b]
    checks = next(t for t in texts if t.startswith("*Checks*"))
    assert checks.count("✅") == 3 and "(M.G.L. c. 30A, § 20(b))" in checks and "EXT-OML" not in checks
    assert "4 of the 7 members" in json.dumps(notice["blocks"])


def test_one_member_without_the_erc_vote_is_refused_by_the_who_may_act_table(members, modal):
    resp = members.submit("erc.ana", modal, values("2026-04-09T18:00:00-04:00", vote=None))
    error = resp.json["errors"]["fe_vote_yes"]
    assert "acts by vote" in error and "Earth Removal Committee" in error
    assert not RULE_ID.search(error), error
    assert _meetings() == []


def test_a_vote_without_a_quorum_is_refused(members, modal):
    resp = members.submit("erc.ana", modal, values("2026-04-09T18:00:00-04:00", vote=(2, 1, 0)))
    assert "quorum is 4" in resp.json["errors"]["fe_vote_yes"] and _meetings() == []


@pytest.mark.parametrize("change, block", [
    ({"meeting": None}, "fe_meeting_at"),
    ({"notified": None}, "fe_operator_notified_at"),
    ({"vote": (9, 0, 0)}, "fe_vote_yes"),
    ({"notified": "2026-04-01T12:00:00-04:00"}, "fe_operator_notified_at"),  # before the order
])
def test_missing_or_impossible_inputs_are_named_next_to_their_field(members, modal, change, block):
    args = {"meeting": "2026-04-09T18:00:00-04:00"} | change
    resp = members.submit("erc.ana", modal, values(**args))
    assert block in resp.json["errors"], resp.json
    assert _meetings() == []


def test_a_tampered_or_foreign_modal_is_refused(members, modal, cd_order):
    damaged = members.submit("erc.ana", modal | {"private_metadata": "{not json"},
                             values("2026-04-09T18:00:00-04:00"))
    assert "damaged" in damaged.json["errors"]["fe_meeting_at"]
    foreign = members.submit("upton.member", modal, values("2026-04-09T18:00:00-04:00"), team=UPTON_TEAM)
    assert "no such order in this town" in foreign.json["errors"]["fe_meeting_at"]
    stranger = members.fake.add_user("someone@example.org", team_id="T0CARVER1")
    unlinked = members.submit(stranger, modal, values("2026-04-09T18:00:00-04:00"))
    assert "not linked" in unlinked.json["errors"]["fe_meeting_at"]
    assert _meetings() == []


def test_a_second_schedule_button_press_says_a_meeting_exists(members, modal, cd_order):
    members.submit("erc.ana", modal, values("2026-04-09T18:00:00-04:00"))
    members.click("erc.ana", "fe_schedule_review", cd_order.id, cd_order.alert)
    assert len(members.fake.views) == 1
    (told,) = [m for m in members.fake.ephemeral_messages if "already scheduled" in m["text"]]
    assert "Thu, Apr 9, 2026, 6:00 PM EDT" in told["text"]


def test_a_meeting_less_than_48_hours_ahead_is_announced_as_urgent(members, modal, cd_order):
    reason = "The operator asked to meet at once; notice waived in writing."
    resp = members.submit("erc.ana", modal, values("2026-04-07T18:00:00-04:00", reason=reason))
    assert resp.status_code == 200 and resp.get_data(as_text=True) == ""
    members.dispatch()
    (notice,) = [m for m in members.fake.messages(cd_order.alert["channel"])
                 if m.get("thread_ts") == cd_order.alert["ts"] and m["ts"] != cd_order.alert["ts"]]
    assert notice["text"].startswith("🚨 Urgent: ERC review meeting of the cease-and-desist order")
    assert notice["blocks"][0]["text"]["text"].startswith("🚨 Urgent: ")
