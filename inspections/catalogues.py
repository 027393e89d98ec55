"""Gettext message catalogues (`.po`, read with Babel) for the words a party reads in Spanish and Portuguese.

English is authoritative and is the msgid; a catalogue gives the translation. A message the catalogue lacks,
leaves empty or marks fuzzy answers in English (the completeness test keeps that from shipping). The `.po`
files are read directly, so a clean clone needs no compile step; `make translations` also builds `.mo` files
for ordinary tools.

    translate(FINDINGS, "es", "Dust was not controlled.")  -> "El polvo no estaba controlado."
    translate_n(SMS, "es", "{n} day left", "{n} days left", 2)  -> "quedan {n} días" (a plural message)

A plural message (msgid and msgid_plural) takes the form its catalogue's Plural-Forms expression picks for the
count (Babel writes CLDR's: Spanish and Portuguese have one, many (whole millions) and other).
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from babel.messages.pofile import read_po

LANGUAGES = ("en", "es", "pt")
TRANSLATED = ("es", "pt")


@dataclass(frozen=True)
class Domain:
    """One catalogue family: `<directory>/<lang>/LC_MESSAGES/<name>.po`."""

    directory: Path
    name: str

    def po_path(self, lang: str) -> Path:
        return self.directory / lang / "LC_MESSAGES" / f"{self.name}.po"


def N_(message: str) -> str:
    """Marks an English message for `pybabel extract` where it is defined; translated where it is shown."""
    return message


def Nn_(one: str, other: str) -> tuple[str, str]:  # noqa: N802 - gettext's marker convention
    """Marks an English plural message (one, other) for `pybabel extract -k Nn_:1,2`."""
    return one, other


FINDINGS = Domain(Path(__file__).parent / "checklists" / "translations", "findings")


def language_of(lang: str | None) -> str:
    """A supported language code (`es-US`, `pt_BR` → `es`, `pt`); anything else reads English."""
    short = (lang or "en").replace("_", "-").split("-")[0].lower()
    return short if short in LANGUAGES else "en"


@cache
def messages(domain: Domain, lang: str) -> MappingProxyType[str, str]:
    """msgid → translation for one language (translated, non-fuzzy messages only)."""
    found: dict[str, str] = {}
    for message in _catalog(domain, lang):
        if message.id and isinstance(message.id, str) and isinstance(message.string, str):
            if message.string and not message.fuzzy:
                found[message.id] = message.string
    return MappingProxyType(found)


@cache
def plural_messages(domain: Domain, lang: str) -> MappingProxyType[tuple[str, str], tuple[str, ...]]:
    """(msgid, msgid_plural) → the translated forms in the catalogue's order (complete, non-fuzzy ones)."""
    found: dict[tuple[str, str], tuple[str, ...]] = {}
    for message in _catalog(domain, lang):
        if isinstance(message.id, tuple | list) and isinstance(message.string, tuple | list):
            if all(message.string) and not message.fuzzy:
                found[(str(message.id[0]), str(message.id[1]))] = tuple(str(s) for s in message.string)
    return MappingProxyType(found)


@cache
def plural_index(domain: Domain, lang: str) -> Callable[[int], int]:
    """The catalogue's Plural-Forms expression as a function of the count (English: 0 for 1, else 1)."""
    path = domain.po_path(lang)
    if lang == "en" or not path.exists():
        return lambda n: 0 if n == 1 else 1
    with path.open("rb") as fh:
        expr = read_po(fh, locale=lang, domain=domain.name).plural_expr
    rule: Callable[[int], int] = gettext.c2py(expr)
    return rule


@cache
def _catalog(domain: Domain, lang: str) -> tuple[Any, ...]:
    path = domain.po_path(lang)
    if lang == "en" or not path.exists():
        return ()
    with path.open("rb") as fh:
        return tuple(read_po(fh, locale=lang, domain=domain.name))


def translate(domain: Domain, lang: str | None, msgid: str) -> str:
    """The message in the language asked (English when it is English or not translated)."""
    return messages(domain, language_of(lang)).get(msgid, msgid)


def translate_n(domain: Domain, lang: str | None, one: str, other: str, n: int) -> str:
    """The plural message's form for `n` in the language asked (English when not translated)."""
    lang = language_of(lang)
    forms = plural_messages(domain, lang).get((one, other))
    if forms is None:
        forms, lang = (one, other), "en"
    return forms[min(plural_index(domain, lang)(abs(n)), len(forms) - 1)]
