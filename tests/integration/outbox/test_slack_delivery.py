"""Slack delivery, the real slack_sdk WebClient against the fake Slack: faults lose nothing, nothing twice."""
from __future__ import annotations

import datetime as dt

import pytest

from tests.integration.outbox.conftest import SLACK_CHANNEL


def _posts(fake) -> list[dict]:
    return fake.posted_messages


def test_a_notification_is_posted_once_with_its_dedupe_key_in_metadata(outbox, towns, slack):
    nid = outbox.add(towns["carver"], "slack", SLACK_CHANNEL, "carver:violation:1:opened", "Violation opened")

    assert "sent 1" in outbox.dispatch()

    (post,) = _posts(slack)
    assert post["text"] == "Violation opened" and post["channel"] == SLACK_CHANNEL
    assert post["metadata"] == {"event_type": "fieldenforce_notification",
                                "event_payload": {"dedupe_key": "carver:violation:1:opened"}}
    row = outbox.row(nid)
    assert (row.status, row.provider_id, row.attempts) == ("sent", f"{SLACK_CHANNEL}:{post['ts']}", 1)
    assert row.sent_at == outbox.app.extensions["clock"].now()
    assert "sent 0" in outbox.dispatch() and len(_posts(slack)) == 1


def test_server_errors_and_a_rate_limit_lose_nothing_and_deliver_exactly_once(outbox, towns, slack):
    nid = outbox.add(towns["carver"], "slack", SLACK_CHANNEL, "k-500-429")
    slack.fail_next("chat.postMessage", status=500)

    assert "retried 1" in outbox.dispatch()
    first = outbox.row(nid)
    assert (first.status, first.error_code, first.attempts) == ("pending", "http:500", 1)
    assert "sent 0" in outbox.dispatch()  # not due before its backoff

    outbox.advance_to(first.next_attempt_at)
    slack.rate_limit_next("chat.postMessage", retry_after=7)
    started = outbox.app.extensions["clock"].now()
    assert "retried 1" in outbox.dispatch()
    limited = outbox.row(nid)
    assert limited.error_code == "slack:ratelimited"
    assert dt.timedelta(seconds=7) <= limited.next_attempt_at - started <= dt.timedelta(seconds=7.7)

    outbox.advance(seconds=6)
    assert "sent 0" in outbox.dispatch()  # Retry-After honoured
    outbox.advance(seconds=2)
    assert "sent 1" in outbox.dispatch()
    assert len(_posts(slack)) == 1 and len(slack.requests_to("chat.postMessage")) == 3
    assert outbox.row(nid).status == "sent"


def test_a_rate_limit_defers_the_rest_of_the_batch_without_spending_their_attempts(outbox, towns, slack):
    ids = [outbox.add(towns["carver"], "slack", SLACK_CHANNEL, f"k-{i}") for i in range(3)]
    slack.rate_limit_next("chat.postMessage", retry_after=30)

    report = outbox.dispatch()

    assert "retried 1" in report and "deferred 2" in report
    assert len(slack.requests_to("chat.postMessage")) == 1
    assert sorted(outbox.row(i).attempts for i in ids) == [0, 0, 1]
    outbox.advance(seconds=34)
    assert "sent 3" in outbox.dispatch() and len(_posts(slack)) == 3


def test_a_post_that_landed_before_the_timeout_is_reconciled_not_resent(outbox, towns, slack):
    nid = outbox.add(towns["carver"], "slack", SLACK_CHANNEL, "k-hang-applied", "Stop work order issued")
    slack.hang_next("chat.postMessage", seconds=5, apply=True)

    assert "reconcile 1" in outbox.dispatch()
    row = outbox.row(nid)
    assert (row.status, row.error_code) == ("reconcile", "timeout")
    assert "found 0" in outbox.reconcile()  # too soon: a late request could still land

    outbox.advance(seconds=31)
    assert "found 1" in outbox.reconcile()
    (post,) = _posts(slack)
    row = outbox.row(nid)
    assert (row.status, row.provider_id) == ("sent", f"{SLACK_CHANNEL}:{post['ts']}")
    (history,) = slack.requests_to("conversations.history")
    assert history.params["include_all_metadata"] in (True, "true", "1")
    assert "sent 0" in outbox.dispatch() and len(_posts(slack)) == 1


def test_a_post_that_never_landed_goes_back_to_pending_and_is_sent_once(outbox, towns, slack):
    nid = outbox.add(towns["carver"], "slack", SLACK_CHANNEL, "k-hang-lost")
    slack.seed_message(SLACK_CHANNEL, "someone else's message", metadata={
        "event_type": "fieldenforce_notification", "event_payload": {"dedupe_key": "another-key"}})
    slack.hang_next("chat.postMessage", seconds=5, apply=False)

    outbox.dispatch()
    outbox.advance(seconds=31)
    assert "requeued 1" in outbox.reconcile()
    assert outbox.row(nid).status == "pending"
    assert "sent 1" in outbox.dispatch()
    assert [p["metadata"]["event_payload"]["dedupe_key"] for p in _posts(slack)] == ["k-hang-lost"]


@pytest.mark.parametrize(("recipient", "token", "code"), [
    ("CNOSUCHCHANNEL", None, "slack:channel_not_found"),
    (SLACK_CHANNEL, "xoxb-not-a-real-token", "slack:invalid_auth"),
], ids=["unknown-channel", "bad-token"])
def test_permanent_slack_errors_fail_at_once_and_are_never_retried(outbox, towns, slack, settings,
                                                                   monkeypatch, recipient, token, code):
    if token:
        monkeypatch.setattr(settings, "slack_bot_tokens", {"carver": token})
    nid = outbox.add(towns["carver"], "slack", recipient, f"k-{code}")

    assert "failed 1" in outbox.dispatch()
    row = outbox.row(nid)
    assert (row.status, row.error_code, row.next_attempt_at) == ("failed", code, None)
    outbox.advance(days=2)
    outbox.dispatch()
    assert len(slack.requests_to("chat.postMessage")) == 1 and _posts(slack) == []


def test_a_town_without_a_bot_token_fails_visibly(outbox, towns, slack):
    nid = outbox.add(towns["upton"], "slack", SLACK_CHANNEL, "k-upton")

    outbox.dispatch()

    row = outbox.row(nid)
    assert (row.status, row.error_code) == ("failed", "config:slack")
    assert "upton" in row.last_error and slack.requests == []


def test_an_unreachable_slack_is_retried_not_reconciled(outbox, towns, settings, monkeypatch):
    monkeypatch.setattr(settings, "slack_bot_tokens", {"carver": "xoxb-x"})
    monkeypatch.setattr(settings, "slack_api_url", "http://127.0.0.1:9/api/")
    nid = outbox.add(towns["carver"], "slack", SLACK_CHANNEL, "k-unreachable")

    outbox.dispatch()

    row = outbox.row(nid)
    assert (row.status, row.error_code) == ("pending", "network")


def test_when_the_provider_cannot_be_asked_the_row_waits_in_reconcile(outbox, towns, slack):
    nid = outbox.add(towns["carver"], "slack", SLACK_CHANNEL, "k-ask-later")
    slack.hang_next("chat.postMessage", seconds=5, apply=True)
    outbox.dispatch()
    outbox.advance(seconds=31)
    slack.fail_next("conversations.history", status=503)

    assert "unsettled 1" in outbox.reconcile()
    row = outbox.row(nid)
    assert row.status == "reconcile" and "could not ask" in row.last_error
    assert "sent 0" in outbox.dispatch()

    outbox.advance_to(row.next_attempt_at)
    assert "found 1" in outbox.reconcile() and len(slack.posted_messages) == 1


def test_a_row_the_provider_cannot_be_asked_about_for_10_minutes_is_dead_lettered_not_left(outbox, towns,
                                                                                          slack):
    """Reconciliation's bound (10 minutes): a row is settled or dead-lettered with the reason, never left in
    reconcile; nothing is sent again behind a person's back."""
    nid = outbox.add(towns["carver"], "slack", SLACK_CHANNEL, "k-never-answered")
    slack.hang_next("chat.postMessage", seconds=5, apply=True)
    outbox.dispatch()
    outbox.advance(seconds=31)
    slack.fail_next("conversations.history", status=503, times=500)
    assert "unsettled 1" in outbox.reconcile()
    for _ in range(60):
        row = outbox.row(nid)
        if row.status != "reconcile":
            break
        outbox.advance_to(row.next_attempt_at)
        outbox.reconcile()
    row = outbox.row(nid)
    assert (row.status, row.error_code) == ("dead", "reconcile_timeout") and "10 minutes" in row.last_error
    assert len(slack.posted_messages) == 1  # the one that landed; not posted again
