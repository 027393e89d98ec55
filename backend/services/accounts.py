"""Accounts: users and their memberships, one-time password links, token revocation, deactivation.

Users are global (one login, memberships in several towns); a town admin manages memberships of their own
town and may revoke that town's tokens. Deactivating a whole account (every town) is a platform-operator
action. `User` and `ApiToken` are not audited models, so every account change also writes an audited
`AccountEvent` in each town concerned; `PasswordReset` rows are audited themselves (without the hash).
"""
from __future__ import annotations

import datetime as dt
import secrets
import uuid
from typing import Any

from sqlalchemy import Select, func, select, update

from backend.clock import now
from backend.extensions import db
from backend.models import AccountEvent, ApiToken, Authority, Membership, PasswordReset, User
from backend.runtime import settings
from backend.security import Principal, get_in_town, hash_password, token_digest
from inspections.errors import Conflict, Gone, Invalid, NotFound, Refused

UNUSABLE_PASSWORD = "!no-password-yet"  # not an argon2 hash: check_password() is always False
RESET_TTL_HOURS = 24


def record(town_id: uuid.UUID, user: User, action: str, actor: User | None, **detail: Any) -> None:
    db.session.add(AccountEvent(town_id=town_id, user_id=user.id, action=action, detail=detail,
                                actor_id=actor.id if actor else None))


def user_towns(user: User) -> set[uuid.UUID]:
    return set(db.session.scalars(select(Membership.town_id).where(Membership.user_id == user.id)))


def get_user(who: Principal, user_id: uuid.UUID) -> User:
    """A user with a membership (active or not) in the caller's town; otherwise 404, as for other records."""
    user = db.session.get(User, user_id)
    if user is None or (who.town_id not in user_towns(user) and not who.user.is_platform_operator):
        raise NotFound(f"User {user_id} not found")
    return user


def town_users(who: Principal) -> list[User]:
    ids = select(Membership.user_id).where(Membership.town_id == who.town_id)
    return list(db.session.scalars(select(User).where(User.id.in_(ids)).order_by(User.email)))


def _check_authority(authority_id: uuid.UUID | None) -> None:
    if authority_id is not None:
        get_in_town(Authority, authority_id)


def add_membership(who: Principal, user: User, role: str, authority_id: uuid.UUID | None) -> Membership:
    """A role in the caller's town for a user already known to it."""
    _check_authority(authority_id)
    membership = enrol_membership(who.town_id, user, role, authority_id)
    db.session.commit()
    return membership


def enrol_membership(town_id: uuid.UUID, user: User, role: str, authority_id: uuid.UUID | None) -> Membership:
    """An identical inactive membership is reactivated; an active one is a 409."""
    existing = db.session.scalar(select(Membership).where(
        Membership.user_id == user.id, Membership.town_id == town_id, Membership.role == role,
        Membership.authority_id.is_(None) if authority_id is None
        else Membership.authority_id == authority_id))
    if existing is not None and existing.active:
        raise Conflict(f"{user.email} already holds this {role} membership",
                       detail={"membership_id": str(existing.id)})
    membership = existing or Membership(user_id=user.id, town_id=town_id, role=role,
                                        authority_id=authority_id)
    membership.active = True
    db.session.add(membership)
    db.session.flush()
    return membership


def enrol(town_id: uuid.UUID, actor: User | None, email: str, name: str, role: str,
          authority_id: uuid.UUID | None) -> tuple[User, Membership, bool]:
    """A user (found by email, case-insensitive, or created without a password) with a role in the town."""
    email = email.strip().lower()
    user = db.session.scalar(select(User).where(func.lower(User.email) == email))
    created = user is None
    if user is None:
        user = User(email=email, name=name.strip(), password_hash=UNUSABLE_PASSWORD)
        db.session.add(user)
        db.session.flush()
    membership = enrol_membership(town_id, user, role, authority_id)
    action = "user_created" if created else "membership_added"
    record(town_id, user, action, actor, email=user.email, role=role)
    db.session.commit()
    return user, membership, created


def require_account_authority(who: Principal, user: User, what: str) -> None:
    """A password or name is account-wide: a town admin may change it only for a user of their town alone,
    otherwise an admin of one town could take over an account that also serves another town."""
    if who.user.is_platform_operator:
        return
    elsewhere = db.session.scalar(select(Membership.id).where(
        Membership.user_id == user.id, Membership.town_id != who.town_id,
        Membership.active.is_(True)).limit(1))
    if elsewhere is not None:
        raise Refused(f"{user.email} also serves another town: {what} is a platform-operator action")


def rename_user(who: Principal, user: User, name: str) -> User:
    require_account_authority(who, user, "renaming the account")
    old, user.name = user.name, name.strip()
    record(who.town_id, user, "user_renamed", who.user, old=old, new=user.name)
    db.session.commit()
    return user


def _active_admins(town_id: uuid.UUID) -> int:
    return db.session.scalar(select(func.count()).select_from(Membership).where(
        Membership.town_id == town_id, Membership.role == "town_admin", Membership.active.is_(True))) or 0


def set_membership_active(membership: Membership, active: bool) -> Membership:
    if not active and membership.active and membership.role == "town_admin" \
            and _active_admins(membership.town_id) <= 1:
        raise Conflict("this is the town's last active town_admin membership; add another admin first")
    membership.active = active
    db.session.commit()
    return membership


def _tokens(user: User, town_id: uuid.UUID | None, device: str | None,
            token_id: uuid.UUID | None) -> Select[Any]:
    stmt = select(ApiToken.id).where(ApiToken.user_id == user.id, ApiToken.revoked_at.is_(None))
    if town_id is not None:
        stmt = stmt.where(ApiToken.town_id == town_id)
    if device is not None:
        stmt = stmt.where(ApiToken.device == device)
    if token_id is not None:
        stmt = stmt.where(ApiToken.id == token_id)
    return stmt


def revoke_tokens(who: Principal, user: User, device: str | None = None, token_id: uuid.UUID | None = None,
                  all_towns: bool = False) -> int:
    """Revoke the user's live tokens in this town (one device, one token, or all); operators: every town."""
    if all_towns and not who.user.is_platform_operator:
        raise Refused("revoking tokens in every town is a platform-operator action")
    count = _revoke(_tokens(user, None if all_towns else who.town_id, device, token_id))
    record(who.town_id, user, "tokens_revoked", who.user, device=device, token_id=token_id and str(token_id),
           all_towns=all_towns, count=count)
    db.session.commit()
    return count


def _revoke(ids_stmt: Select[Any]) -> int:
    ids = list(db.session.scalars(ids_stmt))
    if ids:
        db.session.execute(update(ApiToken).where(ApiToken.id.in_(ids)).values(revoked_at=now()))
    return len(ids)


def set_user_active(who: Principal, user: User, active: bool) -> User:
    """Platform operators only: the whole account, every town; deactivation also revokes every token."""
    if not who.user.is_platform_operator:
        raise Refused("deactivating an account in every town is a platform-operator action; "
                      "deactivate the membership in your town instead")
    if user.id == who.user.id and not active:
        raise Conflict("you cannot deactivate your own account")
    user.active = active
    count = 0 if active else _revoke(_tokens(user, None, None, None))
    for town_id in sorted(user_towns(user), key=str):
        action = "user_reactivated" if active else "user_deactivated"
        record(town_id, user, action, who.user, tokens_revoked=count)
    db.session.commit()
    return user


def issue_reset(who: Principal, user: User) -> tuple[str, PasswordReset]:
    """A one-time link; earlier unused links of this user are superseded."""
    require_account_authority(who, user, "issuing a password link")
    return new_reset(who.town_id, who.user, user)


def new_reset(town_id: uuid.UUID, actor: User | None, user: User) -> tuple[str, PasswordReset]:
    if not user.active:
        raise Conflict(f"{user.email} is deactivated; a platform operator must reactivate the account first")
    at = now()
    for older in db.session.scalars(select(PasswordReset).where(
            PasswordReset.user_id == user.id, PasswordReset.used_at.is_(None),
            PasswordReset.superseded_at.is_(None))):
        older.superseded_at = at
    raw = "pr_" + secrets.token_urlsafe(32)
    hours = settings().extra.get("password_reset_ttl_hours", RESET_TTL_HOURS)
    reset = PasswordReset(town_id=town_id, user_id=user.id, token_hash=token_digest(raw),
                          issued_by=actor.id if actor else None, expires_at=at + dt.timedelta(hours=hours))
    db.session.add(reset)
    db.session.commit()
    return raw, reset


def reset_link(raw: str) -> str:
    """The fragment keeps the token out of server logs and Referer headers."""
    return f"{settings().public_base_url}/reset-password#token={raw}"


def valid_reset(raw: str) -> PasswordReset:
    reset = db.session.scalar(select(PasswordReset).where(PasswordReset.token_hash == token_digest(raw)))
    user = db.session.get(User, reset.user_id) if reset else None
    if reset is None or user is None or not user.active or reset.used_at is not None \
            or reset.superseded_at is not None or reset.expires_at <= now():
        raise Gone("this password link is invalid, expired or already used; ask your town admin for another",
                   detail={"json": {"token": ["invalid, expired or already used"]}})
    return reset


def use_reset(raw: str, password: str) -> User:
    """Set the password once; every token of the account is revoked (a lost phone is logged out too)."""
    reset = valid_reset(raw)
    user = db.session.get(User, reset.user_id)
    assert user is not None
    if password.strip().lower() == user.email.lower():
        raise Invalid("password: must not be your email",
                      detail={"json": {"password": ["must not be your email"]}})
    user.password_hash = hash_password(password)
    reset.used_at = now()
    count = _revoke(_tokens(user, None, None, None))
    record(reset.town_id, user, "password_reset_used", None, tokens_revoked=count)
    db.session.commit()
    return user
