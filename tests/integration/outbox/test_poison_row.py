"""One bad notification never blocks the others: a row that raises while it is handled (a payload its
channel's hook cannot read, a template bug) is dead-lettered at once with its error, and the 49 others of
the same batch are sent, each once; none is left `sending` to burn attempts. Runs on SQLite and PostgreSQL."""
from __future__ import annotations

from sqlalchemy import select

from backend.audit import acting_as
from backend.extensions import db
from backend.models import Notification
from backend.outbox import dispatcher
from backend.outbox.intents import enqueue


class _PoisonHook:
    """A channel hook that cannot read one row's payload (as the SMS hook could not, on a malformed row)."""

    def before_send(self, session, row, as_of):  # type: ignore[no-untyped-def]
        if row.payload.get("poison"):
            raise RecursionError("maximum recursion depth exceeded while reading the payload")
        return None

    def after_failure(self, session, row, exc):  # type: ignore[no-untyped-def]
        return None


def test_one_poison_row_among_50_is_dead_lettered_and_the_others_are_sent_once(outbox, towns, monkeypatch,
                                                                             capsys):
    monkeypatch.setitem(dispatcher.HOOKS, "console", _PoisonHook())
    with acting_as("test"):
        for n in range(50):
            payload = {"text": f"Notice {n:02d}"} | ({"poison": True} if n == 17 else {})
            enqueue(db.session, towns["carver"], "console", "ops", "test.notice", payload, f"k-{n:02d}")
        db.session.commit()

    report = outbox.dispatch()

    assert "sent 49" in report and "dead 1" in report, report
    rows = {r.dedupe_key: r for r in db.session.scalars(select(Notification))}
    poison = rows.pop("k-17")
    assert (poison.status, poison.error_code, poison.attempts) == ("dead", "poison", 1)
    assert "RecursionError" in poison.last_error
    assert {(r.status, r.attempts) for r in rows.values()} == {("sent", 1)}
    printed = report + capsys.readouterr().out  # the console channel prints into the CLI's output
    assert printed.count("[console") == 49 and "Notice 17" not in printed
    assert "sent 0" in outbox.dispatch()  # nothing left in flight, nothing sent twice


def test_the_console_remembers_what_it_printed_so_a_crash_between_print_and_commit_is_not_printed_twice(
        outbox, towns, capsys):
    """As after a `kill -9` between the print and its commit: the row is back in `reconcile`; asked whether it
    was sent, the console answers truly (it was), so reconciliation settles it without a second print."""
    nid = outbox.add(towns["carver"], "console", "ops", "k-once", text="Order issued at the gravel pit")
    first = outbox.dispatch()
    with acting_as("test:crash"):
        row = db.session.get(Notification, nid)
        row.status, row.provider_id, row.sent_at, row.error_code = "reconcile", None, None, "lease_expired"
        db.session.commit()
    settled = outbox.reconcile()
    assert outbox.row(nid).status == "sent" and outbox.row(nid).provider_id.startswith("console:"), settled
    outbox.dispatch()
    printed = first + settled + outbox.dispatch() + capsys.readouterr().out
    assert printed.count("Order issued at the gravel pit") == 1


def test_the_console_does_not_claim_what_it_never_printed(outbox, towns):
    nid = outbox.add(towns["carver"], "console", "ops", "k-never", text="Never printed")
    with acting_as("test:crash"):
        row = db.session.get(Notification, nid)
        row.status, row.attempts = "reconcile", 1
        db.session.commit()
    outbox.reconcile()
    assert outbox.row(nid).status == "pending"  # not at the "provider": sent again, once
