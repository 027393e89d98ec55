"""A town's fine or notice settings changed: who changed what, to the board."""
from __future__ import annotations

from backend.notifications import recorded
from backend.notifications.spec import BOARD, Spec

KIND = Spec(
    stored="settings_changed",
    audience=BOARD,
    dedupe="<town>:settings-changed:<version>",
    slack=recorded.slack,
)
