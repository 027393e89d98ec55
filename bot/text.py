"""Text helpers for Slack: escaping, truncation, local times, money. Pure functions.

Slack parses `&`, `<` and `>` as control characters in `text`, in `mrkdwn` objects and in fallbacks:
`<!channel>` pings a channel, `<@U…>` a person, `<https://…|label>` makes a link. Per Slack's formatting rules
only those three characters are escaped (as `&amp;`, `&lt;`, `&gt;`), so user-entered text (notes, names,
descriptions) can never produce a mention or a link. Everything from the database goes through `esc`
before it meets mrkdwn.
"""
from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from inspections.formats import format_date

_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"))
SECTION_LIMIT = 3000  # characters of a section's text
FIELD_LIMIT = 2000  # characters of one section field
PLAIN_LIMIT = 150  # header and button texts


def esc(value: object) -> str:
    """Escape `&`, `<`, `>` (in that order, so an existing `&lt;` stays literal text)."""
    text = "" if value is None else str(value)
    for raw, escaped in _ESCAPES:
        text = text.replace(raw, escaped)
    return text


def clip(text: str, limit: int) -> str:
    """At most `limit` characters, ending in an ellipsis when cut; never cuts an escape sequence in half."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    amp = cut.rfind("&")
    if amp != -1 and ";" not in cut[amp:]:
        cut = cut[:amp]
    return cut + "…"


def fit_lines(head: str, lines: list[str], total: int, limit: int = SECTION_LIMIT) -> str:
    """`head` and as many of `lines` as fit in `limit` characters, then "…and N more (see the web app)" for
    the `total - shown` not shown: the count line is never the part a length limit cuts off."""
    shown = list(lines)
    while True:
        hidden = total - len(shown)
        more = [f"…and {hidden} more (see the web app)"] if hidden > 0 else []
        text = head + "\n".join(shown + more)
        if len(text) <= limit or not shown:
            return text
        shown.pop()


def one_line(value: object, limit: int = 300) -> str:
    """Escaped, whitespace collapsed to single spaces, clipped: for a bullet or a field."""
    return clip(" ".join(esc(value).split()), limit)


def local(instant: dt.datetime, tz: str) -> dt.datetime:
    if instant.tzinfo is None:
        raise ValueError(f"naive datetime {instant!r}: instants must be aware")
    return instant.astimezone(ZoneInfo(tz))


def format_weekday_date(day: dt.date) -> str:
    """The day with its weekday, as people write it: "Wed, Apr 8, 2026"."""
    return f"{day.strftime('%a')}, {format_date(day, 'en')}"


def format_datetime(instant: dt.datetime) -> str:
    """An aware local time as people write it: "Wed, Apr 8, 2026, 10:00 AM EDT" (the instant's own zone)."""
    if instant.tzinfo is None:
        raise ValueError(f"naive datetime {instant!r}: instants must be aware")
    clock = instant.strftime("%I:%M %p").lstrip("0")
    zone = instant.strftime("%Z")
    return f"{format_weekday_date(instant.date())}, {clock}{' ' + zone if zone else ''}"


def fmt_at(instant: dt.datetime | None, tz: str) -> str:
    """`Wed, Apr 8, 2026, 10:00 AM EDT` in the town's time zone, as people write it; an em dash when
    unknown."""
    if instant is None:
        return "—"
    return format_datetime(local(instant, tz))


def fmt_on(day: dt.date | None) -> str:
    """`Wed, Apr 8, 2026`; an em dash when unknown."""
    return "—" if day is None else format_weekday_date(day)


def dollars(cents: int | None) -> str:
    if cents is None:
        return "no amount in the text"
    return f"${cents // 100:,}.{cents % 100:02d}"


def plural(count: int, noun: str, plural_form: str | None = None) -> str:
    return f"{count} {noun if count == 1 else (plural_form or noun + 's')}"


def humanise(token: str) -> str:
    """`hand_delivery` -> `hand delivery`."""
    return token.replace("_", " ")


TOWN_PREFIXES = ("Town of ", "City of ")


def short_town(name: str) -> str:
    """`Town of Carver` -> `Carver`."""
    for prefix in TOWN_PREFIXES:
        if name.startswith(prefix):
            return name[len(prefix):]
    return name


def cite(citation: str, town: str) -> str:
    """A citation as people write it: the Town of Carver's `~§ 136-7C` is `Carver bylaw § 136-7C`; a permit
    condition `permit:SE 112-1501:SC-1` is `permit SE 112-1501, condition SC-1`; a statute stays as it is."""
    text = citation.strip()
    if text.startswith("~§"):
        return f"{short_town(town)} bylaw §{text[2:]}".strip()
    if text.startswith("permit:"):
        parts = text.split(":")
        return f"permit {parts[1]}, condition {parts[2]}" if len(parts) == 3 else "a permit condition"
    return text


def map_url(lat: float, lon: float) -> str:
    """The site on OpenStreetMap, marked."""
    return f"https://www.openstreetmap.org/?mlat={lat:.6f}&mlon={lon:.6f}#map=17/{lat:.6f}/{lon:.6f}"
