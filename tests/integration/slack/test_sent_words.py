"""What is sent is what is kept: the Slack words stored on the outbox row are byte for byte the words the
fake Slack received (the order alert's fallback text and its Block Kit blocks), and operators read them back
through `GET /api/v1/outbox/<id>` and `flask outbox show <id>`."""
from __future__ import annotations

import json

from tests.integration.slack.conftest import notifications


def _canonical(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()


def test_the_order_alert_row_keeps_exactly_the_text_and_blocks_slack_received(members, cd_order):
    (row,) = notifications("order_issued")
    (request,) = [r for r in members.fake.requests_to("chat.postMessage")
                  if r.params.get("text", "").startswith("🚨 Urgent: Cease")]
    received = request.params

    assert row.sent_text.encode() == received["text"].encode()
    blocks = received["blocks"]
    sent_blocks = blocks if isinstance(blocks, list) else json.loads(blocks)
    assert _canonical(row.sent_blocks) == _canonical(sent_blocks) and row.sent_blocks
    assert row.sent_text == cd_order.alert["text"]


def test_operators_read_the_words_sent_through_the_api_and_the_cli(app, client, members, cd_order):
    (row,) = notifications("order_issued")

    shown = client.get(f"/api/v1/outbox/{row.id}", headers=members.world.headers("carver", "town_admin"))
    other_town = client.get(f"/api/v1/outbox/{row.id}", headers=members.world.headers("upton", "town_admin"))
    printed = app.test_cli_runner().invoke(args=["outbox", "show", str(row.id)])

    assert shown.status_code == 200, shown.json
    assert shown.json["sent_text"] == cd_order.alert["text"]
    assert shown.json["sent_blocks"] == cd_order.alert["blocks"]
    assert other_town.status_code == 404
    assert printed.exit_code == 0 and cd_order.alert["text"] in printed.output
    assert "status: sent" in printed.output and "--- blocks ---" in printed.output
