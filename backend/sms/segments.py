"""How many SMS segments a body costs: GSM-7 (3GPP TS 23.038, via the `gsm0338` codec) or UCS-2.

GSM-7: 160 septets in one segment, 153 per segment when concatenated; the extension table (€ [ ] { } ~ ^ | \\)
costs two septets. Anything the codec cannot encode makes the whole body UCS-2: 70 UTF-16 code units in one
segment, 67 per segment when concatenated (characters outside the BMP, e.g. emoji, cost two).

Budgets, per kind and language: English stays GSM-7 and within the kind's English budget (`Spec.segments`:
3 for the violation notice and the order texts, 2 for every other text); Spanish and Portuguese within 5
segments for every kind (UCS-2 since their accents are not all in GSM-7, or GSM-7 when every character
fits). The channel adapter appends "\\nRef XXXXXX" to every body, so budgets are checked on the body with
that suffix.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass

import gsm0338  # noqa: F401 - registers the "gsm03.38" codec

GSM7, UCS2 = "GSM-7", "UCS-2"
SINGLE = {GSM7: 160, UCS2: 70}
MULTI = {GSM7: 153, UCS2: 67}
REF_SUFFIX = "\nRef ABCDEF"  # the shape of backend.channels.sms.sms_body's marker
ENGLISH = 2  # the English budget of every kind that declares none (Spec.segments)
BUDGETS: dict[str, tuple[int, str | None]] = {"en": (ENGLISH, GSM7), "es": (5, None), "pt": (5, None)}
LANGUAGES = tuple(BUDGETS)
_PLAIN = {
    "\u2018": "'",
    "\u2019": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u2013": "-",
    "\u2014": "-",
    "\u2026": "...",
    "\u00a0": " ",
    "\u2022": "-",
}


@dataclass(frozen=True)
class Segments:
    encoding: str
    units: int  # septets (GSM-7) or UTF-16 code units (UCS-2)
    count: int


def gsm7_septets(text: str) -> int | None:
    """Septets of `text` in GSM-7 (extension characters count two), or None when it does not fit."""
    try:
        return len(text.encode("gsm03.38"))
    except UnicodeEncodeError:
        return None


def count(text: str) -> Segments:
    septets = gsm7_septets(text)
    if septets is not None:
        return Segments(GSM7, septets, _segments(septets, GSM7))
    units = len(text.encode("utf-16-le")) // 2
    return Segments(UCS2, units, _segments(units, UCS2))


def _segments(units: int, encoding: str) -> int:
    return 1 if units <= SINGLE[encoding] else math.ceil(units / MULTI[encoding])


def budget(language: str, english: int = ENGLISH) -> tuple[int, str | None]:
    """(most segments, required encoding or None for either) for a language (unknown: English's), for a kind
    whose English budget is `english` segments."""
    most, encoding = BUDGETS.get(language, BUDGETS["en"])
    return (english, encoding) if encoding == GSM7 else (most, encoding)


def within_budget(body: str, language: str, english: int = ENGLISH) -> bool:
    """Whether `body`, as sent (with the reference suffix), fits the language's budget for a kind whose
    English budget is `english` segments."""
    most, encoding = budget(language, english)
    counted = count(body + REF_SUFFIX)
    return counted.count <= most and (encoding is None or counted.encoding == encoding)


def plain(text: str, language: str) -> str:
    """Variable text (site names, descriptions) made safe for the language's encoding.

    English: curly quotes and dashes to ASCII, accents dropped where GSM-7 lacks them, anything else '?'.
    Spanish and Portuguese keep their letters; only typographic quotes and dashes are simplified.
    """
    text = "".join(_PLAIN.get(ch, ch) for ch in " ".join(text.split()))
    if budget(language)[1] != GSM7:
        return text
    return "".join(ch if gsm7_septets(ch) is not None else _fold(ch) for ch in text)


def _fold(ch: str) -> str:
    base = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
    return base if base and gsm7_septets(base) is not None else "?"


def clip(text: str, most: int) -> str:
    """At most `most` characters, cut at a word where possible, marked with '...'."""
    if len(text) <= most:
        return text
    cut = text[: max(most - 3, 1)]
    if " " in cut[most // 2 :]:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:.") + "..."
