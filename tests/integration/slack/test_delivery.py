"""Board messages delivered by the outbox through slack_sdk to the fake Slack: the order alert, the
stabilization reminder, the daily digest and thread updates, each with its blocks and plain-text fallback."""
from __future__ import annotations

import datetime as dt
import json
import uuid
from pathlib import Path

from sqlalchemy import select

from backend.audit import acting_as
from backend.extensions import db
from backend.models import Deadline, EnforcementOrder, Permit, Site
from backend.slack import alerts
from bot.blocks import order_alert, urgent
from tests.integration.enforcement.support_a import ERC_VOTE, draft_order, issue, site_and_permit
from tests.integration.enforcement.support_b import run_jobs
from tests.integration.slack.conftest import notifications
from tests.unit.bot.snapshot import assert_snapshot

SNAPSHOTS = Path(__file__).parent / "snapshots"


def _anonymous(message: dict, **ids: str) -> dict:
    """The posted message with its generated ids replaced by names, for a stable snapshot."""
    text = json.dumps({"text": message["text"], "blocks": message["blocks"]}, ensure_ascii=False)
    for name, value in ids.items():
        text = text.replace(value, f"<{name}>")
    return json.loads(text)


def _replies(members, alert) -> list[dict]:  # type: ignore[no-untyped-def]
    return [m for m in members.fake.messages(alert["channel"])
            if m.get("thread_ts") == alert["ts"] and m["ts"] != alert["ts"]]


def test_the_cease_and_desist_alert_is_posted_with_its_blocks_and_fallback(members, cd_order):
    assert cd_order.alert["channel"] == members.channels["carver:earth_removal_committee"]
    assert_snapshot("posted_cease_and_desist", _anonymous(cd_order.alert, order=cd_order.id), SNAPSHOTS)
    order = db.session.get(EnforcementOrder, uuid.UUID(cd_order.id))
    assert cd_order.alert["blocks"] == urgent(order_alert(alerts.order_alert(order))).blocks
    (row,) = notifications("order_issued")
    assert cd_order.alert["text"] == row.sent_text  # the alert's essentials, kept as sent
    assert row.status == "sent" and row.provider_id == f"{cd_order.alert['channel']}:{cd_order.alert['ts']}"


def test_the_alert_names_site_operator_provisions_issuer_fine_path_and_the_binding_48_hour_rule(cd_order):
    text = json.dumps(cd_order.alert["blocks"], ensure_ascii=False)
    for fact in ("Plymouth St gravel pit", "41.902000, -70.765000", "South Shore Sand &amp; Gravel LLC",
                 "(Carver bylaw § 136-7C)", "Carver Board-Member Earth (board member)",
                 "under Carver bylaw § 136-9",
                 "earliest Wed, Apr 8, 2026, 10:00 AM EDT, set by Carver bylaw § 136-9: 48 hours after",
                 "latest Mon, Apr 13, 2026, 11:59 PM EDT"):
        assert fact in text, fact
    assert "CARVER-136-" not in text and "~§" not in text, text
    assert cd_order.alert["text"].startswith("🚨 Urgent: Cease-and-desist order effective immediately at "
                                             "Plymouth St gravel pit")
    for essential in ("(Carver bylaw § 136-7C)", "Fines: a court can fine up to $",
                      "Review meeting between "):
        assert essential in cd_order.alert["text"], essential


def test_a_stabilization_reminder_goes_to_the_planning_board_on_its_last_day(members, app):
    site = db.session.scalar(select(Site).where(Site.name.like("Cedar Brook%")))
    permit = db.session.scalar(select(Permit).where(Permit.site_id == site.id))
    with acting_as("test:slack"):
        db.session.add(Deadline(town_id=site.town_id, site_id=site.id, subject_type="permit",
                                subject_id=permit.id,
                                kind="must_by", rule_id="CARVER-247-STABILIZE-14D", citation="~§ 247-7B(12)",
                                label="stabilize the disturbed portion (lots 4-9)", binds="permittee",
                                latest_on=dt.date(2026, 4, 20)))
        db.session.commit()
    run_jobs(app, "2026-04-20T07:00:00-04:00", "reminders")
    members.dispatch()
    (posted,) = members.posted("carver:planning_board")
    assert posted["blocks"][0]["text"]["text"] == "⏳ Stabilization due today"
    assert posted["text"] == ("Town of Carver: reminder: stabilize the disturbed portion (lots 4-9) is due "
                              "today at Cedar Brook subdivision. See bylaw § 247-7B(12).")
    assert "by *Mon, Apr 20, 2026* (Carver bylaw § 247-7B(12))" in json.dumps(
        posted["blocks"], ensure_ascii=False)
    assert "*Activity ceased*\\nMon, Apr 6, 2026" in json.dumps(posted["blocks"], ensure_ascii=False)


def test_the_daily_digest_is_written_once_per_board_and_day_and_posted(members, cd_order, app):
    app.extensions["clock"].at = dt.datetime(2026, 4, 7, 12, 0, tzinfo=dt.UTC)
    assert members.cli("digest", "--as-of", "2026-04-07T06:59:00-04:00") == "digests 0\n"  # before 07:00
    # three Carver boards and one Upton board have channels:
    assert members.cli("digest", "--as-of", "2026-04-07T08:00:00-04:00") == "digests 4\n"
    assert members.cli("digest", "--as-of", "2026-04-07T09:00:00-04:00") == "digests 0\n"
    members.dispatch()
    (erc,) = members.posted("carver:earth_removal_committee")[1:]
    blocks = json.dumps(erc["blocks"], ensure_ascii=False)
    assert "*New violations* (1)" in blocks and "(Carver bylaw § 136-7C)" in blocks
    assert "CARVER-" not in blocks
    assert "hold the cease-and-desist review meeting" in blocks and "Audit chain head: event" in blocks
    assert erc["text"].startswith("Daily digest for Carver Earth Removal Committee, Mon, Apr 6, 2026. "
                                  "New violations: 1.")
    (upton,) = members.posted("upton:conservation_commission")
    upton_blocks = json.dumps(upton["blocks"])
    assert "*New violations* (0)" in upton_blocks and "CARVER" not in upton_blocks


def test_a_corrected_violation_and_a_lifted_order_reply_in_the_alerts_thread(members, cd_order):
    agent = members.world.headers("carver", "agent")
    erc = members.world.headers("carver", "board_member", "earth")
    (violation_id,) = [v["id"] for v in members.client.get("/api/v1/violations", headers=agent).json]
    moved = members.client.post(f"/api/v1/violations/{violation_id}/transition", headers=erc,
                                json={"to": "corrected", "reason": "Buffer restored; loam and seed <!here>"})
    assert moved.status_code == 200, moved.json
    lifted = members.client.post(f"/api/v1/orders/{cd_order.id}/transition", headers=erc,
                                 json={"to": "lifted", "reason": "ERC vote 5-0 on 2026-04-09",
                                       "authorization": ERC_VOTE})
    assert lifted.status_code == 200, lifted.json
    members.dispatch()
    lifted_reply, corrected = sorted(_replies(members, cd_order.alert), key=lambda m: m["text"][0] != "O")
    assert corrected["text"].startswith("Violation corrected: Plymouth St gravel pit. Buffer restored; "
                                        "loam and seed &lt;!here&gt; (Carver bylaw § 136-7C")
    assert lifted_reply["text"].startswith("Order lifted: Plymouth St gravel pit. ERC vote 5-0 on 2026-04-09 "
                                           "(Carver bylaw § 136-9")
    assert [n.status for n in notifications("board.thread_update")] == ["sent", "sent"]


def test_a_reply_waits_for_its_thread_and_lands_in_it(members):
    agent = members.world.headers("carver", "agent")
    erc = members.world.headers("carver", "board_member", "earth")
    site, permit = site_and_permit(members.client, agent, "gravel")
    order = draft_order(members.client, agent, site, permit, "CARVER-136")
    assert issue(members.client, erc, order, ERC_VOTE).status_code == 200
    members.client.post(f"/api/v1/orders/{order['id']}/transition", headers=erc,
                        json={"to": "lifted", "reason": "issued in error", "authorization": ERC_VOTE})
    members.fake.rate_limit_next("chat.postMessage", retry_after=30)  # the alert itself is held back
    members.dispatch()
    assert {n.template: n.status for n in notifications()}["board.thread_update"] == "pending"
    for _ in range(2):  # the reply may come up before its parent in a run: it waits for the next one
        members.app.extensions["clock"].advance(minutes=10)
        members.dispatch()
    alert, reply = members.posted("carver:earth_removal_committee")
    assert reply["thread_ts"] == alert["ts"] and reply["text"].startswith("Order lifted")
