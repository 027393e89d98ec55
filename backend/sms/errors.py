"""Twilio error codes and what they mean for the permittee: the one table to read when a text did not arrive.

Codes reach us two ways: as the REST answer to "create message" (the outbox classifies those as retryable or
permanent in backend/channels/sms.py, with the provider messages in backend/channels/errors.py), and as the
`ErrorCode` of an `undelivered`/`failed` status callback after Twilio accepted the message. This table decides
the consequence in both cases: opt the number out for that town, give up on the message (the board is told
the permittee cannot be reached by SMS, so the notice goes by mail), or send it again later.
See https://www.twilio.com/docs/api/errors.
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
    why: str


TWILIO_CODES: dict[int, Consequence] = {
    # --- the recipient -----------------------------------------------------------------------------------
    21610: Consequence(Effect.OPT_OUT, "the recipient replied STOP to this sender (unsubscribed)"),
    # --- the number cannot take SMS: permanent, undeliverable --------------------------------------------
    30003: Consequence(Effect.UNDELIVERABLE, "unreachable handset (off, out of coverage, or no SMS)"),
    30005: Consequence(Effect.UNDELIVERABLE, "unknown destination number (does not exist)"),
    30006: Consequence(Effect.UNDELIVERABLE, "landline or unreachable carrier: the number cannot take SMS"),
    21211: Consequence(Effect.UNDELIVERABLE, "not a valid phone number"),
    21614: Consequence(Effect.UNDELIVERABLE, "not a mobile number"),
    21612: Consequence(Effect.UNDELIVERABLE, "the number cannot be reached from this sender"),
    # --- our sender: permanent until the town fixes its registration -------------------------------------
    30034: Consequence(
        Effect.UNDELIVERABLE,
        "the town's sender is not registered for A2P 10DLC (carriers block"
        " it); register the campaign, then re-drive",
    ),
    30007: Consequence(Effect.UNDELIVERABLE, "blocked by the carrier's content filter"),
    # --- transient: try again later ----------------------------------------------------------------------
    20429: Consequence(Effect.RETRY, "Twilio rate limit (429)"),
    30001: Consequence(Effect.RETRY, "queue overflow at Twilio"),
    30008: Consequence(Effect.RETRY, "unknown error at the carrier"),
    30017: Consequence(Effect.RETRY, "carrier network congestion"),
}
DEFAULT = Consequence(Effect.RETRY, "no rule for this code: retried until the attempts run out")


def consequence(code: int | str | None) -> Consequence:
    """The consequence of a Twilio error code (an int, "30003", "twilio:30003"); 5xx-style unknowns retry."""
    number = _number(code)
    if number is None:
        return DEFAULT
    return TWILIO_CODES.get(number, DEFAULT)


def known(code: int | str | None) -> Consequence | None:
    """The table's row for this code, or None when the table has no rule for it."""
    number = _number(code)
    return TWILIO_CODES.get(number) if number is not None else None


def _number(code: int | str | None) -> int | None:
    if isinstance(code, int):
        return code
    text = (code or "").rsplit(":", 1)[-1].strip()
    return int(text) if text.isdigit() else None
