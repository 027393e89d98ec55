"""Provider error codes and what the outbox does with them: the one table to read when a delivery fails.

Permanent codes fail the notification at once (visible in `flask outbox status` and GET /api/v1/outbox);
everything else is retried with backoff until OUTBOX_MAX_ATTEMPTS, then it is dead (re-drivable).
"""
from __future__ import annotations

# Twilio REST API error codes (https://www.twilio.com/docs/api/errors). Any other 4xx answer except 429 is
# also permanent (a client error does not fix itself); 429 and 5xx are retried.
TWILIO_PERMANENT: dict[int, str] = {
    20003: "authentication failed: check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN",
    20404: "resource not found: wrong account SID or TWILIO_API_BASE",
    21211: "the To number is not a valid phone number",
    21408: "SMS to this region is not enabled on the account",
    21602: "message body is required",
    21603: "a From number or Messaging Service SID is required (TWILIO_SENDERS)",
    21604: "a To number is required",
    21606: "the From number cannot send SMS",
    21610: "the recipient replied STOP (unsubscribed): never re-drive, never resend",
    21612: "the To number cannot be reached from this sender",
    21614: "the To number is not a mobile number",
    21617: "the body is longer than 1600 characters",
    30034: "the sender number is not registered for A2P 10DLC messaging",
}

# Codes whose notification must never be re-driven: the person asked not to be texted.
OPT_OUT_CODES = frozenset({"twilio:21610"})

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
    return TWILIO_PERMANENT.get(code or 0, message)
