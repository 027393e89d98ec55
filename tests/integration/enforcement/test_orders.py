"""Issuing orders is authorised from the bylaw engine's who-may-act table; the ERC's vote or designation is
recorded on the order; a CARVER-136 cease-and-desist stores its review window; the board gets one Slack alert
and each consenting party one courtesy SMS, which is never service."""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy import select

from backend.extensions import db
from backend.models import Authority, Membership, Party, User
from tests.integration.enforcement.support_a import (
    DESIGNATION,
    ERC_VOTE,
    deadlines,
    draft_order,
    issue,
    notifications,
    set_clock,
    site_and_permit,
)


@pytest.fixture
def agent(world):
    return world.headers("carver", "agent")


@pytest.fixture
def erc(world):
    return world.headers("carver", "board_member", "earth")


@pytest.fixture
def pit(client, agent):
    return site_and_permit(client, agent, "gravel")


@pytest.fixture
def cd(client, agent, pit):
    return draft_order(client, agent, *pit, "CARVER-136")


def test_the_erc_issues_a_cease_and_desist_by_a_recorded_vote(client, erc, cd):
    resp = issue(client, erc, cd, ERC_VOTE)
    assert resp.status_code == 200 and resp.json["status"] == "issued", resp.json
    auth = resp.json["authorization"]
    assert (auth["role"], auth["rule_id"], auth["citation"]) == (
        "board_member",
        "CARVER-136-CD-ORDER",
        "~§ 136-9",
    )
    assert auth["vote"]["present"] == 5 and auth["vote"]["majority_needed"] == 3
    assert (
        "the Earth Removal Committee by vote" in auth["reason"] and len(auth["vote"]["members_present"]) == 5
    )


def test_a_cease_and_desist_under_136_stores_its_review_window(client, erc, cd, pit):
    issue(client, erc, cd, ERC_VOTE)
    rows = {d["rule_id"]: d for d in deadlines(client, erc, site_id=pit[0]["id"])}
    window = rows["CARVER-136-CD-REVIEW-7D"]
    assert window["kind"] == "window" and window["latest_on"] == "2026-04-13" and window["binds"] == "erc"
    assert window["earliest_at"] == "2026-04-08T14:00:00+00:00" and "provisional" in window["label"]
    assert rows["CARVER-136-CD-ORDER"]["label"] == "cease and desist immediately"


@pytest.mark.parametrize(
    "authorization,needle",
    [
        pytest.param({}, "acts by vote; one member alone may not", id="one member without a vote"),
        pytest.param({"vote": {"yes": 3, "present": 3}}, "quorum is 4", id="no quorum"),
        pytest.param(
            {"vote": {"yes": 2, "no": 2, "abstain": 1}}, "majority of those present is 3", id="no majority"
        ),
    ],
)
def test_the_erc_cannot_act_without_a_carried_vote(client, erc, cd, authorization, needle):
    resp = issue(client, erc, cd, authorization)
    assert resp.status_code == 403 and needle in resp.json["message"], resp.json
    assert client.get(f"/api/v1/orders/{cd['id']}", headers=erc).json["status"] == "draft"


def test_the_ercs_designee_issues_on_a_recorded_designation(client, agent, cd):
    refused = issue(client, agent, cd)
    assert refused.status_code == 403
    assert "no role under Carver's earth removal bylaw" in refused.json["message"]
    resp = issue(client, agent, cd, DESIGNATION)
    assert resp.status_code == 200, resp.json
    auth = resp.json["authorization"]
    assert auth["role"] == "designee" and auth["designation"].startswith("ERC vote of 2026-03-02")
    assert "enforcement officer" in auth["reason"] and auth["vote"] is None


@pytest.mark.parametrize(
    "who",
    [
        pytest.param(("carver", "board_member", "planning"), id="planning board member"),
        pytest.param(("carver", "enforcing_officer", None), id="zoning enforcement officer"),
        pytest.param(("carver", "town_admin", None), id="town administrator"),
    ],
)
def test_others_may_not_issue_an_erc_order(world, client, cd, who):
    resp = issue(client, world.headers(*who), cd, ERC_VOTE)
    assert resp.status_code == 403


def test_a_single_conservation_commission_member_or_the_agent_issues_under_281(world, client, agent):
    bog = site_and_permit(client, agent, "bog")
    order = draft_order(client, agent, *bog, "CARVER-281", kind="enforcement_order")
    resp = issue(client, agent, order)
    assert resp.status_code == 200 and resp.json["authorization"]["rule_id"] == "CARVER-281-AUTH-EO"


def test_the_planning_board_acts_by_vote_and_its_agent_needs_a_written_delegation(world, client, agent):
    site, permit = site_and_permit(client, agent, "Cedar")
    order = draft_order(client, agent, site, permit, "CARVER-247")
    board = world.headers("carver", "board_member", "planning")
    assert issue(client, board, order).status_code == 403
    email, _ = world.account("upton", "agent")
    user = db.session.scalar(select(User).where(User.email == email))
    pb = db.session.scalar(select(Authority).where(Authority.kind == "planning_board"))
    db.session.add(Membership(user_id=user.id, town_id=pb.town_id, role="agent", authority_id=pb.id))
    db.session.commit()
    pb_agent = {"Authorization": f"Bearer {_token(client, email, world)}"}
    refused = issue(client, pb_agent, order)
    assert refused.status_code == 403 and "delegation" in refused.json["message"]
    ok = issue(
        client, pb_agent, order, {"delegation": "Planning Board vote of 2026-01-12, written delegation"}
    )
    assert ok.status_code == 200 and ok.json["authorization"]["delegation"].startswith("Planning Board vote")
    [row] = deadlines(client, agent, site_id=site["id"])
    assert row["rule_id"] == "CARVER-247-ORDER-CEASE-DESIST" and row["latest_on"] is None


def _token(client, email, world):
    password = next(pw for (t, _r, e), pw in world.accounts.items() if e == email)
    return client.post(
        "/api/v1/auth/token", json={"email": email, "password": password, "town": "carver"}
    ).json["token"]


def test_issuing_alerts_the_board_once_and_texts_each_consenting_party_once(client, erc, cd):
    issue(client, erc, cd, ERC_VOTE)
    [alert] = notifications("order_issued")
    assert alert.channel == "slack"
    assert "issued under Carver's earth removal bylaw (ch. 136)" in alert.payload["text"]
    texts = notifications("sms.order_issued")
    names = {db.session.get(Party, uuid.UUID(t.payload["party_id"])).name for t in texts}
    assert names == {"South Shore Sand & Gravel LLC", "Ana Souza"} and {t.channel for t in texts} == {"sms"}
    by_language = {t.payload["language"]: t.payload["text"] for t in texts}
    assert by_language["pt"].startswith("Carver: o município emitiu uma ordem de paralisação em ")
    assert "Pare a obra agora." in by_language["pt"]
    pt = by_language["pt"]
    assert "notificação legal" in pt and "por correio ou em mãos" in pt  # beside service, never instead
    assert by_language["en"].startswith("Carver: on ") and "the town issued a cease-and-desist order" in (
        by_language["en"])
    assert "Stop the work now." in by_language["en"], by_language["en"]
    assert "If not, the town can seek fines." in by_language["en"]  # no fine path chosen yet: no amount
    assert "legal notice comes by mail or hand" in by_language["en"]
    assert issue(client, erc, cd, ERC_VOTE).status_code == 409
    assert len(notifications("order_issued")) == 1 and len(notifications("sms.order_issued")) == 2


def test_a_party_without_sms_consent_gets_no_text(client, erc, cd):
    db.session.get(
        Party, db.session.scalar(select(Party.id).where(Party.name == "Ana Souza"))
    ).sms_consent = False
    db.session.commit()
    issue(client, erc, cd, ERC_VOTE)
    assert len(notifications("sms.order_issued")) == 1


def test_service_is_recorded_beside_the_courtesy_text(client, agent, erc, cd):
    issue(client, erc, cd, ERC_VOTE)
    assert client.get(f"/api/v1/orders/{cd['id']}", headers=erc).json["served_at"] is None
    set_clock(client.application, "2026-04-07T09:30:00-04:00")  # service is recorded after it happened
    served = client.post(
        f"/api/v1/orders/{cd['id']}/serve",
        headers=agent,
        json={
            "method": "certified_mail",
            "served_at": "2026-04-07T09:00:00-04:00",
            "detail": {"receipt": "7019 0001"},
        },
    )
    assert served.status_code == 200 and served.json["service_detail"] == {"receipt": "7019 0001"}


def test_serving_a_restoration_order_under_136_starts_its_hearing_request_window(client, agent, pit):
    order = draft_order(client, agent, *pit, "CARVER-136", kind="restoration_order")
    assert issue(client, agent, order, DESIGNATION).status_code == 200
    set_clock(client.application, "2026-04-07T09:30:00-04:00")
    client.post(
        f"/api/v1/orders/{order['id']}/serve",
        headers=agent,
        json={"method": "hand_delivery", "served_at": "2026-04-07T09:00:00-04:00"},
    )
    rows = {d["rule_id"]: d for d in deadlines(client, agent, site_id=pit[0]["id"])}
    assert rows["CARVER-136-RESTORATION-APPEAL"]["latest_on"] == "2026-04-14"


@pytest.mark.parametrize(
    "authorization,field",
    [
        pytest.param({"vote": {"yes": "four"}}, "vote", id="count not a number"),
        pytest.param({"vote": {"yes": -1}}, "vote", id="negative count"),
        pytest.param({"vote": {"yes": 4, "no": 2, "present": 5}}, "vote", id="present below votes cast"),
        pytest.param({"vote": [4, 1]}, "vote", id="vote not an object"),
        pytest.param({"vote": {"yes": True}}, "vote", id="boolean count"),
        pytest.param({"vote": {"yes": 4, "members_present": "everyone"}}, "vote", id="members not a list"),
        pytest.param({"designation": ""}, "designation", id="empty designation"),
        pytest.param({"designation": {"reference": 7}}, "designation", id="designation not text"),
        pytest.param({"delegation": "x" * 501}, "delegation", id="delegation too long"),
    ],
)
def test_garbage_authorizations_are_422_naming_the_field(client, erc, cd, authorization, field):
    resp = issue(client, erc, cd, authorization)
    assert resp.status_code == 422 and field in resp.json["detail"]["json"]["authorization"], resp.json


def test_bad_issue_input_and_other_towns(world, client, erc, cd):
    url = f"/api/v1/orders/{cd['id']}/issue"
    assert client.post(url, headers=erc, json={"at": "2026-04-06T10:00"}).status_code == 422
    assert client.post(url, headers=erc, json={"authorization": "yes"}).status_code == 422
    assert client.post(url, headers=world.headers("upton", "board_member"), json={}).status_code == 404
    assert client.post(url, json={}).status_code == 401
