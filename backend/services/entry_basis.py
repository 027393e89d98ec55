"""Whether an inspection's record of how the agent entered the site is complete (on create and edit)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def entry_basis_problem(data: Mapping[str, Any]) -> tuple[str, str] | None:
    """The first problem as (field, message), or None: consent needs the consenting person's name, a warrant
    its number, and each checklist item is answered at most once."""
    if data.get("entry_basis") == "owner_consent" and not data.get("consent_name"):
        return "consent_name", "owner consent needs the name of the person who consented"
    if data.get("entry_basis") == "warrant" and not data.get("warrant_number"):
        return "warrant_number", "entry by warrant needs the warrant number"
    ids = [r["item_id"] for r in data.get("responses") or []]
    if len(ids) != len(set(ids)):
        return "responses", "each checklist item may be answered once"
    return None
