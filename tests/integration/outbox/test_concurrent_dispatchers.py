"""Two dispatchers on PostgreSQL, each with its own session, share the work and never send anything twice."""
from __future__ import annotations

import threading
from collections import Counter

import pytest
from sqlalchemy import func, select

from backend.audit import acting_as
from backend.audit_verify import verify_town
from backend.channels.registry import build_channels
from backend.extensions import db
from backend.models import Notification
from backend.outbox.dispatcher import dispatch
from backend.outbox.intents import enqueue
from backend.outbox.policy import DeliveryPolicy
from tests.integration.outbox.conftest import PERMITTEE

COUNT = 1000


def _enqueue_many(town_id, count: int) -> None:
    with acting_as("test:bulk"):
        for i in range(count):
            enqueue(db.session, town_id, "sms", PERMITTEE, "t", {"text": f"Notice {i}"}, f"k-{i:04d}")
        db.session.commit()


def _run_dispatchers(app, settings, workers: int) -> tuple[list[int], list[BaseException]]:
    sent, errors, start = [0] * workers, [], threading.Barrier(workers)
    policy = DeliveryPolicy.from_settings(settings)

    def worker(n: int) -> None:
        with app.app_context():
            channels = build_channels(settings)
            try:
                start.wait(timeout=10)
                sent[n] = dispatch(db.session, channels, app.extensions["clock"].now(), policy).sent
            except BaseException as exc:  # noqa: BLE001 - reported by the test
                errors.append(exc)
            finally:
                channels.close()
                db.session.remove()

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return sent, errors


@pytest.mark.pg_only
def test_two_dispatchers_deliver_a_thousand_notifications_exactly_once(app, outbox, towns, twilio, settings):
    _enqueue_many(towns["carver"], COUNT)
    sent, errors = _run_dispatchers(app, settings, workers=2)

    assert errors == [] and sum(sent) == COUNT and min(sent) > 0, (sent, errors)
    bodies = Counter(m["body"].split("\n")[0] for m in twilio.sent_messages)
    assert len(twilio.sent_messages) == COUNT and max(bodies.values()) == 1
    assert len(twilio.requests_to("messages.create")) == COUNT
    db.session.expire_all()
    assert db.session.scalar(select(func.count()).where(Notification.status == "sent")) == COUNT
    assert verify_town(db.session, towns["carver"], b"test-audit-key").ok


@pytest.mark.pg_only
def test_a_row_locked_by_one_dispatcher_is_skipped_by_the_other(app, outbox, towns, twilio, settings):
    nid = outbox.add(towns["carver"], "sms", PERMITTEE, "k-locked")
    policy = DeliveryPolicy.from_settings(settings)
    with db.engine.connect() as other:
        other.execute(select(Notification).where(Notification.id == nid).with_for_update())

        channels = build_channels(settings)
        report = dispatch(db.session, channels, app.extensions["clock"].now(), policy)
        channels.close()

        assert report.sent == 0 and twilio.sent_messages == []
        other.rollback()
    assert outbox.dispatch().startswith("dispatch: recovered 0, sent 1")

