"""The admin API linking board members to Slack users: found by e-mail in the town's own workspace,
confirmed by a town admin, revocable; everything else is a clear 4xx."""
from __future__ import annotations

import uuid

import pytest
from sqlalchemy import select

from backend.extensions import db
from backend.models import User
from tests.integration.slack.conftest import CARVER_TEAM, UPTON_TEAM

URL = "/api/v1/slack/links"


def _user_id(world, town: str, role: str, board: str | None = None) -> str:
    email, _ = world.account(town, role, board)
    return str(db.session.scalar(select(User.id).where(User.email == email)))


@pytest.fixture
def admin(slack):
    return slack.world.headers("carver", "town_admin")


@pytest.fixture
def ana(slack) -> tuple[str, str]:
    """Carver's ERC member: (user id, her Slack id in Carver's workspace)."""
    email, _ = slack.world.account("carver", "board_member", "earth")
    slack_id = slack.fake.add_user(email, team_id=CARVER_TEAM)
    return _user_id(slack.world, "carver", "board_member", "earth"), slack_id


def test_propose_confirm_list_and_revoke(slack, admin, ana):
    user_id, slack_id = ana
    proposed = slack.client.post(URL, json={"user_id": user_id}, headers=admin)
    assert proposed.status_code == 201
    assert proposed.json | {"id": None, "proposed_at": None, "proposed_by": None} == {
        "id": None, "user_id": user_id, "team_id": CARVER_TEAM, "slack_user_id": slack_id,
        "email": "carver.board-member.earth@example.org", "status": "proposed", "proposed_by": None,
        "proposed_at": None, "confirmed_by": None, "confirmed_at": None, "revoked_by": None,
        "revoked_at": None}
    link_id = proposed.json["id"]
    confirmed = slack.client.post(f"{URL}/{link_id}/confirm", headers=admin)
    assert confirmed.status_code == 200 and confirmed.json["status"] == "confirmed"
    assert confirmed.json["confirmed_at"] == "2026-04-06T14:00:00+00:00"
    assert [link["status"] for link in slack.client.get(URL, headers=admin).json] == ["confirmed"]
    revoked = slack.client.post(f"{URL}/{link_id}/revoke", headers=admin)
    assert revoked.status_code == 200 and revoked.json["status"] == "revoked"
    again = slack.client.post(URL, json={"user_id": user_id}, headers=admin)  # re-proposing starts over
    assert again.status_code == 201 and again.json["id"] == link_id and again.json["status"] == "proposed"


def test_only_a_town_admin_may_link(slack, ana):
    user_id, _ = ana
    for role, board in (("agent", None), ("board_member", "earth"), ("enforcing_officer", None)):
        headers = slack.world.headers("carver", role, board)
        resp = slack.client.post(URL, json={"user_id": user_id}, headers=headers)
        assert resp.status_code == 403, role
    assert slack.client.post(URL, json={"user_id": user_id}).status_code == 401
    assert slack.client.get(URL).status_code == 401


@pytest.mark.parametrize("body, field", [
    ({}, "user_id"),
    ({"user_id": "not-a-uuid"}, "user_id"),
    ({"user_id": 12}, "user_id"),
    ({"user_id": None}, "user_id"),
])
def test_garbage_bodies_are_422_naming_the_field(slack, admin, body, field):
    resp = slack.client.post(URL, json=body, headers=admin)
    assert resp.status_code == 422 and field in resp.json["detail"]["json"]


def test_a_user_of_another_town_or_nobody_is_404(slack, admin):
    upton_member = _user_id(slack.world, "upton", "board_member")
    assert slack.client.post(URL, json={"user_id": upton_member}, headers=admin).status_code == 404
    assert slack.client.post(URL, json={"user_id": str(uuid.uuid4())}, headers=admin).status_code == 404


def test_an_email_not_in_the_towns_workspace_is_422_even_if_another_workspace_has_it(slack, admin):
    email, _ = slack.world.account("carver", "board_member", "earth")
    slack.fake.add_user(email, team_id=UPTON_TEAM)  # the wrong town's workspace
    resp = slack.client.post(URL, json={"user_id": _user_id(slack.world, "carver", "board_member", "earth")},
                             headers=admin)
    assert resp.status_code == 422 and "no member of the town's Slack workspace uses" in str(resp.json)


def test_another_towns_link_cannot_be_confirmed_or_revoked(slack, ana):
    user_id, _ = ana
    carver_admin = slack.world.headers("carver", "town_admin")
    link = slack.client.post(URL, json={"user_id": user_id}, headers=carver_admin)
    upton_admin = slack.world.headers("upton", "town_admin")
    assert slack.client.post(f"{URL}/{link.json['id']}/confirm", headers=upton_admin).status_code == 404
    assert slack.client.post(f"{URL}/{link.json['id']}/revoke", headers=upton_admin).status_code == 404
    assert slack.client.get(URL, headers=upton_admin).json == []


def test_illegal_transitions_are_409(slack, admin, ana):
    user_id, _ = ana
    link_id = slack.client.post(URL, json={"user_id": user_id}, headers=admin).json["id"]
    assert slack.client.post(f"{URL}/{link_id}/confirm", headers=admin).status_code == 200
    assert slack.client.post(f"{URL}/{link_id}/confirm", headers=admin).status_code == 409
    already_linked = slack.client.post(URL, json={"user_id": user_id}, headers=admin)
    assert already_linked.status_code == 409
    assert slack.client.post(f"{URL}/{link_id}/revoke", headers=admin).status_code == 200
    assert slack.client.post(f"{URL}/{link_id}/revoke", headers=admin).status_code == 409
    assert slack.client.post(f"{URL}/{link_id}/confirm", headers=admin).status_code == 409


def test_one_slack_user_cannot_be_two_board_members(slack, admin, ana):
    user_id, slack_id = ana
    assert slack.client.post(URL, json={"user_id": user_id}, headers=admin).status_code == 201
    agent_email, _ = slack.world.account("carver", "agent")
    slack.fake.add_user(agent_email, team_id=CARVER_TEAM, user_id=slack_id)  # same Slack id, other e-mail
    agent_id = _user_id(slack.world, "carver", "agent")
    resp = slack.client.post(URL, json={"user_id": agent_id}, headers=admin)
    assert resp.status_code == 409 and "linked to another user" in resp.json["message"]
    ana_link = slack.client.get(URL, headers=admin).json[0]
    assert slack.client.post(f"{URL}/{ana_link['id']}/revoke", headers=admin).status_code == 200
    moved = slack.client.post(URL, json={"user_id": agent_id}, headers=admin)  # the account changed hands
    assert moved.status_code == 201
    assert (moved.json["user_id"], moved.json["status"]) == (agent_id, "proposed")


def test_a_town_without_a_workspace_is_409_and_a_slack_failure_is_502(slack):
    gardner_admin = slack.world.headers("gardner", "town_admin")
    resp = slack.client.post(URL, json={"user_id": _user_id(slack.world, "gardner", "agent")},
                             headers=gardner_admin)
    assert resp.status_code == 409 and "no Slack workspace" in resp.json["message"]
    slack.fake.error_next("users.lookupByEmail", "invalid_auth")
    carver_admin = slack.world.headers("carver", "town_admin")
    agent_id = _user_id(slack.world, "carver", "agent")
    resp = slack.client.post(URL, json={"user_id": agent_id}, headers=carver_admin)
    assert resp.status_code == 502 and "invalid_auth" in resp.json["message"]


def _board_id(slack, town: str, kind: str) -> str:
    headers = slack.world.headers(town, "town_admin")
    return next(b["id"] for b in slack.client.get("/api/v1/slack/channels", headers=headers).json
                if b["kind"] == kind)


def test_a_boards_alert_channel_is_set_only_to_a_channel_of_the_towns_workspace(slack, admin):
    erc = _board_id(slack, "carver", "earth_removal_committee")
    new = slack.fake.add_channel("erc-alerts-2026", team_id=CARVER_TEAM)
    resp = slack.client.put(f"/api/v1/slack/channels/{erc}", json={"channel_id": new}, headers=admin)
    assert resp.status_code == 200 and resp.json["slack_channel"] == new
    upton_channel = slack.channels["upton:conservation_commission"]
    url = f"/api/v1/slack/channels/{erc}"
    resp = slack.client.put(url, json={"channel_id": upton_channel}, headers=admin)
    assert resp.status_code == 422 and "no such channel" in resp.json["message"]


@pytest.mark.parametrize("body", [{}, {"channel_id": "#erc-alerts"}, {"channel_id": "c0lower"},
                                  {"channel_id": "C" + "1" * 40}, {"channel_id": 7}])
def test_a_channel_must_be_given_as_a_channel_id(slack, admin, body):
    erc = _board_id(slack, "carver", "earth_removal_committee")
    resp = slack.client.put(f"/api/v1/slack/channels/{erc}", json=body, headers=admin)
    assert resp.status_code == 422 and "channel_id" in resp.json["detail"]["json"]


def test_another_towns_board_is_404_and_only_admins_may_set_channels(slack, admin):
    upton_board = _board_id(slack, "upton", "conservation_commission")
    body = {"channel_id": slack.channels["carver:planning_board"]}
    url = f"/api/v1/slack/channels/{upton_board}"
    assert slack.client.put(url, json=body, headers=admin).status_code == 404
    erc = _board_id(slack, "carver", "earth_removal_committee")
    member = slack.world.headers("carver", "board_member", "earth")
    assert slack.client.put(f"/api/v1/slack/channels/{erc}", json=body, headers=member).status_code == 403
