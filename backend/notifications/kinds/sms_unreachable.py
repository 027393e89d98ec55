"""A courtesy text could not be delivered: the board is told to make sure the notice is served by mail or
in hand. Written by backend/sms/alerts.py."""
from __future__ import annotations

from backend.notifications import recorded
from backend.notifications.spec import BOARD, Spec

KIND = Spec(
    stored="sms.unreachable",
    audience=BOARD,
    dedupe="<town>:sms-alert:<digest>",
    slack=recorded.slack,
)
