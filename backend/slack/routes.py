"""POST /slack/events: slash commands, interactivity (buttons, modals) and events, all on one URL.

The endpoint is named `webhooks.slack_events`, so the bearer-token guard lets it through: Slack's own
signature (checked by the bot before anything else) is what authenticates it.
"""
from __future__ import annotations

from apiflask import APIFlask
from flask import current_app, jsonify, request
from flask.typing import ResponseReturnValue

ENDPOINT = "webhooks.slack_events"
PATH = "/slack/events"


def slack_events() -> ResponseReturnValue:
    runtime = current_app.extensions.get("slack")
    if runtime is None or runtime.handler is None:
        return jsonify(message="Slack is not configured on this server (SLACK_TOWNS)", detail={}), 404
    return runtime.handler.handle(request)


def register_routes(app: APIFlask) -> None:
    app.add_url_rule(PATH, endpoint=ENDPOINT, view_func=slack_events, methods=["POST"])
