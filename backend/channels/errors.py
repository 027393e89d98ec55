"""Provider error codes and what they mean: the one table to read when a delivery fails.

Twilio codes reach us two ways: as the REST answer to "create message" (classified retryable or permanent in
backend/channels/sms.py by HTTP status: any 4xx except 429 is permanent, 429 and 5xx are retried) and as the
`ErrorCode` of an `undelivered`/`failed` status callback after Twilio accepted the message
(backend/sms/status.py). Each code's `Consequence` decides what follows in both cases: opt the number out for
that town, give up on the message (the board is told the permittee cannot be reached by SMS, so the notice
goes by mail), or send it again later. Permanent failures are visible in `flask outbox status`,
GET /api/v1/outbox and `flask outbox show`; retried ones end dead after OUTBOX_MAX_ATTEMPTS (re-drivable).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Effect(StrEnum):
    OPT_OUT = "opted_out"  # the person said STOP: never text this number for this town until START
    UNDELIVERABLE = "undeliverable"  # permanent for this message: fail it, tell the board, no retry
    RETRY = "retry"  # transient: the outbox sends it again with backoff until OUTBOX_MAX_ATTEMPTS


@dataclass(frozen=True)
class Consequence:
    effect: Effect
    why: str  # for staff and the outbox record
    plain: str = ""  # for a board member told that a permittee's text did not arrive (else `why`)


_U, _R = Effect.UNDELIVERABLE, Effect.RETRY

# Twilio error codes (https://www.twilio.com/docs/api/errors).
TWILIO_CODES: dict[int, Consequence] = {
    # --- the recipient -----------------------------------------------------------------------------------
    21610: Consequence(Effect.OPT_OUT, "the recipient replied STOP to this sender (unsubscribed)",
                       "they replied STOP to the town's texts"),
    # --- the number cannot take SMS: permanent, undeliverable --------------------------------------------
    30003: Consequence(_U, "unreachable handset (off, out of coverage, or no SMS)",
                       "their phone was off, out of coverage or cannot take texts"),
    30005: Consequence(_U, "unknown destination number (does not exist)",
                       "the number does not exist"),
    30006: Consequence(_U, "landline or unreachable carrier: the number cannot take SMS",
                       "the number is a landline or its carrier cannot be reached"),
    21211: Consequence(_U, "the To number is not a valid phone number",
                       "the number is not a valid phone number"),
    21614: Consequence(_U, "the To number is not a mobile number",
                       "the number is not a mobile number"),
    21612: Consequence(_U, "the To number cannot be reached from this sender",
                       "the number cannot be reached from the town's sender"),
    21408: Consequence(_U, "SMS to this region is not enabled on the account"),
    # --- our sender, account or request: permanent until the town or operator fixes it -------------------
    30034: Consequence(_U, "the town's sender is not registered for A2P 10DLC (carriers block it); register "
                           "the campaign, then re-drive"),
    30007: Consequence(_U, "blocked by the carrier's content filter",
                       "the carrier's filter blocked the text"),
    20003: Consequence(_U, "authentication failed: check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN"),
    20404: Consequence(_U, "resource not found: wrong account SID or TWILIO_API_BASE"),
    21602: Consequence(_U, "message body is required"),
    21603: Consequence(_U, "a From number or Messaging Service SID is required (TWILIO_SENDERS)"),
    21604: Consequence(_U, "a To number is required"),
    21606: Consequence(_U, "the From number cannot send SMS"),
    21617: Consequence(_U, "the body is longer than 1600 characters"),
    # --- transient: try again later ----------------------------------------------------------------------
    20429: Consequence(_R, "Twilio rate limit (429)"),
    30001: Consequence(_R, "queue overflow at Twilio"),
    30008: Consequence(_R, "unknown error at the carrier"),
    30017: Consequence(_R, "carrier network congestion"),
}
DEFAULT = Consequence(_R, "no rule for this code: retried until the attempts run out")

# Codes whose notification must never be re-driven: the person asked not to be texted.
OPT_OUT_CODES = frozenset(f"twilio:{code}" for code, c in TWILIO_CODES.items() if c.effect is Effect.OPT_OUT)

# Slack Web API `error` values (https://api.slack.com/methods/chat.postMessage#errors).
SLACK_PERMANENT: dict[str, str] = {
    "channel_not_found": "the channel does not exist or the bot cannot see it",
    "not_in_channel": "the bot is not a member of the channel",
    "is_archived": "the channel is archived",
    "invalid_auth": "the bot token is invalid (SLACK_BOT_TOKENS)",
    "not_authed": "no bot token was sent",
    "token_revoked": "the bot token was revoked",
    "token_expired": "the bot token expired",
    "account_inactive": "the bot's workspace or user is deactivated",
    "missing_scope": "the bot token lacks chat:write (or channels:history for reconciliation)",
    "no_text": "the message has no text or blocks",
    "msg_too_long": "the message text is too long",
    "invalid_blocks": "the Block Kit payload is invalid",
    "invalid_metadata_format": "the message metadata is malformed",
    "restricted_action": "a workspace preference forbids posting there",
}

# Slack errors worth retrying. Any error in neither table is retried too (it ends dead, visible, re-drivable).
SLACK_RETRYABLE = frozenset({"ratelimited", "internal_error", "fatal_error", "service_unavailable",
                             "request_timeout"})

# HTTP answers that say "maybe": a gateway gave up while the provider may still have acted.
AMBIGUOUS_HTTP = frozenset({504})


def twilio_reason(code: int | None, message: str) -> str:
    """Why Twilio refused a request: the table's words for a known code, else Twilio's own message."""
    rule = TWILIO_CODES.get(code or 0)
    return rule.why if rule else message


def consequence(code: int | str | None) -> Consequence:
    """The consequence of a Twilio error code (an int, "30003", "twilio:30003"); unknown codes retry."""
    return known(code) or DEFAULT


def known(code: int | str | None) -> Consequence | None:
    """The table's row for this code, or None when the table has no rule for it."""
    number = _number(code)
    return TWILIO_CODES.get(number) if number is not None else None


def _number(code: int | str | None) -> int | None:
    if isinstance(code, int):
        return code
    text = (code or "").rsplit(":", 1)[-1].strip()
    return int(text) if text.isdigit() else None
