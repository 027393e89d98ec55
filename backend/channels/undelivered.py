"""A text that did not reach its reader, in a board member's words: which text ("the text about the order
issued", never `sms.order_issued`) and why ("the number is a landline or its carrier cannot be reached (error
30006)", never `twilio:30006`). Used by the board's alert (backend/sms/alerts.py) and the daily digest."""
from __future__ import annotations

import re

from backend.channels import errors

TEXTS = {
    "sms.violation_notice": "the violation notice text",
    "sms.violation_corrected": "the text saying the violation was corrected",
    "sms.order_issued": "the text about the order issued",
    "sms.order_lifted": "the text about the order lifted",
    "sms.review_meeting": "the text about the review meeting",
    "sms.deadline_reminder": "the deadline reminder text",
    "accrual.offense_days": "the daily text about the continuing violation",
    "citations.issued": "the text about the citations issued",
    "citations.reissued": "the text about the citations reissued",
    "escalation": "the overdue-deadline text",
    "reminder.permit-expiry": "the permit expiry reminder",
    "reminder.stabilization": "the stabilization reminder",
    "reminder.report-90d": "the monitoring report reminder",
    "reminder.inspection-event-notice": "the inspection notice reminder",
    "reminder.erc-review": "the review meeting reminder",
}
WHY = {  # the carrier's reason as a board member reads it
    21610: "they replied STOP to the town's texts",
    30003: "their phone was off, out of coverage or cannot take texts",
    30005: "the number does not exist",
    30006: "the number is a landline or its carrier cannot be reached",
    21211: "the number is not a valid phone number",
    21614: "the number is not a mobile number",
    21612: "the number cannot be reached from the town's sender",
    30007: "the carrier's filter blocked the text",
}
_CODE = re.compile(r"^twilio:(\d+)$")


def text_words(template: str) -> str:
    """Which courtesy text, in words."""
    return TEXTS.get(template, "the courtesy text")


def reason_words(code: str | None, fallback: str = "") -> str:
    """Why it did not arrive: the carrier's reason in words with its error number; `fallback` (already
    words) when the code is not a carrier's."""
    found = _CODE.match(code or "")
    if found is None:
        return fallback or "the carrier did not deliver it"
    number = int(found.group(1))
    known = errors.TWILIO_CODES.get(number)
    why = WHY.get(number) or (known.why if known else "the carrier did not deliver it")
    return f"{why} (error {number})"
