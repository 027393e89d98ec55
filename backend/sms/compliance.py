"""Texting rules that are not law of the bylaws: opt-out keywords and quiet hours. Pure functions.

Keywords (CTIA / Twilio's defaults): a body that is exactly one of them (any case, surrounding spaces and
punctuation ignored) opts out, opts back in, or asks for help. Opt-out applies to the pair (phone, town): a
Carver STOP does not silence Upton's sender. Spanish and Portuguese speakers' words are honoured too.

Quiet hours: a message that is not urgent is not sent between QUIET start and end in the town's zone
(default 20:00-08:00 America/New_York, SMS_QUIET_HOURS, or a town's settings["sms_quiet_hours"]); it is held
until the end (next_attempt_at). A payload with "urgent": true is sent at any hour.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any
from zoneinfo import ZoneInfo


class Keyword(StrEnum):
    STOP = "stop"
    START = "start"
    HELP = "help"


OPT_OUT = frozenset(
    {
        "STOP",
        "STOPALL",
        "UNSUBSCRIBE",
        "CANCEL",
        "END",
        "QUIT",
        "REVOKE",
        "OPTOUT",
        "PARAR",
        "CANCELAR",
        "SAIR",
    }
)
OPT_IN = frozenset({"START", "UNSTOP", "YES"})
HELP = frozenset({"HELP", "INFO", "AYUDA", "AJUDA"})
_EDGES = re.compile(r"^[\s\W_]+|[\s\W_]+$")
DEFAULT_QUIET = "20:00-08:00"
OFF = ("", "off", "none")


def keyword(body: str | None) -> Keyword | None:
    word = _EDGES.sub("", (body or "")).upper()
    if word in OPT_OUT:
        return Keyword.STOP
    if word in OPT_IN:
        return Keyword.START
    if word in HELP:
        return Keyword.HELP
    return None


@dataclass(frozen=True)
class QuietHours:
    start: dt.time
    end: dt.time

    @classmethod
    def parse(cls, text: str | None) -> QuietHours | None:
        """ "20:00-08:00" -> QuietHours; "", "off", "none" -> None (none). ValueError if garbled."""
        value = (text if text is not None else DEFAULT_QUIET).strip().lower()
        if value in OFF:
            return None
        match = re.fullmatch(r"(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})", value)
        if match is None:
            raise ValueError(f"quiet hours must look like 20:00-08:00, got {text!r}")
        h1, m1, h2, m2 = (int(g) for g in match.groups())
        window = cls(dt.time(h1, m1), dt.time(h2, m2))
        if window.start == window.end:
            raise ValueError("quiet hours must not start and end at the same time")
        return window

    def contains(self, moment: dt.time) -> bool:
        if self.start < self.end:
            return self.start <= moment < self.end
        return moment >= self.start or moment < self.end


def release_at(instant: dt.datetime, tz: str, window: QuietHours | None) -> dt.datetime | None:
    """When a non-urgent message due at `instant` may go: None if now, else the quiet hours' end (UTC)."""
    if window is None:
        return None
    local = instant.astimezone(ZoneInfo(tz))
    if not window.contains(local.time().replace(tzinfo=None)):
        return None
    day = local.date() if local.time() < window.end else local.date() + dt.timedelta(days=1)
    return dt.datetime.combine(day, window.end, ZoneInfo(tz)).astimezone(dt.UTC)


def urgent(payload: dict[str, Any] | None) -> bool:
    return bool(payload and payload.get("urgent") is True)


def sms_number(party: Any) -> str | None:
    """The party's number if it may be texted: consent given, not opted out, active."""
    if party is None or not party.phone_e164 or not party.sms_consent or party.sms_opted_out_at is not None:
        return None
    return str(party.phone_e164) if party.active else None
