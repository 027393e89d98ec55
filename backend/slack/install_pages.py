"""The pages a town admin sees when Slack sends the browser back (`/slack/oauth_redirect`): Bolt's
CallbackOptions, rendered in the product's words (no ids, no keys). Each clears Bolt's state cookie."""
from __future__ import annotations

import logging

from flask import render_template
from slack_bolt.oauth.callback_options import CallbackOptions, FailureArgs, SuccessArgs
from slack_bolt.response import BoltResponse
from sqlalchemy import select

from backend.extensions import db
from backend.models import Town
from backend.models.slack_install import TownWorkspace
from backend.slack.installs import InstallRefused

log = logging.getLogger(__name__)
BACK_URL = "/#/admin/settings"
AGAIN = "Start again from the field app: Admin, then Settings, then Add to Slack."
HEADERS = {"Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store",
           "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY",
           "Content-Security-Policy": "default-src 'none'; style-src 'self'; base-uri 'none'; "
                                      "form-action 'none'; frame-ancestors 'none'"}
REASONS = {
    "access_denied": (200, "The install was cancelled in Slack. Nothing was changed."),
    "invalid_browser": (400, f"Finish the install in the browser that started it. {AGAIN}"),
    "invalid_state": (401, f"This install link has expired or was already used. Nothing was changed. "
                           f"{AGAIN}"),
    "missing_code": (400, f"Slack did not confirm the install. Nothing was changed. {AGAIN}"),
    "invalid_code": (502, f"Slack did not confirm the install. Nothing was changed. {AGAIN}"),
    "storage_error": (503, "The install could not be saved; nothing was changed. Try again in a few "
                           "minutes."),
}


def _page(status: int, heading: str, lines: list[str], cookie: str) -> BoltResponse:
    body = render_template("slack/install_result.html", heading=heading, lines=lines, back_url=BACK_URL)
    return BoltResponse(status=status, body=body, headers={**HEADERS, "Set-Cookie": [cookie]})


def installed(args: SuccessArgs) -> BoltResponse:
    row = db.session.scalar(select(TownWorkspace).where(TownWorkspace.team_id == args.installation.team_id))
    town = db.session.get(Town, row.town_id) if row else None
    lines = [f"{town.name if town else 'The town'}'s boards will get their alerts in the Slack workspace "
             f"“{row.team_name if row else args.installation.team_name}”.",
             "Next, in Slack: create a post-only alert channel for each board and invite the app to it (type "
             "/invite @fieldenforce in the channel). Then set each board's channel and link the board "
             "members from the town's admin tools."]
    return _page(200, "Slack is connected", lines, args.settings.state_utils.build_set_cookie_for_deletion())


def refused(args: FailureArgs) -> BoltResponse:
    cookie = args.settings.state_utils.build_set_cookie_for_deletion()
    if isinstance(args.error, InstallRefused):
        return _page(args.error.status, "Slack was not connected", [args.error.message], cookie)
    status, line = REASONS.get(args.reason, (400, f"Slack refused the install. Nothing was changed. {AGAIN}"))
    log.warning("slack install failed: %s", args.reason)
    return _page(status, "Slack was not connected", [line], cookie)


CALLBACKS = CallbackOptions(success=installed, failure=refused)
