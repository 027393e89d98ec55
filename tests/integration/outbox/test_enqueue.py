"""enqueue(): one row per dedupe key, written in (and rolled back with) the caller's transaction."""
from __future__ import annotations

import threading

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from backend.audit import acting_as
from backend.extensions import db
from backend.models import JobHeartbeat, Notification, Town
from backend.outbox.intents import enqueue, insert_or_get


def _count() -> int:
    return db.session.scalar(select(func.count()).select_from(Notification))


def _add(town_id, key: str, text: str = "Notice") -> Notification:
    return enqueue(db.session, town_id, "sms", "+15085550123", "test.notice", {"text": text}, key)


def test_the_same_dedupe_key_twice_yields_one_row(towns):
    with acting_as("test"):
        first = _add(towns["carver"], "carver:violation:9:opened")
        again = _add(towns["carver"], "carver:violation:9:opened", "a different text")
        db.session.commit()
        later = _add(towns["carver"], "carver:violation:9:opened")
        db.session.commit()

    assert first.id == again.id == later.id and _count() == 1
    assert later.payload == {"text": "Notice"} and later.status == "pending"


def test_a_new_row_is_pending_and_due_now(app, towns):
    with acting_as("test"):
        row = _add(towns["carver"], "k")
        db.session.commit()
    assert (row.status, row.attempts, row.next_attempt_at) == ("pending", 0, app.extensions["clock"].now())


def test_the_intent_is_rolled_back_with_its_cause(towns):
    with acting_as("test"):
        _add(towns["carver"], "k-rolled-back")
        db.session.rollback()
    assert _count() == 0


def test_a_clash_on_insert_returns_the_winner_and_keeps_the_callers_other_writes(towns):
    with acting_as("test"):
        winner = _add(towns["carver"], "k-race")
        db.session.commit()
        town = db.session.get(Town, towns["upton"])
        town.name = "Town of Upton"  # the caller's own write in the same transaction
        loser = Notification(town_id=towns["carver"], channel="sms", recipient="+15085550123",
                             template="test.notice", payload={}, dedupe_key="k-race", status="pending",
                             attempts=0)
        got = insert_or_get(db.session, loser)
        db.session.commit()

    assert got.id == winner.id and _count() == 1
    db.session.expire_all()
    assert db.session.get(Town, towns["upton"]).name == "Town of Upton"


@pytest.mark.parametrize("field, kwargs", [
    ("channel", {"channel": "fax"}), ("recipient", {"recipient": ""}),
    ("recipient", {"recipient": "x" * 121}),
    ("template", {"template": ""}), ("payload", {"payload": ["text"]}), ("dedupe_key", {"dedupe_key": ""}),
    ("dedupe_key", {"dedupe_key": "k" * 201}),
])
def test_a_malformed_intent_is_refused_naming_the_field(towns, field, kwargs):
    args = {"channel": "sms", "recipient": "+15085550123", "template": "t", "payload": {}, "dedupe_key": "k",
            **kwargs}
    with pytest.raises(ValueError, match=field):
        enqueue(db.session, towns["carver"], **args)
    assert _count() == 0


def test_a_dedupe_key_of_another_town_is_refused(towns):
    with acting_as("test"):
        _add(towns["carver"], "shared-key")
        db.session.commit()
        with pytest.raises(ValueError, match="another town"):
            _add(towns["upton"], "shared-key")


@pytest.mark.pg_only
def test_two_sessions_racing_on_one_key_both_succeed_with_one_row(app, towns):
    barrier, results, errors = threading.Barrier(2), [], []

    def writer() -> None:
        with app.app_context(), Session(db.engine) as session, acting_as("test:race"):
            try:
                session.add(JobHeartbeat(name=f"caller-{threading.get_ident()}"))  # the caller's own write
                session.flush()
                barrier.wait(timeout=5)  # both have looked for the key before either inserts it
                row = enqueue(session, towns["carver"], "sms", "+15085550123", "t", {"text": "x"}, "k-race")
                session.commit()
                results.append(row.id)
            except Exception as exc:  # noqa: BLE001 - reported below
                errors.append(exc)

    threads = [threading.Thread(target=writer) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)

    assert errors == [] and len(results) == 2 and results[0] == results[1] and _count() == 1
    assert db.session.scalar(select(func.count()).select_from(JobHeartbeat)) == 2
