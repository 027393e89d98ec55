"""Why a text did not reach its reader, in a board member's words: "the number is a landline or its carrier
cannot be reached (error 30006)", never `twilio:30006` (the plain reasons sit beside the technical ones in
errors.TWILIO_CODES). Which text it was comes from its kind (`catalogue.named`). Used by the board's alert
(backend/sms/alerts.py) and the daily digest."""
from __future__ import annotations

import re

from backend.channels import errors

_CODE = re.compile(r"^twilio:(\d+)$")


def reason_words(code: str | None, fallback: str = "") -> str:
    """Why it did not arrive: the carrier's reason in words with its error number; `fallback` (already
    words) when the code is not a carrier's."""
    found = _CODE.match(code or "")
    if found is None:
        return fallback or "the carrier did not deliver it"
    number = int(found.group(1))
    known = errors.TWILIO_CODES.get(number)
    why = (known.plain or known.why) if known else "the carrier did not deliver it"
    return f"{why} (error {number})"
