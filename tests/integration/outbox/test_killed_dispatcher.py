"""A dispatcher killed between the provider call and its commit: the send is reconciled, never repeated."""
from __future__ import annotations

import pytest
from sqlalchemy.orm import Session

from backend.channels.registry import Channels, build_channels
from backend.extensions import db
from backend.models import Notification
from backend.outbox.dispatcher import dispatch
from backend.outbox.policy import DeliveryPolicy
from tests.integration.outbox.conftest import PERMITTEE, SLACK_CHANNEL


class Killed(BaseException):
    """Stands in for SIGKILL: nothing after it runs, no except clause in the dispatcher catches it."""


class DiesAfterSending:
    def __init__(self, inner) -> None:
        self.inner = inner

    def send(self, message):
        self.inner.send(message)
        raise Killed

    def find_sent(self, message, since):
        return self.inner.find_sent(message, since)


@pytest.mark.parametrize("channel, recipient", [("slack", SLACK_CHANNEL), ("sms", PERMITTEE)])
def test_a_send_whose_dispatcher_died_before_committing_is_reconciled_not_resent(
        app, outbox, towns, slack, twilio, settings, channel, recipient):
    nid = outbox.add(towns["carver"], channel, recipient, f"k-killed-{channel}", "Order served")
    real = build_channels(settings)
    dying = Channels({**real.by_name, channel: DiesAfterSending(real.get(channel))})
    policy = DeliveryPolicy.from_settings(settings)

    with pytest.raises(Killed):
        dispatch(db.session, dying, app.extensions["clock"].now(), policy)
    db.session.rollback()
    real.close()
    row = outbox.row(nid)
    assert (row.status, row.attempts) == ("sending", 1)

    assert "recovered 0" in outbox.dispatch()  # the lease still holds: hands off
    outbox.advance_to(row.lease_until)
    outbox.advance(seconds=1)
    assert "recovered 1, found 1" in outbox.reconcile()

    row = outbox.row(nid)
    assert row.status == "sent" and row.provider_id
    assert "sent 0" in outbox.dispatch()
    assert len(slack.posted_messages) + len(twilio.sent_messages) == 1


def test_a_dispatcher_that_died_before_sending_is_reconciled_and_then_sent_once(app, outbox, towns, twilio,
                                                                                 settings):
    nid = outbox.add(towns["carver"], "sms", PERMITTEE, "k-died-early")

    class DiesBeforeSending:
        def send(self, message):
            raise Killed

        def find_sent(self, message, since):
            raise AssertionError("not used")

    with pytest.raises(Killed):
        dispatch(db.session, Channels({"sms": DiesBeforeSending()}), app.extensions["clock"].now(),
                 DeliveryPolicy.from_settings(settings))
    db.session.rollback()
    outbox.advance_to(outbox.row(nid).lease_until)
    outbox.advance(seconds=1)

    assert "recovered 1, found 0, requeued 1" in outbox.reconcile()
    assert "sent 1" in outbox.dispatch()
    assert len(twilio.sent_messages) == 1 and outbox.row(nid).attempts == 2


def test_a_dispatcher_whose_row_was_settled_meanwhile_keeps_the_other_outcome(app, outbox, towns, twilio,
                                                                             settings):
    nid = outbox.add(towns["carver"], "sms", PERMITTEE, "k-slow")
    real = build_channels(settings)

    class SlowPastItsLease:
        """The send succeeds, but meanwhile a reconciler (own session) took the row over and settled it."""

        def send(self, message):
            result = real.get("sms").send(message)
            with Session(db.engine) as other:
                row = other.get(Notification, nid)
                row.status, row.provider_id = "sent", result.provider_id
                other.commit()
            return result

        def find_sent(self, message, since):
            raise AssertionError("not used")

    report = dispatch(db.session, Channels({"sms": SlowPastItsLease()}), app.extensions["clock"].now(),
                      DeliveryPolicy.from_settings(settings))
    real.close()

    assert (report.sent, report.lost_lease) == (1, 1)
    row = outbox.row(nid)
    assert row.status == "sent" and row.provider_id == twilio.sent_messages[0]["sid"]
    assert len(twilio.sent_messages) == 1
