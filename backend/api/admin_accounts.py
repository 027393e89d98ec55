"""Accounts under /api/v1/admin (town admins), and the public one-time password link (/api/v1/public).

A town admin creates users and memberships in their own town, renames users, issues password links,
lists and revokes the town's tokens of a user (one device, one token or all) and deactivates memberships.
Deactivating a whole account (every town) or revoking tokens in every town is for platform operators.
"""
from __future__ import annotations

import uuid

from apiflask import APIBlueprint
from flask import current_app
from sqlalchemy import select

from backend.api.admin_account_schemas import (
    InvitationAcceptedOut,
    InvitationAcceptIn,
    InvitationInfoOut,
    InvitationOut,
    InvitedOut,
    MembershipIn,
    MembershipOut,
    MembershipPatch,
    ResetIn,
    ResetInfoIn,
    ResetInfoOut,
    ResetIssuedOut,
    RevokeIn,
    RevokeOut,
    TokenInfoOut,
    UserIn,
    UserOut,
    UserPatch,
)
from backend.api.admin_common import ADMINS
from backend.audit import acting_as
from backend.extensions import db, limiter
from backend.models import ApiToken, Invitation, Membership, User
from backend.security import get_in_town, principal, require_roles
from backend.services import accounts, invitations

bp = APIBlueprint("admin_accounts", __name__, url_prefix="/api/v1/admin", tag="Accounts")
public_bp = APIBlueprint("public", __name__, url_prefix="/api/v1/public", tag="Public")


def _public_limit() -> str:
    """The login limit (per client address): the link's token is a credential like a password."""
    return current_app.config["SETTINGS"].login_rate_limit


def _user_out(user: User) -> dict:
    town_id = principal().town_id
    return {"id": user.id, "email": user.email, "name": user.name, "active": user.active,
            "is_platform_operator": user.is_platform_operator,
            "memberships": [m for m in user.memberships if m.town_id == town_id]}


def _user(user_id: uuid.UUID) -> User:
    return accounts.get_user(principal(), user_id)


@bp.get("/users")
@bp.output(UserOut(many=True))
@bp.doc(security="BearerAuth", summary="Users with a membership (active or not) in this town")
@require_roles(*ADMINS)
def list_users() -> list:
    return [_user_out(u) for u in accounts.town_users(principal())]


@bp.post("/users")
@bp.input(UserIn)
@bp.output(InvitedOut, status_code=201)
@bp.doc(security="BearerAuth", summary="Invite an email to a role in this town (with or without an account)",
        description="Answers an invitation and its one-time link, the same whether or not the email already "
                    "has an account (in another town): the person accepts at the link, choosing a password "
                    "or giving their existing account's. `authority_id` must be a board of this town.",
        responses={409: "that email already holds this membership in this town"})
@require_roles(*ADMINS)
def create_user(json_data: dict):  # type: ignore[no-untyped-def]
    raw, inv = invitations.invite(principal(), json_data)
    return {"invitation": _invitation_out(inv), "invitation_url": invitations.link(raw),
            "expires_at": inv.expires_at}, 201


def _invitation_out(inv: Invitation) -> dict:
    return {c: getattr(inv, c) for c in ("id", "email", "name", "role", "authority_id", "expires_at",
                                         "created_at", "accepted_at", "withdrawn_at")} | {
        "status": invitations.status(inv)}


@bp.get("/invitations")
@bp.output(InvitationOut(many=True))
@bp.doc(security="BearerAuth", summary="This town's invitations, newest first")
@require_roles(*ADMINS)
def list_invitations() -> list:
    return [_invitation_out(i) for i in invitations.town_invitations(principal())]


@bp.post("/invitations/<uuid:invitation_id>/withdraw")
@bp.output(InvitationOut)
@bp.doc(security="BearerAuth", summary="Withdraw a pending invitation: its link stops working",
        responses={409: "the invitation is not pending (accepted, withdrawn or expired)"})
@require_roles(*ADMINS)
def withdraw_invitation(invitation_id: uuid.UUID) -> dict:
    return _invitation_out(invitations.withdraw(principal(), get_in_town(Invitation, invitation_id)))


@bp.get("/users/<uuid:user_id>")
@bp.output(UserOut)
@bp.doc(security="BearerAuth")
@require_roles(*ADMINS)
def get_user(user_id: uuid.UUID) -> dict:
    return _user_out(_user(user_id))


@bp.patch("/users/<uuid:user_id>")
@bp.input(UserPatch)
@bp.output(UserOut)
@bp.doc(security="BearerAuth")
@require_roles(*ADMINS)
def rename_user(user_id: uuid.UUID, json_data: dict) -> dict:
    return _user_out(accounts.rename_user(principal(), _user(user_id), json_data["name"]))


@bp.post("/users/<uuid:user_id>/memberships")
@bp.input(MembershipIn)
@bp.output(MembershipOut, status_code=201)
@bp.doc(security="BearerAuth", responses={409: "that membership is already active"})
@require_roles(*ADMINS)
def add_membership(user_id: uuid.UUID, json_data: dict):  # type: ignore[no-untyped-def]
    membership = accounts.add_membership(principal(), _user(user_id), json_data["role"],
                                         json_data["authority_id"])
    return membership, 201


@bp.patch("/memberships/<uuid:membership_id>")
@bp.input(MembershipPatch)
@bp.output(MembershipOut)
@bp.doc(security="BearerAuth", responses={409: "the town's last active admin"})
@require_roles(*ADMINS)
def set_membership_active(membership_id: uuid.UUID, json_data: dict) -> Membership:
    return accounts.set_membership_active(get_in_town(Membership, membership_id), json_data["active"])


@bp.get("/users/<uuid:user_id>/tokens")
@bp.output(TokenInfoOut(many=True))
@bp.doc(security="BearerAuth", summary="The user's tokens in this town (every town for platform operators)")
@require_roles(*ADMINS)
def list_tokens(user_id: uuid.UUID) -> list:
    user, who = _user(user_id), principal()
    stmt = select(ApiToken).where(ApiToken.user_id == user.id)
    if not who.user.is_platform_operator:
        stmt = stmt.where(ApiToken.town_id == who.town_id)
    return list(db.session.scalars(stmt.order_by(ApiToken.created_at.desc(), ApiToken.id)))


@bp.post("/users/<uuid:user_id>/revoke-tokens")
@bp.input(RevokeIn)
@bp.output(RevokeOut)
@bp.doc(security="BearerAuth", summary="Log a lost device (or every device) out")
@require_roles(*ADMINS)
def revoke_tokens(user_id: uuid.UUID, json_data: dict) -> dict:
    count = accounts.revoke_tokens(principal(), _user(user_id), json_data["device"], json_data["token_id"],
                                   json_data["all_towns"])
    return {"revoked": count}


@bp.post("/users/<uuid:user_id>/password-reset")
@bp.output(ResetIssuedOut, status_code=201)
@bp.doc(security="BearerAuth", summary="Issue a one-time password link (give it to the user yourself)")
@require_roles(*ADMINS)
def issue_password_reset(user_id: uuid.UUID):  # type: ignore[no-untyped-def]
    raw, reset = accounts.issue_reset(principal(), _user(user_id))
    return {"reset_url": accounts.reset_link(raw), "expires_at": reset.expires_at}, 201


@bp.post("/users/<uuid:user_id>/deactivate")
@bp.output(UserOut)
@bp.doc(security="BearerAuth", summary="Platform operators: deactivate the account in every town")
@require_roles(*ADMINS)
def deactivate_user(user_id: uuid.UUID) -> dict:
    return _user_out(accounts.set_user_active(principal(), _user(user_id), False))


@bp.post("/users/<uuid:user_id>/reactivate")
@bp.output(UserOut)
@bp.doc(security="BearerAuth", summary="Platform operators: reactivate the account")
@require_roles(*ADMINS)
def reactivate_user(user_id: uuid.UUID) -> dict:
    return _user_out(accounts.set_user_active(principal(), _user(user_id), True))


# --- public: the one-time link (no bearer token; the link's token is the credential) ----------------------

@public_bp.post("/password-reset/check")
@public_bp.input(ResetInfoIn)
@public_bp.output(ResetInfoOut)
@public_bp.doc(security=[], summary="Is this password link still valid? (does not use it)")
@limiter.limit(_public_limit)
def check_password_reset(json_data: dict) -> dict:
    reset = accounts.valid_reset(json_data["token"])
    user = db.session.get(User, reset.user_id)
    assert user is not None
    return {"email": user.email, "expires_at": reset.expires_at}


@public_bp.post("/password-reset")
@public_bp.input(ResetIn)
@public_bp.output({}, status_code=204)
@public_bp.doc(security=[], summary="Set a new password with a one-time link; logs out every device",
               responses={410: "invalid, expired or already used"})
@limiter.limit(_public_limit)
def use_password_reset(json_data: dict) -> tuple[str, int]:
    reset = accounts.valid_reset(json_data["token"])
    user = db.session.get(User, reset.user_id)
    with acting_as(f"user:{user.email if user else reset.user_id}"):
        accounts.use_reset(json_data["token"], json_data["password"])
    return "", 204


@public_bp.post("/invitation/check")
@public_bp.input(ResetInfoIn)
@public_bp.output(InvitationInfoOut)
@public_bp.doc(security=[], summary="Is this invitation still valid? (does not use it)",
               responses={410: "invalid, expired, withdrawn or already used"})
@limiter.limit(_public_limit)
def check_invitation(json_data: dict) -> dict:
    return invitations.check(json_data["token"])


@public_bp.post("/invitation")
@public_bp.input(InvitationAcceptIn)
@public_bp.output(InvitationAcceptedOut, status_code=201)
@public_bp.doc(security=[], summary="Accept an invitation: a new account's password, or the existing one's",
               responses={403: "not the existing account's password",
                          410: "invalid, expired, withdrawn or already used"})
@limiter.limit(_public_limit)
def accept_invitation(json_data: dict):  # type: ignore[no-untyped-def]
    info = invitations.check(json_data["token"])
    with acting_as(f"user:{info['email']}"):
        invitations.accept(json_data["token"], json_data["password"])
    return {"email": info["email"], "town": info["town"], "role": info["role"]}, 201
