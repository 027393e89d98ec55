"""One stable short link per case and party (`links.for_case`): a violation's texts share its link; an order
issued over violations adopts the link of the earliest one, so the violation notice's URL is the order's; a
text covering several cases carries the party's one link for all of them; a reused link is extended, never
replaced, and does not expire while its case is open."""

from __future__ import annotations

import uuid

from backend.extensions import db
from backend.models import Violation
from backend.models.sms import ShortLink
from backend.sms import links
from tests.integration.enforcement.support_b import PLANNING_BOARD_VOTE, issued_order
from tests.integration.sms.conftest import (
    CEDAR,
    link_of,
    new_violation,
    notifications,
    party,
    set_clock,
    site,
)

SEDIMENT = "CARVER-247-DESIGN-NO-OFFSITE-SEDIMENT"


def _for(*violation_ids: str, order_id: str | None = None) -> ShortLink:
    cedar = party(CEDAR)
    link = links.for_case(db.session, cedar.town_id, cedar.id, "test", [uuid.UUID(v) for v in violation_ids],
                          uuid.UUID(order_id) if order_id else None)
    db.session.commit()
    return link


def test_each_case_keeps_one_link_and_an_order_adopts_its_violations(app, client, agent, board):
    set_clock(app, "2026-04-06T10:00:00-04:00")
    first = new_violation(client, agent)
    set_clock(app, "2026-04-06T10:05:00-04:00")
    second = new_violation(client, agent, provision=SEDIMENT, description="Sediment in the brook")
    notices = notifications("sms", "sms.violation_notice")
    assert len(notices) == 2  # each violation's notice, texted when it opened
    by_violation = {n.payload["violation_id"]: link_of(n).id for n in notices}
    assert by_violation[first["id"]] != by_violation[second["id"]]  # two cases, two links

    assert _for(first["id"]).id == by_violation[first["id"]]  # the same case: the same link
    both = _for(first["id"], second["id"])  # a text about both cases: the party's one link
    assert both.id not in by_violation.values() and both.case_key == links.PARTY_CASE
    assert _for(second["id"], first["id"]).id == both.id  # and again the next day
    assert sorted(both.violation_ids) == sorted([first["id"], second["id"]]) and both.expires_at is None

    order = issued_order(client, board, site("Cedar Brook").id, [first["id"], second["id"]], "CARVER-247",
                         "criminal", "2026-04-06T10:00:00-04:00", PLANNING_BOARD_VOTE)
    [issued] = notifications("sms", "sms.order_issued")
    adopted = link_of(issued)
    assert adopted.id == by_violation[first["id"]]  # the first violation notice's URL is the order's
    assert adopted.case_key == f"order:{order['id']}" and adopted.order_id == uuid.UUID(order["id"])
    assert sorted(adopted.violation_ids) == sorted([first["id"], second["id"]])  # extended, not replaced
    assert adopted.id in issued.payload["text"]
    assert _for(second["id"]).id == adopted.id  # now one case: the order's
    assert _for(first["id"], second["id"]).id == adopted.id
    assert client.get(f"/n/{adopted.id}").status_code == 200
    assert client.get(f"/n/{by_violation[second['id']]}").status_code == 200  # an earlier link still works


def test_a_reused_link_of_a_closed_case_is_refreshed_not_replaced(app, client, agent, world):
    set_clock(app, "2026-04-06T10:00:00-04:00")
    v = new_violation(client, agent)
    [notice] = notifications("sms", "sms.violation_notice")
    link_id = link_of(notice).id
    corrected = client.post(f"/api/v1/violations/{v['id']}/transition", headers=agent,
                            json={"to": "corrected"})
    assert corrected.status_code == 200, corrected.json
    planning = world.headers("carver", "board_member", "planning")
    resp = client.post(f"/api/v1/violations/{v['id']}/transition", headers=planning,
                       json={"to": "closed", "authorization": {"vote": {"yes": 3}}})
    assert resp.status_code == 200, resp.json
    db.session.expire_all()
    closed_at = db.session.get(Violation, uuid.UUID(v["id"])).closed_at
    again = _for(v["id"])
    assert again.id == link_id and again.expires_at == closed_at + links.AFTER_CLOSING
