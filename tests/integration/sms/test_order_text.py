"""The text of an issued order carries what was found (the violation's finding in the party's language), the
provision, what the order requires, the fine path in plain words, the link and the courtesy line, within the
order texts' 3-segment English budget."""

from __future__ import annotations

from backend.extensions import db
from backend.sms.segments import count
from tests.integration.enforcement.support_b import PLANNING_BOARD_VOTE, issued_order
from tests.integration.sms.conftest import (
    CEDAR,
    dispatch,
    new_violation,
    notifications,
    party,
    send_notice,
    set_clock,
    site,
)


def test_the_order_text_says_what_was_found_what_it_requires_and_what_follows(
    app, client, world, agent, board, twilio
):
    set_clock(app, "2026-04-06T10:00:00-04:00")
    party(CEDAR).language = "en"
    db.session.commit()
    violation = new_violation(client, agent, observed_at="2026-04-06T09:00:00-04:00")
    send_notice(client, agent, violation["id"])
    issued_order(client, board, site("Cedar Brook").id, [violation["id"]], "CARVER-247", "criminal",
                 "2026-04-06T10:00:00-04:00", PLANNING_BOARD_VOTE)
    dispatch(app)

    [row] = notifications("sms", "sms.order_issued")
    facts = row.payload
    assert facts["finding"] and facts["citation"] and facts["fine"]["path"] == "criminal"
    text = row.sent_text
    assert facts["finding"].rstrip(".") in text and facts["link"] in text
    assert "a court can fine up to" in text and "(a maximum, not a bill)" in text
    assert "Courtesy text" in text and "Carver" in text
    sent = count(text)  # as sent, with its reference
    assert "\nRef " in text and sent.encoding == "GSM-7" and sent.count <= 3
