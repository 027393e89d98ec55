"""Kinds whose words are the text the service wrote with the intent (declared `recorded` in kinds.py)."""
from __future__ import annotations

from typing import Any


def recorded_text(payload: dict[str, Any]) -> str:
    """The intent's own `text`, exactly; a payload without one is a ValueError (the row fails, visibly)."""
    text = payload.get("text")
    if not isinstance(text, str) or not text.strip():
        raise ValueError("no payload text: the intent carries no words to send")
    return text
