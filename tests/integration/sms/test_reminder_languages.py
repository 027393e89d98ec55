"""The reminder job's review-meeting and permit-expiry texts go out in the party's language with a link, like
its deadline texts; the boards' Slack rows keep the job's own words."""

from __future__ import annotations

from sqlalchemy import select

from backend.audit import acting_as
from backend.extensions import db
from backend.models import Permit
from tests.integration.enforcement.support_a import ERC_VOTE, draft_order, issue, site_and_permit
from tests.integration.enforcement.support_b import run_jobs
from tests.integration.sms.conftest import dispatch, link_of, notifications, party


def _speaks(name: str, language: str) -> None:
    with acting_as("test:language"):
        party(name).language = language
        db.session.commit()


def test_the_review_meeting_reminder_reaches_the_operator_in_spanish_with_the_order_and_time(
    app, client, world, twilio
):
    _speaks("South Shore Sand & Gravel LLC", "es")
    erc = world.headers("carver", "board_member", "earth")
    s, permit = site_and_permit(client, erc, "gravel")
    order = draft_order(client, erc, s, permit, "CARVER-136")
    assert issue(client, erc, order, ERC_VOTE).status_code == 200
    resp = client.post(f"/api/v1/orders/{order['id']}/meetings", headers=erc, json={
        "scheduled_for": "2026-04-09T18:00:00-04:00", "operator_notified_at": "2026-04-06T10:00:00-04:00",
        "posted_at": "2026-04-06T10:00:00-04:00", "authorization": ERC_VOTE})
    assert resp.status_code == 201, resp.json
    run_jobs(app, "2026-04-07T19:00:00-04:00", "reminders")
    dispatch(app)
    [message] = [m for m in twilio.sent_messages if "recordatorio: la reunión" in m["body"]]
    assert message["to"] == "+15085550102"
    assert message["body"].startswith(  # the site's name is shortened to keep the text within 5 segments
        "Carver: recordatorio: la reunión de revisión de la orden de cese y desistimiento de Plymouth")
    assert " es el 9 abr 2026, 18:00 (hora del Este, EDT), en un lugar por anunciar." in message["body"]
    link = link_of(notifications("sms", "reminder.erc-review")[0])
    assert link.id in message["body"] and str(link.order_id) == order["id"]
    [slack] = notifications("slack", "reminder.erc-review")
    assert "Apr 9, 2026, 6:00 PM EDT" in slack.payload["text"] and "sms" not in slack.payload


def test_the_permit_expiry_reminder_reaches_the_permittee_in_portuguese(app, world, twilio):
    upton = db.session.scalar(select(Permit).where(Permit.number == "UCC-2026-11"))
    _speaks("Mechanic Street Realty Trust", "pt")
    run_jobs(app, "2029-05-14T10:00:00-04:00", "reminders")
    dispatch(app)
    [message] = [m for m in twilio.sent_messages if "UCC-2026-11" in m["body"]]
    assert message["body"].startswith("Upton: lembrete: a licença UCC-2026-11 de ")
    assert "vence em 13 jul 2029." in message["body"]
    [row] = [n for n in notifications("sms", "reminder.permit-expiry")
             if n.payload["permit_id"] == str(upton.id)]
    assert row.payload["sms"]["language"] == "pt" and link_of(row).site_id == upton.site_id
