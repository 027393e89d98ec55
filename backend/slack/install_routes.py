"""The two browser ends of "Add to Slack" (see backend/slack/oauth.py).

    GET /slack/install?town=<slug>   bearer token of a town admin of that town. Answers Bolt's 302 to Slack's
                                     authorize page, or with `Accept: application/json` (the field app, which
                                     holds its token in the page) `{"authorize_url": …}`; both set Bolt's
                                     state cookie, which the redirect must bring back.
    GET /slack/oauth_redirect        public to the bearer guard (endpoint `webhooks.…`): the signed one-time
                                     state and the cookie are what authenticate it.
"""
from __future__ import annotations

from apiflask import APIBlueprint, APIFlask, Schema, abort
from apiflask.fields import String
from apiflask.validators import Regexp
from flask import Response, current_app, jsonify, request
from flask.typing import ResponseReturnValue
from slack_bolt.adapter.flask.handler import to_bolt_request, to_flask_response

from backend.security import principal, require_roles
from backend.slack.oauth import BINDING, INSTALL_PATH, REDIRECT_PATH
from backend.slack.store import InstallBinding

bp = APIBlueprint("slack_install", __name__, tag="Slack install")
REDIRECT_ENDPOINT = "webhooks.slack_oauth_redirect"


class InstallQuery(Schema):
    town = String(required=True, validate=Regexp(r"^[a-z0-9][a-z0-9-]{0,39}$", error="a town's short name, "
                  "like carver"), metadata={"description": "the town of your session"})


class InstallOut(Schema):
    authorize_url = String(metadata={"description": "open it in this browser to approve the app in Slack"})


def _wants_json() -> bool:
    return request.accept_mimetypes.best_match(["text/html", "application/json"]) == "application/json"


@bp.get(INSTALL_PATH)
@bp.input(InstallQuery, location="query")
@bp.output(InstallOut)
@bp.doc(security="BearerAuth", summary="Add to Slack: start installing the app into your town's workspace",
        responses={302: "to Slack's authorize page (without Accept: application/json)",
                   403: "not a town admin of that town", 409: "this server uses fixed tokens"})
@require_roles("town_admin")
def start_install(query_data: dict) -> ResponseReturnValue:
    who = principal()
    if query_data["town"] != who.town.slug:
        abort(403, f"this session is for {who.town.name}: sign in to that town to connect its Slack")
    flow = current_app.extensions["slack"].oauth_flow
    if flow is None:
        abort(409, "Slack installs are off on this server: its workspaces are fixed in its settings "
                   "(SLACK_TOWNS); ask the operator")
    bolt_request = to_bolt_request(request)
    bolt_request.context[BINDING] = InstallBinding(who.town_id, who.user.id)
    answer = flow.handle_installation(bolt_request)
    if not _wants_json():
        return to_flask_response(answer)
    response: Response = jsonify(authorize_url=answer.headers["location"][0])
    for cookie in answer.headers.get("set-cookie", []):
        response.headers.add("Set-Cookie", cookie)
    response.headers["Cache-Control"] = "no-store"
    return response


def oauth_redirect() -> ResponseReturnValue:
    runtime = current_app.extensions["slack"]
    if runtime.oauth_flow is None or runtime.handler is None:
        return jsonify(message="Slack installs are off on this server (SLACK_CLIENT_ID)", detail={}), 404
    return runtime.handler.handle(request)


def register(app: APIFlask) -> None:
    app.register_blueprint(bp)
    app.add_url_rule(REDIRECT_PATH, endpoint=REDIRECT_ENDPOINT, view_func=oauth_redirect, methods=["GET"])
