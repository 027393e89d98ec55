"""Invitations: a town admin enrols an email in a role; whoever holds the link accepts it.

The admin's answer is the same whether the email already has an account (in another town) or not: an
invitation and its one-time link, never the account. Accepting creates the account with the password given,
or, for an existing account, asks that account's password (so a link alone never adds a role to someone's
account) and adds the membership. Only the SHA-256 of the token is stored; the rows are audited, and each
acceptance or withdrawal is also an AccountEvent of the town.
"""
from __future__ import annotations

import datetime as dt
import secrets
import uuid
from typing import Any

from sqlalchemy import func, select

from backend.clock import now
from backend.extensions import db
from backend.models import Authority, Invitation, Membership, Town, User
from backend.runtime import settings
from backend.security import (
    ROLE_WORDS,
    Principal,
    check_password,
    dummy_hash,
    get_in_town,
    hash_password,
    token_digest,
)
from backend.services.accounts import enrol_membership, record
from inspections.errors import Conflict, Gone, Invalid, Refused

INVITATION_TTL_HOURS = 72
GONE = "this invitation is invalid, expired, withdrawn or already used; ask your town admin for another"


def status(inv: Invitation) -> str:
    if inv.accepted_at is not None:
        return "accepted"
    if inv.withdrawn_at is not None:
        return "withdrawn"
    return "expired" if inv.expires_at <= now() else "pending"


def link(raw: str) -> str:
    """The fragment keeps the token out of server logs and Referer headers."""
    return f"{settings().public_base_url}/invitation#token={raw}"


def _account(email: str) -> User | None:
    return db.session.scalar(select(User).where(func.lower(User.email) == email.strip().lower()))


def invite(who: Principal, data: dict[str, Any]) -> tuple[str, Invitation]:
    """A new invitation (earlier pending ones for the same email in this town are withdrawn). The only
    refusal that depends on the account is an identical active membership in the caller's own town, which
    the admin can see in the town's user list anyway."""
    email = data["email"].strip().lower()
    if data.get("authority_id") is not None:
        get_in_town(Authority, data["authority_id"])
    user = _account(email)
    if user is not None and _holds(user, who.town_id, data["role"], data.get("authority_id")):
        role = ROLE_WORDS.get(data["role"], "this role")
        raise Conflict(f"{email} already holds this membership ({role}) in this town",
                       detail={"role": data["role"]})
    at = now()
    for older in db.session.scalars(select(Invitation).where(
            Invitation.town_id == who.town_id, Invitation.email == email,
            Invitation.accepted_at.is_(None), Invitation.withdrawn_at.is_(None))):
        older.withdrawn_at = at
    raw = "iv_" + secrets.token_urlsafe(32)
    hours = settings().extra.get("invitation_ttl_hours", INVITATION_TTL_HOURS)
    inv = Invitation(town_id=who.town_id, email=email, name=data["name"].strip(), role=data["role"],
                     authority_id=data.get("authority_id"), token_hash=token_digest(raw),
                     invited_by=who.user.id, expires_at=at + dt.timedelta(hours=hours))
    db.session.add(inv)
    db.session.commit()
    return raw, inv


def _holds(user: User, town_id: uuid.UUID, role: str, authority_id: uuid.UUID | None) -> bool:
    return db.session.scalar(select(Membership.id).where(
        Membership.user_id == user.id, Membership.town_id == town_id, Membership.role == role,
        Membership.active.is_(True),
        Membership.authority_id.is_(None) if authority_id is None
        else Membership.authority_id == authority_id).limit(1)) is not None


def town_invitations(who: Principal) -> list[Invitation]:
    return list(db.session.scalars(select(Invitation).where(Invitation.town_id == who.town_id)
                                   .order_by(Invitation.created_at.desc(), Invitation.id)))


def withdraw(who: Principal, inv: Invitation) -> Invitation:
    if status(inv) != "pending":
        raise Conflict(f"this invitation is {status(inv)}; only a pending one can be withdrawn",
                       detail={"status": status(inv)})
    inv.withdrawn_at = now()
    db.session.commit()
    return inv


def valid(raw: str) -> Invitation:
    inv = db.session.scalar(select(Invitation).where(Invitation.token_hash == token_digest(raw)))
    if inv is None or status(inv) != "pending":
        raise Gone(GONE, detail={"json": {"token": ["invalid, expired, withdrawn or already used"]}})
    return inv


def check(raw: str) -> dict[str, Any]:
    """What the link's holder sees before accepting: the town, the role, and whether to choose a password
    or give the existing account's (the holder of the link is the email's owner)."""
    inv = valid(raw)
    town = db.session.get(Town, inv.town_id)
    user = _account(inv.email)
    return {"email": inv.email, "town": town.name if town else "", "role": inv.role,
            "expires_at": inv.expires_at, "has_account": user is not None}


def accept(raw: str, password: str) -> tuple[User, Membership]:
    """Create the account (a new email) or prove the existing one's password; then add the membership."""
    inv = valid(raw)
    user = _account(inv.email)
    if user is None:
        if not 12 <= len(password) <= 200:
            raise Invalid("password: between 12 and 200 characters",
                          detail={"json": {"password": ["between 12 and 200 characters"]}})
        if password.strip().lower() == inv.email:
            raise Invalid("password: must not be your email",
                          detail={"json": {"password": ["must not be your email"]}})
        user = User(email=inv.email, name=inv.name, password_hash=hash_password(password))
        db.session.add(user)
        db.session.flush()
        action = "user_created"
    else:
        if not check_password(user.password_hash or dummy_hash(), password) or not user.active:
            raise Refused("that is not this account's password (or the account is deactivated); use the "
                          "password you sign in with, or ask your town admin",
                          detail={"json": {"password": ["not this account's password"]}})
        action = "membership_added"
    membership = enrol_membership(inv.town_id, user, inv.role, inv.authority_id)
    inv.accepted_at, inv.membership_id = now(), membership.id
    record(inv.town_id, user, action, None, email=user.email, role=inv.role, invitation_id=str(inv.id))
    db.session.commit()
    return user, membership
