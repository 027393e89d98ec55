"""Issue 19's texts: a review meeting's time (with its zone) and place, and the stabilization reminders.

Pure: every builder reads the payload (plain JSON stored on the outbox row) and the reader's language; none
reads a clock. A meeting's instant is stored as UTC ISO with the town's zone name and printed in the reader's
usual form ("Apr 9, 2026, 6:00 PM EDT"; "9 abr 2026, 18:00 (hora del Este, EDT)"). A stabilization reminder
counts its days from the job's `as_of` (`days_left` in the payload), never from when it is sent.

The SMS renderers of the kinds `sms.review_meeting` (the operator told that the review meeting is scheduled,
or moved), `reminder.erc-review` (the 48-hour reminder) and `reminder.stabilization` (what to stabilize, which
part of the site, days left) — their modules in backend/notifications/kinds/ name them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from typing import Any
from zoneinfo import ZoneInfo

from backend.sms.phrases import Message, local_time, phrase, say
from backend.sms.segments import LANGUAGES, clip, plain
from backend.sms.templates import LADDER, citation_of, fit, label_of
from inspections.catalogues import N_, Nn_
from inspections.formats import format_date

Payload = dict[str, Any]
REVIEW_MEETING_SMS = "sms.review_meeting"
MEETING_REMINDER, STABILIZATION_REMINDER = "reminder.erc-review", "reminder.stabilization"
DEFAULT_TZ = "America/New_York"

ZONE = N_("Eastern time")  # beside the zone in Spanish and Portuguese: "(hora del Este, EDT)"
# the English words (msgids; Spanish and Portuguese in the `sms` catalogues, see phrases.py)
WORDS: dict[str, Message] = {
    "scheduled": N_("{town}: review meeting of the {order} for {site}: {when}, at {place}."),
    "moved": N_("{town}: MOVED: the review meeting of the {order} for {site} is now {when}, at {place}."),
    "reminder": N_("{town}: reminder: review meeting of the {order} for {site}: {when}, at {place}."),
    "online": N_("Join online: {url}"),
    "heading": N_("Review meeting"),
    "line": N_("{when}, at {place}"),
    "no_place": N_("a place to be announced"),
    "room": N_("{room}, {address}"),
    "stab_left": Nn_("{town}: reminder: {action}{area} at {site}: {n} day left, by {date} ({citation}).",
                     "{town}: reminder: {action}{area} at {site}: {n} days left, by {date} ({citation})."),
    "stab_today": N_("{town}: reminder: {action}{area} at {site} is due TODAY, {date} ({citation})."),
}
# the engine's general stabilization action: what a Spanish or Portuguese text says for an action the
# catalogue does not translate (never English words in their text)
STABILIZE = "stabilize the disturbed portion"


def _lang(language: str) -> str:
    return language if language in LANGUAGES else "en"


def words(language: str, key: str, **values: object) -> str:
    return say(_lang(language), WORDS[key], values)


def when_text(at: dt.datetime, tz: str, language: str, short: bool = False) -> str:
    """Date, time and zone in the reader's usual form: 'Apr 9, 2026, 6:00 PM EDT',
    '9 abr 2026, 18:00 (hora del Este, EDT)', '9 abr 2026, 18:00 (horário do Leste, EDT)'."""
    local = at.astimezone(ZoneInfo(tz))
    language = _lang(language)
    day, time = format_date(local.date(), language), local_time(f"{local:%H:%M}", language)
    zone = local.tzname()
    if language != "en" and not short:
        return f"{day}, {time} ({say(language, ZONE)}, {zone})"
    return f"{day}, {time} {zone}"


def place_text(place: Payload | None, language: str, most: int = 200, online: bool = True) -> str:
    """'Room 2, Town Hall, 108 Main St' (+ the remote link); 'a place to be announced' when none is set."""
    place = place or {}
    address = clip(plain(str(place.get("address") or ""), language), most)
    room = clip(plain(str(place.get("room") or ""), language), 60)
    text = words(language, "room", room=room, address=address) if room and address else address or room
    text = text or words(language, "no_place")
    if online and place.get("remote_url"):
        text += ". " + words(language, "online", url=place["remote_url"])
    return text


def meeting_line(meeting: Any, tz: str, language: str) -> str:
    """'Apr 9, 2026, 6:00 PM EDT, at Room 2, Town Hall, 108 Main St. Join online: https://…' (notice page and
    order PDF)."""
    return words(language, "line", when=when_text(meeting.scheduled_for, tz, language),
                 place=place_text(place_of(meeting), language, 300))


def place_of(meeting: Any) -> Payload:
    """The place facts of a Meeting record, as a payload stores them."""
    return {"address": meeting.address, "room": meeting.room, "remote_url": meeting.remote_url}


def meeting_facts(meeting: Any, tz: str) -> Payload:
    """What a meeting text prints, as plain JSON: the instant (UTC), the zone, the place, the move count."""
    return {"at": meeting.scheduled_for.astimezone(dt.UTC).isoformat(), "tz": tz, "place": place_of(meeting),
            "moves": meeting.moves or 0, "meeting_id": str(meeting.id)}


def _order(p: Payload, language: str) -> str:
    order = str(p.get("order") or "cease_and_desist")
    return phrase(language, order) if order in ("cease_and_desist", "restoration_order",
                                                 "enforcement_order") else order


# shorter link and courtesy lines first, then without the remote link (the notice page keeps it), then
# clipped site and place
STEPS = ([(rung, True) for rung in LADDER[:4]] + [(rung, False) for rung in LADDER[:4]]
         + [(rung, online) for rung in LADDER[4:] for online in (True, False)])


def _meeting(key: str) -> Callable[[Payload, str], str]:
    def build(p: Payload, language: str) -> str:
        language = _lang(language)
        at, tz = dt.datetime.fromisoformat(str(p["at"])), str(p.get("tz") or DEFAULT_TZ)
        when = when_text(at, tz, language)

        def body(rung: tuple[Any, ...], online: bool, shown: str, place_len: int) -> str:
            site_len, _found, details, courtesy, _call = rung
            head = words(language, key, town=clip(plain(str(p.get("town") or ""), language), 40),
                         order=_order(p, language), when=shown,
                         site=clip(plain(str(p.get("site") or ""), language), site_len),
                         place=place_text(p.get("place"), language, place_len, online=False))
            remote = (p.get("place") or {}).get("remote_url") if online else None
            # the meeting's link after the sentence, with no full stop a phone would take into the link
            join = [words(language, "online", url=remote)] if remote else []
            respond = [phrase(language, details, link=p["link"]), phrase(language, courtesy)]
            return " ".join([head, *join, *respond])

        def variants() -> Iterator[str]:
            for rung, online in STEPS:
                yield body(rung, online, when, max(rung[0] * 2, 30))
            yield body(LADDER[-1], False, when_text(at, tz, language, short=True), 20)  # the zone as "EST"

        return fit(language, variants())

    return build


def review_meeting(p: Payload, language: str) -> str:
    """The operator's text when the review meeting is scheduled (`moves` 0) or moved."""
    return _meeting("moved" if p.get("moves") else "scheduled")(p, language)


meeting_reminder = _meeting("reminder")


def stabilization(p: Payload, language: str) -> str:
    """What to stabilize, on which part of the site, and the days left counted from the job's `as_of`."""
    language = _lang(language)
    n = int(p["days_left"])
    action = str(p.get("action") or p.get("label") or "")
    if language != "en":  # an action the catalogue lacks reads as the general one, never in English
        said = label_of(action, language)
        action = said if said != action else label_of(STABILIZE, language)
    due = format_date(dt.date.fromisoformat(str(p["date"])), language)

    def variants() -> Iterator[str]:
        for site_len, _found, details, courtesy, _call in LADDER:
            area = clip(plain(str(p.get("area") or ""), language), max(site_len, 20))
            head = words(language, "stab_today" if n <= 0 else "stab_left",
                         town=clip(plain(str(p.get("town") or ""), language), 40),
                         action=clip(plain(action, language), 80), area=f" ({area})" if area else "",
                         site=clip(plain(str(p.get("site") or ""), language), site_len), n=n, date=due,
                         citation=citation_of(p, language, 40, short=True))
            yield " ".join([head, phrase(language, details, link=p["link"]), phrase(language, courtesy)])

    return fit(language, variants())


JOB_FACTS = ("as_of", "days_left", "action", "area")  # the reminder job's own facts, beside enrich's
