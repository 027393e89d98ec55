"""A chapter as a person names it: "Carver's earth removal bylaw (ch. 136)", from the title its pack gives.

Texts a person reads (refusals, board alerts) name the bylaw this way, never by its key."""
from __future__ import annotations

import re

from inspections import api
from inspections.api import InputError

# the pack's title: "Town of Carver Code ch. 136, Earth Removal"
TITLE = re.compile(r"ch\. (?P<number>[\w.-]+),\s*(?P<name>.+)$")


def bylaw(chapter: str) -> str:
    """The chapter in words, "Carver's earth removal bylaw (ch. 136)", from the title its pack gives
    ("Town of Carver Code ch. 136, Earth Removal"); "this bylaw" for a chapter the engine does not know."""
    try:
        found = api.call("chapter", {"chapter": chapter})
    except (InputError, KeyError, ValueError):
        return "this bylaw"
    title = TITLE.search(str(found.get("title") or ""))
    if title is None:
        return "this bylaw"
    number, name = title.group("number"), title.group("name").strip()
    kind = "" if name.lower().endswith(("bylaw", "ordinance")) else " bylaw"
    return f"{found['town']}'s {name.lower()}{kind} (ch. {number})"
