"""A board alert written before the town has set the board's Slack channel waits for it (held, no attempt
spent, the reason visible), and goes out to that channel once a town admin sets it: never failed nor lost."""
from __future__ import annotations

from sqlalchemy import select

from backend.audit import acting_as
from backend.extensions import db
from backend.models import Authority, Town
from tests.integration.slack.conftest import issue_cease_and_desist, notifications


def _erc(world):
    return db.session.scalar(select(Authority).join(Town, Town.id == Authority.town_id).where(
        Town.slug == "carver", Authority.kind == "earth_removal_committee"))


def _alert():
    (row,) = [n for n in notifications()
              if n.channel == "slack" and n.payload.get("text", "").startswith("Cease")]
    return row


def test_an_alert_written_before_the_channel_is_set_waits_and_goes_out_once_it_is(slack):
    erc = _erc(slack.world)
    channel = slack.channels["carver:earth_removal_committee"]
    with acting_as("test:slack"):
        erc.slack_channel = None  # the town has not set the ERC's channel yet
        db.session.commit()
    issue_cease_and_desist(slack)
    slack.dispatch()
    waiting = _alert()
    assert (waiting.status, waiting.attempts, waiting.recipient) == ("pending", 0,
                                                                     "unconfigured:earth_removal_committee")
    assert waiting.error_code == "slack:channel_unset" and "channel is not set" in waiting.last_error
    assert slack.posted("carver:earth_removal_committee") == []
    slack.dispatch()  # asked again before the channel is set: still waiting, still no attempt spent
    assert (_alert().status, _alert().attempts) == ("pending", 0)

    admin = slack.world.headers("carver", "town_admin")
    resp = slack.client.put(f"/api/v1/slack/channels/{erc.id}", headers=admin, json={"channel_id": channel})
    assert resp.status_code == 200, resp.json
    slack.dispatch()  # due at once: setting the channel woke it
    sent = _alert()
    assert (sent.status, sent.recipient) == ("sent", channel)
    posted = [m["text"] for m in slack.posted("carver:earth_removal_committee")]
    assert len(posted) == 1 and posted[0].startswith("🚨 Urgent: Cease")  # an order alert is urgent
