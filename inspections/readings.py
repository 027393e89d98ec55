"""The readings the engine makes that RULES.md does not state, as written down in `READINGS.md` beside it.

`readings()` returns them in table order: id, the RULES.md ids they concern, the words they read (a quote of a
bylaw or of RULES.md), the choice made, and the town switch that changes it (None: no switch). The file is
validated when read: a row out of shape, a repeated id or a switch the catalogue does not have fails loudly.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from inspections.config import SWITCHES

ROW = re.compile(r"^\| (READ-[A-Z0-9-]+) \| (.+?) \| \"(.+?)\" \| (.+?) \| ([a-z0-9_.]+) \|$")


@dataclass(frozen=True)
class Reading:
    id: str
    concerns: tuple[str, ...]
    text: str
    choice: str
    switch: str | None


def parse_readings(markdown: str) -> tuple[Reading, ...]:
    found: list[Reading] = []
    for line in markdown.splitlines():
        if not line.startswith("| READ-"):
            continue
        match = ROW.match(line)
        if match is None:
            raise ValueError(f"READINGS.md: a row out of shape: {line[:80]}")
        rid, concerns, text, choice, switch = match.groups()
        if switch != "none" and switch not in SWITCHES:
            raise ValueError(f"READINGS.md: {rid} names {switch!r}, which is no setting of the catalogue")
        found.append(Reading(rid, tuple(c.strip() for c in concerns.split(",")), text, choice,
                             None if switch == "none" else switch))
    ids = [r.id for r in found]
    if len(ids) != len(set(ids)):
        raise ValueError("READINGS.md: an id appears twice")
    return tuple(found)


@cache
def readings() -> tuple[Reading, ...]:
    return parse_readings((resources.files("inspections") / "READINGS.md").read_text(encoding="utf-8"))
