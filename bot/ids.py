"""Every id the bot shares with Slack: the slash command, action ids, view callback ids and input block ids.

A listener is registered for an id here and a builder puts the same id on the button or view, so the two
can never drift apart. Values are stable: renaming one breaks buttons on messages already posted.
"""
from __future__ import annotations

from enum import StrEnum

COMMAND = "/inspections"
# The bot scopes an install asks for: exactly slack/manifest.yml's oauth_config.scopes.bot (a test checks).
BOT_SCOPES = ("chat:write", "commands", "files:write", "users:read", "users:read.email", "channels:history",
              "groups:history")


class Action(StrEnum):
    """`action_id` of interactive elements on posted messages."""

    ACKNOWLEDGE = "fe_acknowledge"
    SCHEDULE_REVIEW = "fe_schedule_review"
    VIEW_PHOTOS = "fe_view_photos"


class View(StrEnum):
    """`callback_id` of modals."""

    SCHEDULE_REVIEW = "fe_schedule_review_modal"
    PHOTOS = "fe_photos_modal"


class Field(StrEnum):
    """`block_id` (= `action_id`) of the schedule-review modal's inputs."""

    MEETING_AT = "fe_meeting_at"
    OPERATOR_NOTIFIED_AT = "fe_operator_notified_at"
    POSTED_AT = "fe_posted_at"
    VOTE_YES = "fe_vote_yes"
    VOTE_NO = "fe_vote_no"
    VOTE_ABSTAIN = "fe_vote_abstain"
    OVERRIDE_REASON = "fe_override_reason"
    ADDRESS = "fe_meeting_address"
    ROOM = "fe_meeting_room"
    REMOTE_URL = "fe_meeting_remote_url"


class Template(StrEnum):
    """Notification templates the Slack notifier renders (`Notification.template`)."""

    ORDER_ALERT = "board.order_alert"
    ERC_REVIEW_NOTICE = "board.erc_review_notice"
    STABILIZATION_REMINDER = "board.stabilization_reminder"
    DAILY_DIGEST = "board.daily_digest"
    THREAD_UPDATE = "board.thread_update"
