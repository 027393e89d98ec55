"""The Spanish and Portuguese catalogues use the legal glossary (docs/glossary-es.md, docs/glossary-pt.md;
issue 18 item 6): where the English says "citation", "lifted", "bylaw" ..., the translation says the
glossary's term, and no catalogue uses a term the glossary rules out ("citación", "ordem de execução" ...)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"\{\w*\}")
# A bylaw section in a text is cited as people write it, "reglamento de Carver § 136-7C" (the town's name says
# the bylaw is municipal; the glossaries' note on "bylaw"): the messages that end in "§" are those forms.
CATALOGUES = {
    lang: sorted(p for p in ROOT.glob(f"**/{lang}/LC_MESSAGES/*.po") if ".venv" not in p.parts)
    for lang in ("es", "pt")
}

# English words (regex) -> the glossary's term (a stem the translation must contain), per language
REQUIRED = {
    "es": {
        r"cease-and-desist": "cese y desistimiento",
        r"enforcement order": "orden de cumplimiento",
        r"\bcitations?\b": "multa",
        r"\bfines?\b": "multa",
        r"\bcourt\b": "tribunal",
        r"\bviolations?\b": "infracci",
        r"\bbylaw\b": "reglamento municipal",
        r"\bpermit\b": "permiso",
        r"\blifted\b": "revocada",
        r"review meeting": "reunión de revisión",
        r"\bstabiliz": "estabiliz",
        r"\bwetland\b": "humedal",
        r"vernal pool": "charca estacional",
        r"\bhearing\b": "audiencia",
        r"\btown\b(?! *\})": "municipio",
    },
    "pt": {
        r"cease-and-desist": "ordem de paralisação",
        r"enforcement order": "ordem de cumprimento",
        r"\bcitations?\b": "multa",
        r"\bfines?\b": "multa",
        r"\bcourt\b": "tribunal",
        r"\bviolations?\b": "infraç",
        r"\bbylaw\b": "regulamento municipal",
        r"\bpermit\b": "licença",
        r"\blifted\b": "revogada",
        r"review meeting": "reunião de revisão",
        r"\bstabiliz": "estabiliz",
        r"\bwetland\b": "área úmida",
        r"vernal pool": "lagoa temporária",
        r"\bhearing\b": "audiência",
        r"\btown\b(?! *\})": "município",
    },
}
BANNED = {
    "es": ["citación", "citaciones", "levantada", "ofensa", "violación", "orden de ejecución"],
    "pt": [
        "citação",
        "citações",
        "ordem de execução",
        "ordem de cessação",
        "levantada",
        "ofensa",
        "intimação",
    ],
}


def translations(lang: str) -> list[tuple[str, str, str]]:
    found = []
    for path in CATALOGUES[lang]:
        with path.open("rb") as fh:
            found += [(path.name, m.id, m.string) for m in read_po(fh, locale=lang) if m.id and m.string]
    return found


def glossary(lang: str) -> str:
    return (ROOT / "docs" / f"glossary-{lang}.md").read_text(encoding="utf-8").lower()


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_there_are_catalogues_to_check(lang):
    assert {p.name for p in CATALOGUES[lang]} >= {"public.po", "findings.po"}


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_every_term_checked_is_the_glossarys_own(lang):
    doc = glossary(lang)
    for term in [*REQUIRED[lang].values(), *BANNED[lang]]:
        assert term.lower() in doc, f"docs/glossary-{lang}.md does not name {term!r}"


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_each_translation_uses_the_glossary_term(lang):
    wrong = [
        (name, msgid, text, term)
        for name, msgid, text in translations(lang)
        for english, term in REQUIRED[lang].items()
        if isinstance(msgid, str)
        and re.search(english, PLACEHOLDER.sub("", msgid), re.IGNORECASE)  # "{citation}" is a value
        and not (msgid.endswith("§") and english == r"\bbylaw\b")  # a citation, see above
        and term.lower() not in str(text).lower()
    ]
    assert not wrong, "\n".join(f"{n}: {m!r} -> {t!r} should say {term!r}" for n, m, t, term in wrong)


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_no_translation_uses_a_term_the_glossary_rules_out(lang):
    banned = [
        (name, text, word)
        for name, _msgid, text in translations(lang)
        for word in BANNED[lang]
        if re.search(rf"\b{word}\b", str(text), re.IGNORECASE)
    ]
    assert not banned, banned
