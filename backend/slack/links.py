"""Linking board members to Slack users: a town admin proposes (found by e-mail with `users.lookupByEmail`
in the town's own workspace), then confirms; either can be revoked. Only confirmed links act in Slack."""
from __future__ import annotations

import uuid

from apiflask import abort
from flask import current_app
from slack_sdk.errors import SlackApiError
from sqlalchemy import select

from backend.clock import now
from backend.extensions import db
from backend.models import Membership, User
from backend.models.slack import SlackLink
from backend.security import Principal, get_in_town
from bot.app import web_client


def _user_in_town(who: Principal, user_id: uuid.UUID) -> User:
    """A user with an active membership in the admin's town; anyone else is a 404."""
    user = db.session.get(User, user_id)
    member = user is not None and db.session.scalar(select(Membership.id).where(
        Membership.user_id == user_id, Membership.town_id == who.town_id,
        Membership.active.is_(True)).limit(1))
    if user is None or not member or not user.active:
        abort(404, f"User {user_id} not found in this town")
    return user


def _lookup(who: Principal, email: str) -> tuple[str, str]:
    """(team id, Slack user id) of `email` in the town's workspace."""
    runtime = current_app.extensions["slack"]
    workspace = runtime.workspace_of(who.town.slug)
    if workspace is None:
        abort(409, runtime.not_connected(who.town.name))
    try:
        found = web_client(runtime.config, workspace.bot_token).users_lookupByEmail(email=email)
    except SlackApiError as exc:
        error = str(exc.response.get("error") or "error")
        if error == "users_not_found":
            abort(422, "no Slack user has this e-mail", detail={"json": {"user_id": [
                f"no member of the town's Slack workspace uses {email}"]}})
        abort(502, f"Slack refused the lookup: {error}")
    slack_user = found["user"] or {}
    if slack_user.get("deleted") or slack_user.get("is_bot"):
        abort(422, "that Slack account is deactivated or a bot",
              detail={"json": {"user_id": ["not a person"]}})
    return workspace.team_id, str(slack_user["id"])


def propose(who: Principal, user_id: uuid.UUID) -> SlackLink:
    user = _user_in_town(who, user_id)
    team_id, slack_user_id = _lookup(who, user.email)
    link = db.session.scalar(select(SlackLink).where(SlackLink.town_id == who.town_id,
                                                     SlackLink.user_id == user.id))
    if link is not None and link.status == "confirmed" and link.slack_user_id == slack_user_id:
        abort(409, "this user is already linked to that Slack user")
    link = _free_row(link, team_id, slack_user_id) or SlackLink(town_id=who.town_id, user_id=user.id)
    db.session.add(link)
    link.user_id, link.team_id, link.slack_user_id, link.email = user.id, team_id, slack_user_id, user.email
    link.proposed_by, link.proposed_at = who.user.id, now()
    link.confirmed_by = link.confirmed_at = link.revoked_by = link.revoked_at = None
    db.session.commit()
    return link


def _free_row(own: SlackLink | None, team_id: str, slack_user_id: str) -> SlackLink | None:
    """The row to (re)use: the user's own, or a revoked link of this Slack user to someone else (reassigned,
    audited); a live link of the Slack user to another user is a 409."""
    taken = db.session.scalar(select(SlackLink).where(SlackLink.team_id == team_id,
                                                      SlackLink.slack_user_id == slack_user_id))
    if taken is None or taken is own:
        return own
    if taken.status != "revoked" or own is not None:
        abort(409, "that Slack user is (or was) linked to another user; revoke or re-propose that link")
    return taken


def confirm(who: Principal, link_id: uuid.UUID) -> SlackLink:
    link = get_in_town(SlackLink, link_id)
    if link.status != "proposed":
        abort(409, f"the link is {link.status}; only a proposed link can be confirmed")
    link.confirmed_by, link.confirmed_at = who.user.id, now()
    db.session.commit()
    return link


def revoke(who: Principal, link_id: uuid.UUID) -> SlackLink:
    link = get_in_town(SlackLink, link_id)
    if link.status == "revoked":
        abort(409, "the link is already revoked")
    link.revoked_by, link.revoked_at = who.user.id, now()
    db.session.commit()
    return link


def in_town(who: Principal) -> list[SlackLink]:
    return list(db.session.scalars(select(SlackLink).where(SlackLink.town_id == who.town_id)
                                   .order_by(SlackLink.proposed_at)))
