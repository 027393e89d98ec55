"""The words a party reads, in English, Spanish or Portuguese, from the `public` message catalogues
(`backend/translations/<lang>/LC_MESSAGES/public.po`; English is the msgid). The notice page
(`backend/public/i18n.py`) and the order's courtesy cover page (`backend/pdf/cover.py`) each define their
English messages (marked `N_` for `pybabel extract`) and say them through `Words`. No framework here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from inspections.catalogues import N_, Domain, language_of, translate

PUBLIC = Domain(Path(__file__).resolve().parent / "translations", "public")

# The town boards by kind (a translated name is followed by the English one: the town answers to it by phone)
BOARDS = {
    "conservation_commission": N_("{town} Conservation Commission"),
    "planning_board": N_("{town} Planning Board"),
    "earth_removal_committee": N_("{town} Earth Removal Committee"),
}

# The labels of the deadlines that bind a party, as the engine writes them (inspections/deadlines/), and the
# patterns of the ones it writes with a number or a month in them.
DEADLINE_LABELS = (
    N_("cease and desist immediately"),
    N_("stabilize the disturbed portion"),
    N_("inspect and document all control measures"),
    N_("inspect before the storm (strictly earlier)"),
    N_("inspect after the storm"),
    N_("resume land-disturbing activity only after compliance is found"),
    N_("comply with ch. 136 (no removal without a permit)"),
    N_("permit expires (valid through the end of this day)"),
    N_("present certified-mail receipts to the ERC"),
)
LABEL_PATTERNS = (
    (re.compile(r"^status report (?P<k>\d{1,3}) to the ERC$"), N_("status report {k} to the ERC")),
    (
        re.compile(r"^submit the monthly report for (?P<month>\d{4}-\d{2})$"),
        N_("submit the monthly report for {month}"),
    ),
    # the engine names the event by its rule id and summary (inspections/deadlines/carver_247_site.py); a
    # party reads what the inspection is of (INSPECTION_EVENTS)
    (
        re.compile(r"^notify the Planning Board before [A-Z][A-Z0-9-]*-EVT(?P<event>\d{1,2}): .*$"),
        N_("notify the Planning Board before the {event} inspection"),
    ),
)
# Carver ch. 247's six inspection events (~§ 247-7C), in words a party knows from their permit
INSPECTION_EVENTS = {
    "1": N_("erosion control"),
    "2": N_("site clearing"),
    "3": N_("rough grading"),
    "4": N_("final grading"),
    "5": N_("end-of-season"),
    "6": N_("final landscaping"),
}


class Phrase(str):
    """An English message filled with its values, that remembers both so a page can say it in another
    language: `Phrase("At most {n} photos.", n=6)` is "At most 6 photos." and `words.say(p)` translates it."""

    msgid: str
    values: dict[str, Any]

    def __new__(cls, msgid: str, **values: Any) -> Phrase:
        made = super().__new__(cls, msgid.format(**values) if values else msgid)
        made.msgid, made.values = msgid, values
        return made


class Words:
    """`t("key", n=1)`: the message of that key in one language (a message the catalogue lacks reads English;
    an unknown key reads as itself). `t.say(text)` translates an English message or Phrase."""

    def __init__(self, language: str | None, messages: Mapping[str, str]) -> None:
        self.language = language_of(language)
        self.messages = messages

    def __call__(self, key: str, **values: Any) -> str:
        return self.say(self.messages.get(key, key), **values)

    def say(self, english: str, **values: Any) -> str:
        if isinstance(english, Phrase):
            phrase: Phrase = english
            english, values = phrase.msgid, {**phrase.values, **values}
        text = translate(PUBLIC, self.language, english)
        return text.format(**values) if values else text

    def label(self, english: str) -> str:
        """A deadline's label in this language (a label the catalogue does not know reads English)."""
        for pattern, msgid in LABEL_PATTERNS:
            if found := pattern.match(english):
                values = found.groupdict()
                if "event" in values:  # an inspection event, by what it is of
                    number = values["event"]
                    values["event"] = (self.say(INSPECTION_EVENTS[number]) if number in INSPECTION_EVENTS
                                       else f"#{number}")
                return self.say(msgid, **values)
        return self.say(english)

    def board(self, kind: str, name: str) -> str:
        """A board's name ("Carver Conservation Commission") in this language, with the English name in
        brackets; a name the town chose otherwise stays as it is."""
        title = BOARDS.get(kind, "").removeprefix("{town} ")
        if self.language == "en" or not title or not name.endswith(f" {title}"):
            return name
        return f"{self.say(BOARDS[kind], town=name.removesuffix(f' {title}'))} ({name})"
