"""POST /api/v1/auth/token: a bearer token for one town. Rate-limited per account."""
from __future__ import annotations

from apiflask import APIBlueprint, abort
from flask import current_app, request
from sqlalchemy import func, select

from backend.api.schemas import TokenIn, TokenOut
from backend.audit import acting_as
from backend.clock import now
from backend.extensions import db, limiter
from backend.models import Membership, Town, User
from backend.security import check_password, dummy_hash, principal
from backend.security import issue_token as new_token

bp = APIBlueprint("auth", __name__, url_prefix="/api/v1/auth", tag="Auth")


def _account_key() -> str:
    body = request.get_json(silent=True) or {}
    email = body.get("email") if isinstance(body, dict) else None
    return f"login:{str(email).strip().lower()[:254]}" if email else f"login-ip:{request.remote_addr}"


def _login_limit() -> str:
    return current_app.config["SETTINGS"].login_rate_limit


def _client_limit() -> str:
    return current_app.config["SETTINGS"].login_client_rate_limit


def _client_key() -> str:
    """The client's address (behind TRUSTED_PROXIES, the one the proxies forwarded)."""
    return f"login-client:{request.remote_addr}"


@bp.post("/token")
@bp.input(TokenIn)
@bp.output(TokenOut, status_code=201)
@bp.doc(security=[])
@limiter.limit(_login_limit, key_func=_account_key)
@limiter.limit(_client_limit, key_func=_client_key)
def issue_token(json_data: dict) -> dict:
    user = db.session.scalar(select(User).where(func.lower(User.email) == json_data["email"].strip().lower()))
    town = db.session.scalar(select(Town).where(Town.slug == json_data["town"].strip().lower()))
    # an unknown email costs the same time as a wrong password: verify against a dummy hash
    stored = user.password_hash if user is not None else dummy_hash()
    if not check_password(stored, json_data["password"]) or user is None or not user.active:
        abort(401, "wrong email or password")
    roles = sorted(db.session.scalars(select(Membership.role).where(
        Membership.user_id == user.id, Membership.town_id == (town.id if town else None),
        Membership.active.is_(True))))
    if town is None or (not roles and not user.is_platform_operator):
        abort(403, "this account has no role in that town")
    with acting_as(f"user:{user.email}"):
        raw, row = new_token(user, town, json_data.get("device"))
        db.session.commit()
    return {"token": raw, "expires_at": row.expires_at, "town": town.slug, "roles": roles}



@bp.delete("/token")
@bp.output({}, status_code=204)
@bp.doc(security="BearerAuth")
def revoke_current_token() -> tuple[str, int]:
    token = principal().token
    token.revoked_at = now()
    db.session.commit()
    return "", 204
