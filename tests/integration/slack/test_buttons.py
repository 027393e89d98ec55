"""The alert's buttons through the real Bolt app and slack_sdk against the fake Slack: Acknowledge is
recorded (who, when) and answered in the thread; strangers and other towns are refused."""
from __future__ import annotations

import json

from sqlalchemy import func, select

from backend.extensions import db
from backend.models import AuditEvent
from backend.models.slack import SlackAcknowledgement
from tests.integration.slack.conftest import UPTON_TEAM


def _acks() -> list[SlackAcknowledgement]:
    db.session.expire_all()
    return list(db.session.scalars(select(SlackAcknowledgement)))


def replies(members, alert) -> list[dict]:  # type: ignore[no-untyped-def]
    return [m for m in members.fake.messages(alert["channel"])
            if m.get("thread_ts") == alert["ts"] and m["ts"] != alert["ts"]]


def test_the_alert_carries_acknowledge_and_schedule_review_buttons_for_the_order(cd_order):
    actions = cd_order.alert["blocks"][-1]
    assert [(e["action_id"], e["value"]) for e in actions["elements"]] == [
        ("fe_acknowledge", cd_order.id), ("fe_schedule_review", cd_order.id)]


def test_acknowledge_is_recorded_with_who_and_when_and_answered_in_the_thread(members, cd_order, app):
    resp = members.click("erc.ana", "fe_acknowledge", cd_order.id, cd_order.alert)
    assert resp.status_code == 200
    (ack,) = _acks()
    assert str(ack.order_id) == cd_order.id and ack.slack_user_id == members.people["erc.ana"]
    assert ack.acknowledged_at == app.extensions["clock"].now() and ack.message_ts == cd_order.alert["ts"]
    (reply,) = replies(members, cd_order.alert)
    assert reply["text"] == "✅ Acknowledged by Carver Board-Member Earth at Mon, Apr 6, 2026, 10:00 AM EDT."
    actor = db.session.scalar(select(AuditEvent.actor)
                              .where(AuditEvent.object_type == "SlackAcknowledgement"))
    assert actor == "user:carver.board-member.earth@example.org via slack"


def test_a_second_click_is_not_recorded_twice_and_only_the_clicker_is_told(members, cd_order):
    members.click("erc.ana", "fe_acknowledge", cd_order.id, cd_order.alert)
    members.click("erc.ana", "fe_acknowledge", cd_order.id, cd_order.alert)
    assert len(_acks()) == 1
    (told,) = members.fake.ephemeral_messages
    assert told["to_user"] == members.people["erc.ana"] and "already acknowledged" in told["text"]


def test_each_member_acknowledges_for_themself(members, cd_order):
    members.click("erc.ana", "fe_acknowledge", cd_order.id, cd_order.alert)
    members.click("carver.zeo", "fe_acknowledge", cd_order.id, cd_order.alert)
    assert sorted(a.slack_user_id for a in _acks()) == sorted([members.people["erc.ana"],
                                                                members.people["carver.zeo"]])
    assert len(replies(members, cd_order.alert)) == 2


def test_a_member_with_no_role_for_the_orders_chapter_is_refused(members, cd_order):
    members.click("carver.agent", "fe_acknowledge", cd_order.id, cd_order.alert)  # the Conservation agent
    assert _acks() == []
    (told,) = members.fake.ephemeral_messages
    assert told["to_user"] == members.people["carver.agent"]
    # in words: the bylaw by name, no chapter key or rule id
    assert told["text"] == ("Not done: you hold no role under Carver's earth removal bylaw (ch. 136) "
                            "in this town")


def test_an_unlinked_user_is_refused_and_nothing_is_recorded(members, cd_order):
    stranger = members.fake.add_user("visitor@example.org", team_id="T0CARVER1")
    assert members.click(stranger, "fe_acknowledge", cd_order.id, cd_order.alert).status_code == 200
    assert _acks() == []
    (told,) = members.fake.ephemeral_messages
    assert told["to_user"] == stranger and "not linked to a board member" in told["text"]


def test_another_towns_workspace_cannot_touch_a_carver_order(members, cd_order):
    upton_channel = members.channels["upton:conservation_commission"]
    upton_alert = {"channel": upton_channel, "ts": members.fake.seed_message(upton_channel, "hello")}
    members.click("upton.member", "fe_acknowledge", cd_order.id, upton_alert, team=UPTON_TEAM)
    assert _acks() == []
    (told,) = members.fake.ephemeral_messages
    assert "no such order in this town" in told["text"]


def test_garbage_button_values_are_refused_politely(members, cd_order):
    for value in ("not-a-uuid", "", "00000000-0000-0000-0000-000000000000", "<!channel>" * 50):
        assert members.click("erc.ana", "fe_acknowledge", value, cd_order.alert).status_code == 200
    assert _acks() == []
    assert all("no such order" in m["text"] for m in members.fake.ephemeral_messages)
    assert len(members.fake.ephemeral_messages) == 4


def test_view_photos_opens_a_modal_listing_the_evidence_photos(members, cd_order):
    members.click("erc.ana", "fe_view_photos", cd_order.id, cd_order.alert)
    (view,) = members.fake.views.values()
    assert view["callback_id"] == "fe_photos_modal"
    assert "No photos are linked" in json.dumps(view["blocks"])


def test_schedule_review_opens_the_modal_with_the_window_and_the_rule(members, cd_order):
    members.click("erc.ana", "fe_schedule_review", cd_order.id, cd_order.alert)
    (view,) = members.fake.views.values()
    assert view["callback_id"] == "fe_schedule_review_modal"
    origin = {"order_id": cd_order.id, "channel": cd_order.alert["channel"], "ts": cd_order.alert["ts"]}
    assert json.loads(view["private_metadata"]) == origin
    text = json.dumps(view["blocks"], ensure_ascii=False)
    assert "Mon, Apr 13, 2026, 11:59 PM EDT" in text and "(bylaw § 136-9)" in text and "CARVER-" not in text
    assert db.session.scalar(select(func.count()).select_from(SlackAcknowledgement)) == 0


def test_a_rate_limited_views_open_waits_what_retry_after_asks(members, cd_order):
    members.fake.rate_limit_next("views.open", retry_after=2)
    members.click("erc.ana", "fe_schedule_review", cd_order.id, cd_order.alert)
    assert members.sleeps == [2.0] and len(members.fake.views) == 1


def test_in_production_mode_the_click_is_acknowledged_at_once_and_recorded_on_bolts_own_threads(
        app, members, cd_order):
    import time

    from backend.slack import install
    from tests.integration.slack.conftest import bot_config
    install(app, bot_config(members.fake, members.sleeps, process_before_response=False, executor=None))
    started = time.monotonic()
    resp = members.click("erc.ana", "fe_acknowledge", cd_order.id, cd_order.alert)
    assert resp.status_code == 200 and time.monotonic() - started < 3  # Slack's limit
    deadline = time.monotonic() + 5
    while not _acks() and time.monotonic() < deadline:  # the lazy listener runs after the answer
        db.session.commit()
        time.sleep(0.05)
    assert len(_acks()) == 1


def test_a_signed_click_whose_answer_cannot_reach_slack_is_not_a_500(members, cd_order):
    """The request is genuine (signed), but Slack cannot be reached to open the modal: logged, and Slack gets
    an empty acknowledgement rather than a server error."""
    members.fake.fail_next("views.open", status=503, times=5)
    resp = members.click("erc.ana", "fe_schedule_review", cd_order.id, cd_order.alert)
    assert resp.status_code == 200, resp.get_data(as_text=True)
