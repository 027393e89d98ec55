"""Every notification kind, by the name stored in `Notification.template` (rows already written keep working).

A kind declares its channels, who reads it, how urgent it is and whose words it sends: `rendered` kinds are
built by a renderer from the payload's facts (in the party's language for SMS); `recorded` kinds send the
text the service wrote with the intent, as it wrote it (declared here, never a silent fallback).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

Channel = Literal["sms", "slack"]
Words = Literal["rendered", "recorded"]


class Kind(StrEnum):
    # --- permittees, by SMS (courtesy texts beside the legal notice) -------------------------------------
    VIOLATION_NOTICE = "sms.violation_notice"
    VIOLATION_CORRECTED = "sms.violation_corrected"
    ORDER_ISSUED = "sms.order_issued"
    ORDER_LIFTED = "sms.order_lifted"
    DEADLINE_REMINDER = "sms.deadline_reminder"
    REVIEW_MEETING_SMS = "sms.review_meeting"  # issue 19: the operator told the meeting is set or moved
    DAILY_ACCRUAL = "accrual.offense_days"
    CITATIONS_ISSUED = "citations.issued"
    # --- both: the reminders job and re-issued citations ----------------------------------------------
    STABILIZATION_REMINDER = "reminder.stabilization"
    REPORT_REMINDER = "reminder.report-90d"
    EVENT_NOTICE_REMINDER = "reminder.inspection-event-notice"
    REVIEW_MEETING_REMINDER = "reminder.erc-review"
    PERMIT_EXPIRY_REMINDER = "reminder.permit-expiry"
    ESCALATION = "escalation"
    CITATIONS_REISSUED = "citations.reissued"
    # --- boards, by Slack ------------------------------------------------------------------------------
    ORDER_ALERT = "order_issued"
    REVIEW_MEETING_SCHEDULED = "review_meeting_scheduled"
    VIOLATION_OPENED = "violation_opened"
    SETTINGS_CHANGED = "settings_changed"
    CITATIONS_PROPOSED = "citations.proposed"
    MAIL_BY_REMINDER = "reminder.citation-mail-by"
    SMS_UNREACHABLE = "sms.unreachable"
    BOARD_ORDER_ALERT = "board.order_alert"
    BOARD_REVIEW_NOTICE = "board.erc_review_notice"
    BOARD_STABILIZATION_REMINDER = "board.stabilization_reminder"
    DAILY_DIGEST = "board.daily_digest"
    THREAD_UPDATE = "board.thread_update"


@dataclass(frozen=True)
class Spec:
    channels: tuple[Channel, ...]
    audience: str  # who receives it (resolved from the who-may-act and party records when it is written)
    urgency: Literal["routine", "urgent"]
    words: dict[Channel, Words]


def _spec(channels: str, audience: str, urgency: Literal["routine", "urgent"] = "routine",
          recorded: str = "") -> Spec:
    names: tuple[Channel, ...] = tuple(c for c in ("sms", "slack") if c in channels.split())  # type: ignore[misc]
    words: dict[Channel, Words] = {c: "recorded" if c in recorded.split() else "rendered" for c in names}
    return Spec(names, audience, urgency, words)


PARTY, BOARD = "the party (permittee, operator, owner) by phone", "the board the bylaw names, in its channel"
BOTH = f"{PARTY}; {BOARD}"

CATALOGUE: dict[Kind, Spec] = {
    Kind.VIOLATION_NOTICE: _spec("sms", PARTY, "urgent"),
    Kind.VIOLATION_CORRECTED: _spec("sms", PARTY),
    Kind.ORDER_ISSUED: _spec("sms", PARTY, "urgent"),
    Kind.ORDER_LIFTED: _spec("sms", PARTY),
    Kind.DEADLINE_REMINDER: _spec("sms", PARTY),
    Kind.REVIEW_MEETING_SMS: _spec("sms", PARTY),
    Kind.DAILY_ACCRUAL: _spec("sms", PARTY),
    Kind.CITATIONS_ISSUED: _spec("sms", PARTY, recorded="sms"),
    Kind.STABILIZATION_REMINDER: _spec("sms slack", BOTH),
    Kind.REPORT_REMINDER: _spec("sms slack", BOTH, recorded="slack"),
    Kind.EVENT_NOTICE_REMINDER: _spec("sms slack", BOTH, recorded="slack"),
    Kind.REVIEW_MEETING_REMINDER: _spec("sms slack", BOTH),
    Kind.PERMIT_EXPIRY_REMINDER: _spec("sms slack", BOTH, recorded="slack"),
    Kind.ESCALATION: _spec("sms slack", BOTH, "urgent", recorded="sms slack"),
    Kind.CITATIONS_REISSUED: _spec("sms slack", BOTH, recorded="sms slack"),
    Kind.ORDER_ALERT: _spec("slack", BOARD, "urgent"),
    Kind.REVIEW_MEETING_SCHEDULED: _spec("slack", BOARD),
    Kind.VIOLATION_OPENED: _spec("slack", BOARD, "urgent", recorded="slack"),
    Kind.SETTINGS_CHANGED: _spec("slack", BOARD, recorded="slack"),
    Kind.CITATIONS_PROPOSED: _spec("slack", BOARD, recorded="slack"),
    Kind.MAIL_BY_REMINDER: _spec("slack", BOARD, recorded="slack"),
    Kind.SMS_UNREACHABLE: _spec("slack", BOARD, recorded="slack"),
    Kind.BOARD_ORDER_ALERT: _spec("slack", BOARD, "urgent"),
    Kind.BOARD_REVIEW_NOTICE: _spec("slack", BOARD),
    Kind.BOARD_STABILIZATION_REMINDER: _spec("slack", BOARD),
    Kind.DAILY_DIGEST: _spec("slack", BOARD),
    Kind.THREAD_UPDATE: _spec("slack", BOARD),
}
