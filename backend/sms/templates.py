"""Shared SMS wording: the ladders every kind's `sms(payload, lang)` steps down to fit its segment budget, the
shared sentences (what follows if not, what to do and by when, deadline labels in the reader's language), and
the STOP/START/HELP replies (answers, not outbox kinds).

The kinds' own renderers live in backend/notifications/kinds/. Each tries its fullest wording first and steps
down until the body, with the "\\nRef XXXXXX" suffix the channel adds, fits its budget for the language
(`segments.within_budget`: English within the kind's `Spec.segments`, Spanish and Portuguese within 5). The
enforcement texts (`enforcement`: the violation notice, the order issued) use short forms first, then drop the
phone number, then the consequence sentence; who, what was found, by when, the link and the courtesy line are
never dropped (at worst shortened).

`reply(word, payload, language)` is the inbound keywords' answer.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from backend.party_words import Words
from backend.sms.phrases import local_time, phone, phrase, say
from backend.sms.segments import ENGLISH, LANGUAGES, clip, plain, within_budget
from inspections.catalogues import N_
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


def fit(language: str, candidates: Iterable[str], english: int = ENGLISH) -> str:
    """The first candidate within the language's budget for a kind whose English budget is `english`."""
    last = ""
    for body in candidates:
        if within_budget(body, language, english):
            return body
        last = body
    raise TooLong(f"no wording fits the {language} budget; shortest was {len(last)} characters")


def date_of(value: str, language: str) -> str:
    return format_date(dt.date.fromisoformat(value), language)


def text_of(p: Payload, key: str, language: str, most: int) -> str:
    return clip(plain(str(p.get(key) or ""), language), most)


BYLAW = N_("{town} bylaw §")
BYLAW_SHORT = N_("bylaw §")  # the text names the town first


def cite(citation: object, town: object, language: str, short: bool | str = False) -> str:
    """A bylaw section as people write it: `~§ 136-7C` of Carver is "Carver bylaw § 136-7C" ("reglamento de
    Carver § 136-7C", "regulamento de Carver § 136-7C"); a statute or a permit condition as it stands.
    `short`: without the town ("bylaw § 136-7C"); "bare": the section alone ("§ 136-7C"), a tight text's
    last short form."""
    text = str(citation or "").strip()
    if text.startswith("~§"):
        if short == "bare":
            return "§" + text[2:]
        if short:
            return say(language, BYLAW_SHORT) + text[2:]
        return say(language, BYLAW, {"town": str(town or "").strip() or "town"}) + text[2:]
    return text


def whole_citation(p: Payload, language: str, most: int, short: bool | str = False) -> str:
    """The payload's citation as people write it, whole, or nothing when it is longer than `most` (a clipped
    section number tells the reader nothing; the link and the legal notice carry it)."""
    text = plain(cite(p.get("citation"), p.get("town"), language, short), language)
    return text if len(text) <= most else ""


def citation_of(p: Payload, language: str, most: int, short: bool = False) -> str:
    """The payload's citation, as people write it (`short`: without the town, which the text names first),
    clipped."""
    return clip(plain(cite(p.get("citation"), p.get("town"), language, short), language), most)


def town_of(p: Payload, language: str) -> str:
    return text_of(p, "town", language, 40)


_AREA = re.compile(r"(?P<label>.+?) \((?P<area>[^()]*)\)")


def label_of(label: object, language: str) -> str:
    """A deadline's label in the reader's language: the engine's labels are messages of the `public`
    catalogues (backend/party_words.DEADLINE_LABELS); a part of the site after it in brackets is kept as
    written. A label the catalogue does not know reads as recorded (English)."""
    text = " ".join(str(label or "").split())
    if not text:
        return text
    words = Words(language_of(language), {})  # English too: a label with a rule id in it reads in words
    said = words.label(text)
    if said == text and language_of(language) != "en" and (found := _AREA.fullmatch(text)):
        inner = words.label(found["label"])
        if inner != found["label"]:
            said = f"{inner} ({found['area']})"
    return said


def consequence(fine: Payload | None, language: str, short: bool | str = False,
                no_path: str = "if_none") -> str:
    """What happens if the violation is not corrected, on the path the town chose, in plain words: a court's
    maximum (criminal: "a maximum, not a bill"), a fine the town can issue (noncriminal: no amount, since
    only citations actually issued carry one), or what the town may do next (no order yet)."""
    fine = fine or {}
    path, cents, daily = fine.get("path"), fine.get("amount_cents"), bool(fine.get("daily"))
    if path == "criminal":
        if cents is None:
            return phrase(language, "if_crim_none")
        key = "if_crim_daily" if daily else "if_crim_once"
        key += "_tiny" if short == "tiny" else "_min" if short and daily else ""
        return phrase(language, key, amount=format_money(int(cents), language))
    if path == "noncriminal":
        return phrase(language, "if_noncrim_daily" if daily else "if_noncrim_once")
    return phrase(language, no_path)


def what_to_do(deadline: Payload | None, language: str, label_len: int) -> str:
    """Fix it by the stored deadline, with its label in the reader's language ("Fix it by Apr 13, 2026:
    stabilize the disturbed portion."); without a stored deadline, promptly."""
    if not deadline or not deadline.get("date"):
        return phrase(language, "v_todo")
    date = date_of(str(deadline["date"]), language)
    label = clip(plain(label_of(deadline.get("label"), language), language), label_len) if label_len else ""
    if label:
        return phrase(language, "v_todo_by", date=date, label=label.rstrip("."))
    return phrase(language, "v_todo_date", date=date)


# The enforcement texts' ladder. Short forms first (the citation without the town, the link and courtesy
# lines); then dropped, in this order: the phone number, the consequence sentence (its short forms first: the
# tiny one with the section alone, "§ 247-7B(7)"); only then are the site, what was found and the deadline's
# label clipped (the citation too, at its shortest, or left out when even that is too long). Who, what was
# found, by when, the link and the courtesy line are never dropped.
# (phone, consequence: "full" | "min" | "tiny" | "", details phrase, courtesy phrase, short citation: False,
# True (without the town) or "bare" (the section alone))
STEPS: tuple[tuple[bool, str, str, str, bool | str], ...] = (
    (True, "full", "details", "courtesy", False),
    (True, "full", "details", "courtesy", True),
    (True, "full", "details_short", "courtesy_short", True),
    (False, "full", "details", "courtesy", False),
    (False, "full", "details", "courtesy", True),
    (False, "full", "details_short", "courtesy_short", True),
    (False, "min", "details_short", "courtesy_short", True),
    (False, "tiny", "details_short", "courtesy_short", "bare"),
    (False, "", "details_short", "courtesy_short", "bare"),
)
# (site, what was found, deadline label, citation): the most characters of each
CLIPS = ((60, 200, 80, 40), (45, 120, 60, 40), (40, 90, 50, 40), (32, 60, 40, 24), (24, 40, 30, 16),
         (16, 24, 20, 16), (12, 16, 0, 16))
Head = Callable[[int, int, int, bool | str], str]  # (site, found, citation chars, short citation) -> sentence


def enforcement(p: Payload, language: str, english: int, head: Head, todo_of: Callable[[int], list[str]],
                fines: bool = True, no_path: str = "if_none") -> str:
    """An enforcement text: `head` (who, what was found, where), `todo_of(label chars)` (what to do and by
    when), the consequence, the link, the phone, the courtesy line; stepped down STEPS, then CLIPS, until it
    fits the language's budget. `fines`: False when the payload does not say the fine path (an order's row
    written before it was carried): nothing is said. `no_path`: the phrase when no fine path is chosen yet."""
    def body(clips: tuple[int, int, int, int], step: tuple[bool, str, str, str, bool | str]) -> str:
        site_len, found_len, label_len, cite_len = clips
        call, conseq, details, courtesy, short_cite = step
        parts = [head(site_len, found_len, cite_len, short_cite), *todo_of(label_len)]
        if conseq and fines:
            parts.append(consequence(p.get("fine"), language, conseq if conseq != "full" else False, no_path))
        parts.append(phrase(language, details, link=p["link"]))
        if call and p.get("contact"):
            parts.append(phrase(language, "call_us", phone=phone(p["contact"])))
        parts.append(phrase(language, courtesy))
        return " ".join(part for part in parts if part)

    def variants() -> Iterator[str]:
        for step in STEPS:
            yield body(CLIPS[0], step)
        for clips in CLIPS:
            yield body(clips, STEPS[-1])

    return fit(language, variants(), english)


def finding_text(p: Payload, language: str, most: int) -> str:
    """What was found: the checklist item's finding in the party's language (payload "finding"), else the
    recorded description (rows queued before findings were carried); its full stop is the text's own."""
    found = str(p.get("finding") or p.get("found") or "").strip().rstrip(".")
    return clip(plain(found, language), most) if most else ""


def simple(key: str, fields: tuple[str, ...], first_rung: int = 0, english: int = ENGLISH) -> Builder:
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
                    values["order"] = order_name(p, language)
                parts = [phrase(language, key, **values), phrase(language, details, link=p["link"])]
                yield " ".join([*parts, phrase(language, courtesy)])

        return fit(language, variants(), english)

    return build


def order_name(p: Payload, language: str) -> str:
    order = str(p.get("order") or "")
    return phrase(language, order) if order in _ORDERS else order


def deadline_reminder(p: Payload, language: str) -> str:
    """Every deadline-reminder kind's text: "reminder: by <date>, <what> at <site> (<citation>)", the
    deadline's label in the reader's language (never dropped: it is what to do)."""
    date = date_of(str(p["date"]), language)

    def variants() -> Iterator[str]:
        for site_len, _found, details, courtesy, _call in LADDER:
            for label_len in (120, 60, 40):
                label = clip(plain(label_of(p.get("label"), language), language), label_len).rstrip(".")
                head = phrase(language, "remind", town=town_of(p, language), date=date, label=label,
                              site=text_of(p, "site", language, site_len),
                              citation=citation_of(p, language, 40, short=site_len < 60))
                yield " ".join([head, phrase(language, details, link=p["link"]), phrase(language, courtesy)])

    return fit(language, variants())


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
