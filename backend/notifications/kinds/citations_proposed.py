"""Noncriminal citations await the enforcing officer: how many, and the § 21D mailing deadline."""
from __future__ import annotations

from backend.notifications import recorded
from backend.notifications.spec import BOARD, Spec

KIND = Spec(
    stored="citations.proposed",
    audience=BOARD,
    dedupe="slack:citations-proposed:<board>:<day>",
    slack=recorded.slack,
)
