"""Accounts: users and memberships per town, one-time password links, token revocation, deactivation."""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy import select

from backend.audit import acting_as
from backend.extensions import db
from backend.models import AccountEvent, User
from backend.security import hash_password
from tests.integration.admin.conftest import audit_trail

NEW = {"email": "Dana.Reyes@Example.org", "name": "Dana Reyes", "role": "agent"}
PASSWORD = "correct horse battery staple"


def login(client, email, password, town="carver", device=None):
    return client.post(
        "/api/v1/auth/token", json={"email": email, "password": password, "town": town, "device": device}
    )


def bearer(resp) -> dict:
    assert resp.status_code == 201, resp.json
    return {"Authorization": f"Bearer {resp.json['token']}"}


def token_of(url: str) -> str:
    return url.split("#token=", 1)[1]


def set_password(client, token, password=PASSWORD):
    return client.post("/api/v1/public/password-reset", json={"token": token, "password": password})


def new_user(client, admin, body=NEW) -> dict:
    """The admin's invitation (the same answer whether or not the email has an account)."""
    resp = client.post("/api/v1/admin/users", headers=admin, json=body)
    assert resp.status_code == 201, resp.json
    return resp.json


def accept(client, invited: dict, password=PASSWORD):
    return client.post("/api/v1/public/invitation",
                       json={"token": token_of(invited["invitation_url"]), "password": password})


def events(user_id) -> list[str]:
    return [
        e.action
        for e in db.session.scalars(
            select(AccountEvent)
            .where(AccountEvent.user_id == uuid.UUID(user_id))
            .order_by(AccountEvent.created_at, AccountEvent.action)
        )
    ]


def test_a_new_email_accepts_the_invitation_once_choosing_a_password(client, admin):
    invited = new_user(client, admin)
    inv = invited["invitation"]
    assert inv["status"] == "pending" and inv["email"] == "dana.reyes@example.org"
    assert "/invitation#token=iv_" in invited["invitation_url"]
    assert _user_id("dana.reyes@example.org") is None  # nothing but the invitation until it is accepted
    token = token_of(invited["invitation_url"])
    check = client.post("/api/v1/public/invitation/check", json={"token": token})
    assert check.status_code == 200
    assert (check.json["email"], check.json["role"]) == ("dana.reyes@example.org", "agent")
    assert check.json["has_account"] is False and check.json["town"] == "Town of Carver"
    assert accept(client, invited, "too short").status_code == 422
    done = accept(client, invited)
    assert done.status_code == 201, done.json
    assert login(client, "dana.reyes@example.org", PASSWORD).json["roles"] == ["agent"]
    assert (client.get("/api/v1/sites", headers=bearer(login(client, "dana.reyes@example.org", PASSWORD)))
            .status_code == 200)
    again = accept(client, invited, "another long password")
    assert again.status_code == 410 and "token" in again.json["detail"]["json"]
    user_id = str(_user_id("dana.reyes@example.org"))
    assert events(user_id) == ["user_created"]
    trail = audit_trail("Invitation", invited["invitation"]["id"])
    assert [a for a, _, _ in trail] == ["create", "update"] and "token_hash" not in trail[0][2]
    assert trail[1][1] == "user:dana.reyes@example.org" and trail[1][2]["accepted_at"] is not None


def _reset_id(user_id):
    from backend.models import PasswordReset

    return db.session.scalar(select(PasswordReset.id).where(PasswordReset.user_id == uuid.UUID(user_id)))


def test_a_reset_link_expires(client, app, world, admin):
    user_id = _user_id(world.account("carver", "agent")[0])
    issued = client.post(f"/api/v1/admin/users/{user_id}/password-reset", headers=admin).json
    app.extensions["clock"].advance(hours=24, seconds=1)
    token = token_of(issued["reset_url"])
    assert client.post("/api/v1/public/password-reset/check", json={"token": token}).status_code == 410
    assert set_password(client, token).status_code == 410


def test_an_invitation_expires(client, app, admin):
    invited = new_user(client, admin)
    app.extensions["clock"].advance(hours=72, seconds=1)
    token = token_of(invited["invitation_url"])
    assert client.post("/api/v1/public/invitation/check", json={"token": token}).status_code == 410
    assert accept(client, invited).status_code == 410
    listed = client.get("/api/v1/admin/invitations", headers=admin).json
    assert [(i["email"], i["status"]) for i in listed] == [("dana.reyes@example.org", "expired")]


def test_a_new_link_supersedes_the_old_one_and_a_reset_logs_every_device_out(client, world, admin):
    email, password = world.account("carver", "agent")
    agent = bearer(login(client, email, password, device="field phone"))
    user_id = _user_id(email)
    first = client.post(f"/api/v1/admin/users/{user_id}/password-reset", headers=admin).json
    second = client.post(f"/api/v1/admin/users/{user_id}/password-reset", headers=admin).json
    assert set_password(client, token_of(first["reset_url"])).status_code == 410
    assert set_password(client, token_of(second["reset_url"])).status_code == 204
    assert client.get("/api/v1/sites", headers=agent).status_code == 401
    assert (
        login(client, email, password).status_code == 401
        and login(client, email, PASSWORD).status_code == 201
    )


def test_revoking_one_device_logs_that_device_out_only(client, world, admin):
    email, password = world.account("carver", "agent")
    phone = bearer(login(client, email, password, device="lost phone"))
    tablet = bearer(login(client, email, password, device="tablet"))
    user_id = _user_id(email)
    resp = client.post(
        f"/api/v1/admin/users/{user_id}/revoke-tokens", headers=admin, json={"device": "lost phone"}
    )
    assert resp.status_code == 200 and resp.json == {"revoked": 1}
    assert client.get("/api/v1/sites", headers=phone).status_code == 401
    assert client.get("/api/v1/sites", headers=tablet).status_code == 200
    tokens = client.get(f"/api/v1/admin/users/{user_id}/tokens", headers=admin).json
    assert sorted((t["device"], t["revoked_at"] is not None) for t in tokens if t["device"]) == [
        ("lost phone", True),
        ("tablet", False),
    ]
    assert "tokens_revoked" in events(str(user_id))


def _user_id(email: str) -> uuid.UUID:
    return db.session.scalar(select(User.id).where(User.email == email))


def test_a_town_admin_revokes_only_their_towns_tokens(client, world):
    email, password = (
        "shared.agent@example.org",
        world.accounts[("upton", "agent", "shared.agent@example.org")],
    )
    in_upton = bearer(login(client, email, password, "upton"))
    in_gardner = bearer(login(client, email, password, "gardner"))
    upton_admin = world.headers("upton", "town_admin")
    url = f"/api/v1/admin/users/{_user_id(email)}/revoke-tokens"
    assert client.post(url, headers=upton_admin, json={"all_towns": True}).status_code == 403
    assert client.post(url, headers=upton_admin, json={}).json == {"revoked": 1}
    assert client.get("/api/v1/sites", headers=in_upton).status_code == 401
    assert client.get("/api/v1/sites", headers=in_gardner).status_code == 200


def test_deactivating_a_membership_ends_access_to_that_town_only(client, world):
    email, password = (
        "shared.agent@example.org",
        world.accounts[("upton", "agent", "shared.agent@example.org")],
    )
    in_upton, in_gardner = (
        bearer(login(client, email, password, "upton")),
        bearer(login(client, email, password, "gardner")),
    )
    upton_admin, gardner_admin = world.headers("upton", "town_admin"), world.headers("gardner", "town_admin")
    user = client.get(f"/api/v1/admin/users/{_user_id(email)}", headers=upton_admin).json
    membership = user["memberships"][0]["id"]
    assert (
        client.patch(
            f"/api/v1/admin/memberships/{membership}", headers=gardner_admin, json={"active": False}
        ).status_code
        == 404
    )
    resp = client.patch(
        f"/api/v1/admin/memberships/{membership}", headers=upton_admin, json={"active": False}
    )
    assert resp.status_code == 200 and resp.json["active"] is False
    assert client.get("/api/v1/sites", headers=in_upton).status_code == 401
    assert client.get("/api/v1/sites", headers=in_gardner).status_code == 200
    assert [a for a, _, s in audit_trail("Membership", membership)] == ["create", "update"]
    again = client.post(
        f"/api/v1/admin/users/{user['id']}/memberships",
        headers=upton_admin,
        json={"role": "agent", "authority_id": user["memberships"][0]["authority_id"]},
    )
    assert again.status_code == 201 and again.json["id"] == membership and again.json["active"] is True


def test_an_existing_account_joins_another_town_by_accepting_with_its_own_password(client, world, admin):
    email, password = world.account("upton", "town_admin")
    invited = new_user(client, admin,
                       {"email": email.upper(), "name": "Someone Else", "role": "board_member"})
    assert login(client, email, password, "carver").status_code == 403  # no role before accepting
    token = token_of(invited["invitation_url"])
    check = client.post("/api/v1/public/invitation/check", json={"token": token})
    assert check.json["has_account"] is True  # the link's holder (the email's owner) is told to sign in
    wrong = accept(client, invited, "not the password at all")
    assert wrong.status_code == 403 and "password" in wrong.json["detail"]["json"], wrong.json
    assert login(client, email, password, "carver").status_code == 403
    assert accept(client, invited, password).status_code == 201
    assert login(client, email, password, "carver").json["roles"] == ["board_member"]
    assert db.session.scalar(select(User.name).where(User.email == email)) != "Someone Else"
    duplicate = client.post(
        "/api/v1/admin/users", headers=admin, json={"email": email, "name": "X", "role": "board_member"}
    )
    assert duplicate.status_code == 409  # already a member of the admin's own town: visible in its user list
    assert "a board member" in duplicate.json["message"] and "board_member" not in duplicate.json["message"]


def _shape(value):
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items()}
    return type(value).__name__


def test_the_answer_does_not_reveal_whether_the_email_has_an_account(client, world, admin):
    """Issue 14 item 6: an email with an account in another town and an unknown one get the same status and
    the same shape, the same fields set; nothing of the existing account (its id, name, towns)."""
    elsewhere, _ = world.account("upton", "town_admin")
    known = client.post("/api/v1/admin/users", headers=admin,
                        json={"email": elsewhere, "name": "Pat Doe", "role": "agent"})
    unknown = client.post("/api/v1/admin/users", headers=admin,
                          json={"email": "nobody.yet@example.org", "name": "Pat Doe", "role": "agent"})
    assert known.status_code == unknown.status_code == 201
    assert _shape(known.json) == _shape(unknown.json)
    upton_user = str(_user_id(elsewhere))
    assert upton_user not in known.get_data(as_text=True)
    assert known.json["invitation"]["name"] == unknown.json["invitation"]["name"] == "Pat Doe"


def test_an_admin_lists_and_withdraws_invitations_and_a_withdrawn_link_stops_working(client, admin,
                                                                                      upton_admin):
    first = new_user(client, admin)
    second = new_user(client, admin, NEW | {"role": "board_member"})  # a new one replaces the pending one
    listed = {i["id"]: i["status"] for i in client.get("/api/v1/admin/invitations", headers=admin).json}
    assert listed == {first["invitation"]["id"]: "withdrawn", second["invitation"]["id"]: "pending"}
    assert accept(client, first).status_code == 410
    url = f"/api/v1/admin/invitations/{second['invitation']['id']}/withdraw"
    assert client.post(url, headers=upton_admin).status_code == 404  # another town's: as if missing
    assert client.get("/api/v1/admin/invitations", headers=upton_admin).json == []
    done = client.post(url, headers=admin)
    assert done.status_code == 200 and done.json["status"] == "withdrawn"
    assert client.post(url, headers=admin).status_code == 409
    assert accept(client, second).status_code == 410
    assert _user_id("dana.reyes@example.org") is None


def test_the_last_town_admin_cannot_be_removed(client, world, admin):
    me = client.get(
        f"/api/v1/admin/users/{_user_id(world.account('carver', 'town_admin')[0])}", headers=admin
    ).json
    resp = client.patch(
        f"/api/v1/admin/memberships/{me['memberships'][0]['id']}", headers=admin, json={"active": False}
    )
    assert resp.status_code == 409 and "last active town_admin" in resp.json["message"]


@pytest.fixture
def operator(client, app):
    with acting_as("test:seed"):
        db.session.add(
            User(
                email="ops@example.org",
                name="Ops",
                password_hash=hash_password(PASSWORD),
                is_platform_operator=True,
            )
        )
        db.session.commit()
    return bearer(login(client, "ops@example.org", PASSWORD))


def test_deactivating_an_account_is_for_platform_operators_and_logs_out_everywhere(
    client, world, admin, operator
):
    email, password = (
        "shared.agent@example.org",
        world.accounts[("upton", "agent", "shared.agent@example.org")],
    )
    in_gardner = bearer(login(client, email, password, "gardner"))
    user_id = _user_id(email)
    upton_admin = world.headers("upton", "town_admin")
    refused = client.post(f"/api/v1/admin/users/{user_id}/deactivate", headers=upton_admin)
    assert refused.status_code == 403 and "platform-operator" in refused.json["message"]
    assert client.post(f"/api/v1/admin/users/{user_id}/deactivate", headers=operator).json["active"] is False
    assert client.get("/api/v1/sites", headers=in_gardner).status_code == 401
    assert login(client, email, password, "gardner").status_code == 401
    assert events(str(user_id)) == ["user_deactivated", "user_deactivated"]
    reset = client.post(f"/api/v1/admin/users/{user_id}/password-reset", headers=operator)
    assert reset.status_code == 409 and "deactivated" in reset.json["message"]
    assert client.post(f"/api/v1/admin/users/{user_id}/reactivate", headers=operator).json["active"] is True
    assert login(client, email, password, "gardner").status_code == 201


def test_users_of_other_towns_are_404_and_agents_cannot_manage_accounts(client, world, admin, agent):
    carver_only = _user_id(world.account("carver", "enforcing_officer")[0])
    upton_admin = world.headers("upton", "town_admin")
    for method, suffix in (
        ("get", ""),
        ("post", "/password-reset"),
        ("post", "/revoke-tokens"),
        ("get", "/tokens"),
        ("patch", ""),
    ):
        resp = client.open(
            f"/api/v1/admin/users/{carver_only}{suffix}",
            method=method.upper(),
            headers=upton_admin,
            json={"name": "X"} if method == "patch" else {},
        )
        assert resp.status_code == 404, (method, suffix)
    assert client.get("/api/v1/admin/users", headers=agent).status_code == 403
    assert client.post("/api/v1/admin/users", headers=agent, json=NEW).status_code == 403


def test_renaming_a_user_is_recorded(client, world, admin):
    user_id = _user_id(world.account("carver", "enforcing_officer")[0])
    resp = client.patch(f"/api/v1/admin/users/{user_id}", headers=admin, json={"name": "Chief Ranger Smith"})
    assert resp.status_code == 200 and resp.json["name"] == "Chief Ranger Smith"
    assert events(str(user_id)) == ["user_renamed"]


@pytest.mark.parametrize(
    "body,field",
    [
        pytest.param({}, "email", id="missing"),
        pytest.param(NEW | {"email": "not-an-email"}, "email", id="bad email"),
        pytest.param(NEW | {"role": "king"}, "role", id="unknown role"),
        pytest.param(NEW | {"name": " "}, "name", id="blank name"),
        pytest.param(NEW | {"authority_id": "nope"}, "authority_id", id="authority not a uuid"),
        pytest.param(NEW | {"is_platform_operator": True}, "is_platform_operator", id="self-promotion"),
    ],
)
def test_bad_user_input_is_a_422_naming_the_field(client, admin, body, field):
    resp = client.post("/api/v1/admin/users", headers=admin, json=body)
    assert resp.status_code == 422 and field in resp.json["detail"]["json"]


def test_a_membership_on_another_towns_board_is_404(client, admin, upton_admin):
    upton_board = client.get("/api/v1/admin/permits", headers=upton_admin).json[0]["authority_id"]
    resp = client.post("/api/v1/admin/users", headers=admin, json=NEW | {"authority_id": upton_board})
    assert resp.status_code == 404
    assert db.session.scalar(select(User).where(User.email == "dana.reyes@example.org")) is None


@pytest.mark.parametrize(
    "body,status,field",
    [
        pytest.param({}, 422, "token", id="nothing"),
        pytest.param({"token": "pr_" + "x" * 40, "password": PASSWORD}, 410, "token", id="unknown token"),
        pytest.param({"token": "short", "password": PASSWORD}, 422, "token", id="token too short"),
        pytest.param(
            {"token": "pr_" + "x" * 40, "password": "short"}, 422, "password", id="password too short"
        ),
        pytest.param(
            {"token": "pr_" + "x" * 40, "password": "p" * 201}, 422, "password", id="password too long"
        ),
        pytest.param({"token": ["pr_x"], "password": PASSWORD}, 422, "token", id="token not a string"),
    ],
)
def test_the_public_reset_refuses_bad_input_without_a_bearer_token(client, body, status, field):
    resp = client.post("/api/v1/public/password-reset", json=body)
    assert resp.status_code == status and field in resp.json["detail"]["json"], resp.json


def test_a_password_equal_to_the_email_is_refused(client, admin):
    invited = new_user(client, admin, NEW | {"email": "long.address.person@example.org"})
    resp = accept(client, invited, "long.address.person@example.org")
    assert resp.status_code == 422 and "password" in resp.json["detail"]["json"]
    assert accept(client, invited).status_code == 201


def test_an_account_serving_another_town_is_not_taken_over_by_one_towns_admin(client, world, operator):
    user_id = _user_id("shared.agent@example.org")
    upton_admin = world.headers("upton", "town_admin")
    reset = client.post(f"/api/v1/admin/users/{user_id}/password-reset", headers=upton_admin)
    assert reset.status_code == 403 and "also serves another town" in reset.json["message"]
    rename = client.patch(f"/api/v1/admin/users/{user_id}", headers=upton_admin, json={"name": "Mine Now"})
    assert rename.status_code == 403
    assert client.post(f"/api/v1/admin/users/{user_id}/password-reset", headers=operator).status_code == 201
