"""Pure SMS builders: payload (plain JSON, stored on the outbox row) + language -> the body that is sent.

Each builder tries its fullest wording first and steps down a ladder (drop the phone number, shorten the
"details" line, clip the site and what was found, drop the description) until the body, with the
"\\nRef XXXXXX" suffix the channel adds, fits the language's segment budget (`segments.within_budget`).
The link, the citation, the fine sentence and the courtesy statement are never dropped (at worst shortened).

`render(template, payload, language)` is what the outbox's SMS rows are rendered with.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from backend.sms.phrases import local_date, local_time, money, phone, phrase
from backend.sms.segments import LANGUAGES, clip, plain, within_budget

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


def _date(value: str, language: str) -> str:
    return local_date(dt.date.fromisoformat(value), language)


def _text(p: Payload, key: str, language: str, most: int) -> str:
    return clip(plain(str(p.get(key) or ""), language), most)


def _town(p: Payload, language: str) -> str:
    return _text(p, "town", language, 40)


def fine_sentence(fine: Payload | None, language: str, short: bool = False) -> str:
    """How fines work on the path the town chose: court maximum (criminal), citations (noncriminal)."""
    fine, end = fine or {}, "_min" if short else ""
    path, cents, daily = fine.get("path"), fine.get("amount_cents"), bool(fine.get("daily"))
    if path == "criminal":
        if cents is None:
            return phrase(language, "crim_none")
        return phrase(language, ("crim_daily" if daily else "crim_once") + end, amount=money(int(cents)))
    if path == "noncriminal":
        if cents is None:
            return phrase(language, "noncrim" + end)
        return phrase(language, "noncrim_from" + end, amount=money(int(cents)))
    return phrase(language, "no_path")


def _todo(deadline: Payload | None, language: str, label_len: int) -> str:
    """What to do and by when: correct it, and the next deadline that binds the party (when one is stored)."""
    if not deadline or not deadline.get("date"):
        return phrase(language, "todo")
    date = _date(deadline["date"], language)
    if label_len and deadline.get("label"):
        return phrase(
            language, "todo_by", date=date, label=_text(deadline, "label", language, min(label_len, 50))
        )
    return phrase(language, "todo_by_short", date=date)


def violation_notice(p: Payload, language: str) -> str:
    """A violation was found: site, what, provision, what to do and by when, fines, link, courtesy.

    Full wording first; then shorter link and courtesy lines; then without the description, then without
    the deadline's label; only then are the site and the description clipped.
    """
    when = _date(p["observed_on"], language)

    def body(
        site_len: int,
        found_len: int,
        label_len: int,
        details: str,
        courtesy: str,
        call: bool,
        tight: bool = False,
    ) -> str:
        head = phrase(
            language, "notice", town=_town(p, language), site=_text(p, "site", language, site_len), date=when
        )
        if found_len and p.get("found"):
            head += phrase(language, "found", found=_text(p, "found", language, found_len))
        citation = _text(p, "citation", language, 16 if tight else 30)
        parts = [
            f"{head} ({citation}).",
            _todo(p.get("next_deadline"), language, label_len),
            fine_sentence(p.get("fine"), language, tight),
            phrase(language, details, link=p["link"]),
            phrase(language, courtesy),
        ]
        if call and p.get("contact"):
            parts.append(phrase(language, "call", phone=phone(p["contact"])))
        return " ".join(parts)

    def variants() -> Iterator[str]:
        for found_len, label_len in ((140, 50), (0, 50), (140, 0), (0, 0)):
            for site_len, _f, details, courtesy, call in LADDER[:4]:
                yield body(site_len, found_len, label_len, details, courtesy, call)
        for site_len, found_len, details, courtesy, call in LADDER[4:]:
            yield body(site_len, found_len, min(found_len, 50), details, courtesy, call)
        yield body(10, 0, 0, "details_short", "courtesy_short", False, tight=True)

    return fit(language, variants())


def _lines(p: Payload, language: str, site_len: int, with_citations: bool) -> str:
    out = []
    for line in p.get("lines") or []:
        site = clip(plain(str(line.get("site") or phrase(language, "the_site")), language), site_len)
        cites = ", ".join(clip(plain(str(c), language), 30) for c in line.get("citations") or [])
        days = int(line.get("days") or 1)
        what = [cites] if cites and with_citations else []
        what += [phrase(language, "days", n=days)] if days > 1 else []
        out.append(f"{site} ({', '.join(what)})" if what else site)
    return "; ".join(out)


def _citations(p: Payload, language: str, level: str = "") -> str:
    """Noncriminal citations issued to date: how many, the stated amounts' sum, how many pending."""
    issued = p.get("citations") or {}
    if not issued.get("count"):
        return ""
    key = ("citations_pending" if issued.get("pending") else "citations") + level
    return phrase(
        language,
        key,
        n=issued["count"],
        amount=money(int(issued.get("stated_cents") or 0)),
        k=issued.get("pending") or 0,
    )


def _exposure(p: Payload, language: str) -> str:
    """Criminal path: the court maximum for one day, summed over the party's open violations under it."""
    amounts = [int(c) for c in p.get("exposure_cents") or []]
    return phrase(language, "exposure", amount=money(sum(amounts))) if amounts else ""


def accrual_daily(p: Payload, language: str) -> str:
    """One text per party per day: the day's offenses, citations issued to date, criminal court maximum."""
    day, town = _date(p["day"], language), _town(p, language)
    tails = [
        [s for s in (_citations(p, language, level), _exposure(p, language)) if s]
        for level in ("", "_short", "_min")
    ]

    combos = ((True, tails[0]), (False, tails[0]), (False, tails[1]))
    steps = [(combo, rung) for combo in combos for rung in LADDER[:4]]
    steps += [(combo, rung) for rung in LADDER[4:] for combo in combos]

    def variants() -> Iterator[str]:
        for (cited, tail), (site_len, _found, details, courtesy, _call) in steps:
            head = phrase(
                language, "accrual", town=town, date=day, lines=_lines(p, language, site_len, cited)
            )
            yield " ".join(
                [head, *tail, phrase(language, details, link=p["link"]), phrase(language, courtesy)]
            )
        head = phrase(language, "accrual_count", town=town, date=day, n=len(p.get("lines") or []))
        for tail in tails[1:]:
            yield " ".join(
                [
                    head,
                    *tail,
                    phrase(language, "details_short", link=p["link"]),
                    phrase(language, "courtesy_short"),
                ]
            )

    return fit(language, variants())


def _simple(key: str, fields: tuple[str, ...], first_rung: int = 0) -> Builder:
    def build(p: Payload, language: str) -> str:
        def variants() -> Iterator[str]:
            for site_len, _found, details, courtesy, _call in LADDER[first_rung:]:
                values = {
                    f: _text(p, f, language, site_len if f in ("site", "label") else 40) for f in fields
                }
                values |= {"town": _town(p, language), "date": _date(p["date"], language)}
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


_ORDERS = ("cease_and_desist", "restoration_order", "enforcement_order")


def _reply(key: str) -> Builder:
    def build(p: Payload, language: str) -> str:
        return phrase(language, key, town=_town(p, language), phone=phone(p.get("contact")))

    return build


BUILDERS: dict[str, Builder] = {
    "sms.violation_notice": violation_notice,
    "sms.accrual_daily": accrual_daily,
    "sms.violation_corrected": _simple("corrected", ("site", "citation"), first_rung=2),
    "sms.order_lifted": _simple("lifted", ("site",), first_rung=2),
    "sms.order_issued": _simple("issued", ("site",)),
    "sms.deadline_reminder": _simple("reminder", ("site", "label", "citation")),
    "sms.meeting_reminder": _simple("meeting", ("site", "time")),
    "sms.permit_expiry": _simple("permit_expiry", ("site", "permit")),
    "sms.help": _reply("help"),
    "sms.stopped": _reply("stopped"),
    "sms.started": _reply("started"),
}


def render(template: str, payload: Payload, language: str) -> str:
    """The body of one SMS. KeyError for an unknown template or a payload missing a field."""
    return BUILDERS[template](payload, language_of(language))
