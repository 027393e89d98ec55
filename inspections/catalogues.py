"""Gettext message catalogues (`.po`, read with Babel) for the words a party reads in Spanish and Portuguese.

English is authoritative and is the msgid; a catalogue gives the translation. A message the catalogue lacks,
leaves empty or marks fuzzy answers in English (the completeness test keeps that from shipping). The `.po`
files are read directly, so a clean clone needs no compile step; `make translations` also builds `.mo` files
for ordinary tools.

    translate(FINDINGS, "es", "Dust was not controlled.")  -> "El polvo no estaba controlado."
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

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


FINDINGS = Domain(Path(__file__).parent / "checklists" / "translations", "findings")


def language_of(lang: str | None) -> str:
    """A supported language code (`es-US`, `pt_BR` → `es`, `pt`); anything else reads English."""
    short = (lang or "en").replace("_", "-").split("-")[0].lower()
    return short if short in LANGUAGES else "en"


@cache
def messages(domain: Domain, lang: str) -> MappingProxyType[str, str]:
    """msgid → translation for one language (translated, non-fuzzy messages only)."""
    path = domain.po_path(lang)
    if lang == "en" or not path.exists():
        return MappingProxyType({})
    with path.open("rb") as fh:
        catalog = read_po(fh, locale=lang, domain=domain.name)
    found: dict[str, str] = {}
    for message in catalog:
        if message.id and isinstance(message.id, str) and isinstance(message.string, str):
            if message.string and not message.fuzzy:
                found[message.id] = message.string
    return MappingProxyType(found)


def translate(domain: Domain, lang: str | None, msgid: str) -> str:
    """The message in the language asked (English when it is English or not translated)."""
    return messages(domain, language_of(lang)).get(msgid, msgid)
