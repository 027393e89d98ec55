"""The worker's outbox task, the after-commit wake-up, and the console channel when nothing is configured."""
from __future__ import annotations

import hashlib

from sqlalchemy import select

from backend.audit import acting_as
from backend.extensions import db
from backend.jobs import tasks
from backend.models import Notification
from backend.outbox.intents import enqueue


def test_without_credentials_every_channel_prints_to_the_console(outbox, towns, capsys):
    ids = [outbox.add(towns["carver"], channel, recipient, f"k-{channel}", f"Hello {channel}")
           for channel, recipient in (("slack", "C0BOARD"), ("sms", "+15085550123"), ("console", "ops"))]

    assert "sent 3" in outbox.dispatch()

    providers = [outbox.row(i).provider_id for i in ids]
    expected = ["console:" + hashlib.sha256(k.encode()).hexdigest()[:32]
                for k in ("k-slack", "k-sms", "k-console")]
    assert providers == expected


def test_the_periodic_task_settles_delivers_and_records_its_heartbeat(app, client, outbox, towns, monkeypatch,
                                                                      capsys):
    monkeypatch.setattr(tasks, "_app", lambda: app)
    nid = outbox.add(towns["carver"], "console", "ops", "k-task", "Reminder: hearing tonight")

    tasks.outbox_periodic.call_local()

    assert "[console → ops] Reminder: hearing tonight" in capsys.readouterr().out
    assert outbox.row(nid).status == "sent"
    beat = client.get("/healthz").json["checks"]["outbox"]
    assert beat["ok"] is True and beat["age_seconds"] == 0


def test_a_commit_that_adds_notifications_wakes_the_worker_once(app, towns, monkeypatch):
    kicks: list[int] = []
    monkeypatch.setitem(app.extensions, "outbox.kick", lambda: kicks.append(1))
    with acting_as("test"):
        enqueue(db.session, towns["carver"], "console", "ops", "t", {"text": "a"}, "k-a")
        enqueue(db.session, towns["carver"], "console", "ops", "t", {"text": "b"}, "k-b")
        db.session.commit()
        assert kicks == [1]
        enqueue(db.session, towns["carver"], "console", "ops", "t", {"text": "a"}, "k-a")  # duplicate: no-op
        db.session.commit()
        enqueue(db.session, towns["carver"], "console", "ops", "t", {"text": "c"}, "k-c")
        db.session.rollback()
        db.session.commit()
    assert kicks == [1]


def test_a_failing_wake_up_never_fails_the_commit(app, towns, monkeypatch, caplog):
    def broken() -> None:
        raise ConnectionError("redis is down")

    monkeypatch.setitem(app.extensions, "outbox.kick", broken)
    with acting_as("test"):
        row = enqueue(db.session, towns["carver"], "console", "ops", "t", {"text": "a"}, "k-a")
        db.session.commit()
    assert row.status == "pending" and "periodic task will deliver" in caplog.text


def test_the_worker_is_not_woken_under_app_env_test(app):
    assert "outbox.kick" not in app.extensions


def test_rows_written_before_due_times_existed_are_still_delivered(outbox, towns):
    with acting_as("test"):
        row = Notification(town_id=towns["carver"], channel="console", recipient="ops", template="t",
                           payload={"text": "legacy"}, dedupe_key="k-legacy", status="pending", attempts=0)
        db.session.add(row)
        db.session.commit()
    assert row.next_attempt_at is None
    assert "sent 1" in outbox.dispatch() and outbox.row(row.id).status == "sent"


def test_a_notification_that_cannot_be_rendered_fails_visibly_without_sending(outbox, towns, monkeypatch,
                                                                             capsys):
    from backend.outbox import render
    monkeypatch.setitem(render._TEMPLATES, "test.buggy", lambda payload: payload["missing"].upper())
    monkeypatch.setitem(render._TEMPLATES, "test.crashing", lambda payload: None.upper())
    with acting_as("test"):
        for template, key in (("test.notice", "k-no-text"), ("test.buggy", "k-buggy"),
                              ("test.crashing", "k-crash")):
            enqueue(db.session, towns["carver"], "console", "ops", template, {}, key)
        db.session.commit()

    assert "failed 3" in outbox.dispatch()

    assert capsys.readouterr().out.count("[console") == 0
    rows = db.session.scalars(select(Notification).order_by(Notification.dedupe_key)).all()
    assert [(r.status, r.error_code) for r in rows] == [("failed", "render")] * 3
    assert "no payload text" in rows[2].last_error
