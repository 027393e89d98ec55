"""The real slack_sdk WebClient (and slack_bolt App) against FakeSlack over HTTP."""

from __future__ import annotations

import time

import pytest
from slack_bolt import App
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.http_retry.builtin_handlers import RateLimitErrorRetryHandler, ServerErrorRetryHandler

from tests.fakes.slack_server import FakeSlack

NOTICE = {"event_type": "violation_notice", "event_payload": {"dedupe_key": "acton-2024-0042:v1"}}


def _client(fake: FakeSlack, *, token: str | None = None, timeout: float = 1.0,
            **kwargs: object) -> WebClient:
    # slack_sdk types timeout as int, but urllib takes (and these tests need) fractions of a second
    return WebClient(token=token or fake.token, base_url=fake.base_url,
                     timeout=timeout, **kwargs)  # type: ignore[arg-type]


def _find_by_dedupe_key(client: WebClient, channel: str, key: str, oldest: str) -> list[dict]:
    history = client.conversations_history(channel=channel, oldest=oldest, include_all_metadata=True,
                                           limit=50)
    return [m for m in history["messages"]
            if m.get("metadata", {}).get("event_payload", {}).get("dedupe_key") == key]


def test_post_message_is_recorded_and_reconciled_by_metadata(fake_slack: FakeSlack,
                                                             fake_slack_client: WebClient) -> None:
    start = f"{time.time() - 1:.6f}"
    fake_slack.seed_message(fake_slack.channel_id, "unrelated chatter")
    response = fake_slack_client.chat_postMessage(
        channel=fake_slack.channel_id, text="Stop-work order issued",
        blocks=[{"type": "section", "text": {"type": "mrkdwn", "text": "*Stop-work*"}}], metadata=NOTICE,
    )

    assert response["channel"] == fake_slack.channel_id
    (request,) = fake_slack.requests_to("chat.postMessage")
    assert request.header("authorization") == f"Bearer {fake_slack.token}"
    assert request.json["metadata"] == NOTICE
    (posted,) = fake_slack.posted_messages
    assert posted["ts"] == response["ts"]
    assert posted["blocks"][0]["text"]["text"] == "*Stop-work*"

    matches = _find_by_dedupe_key(fake_slack_client, fake_slack.channel_id, "acton-2024-0042:v1", start)
    assert [m["ts"] for m in matches] == [response["ts"]]
    plain = fake_slack_client.conversations_history(channel=fake_slack.channel_id)["messages"]
    assert len(plain) == 2 and all("metadata" not in m for m in plain)


def test_history_window_limit_and_cursor(fake_slack: FakeSlack, fake_slack_client: WebClient) -> None:
    channel = fake_slack.channel_id
    ts = [fake_slack.seed_message(channel, f"m{i}", ts=f"1700000000.00000{i}") for i in range(5)]

    window = fake_slack_client.conversations_history(channel=channel, oldest=ts[0], latest=ts[4])
    assert [m["text"] for m in window["messages"]] == ["m3", "m2", "m1"]
    inclusive = fake_slack_client.conversations_history(channel=channel, oldest=ts[0],
                                                        latest=ts[4], inclusive=True)
    assert len(inclusive["messages"]) == 5

    first = fake_slack_client.conversations_history(channel=fake_slack.channel_id, limit=2)
    assert [m["text"] for m in first["messages"]] == ["m4", "m3"] and first["has_more"]
    cursor = first["response_metadata"]["next_cursor"]
    rest = fake_slack_client.conversations_history(channel=fake_slack.channel_id, limit=10, cursor=cursor)
    assert [m["text"] for m in rest["messages"]] == ["m2", "m1", "m0"] and not rest["has_more"]


def test_files_upload_v2_is_shared_in_the_thread(fake_slack: FakeSlack, fake_slack_client: WebClient) -> None:
    parent = fake_slack_client.chat_postMessage(channel=fake_slack.channel_id, text="Inspection 42")
    photo = b"\xff\xd8\xff\xe0 fake jpeg bytes"

    upload = fake_slack_client.files_upload_v2(channel=fake_slack.channel_id, thread_ts=parent["ts"],
                                               file=photo, filename="site.jpg", title="Site photo",
                                               initial_comment="Photo from the field")

    file_id = upload["file"]["id"]
    assert [r.endpoint for r in fake_slack.requests][1:] == [
        "files.getUploadURLExternal", "upload_url", "files.completeUploadExternal"]
    assert fake_slack.requests_to("upload_url")[0].raw_body == photo
    (stored,) = fake_slack.uploaded_files
    assert stored["id"] == file_id and stored["content"] == photo and stored["mimetype"] == "image/jpeg"
    (share,) = upload["file"]["shares"]["public"][fake_slack.channel_id]
    assert share["thread_ts"] == parent["ts"]

    replies = fake_slack_client.conversations_replies(channel=fake_slack.channel_id, ts=parent["ts"])
    thread = replies["messages"]
    assert [m["ts"] for m in thread] == [parent["ts"], share["ts"]]
    assert thread[1]["files"][0]["id"] == file_id and thread[1]["text"] == "Photo from the field"
    assert thread[0]["reply_count"] == 1
    top = fake_slack_client.conversations_history(channel=fake_slack.channel_id)["messages"]
    assert [m["ts"] for m in top] == [parent["ts"]]


def test_server_error_surfaces_then_retry_succeeds(fake_slack: FakeSlack) -> None:
    fake_slack.fail_next("chat.postMessage", status=500)
    with pytest.raises(SlackApiError) as excinfo:
        _client(fake_slack).chat_postMessage(channel=fake_slack.channel_id, text="first try")
    assert excinfo.value.response.status_code == 500
    assert fake_slack.posted_messages == []

    fake_slack.fail_next("chat.postMessage", status=500)
    retrying = _client(fake_slack, retry_handlers=[ServerErrorRetryHandler(max_retry_count=1)])
    response = retrying.chat_postMessage(channel=fake_slack.channel_id, text="second try")

    assert [r.fault for r in fake_slack.requests_to("chat.postMessage")] == ["fail", "fail", None]
    assert [m["text"] for m in fake_slack.posted_messages] == ["second try"]
    assert response["ts"] == fake_slack.posted_messages[0]["ts"]


def test_rate_limit_without_handler_raises_ratelimited(fake_slack: FakeSlack,
                                                       fake_slack_client: WebClient) -> None:
    fake_slack.rate_limit_next("chat.postMessage", retry_after=7)
    with pytest.raises(SlackApiError) as excinfo:
        fake_slack_client.chat_postMessage(channel=fake_slack.channel_id, text="x")
    assert excinfo.value.response.status_code == 429
    assert excinfo.value.response["error"] == "ratelimited"
    assert excinfo.value.response.headers["Retry-After"] == "7"


def test_rate_limit_retry_after_is_honoured(fake_slack: FakeSlack) -> None:
    fake_slack.rate_limit_next("chat.postMessage", retry_after=2)
    client = _client(fake_slack, retry_handlers=[RateLimitErrorRetryHandler(max_retry_count=1)])

    client.chat_postMessage(channel=fake_slack.channel_id, text="after the limit")

    limited, accepted = fake_slack.requests_to("chat.postMessage")
    assert (limited.fault, accepted.fault) == ("rate_limit", None)
    assert accepted.at - limited.at >= 2.0  # slack_sdk sleeps 1-2 s without the header
    assert len(fake_slack.posted_messages) == 1


def test_hang_times_out_client_but_message_counts_as_sent(fake_slack: FakeSlack) -> None:
    fake_slack.hang_next("chat.postMessage", seconds=10)
    started = time.monotonic()
    oldest = f"{time.time() - 1:.6f}"

    with pytest.raises(TimeoutError):
        _client(fake_slack, timeout=0.3).chat_postMessage(channel=fake_slack.channel_id, text="ambiguous",
                                                          metadata=NOTICE)

    assert time.monotonic() - started < 3
    (request,) = fake_slack.requests_to("chat.postMessage")
    assert request.fault == "hang"
    assert [m["text"] for m in fake_slack.posted_messages] == ["ambiguous"]
    matches = _find_by_dedupe_key(_client(fake_slack), fake_slack.channel_id, "acton-2024-0042:v1", oldest)
    assert len(matches) == 1


def test_hang_without_apply_loses_the_message(fake_slack: FakeSlack) -> None:
    fake_slack.hang_next("chat.postMessage", seconds=10, apply=False)
    with pytest.raises(TimeoutError):
        _client(fake_slack, timeout=0.3).chat_postMessage(channel=fake_slack.channel_id, text="lost")
    assert len(fake_slack.requests_to("chat.postMessage")) == 1
    assert fake_slack.posted_messages == []


def test_scripted_api_error(fake_slack: FakeSlack, fake_slack_client: WebClient) -> None:
    fake_slack.error_next("chat.postMessage", "is_archived")
    with pytest.raises(SlackApiError) as excinfo:
        fake_slack_client.chat_postMessage(channel=fake_slack.channel_id, text="x")
    assert excinfo.value.response["error"] == "is_archived"
    assert fake_slack_client.chat_postMessage(channel=fake_slack.channel_id, text="x")["ok"]


def test_tokens_only_see_their_own_workspace(fake_slack: FakeSlack) -> None:
    fake_slack.add_workspace("T0ACTON", token="xoxb-acton", name="Acton")
    acton_channel = fake_slack.add_channel("conservation", team_id="T0ACTON")
    acton = _client(fake_slack, token="xoxb-acton")

    posted = acton.chat_postMessage(channel="#conservation", text="Order of Conditions issued")
    assert posted["channel"] == acton_channel
    assert acton.auth_test()["team_id"] == "T0ACTON"
    assert len(acton.conversations_history(channel=acton_channel)["messages"]) == 1

    default = _client(fake_slack)
    for call in (lambda: default.conversations_history(channel=acton_channel),
                 lambda: default.chat_postMessage(channel=acton_channel, text="leak")):
        with pytest.raises(SlackApiError) as excinfo:
            call()
        assert excinfo.value.response["error"] == "channel_not_found"
    with pytest.raises(SlackApiError) as excinfo:
        acton.conversations_history(channel=fake_slack.channel_id)
    assert excinfo.value.response["error"] == "channel_not_found"


@pytest.mark.parametrize(("token", "error"), [("xoxb-nope", "invalid_auth"), ("", "not_authed")])
def test_bad_tokens_are_rejected(fake_slack: FakeSlack, token: str, error: str) -> None:
    client = WebClient(token=token or None, base_url=fake_slack.base_url, timeout=1)
    with pytest.raises(SlackApiError) as excinfo:
        client.chat_postMessage(channel=fake_slack.channel_id, text="x")
    assert excinfo.value.response["error"] == error
    assert fake_slack.posted_messages == []


def test_revoked_token_and_unknown_method(fake_slack: FakeSlack, fake_slack_client: WebClient) -> None:
    with pytest.raises(SlackApiError) as excinfo:
        fake_slack_client.api_call("admin.teams.create")
    assert excinfo.value.response["error"] == "unknown_method"
    fake_slack.revoke_token(fake_slack.token)
    with pytest.raises(SlackApiError) as excinfo:
        fake_slack_client.auth_test()
    assert excinfo.value.response["error"] == "token_revoked"


def test_user_directory(fake_slack: FakeSlack, fake_slack_client: WebClient) -> None:
    uid = fake_slack.add_user("chair@acton-ma.gov", real_name="Pat Chair")

    found = fake_slack_client.users_lookupByEmail(email="Chair@Acton-MA.gov")["user"]
    assert found["id"] == uid and found["profile"]["email"] == "chair@acton-ma.gov"
    assert fake_slack_client.users_info(user=uid)["user"]["real_name"] == "Pat Chair"
    with pytest.raises(SlackApiError) as excinfo:
        fake_slack_client.users_lookupByEmail(email="nobody@acton-ma.gov")
    assert excinfo.value.response["error"] == "users_not_found"
    with pytest.raises(SlackApiError) as excinfo:
        fake_slack_client.users_info(user="U0MISSING")
    assert excinfo.value.response["error"] == "user_not_found"


def test_update_ephemeral_reactions_and_dm(fake_slack: FakeSlack, fake_slack_client: WebClient) -> None:
    uid = fake_slack.add_user("agent@acton-ma.gov")
    posted = fake_slack_client.chat_postMessage(channel=fake_slack.channel_id, text="draft")

    channel = fake_slack.channel_id
    fake_slack_client.chat_update(channel=channel, ts=posted["ts"], text="final", metadata=NOTICE)
    fake_slack_client.reactions_add(channel=channel, timestamp=posted["ts"], name="white_check_mark")
    with pytest.raises(SlackApiError) as excinfo:
        fake_slack_client.reactions_add(channel=fake_slack.channel_id, timestamp=posted["ts"],
                                        name="white_check_mark")
    assert excinfo.value.response["error"] == "already_reacted"
    (message,) = fake_slack.posted_messages
    assert message["text"] == "final" and message["metadata"] == NOTICE and "edited" in message
    assert message["reactions"] == [{"name": "white_check_mark", "users": [message["user"]], "count": 1}]

    ephemeral = fake_slack_client.chat_postEphemeral(channel=fake_slack.channel_id, user=uid, text="only you")
    assert fake_slack.ephemeral_messages[0]["to_user"] == uid
    assert fake_slack.ephemeral_messages[0]["ts"] == ephemeral["message_ts"]

    dm = fake_slack_client.chat_postMessage(channel=uid, text="direct")
    assert dm["channel"].startswith("D")
    human = fake_slack.seed_message(fake_slack.channel_id, "from a person")
    with pytest.raises(SlackApiError) as excinfo:
        fake_slack_client.chat_update(channel=fake_slack.channel_id, ts=human, text="edited")
    assert excinfo.value.response["error"] == "cant_update_message"


def test_views_open_update_publish(fake_slack: FakeSlack, fake_slack_client: WebClient) -> None:
    title = {"type": "plain_text", "text": "Cite"}
    modal = {"type": "modal", "callback_id": "cite", "title": title, "blocks": []}

    opened = fake_slack_client.views_open(trigger_id="123.456.abc", view=modal)["view"]
    updated = fake_slack_client.views_update(view_id=opened["id"], hash=opened["hash"],
                                             view={**modal, "private_metadata": "case-42"})["view"]
    assert updated["id"] == opened["id"] and fake_slack.views[opened["id"]]["private_metadata"] == "case-42"
    with pytest.raises(SlackApiError) as excinfo:
        fake_slack_client.views_update(view_id=opened["id"], hash=opened["hash"], view=modal)
    assert excinfo.value.response["error"] == "hash_conflict"

    fake_slack.expire_trigger("old.trigger")
    with pytest.raises(SlackApiError) as excinfo:
        fake_slack_client.views_open(trigger_id="old.trigger", view=modal)
    assert excinfo.value.response["error"] == "expired_trigger_id"

    home = {"type": "home", "blocks": [{"type": "divider"}]}
    fake_slack_client.views_publish(user_id="U0AGENT", view=home)
    assert fake_slack.home_views["U0AGENT"]["blocks"] == [{"type": "divider"}]


def test_bolt_app_verifies_its_token_against_the_fake(fake_slack: FakeSlack) -> None:
    app = App(client=_client(fake_slack), signing_secret="test-secret")

    app.client.chat_postMessage(channel=fake_slack.channel_id, text="from bolt")

    assert [r.endpoint for r in fake_slack.requests] == ["auth.test", "chat.postMessage"]
    assert fake_slack.posted_messages[0]["text"] == "from bolt"


def test_conversations_info_says_whether_the_bot_is_a_member(fake_slack: FakeSlack,
                                                              fake_slack_client: WebClient) -> None:
    channel = fake_slack.add_channel("erc-alerts", bot_member=False)
    assert fake_slack_client.conversations_info(channel=channel)["channel"]["is_member"] is False
    fake_slack.invite_bot(channel)
    info = fake_slack_client.conversations_info(channel=channel)["channel"]
    assert (info["name"], info["is_member"], info["is_archived"]) == ("erc-alerts", True, False)
    with pytest.raises(SlackApiError) as missing:
        fake_slack_client.conversations_info(channel="C0NOPE")
    assert missing.value.response["error"] == "channel_not_found"
