"""A violation was opened: the service's words to the board."""
from __future__ import annotations

from backend.notifications import recorded
from backend.notifications.board import site_links
from backend.notifications.spec import BOARD, Spec

KIND = Spec(
    stored="violation_opened",
    audience=BOARD,
    dedupe="<town>:violation-opened:<violation>",
    slack=recorded.slack,
    resolve=site_links,
)
