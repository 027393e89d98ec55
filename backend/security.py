"""Authentication and authorisation: bearer tokens for one town, roles on every route.

Every URL rule needs a valid token unless its endpoint is on PUBLIC_ENDPOINTS (checked in before_request,
so a new route is protected by default). Another town's record is a 404, never a 403.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import secrets
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, NoReturn, TypeVar

from apiflask import abort
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from flask import current_app, g, request
from sqlalchemy import select

from backend.audit import set_actor
from backend.clock import now
from backend.extensions import db
from backend.models import ApiToken, Membership, Town, User
from inspections.errors import NotFound

PUBLIC_ENDPOINTS = frozenset({
    "static",
    "auth.issue_token",
    "openapi.spec",
    "health.healthz",
    "reset_page.page",
    "reset_page.invitation",
    "reset_page.static",
    "calendar_feed.feed",  # the secret URL is the key (backend/api/calendar_feed.py)
})
PUBLIC_PREFIXES = ("webhooks.", "public.", "fieldapp.", "webhooks_twilio.", "public_notice.")
_HASHERS = {"default": PasswordHasher(), "test": PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)}
F = TypeVar("F", bound=Callable[..., Any])


def _hasher() -> PasswordHasher:
    """Argon2id; the test profile is cheap so the suite stays fast (never used outside APP_ENV=test)."""
    return _HASHERS["test" if current_app.config["SETTINGS"].app_env == "test" else "default"]


def hash_password(password: str) -> str:
    return _hasher().hash(password)


_DUMMY_HASHES: dict[int, str] = {}


def dummy_hash() -> str:
    """A hash of a random password, made once per hasher: verifying against it costs a real check's time."""
    hasher = _hasher()
    if id(hasher) not in _DUMMY_HASHES:
        _DUMMY_HASHES[id(hasher)] = hasher.hash(secrets.token_urlsafe(24))
    return _DUMMY_HASHES[id(hasher)]


def check_password(stored: str, password: str) -> bool:
    try:
        return _hasher().verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def issue_token(user: User, town: Town, device: str | None) -> tuple[str, ApiToken]:
    raw = "fe_" + secrets.token_urlsafe(32)
    ttl = dt.timedelta(hours=current_app.config["SETTINGS"].token_ttl_hours)
    row = ApiToken(user_id=user.id, town_id=town.id, token_hash=token_digest(raw), device=device,
                   expires_at=now() + ttl)
    db.session.add(row)
    return raw, row


@dataclass(frozen=True)
class Principal:
    user: User
    town: Town
    token: ApiToken
    roles: frozenset[str]

    @property
    def town_id(self) -> uuid.UUID:
        return self.town.id

    def has(self, *roles: str) -> bool:
        return self.user.is_platform_operator or bool(self.roles & set(roles))


def is_public(endpoint: str | None) -> bool:
    return endpoint is None or endpoint in PUBLIC_ENDPOINTS or endpoint.startswith(PUBLIC_PREFIXES)


def _unauthorised(message: str) -> None:
    abort(401, message, headers={"WWW-Authenticate": 'Bearer realm="fieldenforce"'})


def authenticate() -> None:
    """before_request: resolve the bearer token to a Principal in g, or answer 401."""
    if is_public(request.endpoint):
        return
    header = request.headers.get("Authorization", "")
    if not header.startswith("Bearer ") or len(header) > 200:
        _unauthorised("missing bearer token")
    token = db.session.scalar(select(ApiToken).where(ApiToken.token_hash == token_digest(header[7:].strip())))
    if token is None or token.revoked_at is not None or token.expires_at <= now():
        _unauthorised("invalid, expired or revoked token")
    user, town = token.user, db.session.get(Town, token.town_id)
    if not user.active or town is None or not town.active:
        _unauthorised("account or town inactive")
    roles = frozenset(db.session.scalars(select(Membership.role).where(
        Membership.user_id == user.id, Membership.town_id == town.id, Membership.active.is_(True))))
    if not roles and not user.is_platform_operator:
        _unauthorised("no active membership in this town")
    g.principal = Principal(user, town, token, roles)
    set_actor(f"user:{user.email}")


def principal() -> Principal:
    return g.principal  # type: ignore[no-any-return]


ROLE_WORDS = {"agent": "an agent", "board_member": "a board member",
              "enforcing_officer": "the enforcing officer", "town_admin": "a town administrator",
              "platform operator": "a platform operator"}


def refuse_role(roles: tuple[str, ...]) -> NoReturn:
    """403 in words a person reads (no role keys in the message; they are in `detail.roles`)."""
    named = " or ".join(ROLE_WORDS.get(r, r.replace("_", " ")) for r in roles)
    abort(403, f"Your role does not allow this: it is for {named}.", detail={"roles": list(roles)})


def require_roles(*roles: str) -> Callable[[F], F]:
    """Only users holding one of these roles in the token's town (or a platform operator)."""
    def decorate(view: F) -> F:
        @wraps(view)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if not principal().has(*roles):
                refuse_role(roles)
            return view(*args, **kwargs)
        wrapper.required_roles = roles  # type: ignore[attr-defined]
        return wrapper  # type: ignore[return-value]
    return decorate


PLATFORM_OPERATOR = "platform operator"  # not a town role: only User.is_platform_operator passes `has` for it


def require_platform_operator(view: F) -> F:
    """Only a platform operator (creating towns is above every town); declared like `require_roles`, so the
    who-may-act gate refuses anyone else before the body is read."""
    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if not principal().user.is_platform_operator:
            abort(403, "requires a platform operator")
        return view(*args, **kwargs)
    wrapper.required_roles = (PLATFORM_OPERATOR,)  # type: ignore[attr-defined]
    return wrapper  # type: ignore[return-value]


def get_in_town(model: type, object_id: uuid.UUID) -> Any:
    """Fetch a record of the caller's town; another town's record is a 404, exactly like a missing one."""
    obj = db.session.get(model, object_id)
    if obj is None or obj.town_id != principal().town_id:
        raise NotFound(f"{model.__name__} {object_id} not found")
    return obj
