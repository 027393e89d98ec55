"""Town admins see whether the town's Slack is connected, link board members to Slack users (list, propose
by e-mail, confirm, revoke) and set each board's alert channel."""
from __future__ import annotations

import uuid
from dataclasses import asdict

from apiflask import APIBlueprint, Schema
from apiflask.fields import UUID, AwareDateTime, Boolean, List, String
from apiflask.validators import Regexp
from flask import current_app

from backend.security import principal, require_roles
from backend.slack import channels, links
from backend.slack.installs import town_slack

bp = APIBlueprint("slack_links", __name__, url_prefix="/api/v1/slack", tag="Slack")
ADMINS = ("town_admin",)


class LinkIn(Schema):
    user_id = UUID(required=True, metadata={"description": "a user with an active membership in your town"})


class ChannelIn(Schema):
    channel_id = String(required=True, validate=Regexp(r"^[CG][A-Z0-9]{2,20}$", error="a Slack channel ID, "
                        "like C0123ABCD (channel details > About), not its name"))


class BoardOut(Schema):
    id = UUID()
    kind = String()
    name = String()
    chapters = List(String())
    slack_channel = String(allow_none=True)


class InstallationOut(Schema):
    mode = String(metadata={"description": "installed (Add to Slack) | fixed (set by the operator) | off"})
    installed = Boolean(metadata={"description": "the app can post in the town's workspace"})
    status = String(metadata={"description": "active | uninstalled | revoked | token_unreadable (the "
                                             "stored token cannot be opened with SLACK_TOKEN_KEYS) | "
                                             "not_installed | configured | off"})
    team_id = String(allow_none=True)
    team_name = String(allow_none=True)
    installed_at = AwareDateTime(allow_none=True)
    installed_by = String(allow_none=True, metadata={"description": "e-mail of the town admin who installed"})
    ended_at = AwareDateTime(allow_none=True, metadata={"description": "when it was uninstalled or revoked"})
    install_url = String(allow_none=True, metadata={"description": "GET it to add (or re-add) the app"})


class LinkOut(Schema):
    id = UUID()
    user_id = UUID()
    team_id = String()
    slack_user_id = String()
    email = String()
    status = String(metadata={"description": "proposed | confirmed | revoked"})
    proposed_by = UUID(allow_none=True)
    proposed_at = AwareDateTime()
    confirmed_by = UUID(allow_none=True)
    confirmed_at = AwareDateTime(allow_none=True)
    revoked_by = UUID(allow_none=True)
    revoked_at = AwareDateTime(allow_none=True)


@bp.get("/installation")
@bp.output(InstallationOut)
@bp.doc(security="BearerAuth", summary="Is your town's Slack connected: how, to which workspace, since when "
        "(never the token)")
@require_roles(*ADMINS)
def installation() -> dict:
    town = principal().town
    found = town_slack(town.slug)
    can_install = current_app.extensions["slack"].oauth_flow is not None
    answer = {k: v for k, v in asdict(found).items() if k != "bot_token"}  # never the token
    return {**answer, "install_url": f"/slack/install?town={town.slug}" if can_install else None}


@bp.get("/links")
@bp.output(LinkOut(many=True))
@bp.doc(security="BearerAuth", summary="Slack links of your town's users")
@require_roles(*ADMINS)
def list_links() -> list:
    return links.in_town(principal())


@bp.post("/links")
@bp.input(LinkIn)
@bp.output(LinkOut, status_code=201)
@bp.doc(security="BearerAuth", summary="Propose a link: the user's e-mail in the town's Slack workspace",
        responses={404: "no such user in your town", 409: "no workspace, or already linked",
                   422: "no Slack user with that e-mail", 502: "Slack refused"})
@require_roles(*ADMINS)
def propose_link(json_data: dict):  # type: ignore[no-untyped-def]
    return links.propose(principal(), json_data["user_id"]), 201


@bp.post("/links/<uuid:link_id>/confirm")
@bp.output(LinkOut)
@bp.doc(security="BearerAuth", summary="Confirm a proposed link: from now on the Slack user acts as the user",
        responses={404: "not found in your town", 409: "not a proposed link"})
@require_roles(*ADMINS)
def confirm_link(link_id: uuid.UUID):  # type: ignore[no-untyped-def]
    return links.confirm(principal(), link_id)


@bp.post("/links/<uuid:link_id>/revoke")
@bp.output(LinkOut)
@bp.doc(security="BearerAuth", summary="Revoke a link: the Slack user can no longer act",
        responses={404: "not found in your town", 409: "already revoked"})
@require_roles(*ADMINS)
def revoke_link(link_id: uuid.UUID):  # type: ignore[no-untyped-def]
    return links.revoke(principal(), link_id)


@bp.get("/channels")
@bp.output(BoardOut(many=True))
@bp.doc(security="BearerAuth", summary="Your town's boards and their Slack alert channels")
@require_roles(*ADMINS)
def list_channels() -> list:
    return channels.boards(principal())


@bp.put("/channels/<uuid:authority_id>")
@bp.input(ChannelIn)
@bp.output(BoardOut)
@bp.doc(security="BearerAuth", summary="Set a board's alert channel (checked in the town's workspace)",
        responses={404: "no such board in your town", 409: "no workspace configured",
                   422: "not a channel the bot can read there", 502: "Slack refused"})
@require_roles(*ADMINS)
def set_channel(authority_id: uuid.UUID, json_data: dict):  # type: ignore[no-untyped-def]
    return channels.set_channel(principal(), authority_id, json_data["channel_id"])
