"""Shared SMS wording: the ladder every kind's `sms(payload, lang)` steps down to fit its segment budget, the
shared sentences (fines, what to do and by when), and the STOP/START/HELP replies (answers, not outbox kinds).

The kinds' own renderers live in backend/notifications/kinds/. Each tries its fullest wording first and
steps down a ladder (drop the phone number, shorten the
"details" line, clip the site and what was found, drop the description) until the body, with the
"\\nRef XXXXXX" suffix the channel adds, fits the language's segment budget (`segments.within_budget`).
The link, the citation, the fine sentence and the courtesy statement are never dropped (at worst shortened).

`reply(word, payload, language)` is the inbound keywords' answer.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from backend.sms.phrases import local_time, phone, phrase
from backend.sms.segments import LANGUAGES, clip, plain, within_budget
from inspections.formats import format_date, format_money

Payload = dict[str, Any]
Builder = Callable[[Payload, str], str]
# (site chars, description chars, details phrase, courtesy phrase, phone line)
LADDER = (
    (60, 140, "details", "courtesy", True),
    (60, 140, "details", "courtesy", False),
    (60, 140, "details_short", "courtesy", False),
    (60, 140, "details_short", "courtesy_short", False),
    (45, 90, "details_short", "courtesy_short", False),
    (40, 60, "details_short", "courtesy_short", False),
    (32, 40, "details_short", "courtesy_short", False),
    (28, 24, "details_short", "courtesy_short", False),
    (24, 0, "details_short", "courtesy_short", False),
    (14, 0, "details_short", "courtesy_short", False),
)


class TooLong(ValueError):
    """Even the shortest wording exceeds the budget (e.g. an absurdly long PUBLIC_BASE_URL)."""


def language_of(value: Any) -> str:
    return value if value in LANGUAGES else "en"


def fit(language: str, candidates: Iterable[str]) -> str:
    last = ""
    for body in candidates:
        if within_budget(body, language):
            return body
        last = body
    raise TooLong(f"no wording fits the {language} budget; shortest was {len(last)} characters")


def date_of(value: str, language: str) -> str:
    return format_date(dt.date.fromisoformat(value), language)


def text_of(p: Payload, key: str, language: str, most: int) -> str:
    return clip(plain(str(p.get(key) or ""), language), most)


BYLAW = {"en": "{town} bylaw §", "es": "reglamento de {town} §", "pt": "regulamento de {town} §"}
BYLAW_SHORT = {"en": "bylaw §", "es": "reglamento §", "pt": "regulamento §"}  # the text names the town first


def cite(citation: object, town: object, language: str, short: bool = False) -> str:
    """A bylaw section as people write it: `~§ 136-7C` of Carver is "Carver bylaw § 136-7C" ("reglamento de
    Carver § 136-7C", "regulamento de Carver § 136-7C"); a statute or a permit condition as it stands."""
    text = str(citation or "").strip()
    if text.startswith("~§"):
        if short:
            return BYLAW_SHORT[language_of(language)] + text[2:]
        return BYLAW[language_of(language)].format(town=str(town or "").strip() or "town") + text[2:]
    return text


def citation_of(p: Payload, language: str, most: int, short: bool = False) -> str:
    """The payload's citation, as people write it (`short`: without the town, which the text names first),
    clipped."""
    return clip(plain(cite(p.get("citation"), p.get("town"), language, short), language), most)


def town_of(p: Payload, language: str) -> str:
    return text_of(p, "town", language, 40)


def fine_sentence(fine: Payload | None, language: str, short: bool = False) -> str:
    """How fines work on the path the town chose: court maximum (criminal), citations (noncriminal)."""
    fine, end = fine or {}, "_min" if short else ""
    path, cents, daily = fine.get("path"), fine.get("amount_cents"), bool(fine.get("daily"))
    if path == "criminal":
        if cents is None:
            return phrase(language, "crim_none")
        key = ("crim_daily" if daily else "crim_once") + end
        return phrase(language, key, amount=format_money(int(cents), language))
    if path == "noncriminal":
        if cents is None:
            return phrase(language, "noncrim" + end)
        return phrase(language, "noncrim_from" + end, amount=format_money(int(cents), language))
    return phrase(language, "no_path")


def todo(deadline: Payload | None, language: str, label_len: int) -> str:
    """What to do and by when: correct it, and the next deadline that binds the party (when one is stored)."""
    if not deadline or not deadline.get("date"):
        return phrase(language, "todo")
    date = date_of(deadline["date"], language)
    if label_len and deadline.get("label"):
        return phrase(
            language, "todo_by", date=date, label=text_of(deadline, "label", language, min(label_len, 50))
        )
    return phrase(language, "todo_by_short", date=date)


def simple(key: str, fields: tuple[str, ...], first_rung: int = 0) -> Builder:
    def build(p: Payload, language: str) -> str:
        def variants() -> Iterator[str]:
            for site_len, _found, details, courtesy, _call in LADDER[first_rung:]:
                values = {
                    f: text_of(p, f, language, site_len if f in ("site", "label") else 40) for f in fields
                }
                if "citation" in fields:
                    values["citation"] = citation_of(p, language, 40)
                values |= {"town": town_of(p, language), "date": date_of(p["date"], language)}
                if "time" in fields:
                    values["time"] = local_time(str(p["time"]), language)
                if "order" in p:
                    values["order"] = (
                        phrase(language, str(p["order"])) if p["order"] in _ORDERS else p["order"]
                    )
                parts = [phrase(language, key, **values), phrase(language, details, link=p["link"])]
                yield " ".join([*parts, phrase(language, courtesy)])

        return fit(language, variants())

    return build


# every deadline-reminder kind's text: "reminder: <what> at <site> is due <date> (<citation>)"
deadline_reminder = simple("reminder", ("site", "label", "citation"))


_ORDERS = ("cease_and_desist", "restoration_order", "enforcement_order")


def _reply(key: str) -> Builder:
    def build(p: Payload, language: str) -> str:
        return phrase(language, key, town=town_of(p, language), phone=phone(p.get("contact")))

    return build


REPLIES: dict[str, Builder] = {
    "sms.help": _reply("help"),
    "sms.stopped": _reply("stopped"),
    "sms.started": _reply("started"),
}


def reply(template: str, payload: Payload, language: str) -> str:
    """The answer to an inbound keyword (KeyError for an unknown one)."""
    return REPLIES[template](payload, language_of(language))
