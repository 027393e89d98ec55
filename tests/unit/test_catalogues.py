"""Every permittee-facing English message has its Spanish and Portuguese translation, with the same
placeholders (issue 18 item 7): the notice page and cover page (`public`), the findings, and every SMS
(`sms`, plural messages included: each form keeps the placeholders). The messages are extracted afresh with
`pybabel extract`, as `make translations` does, so a new English message without its translations fails
here."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from backend.public.i18n import PUBLIC
from backend.sms.phrases import SMS
from inspections.catalogues import FINDINGS, TRANSLATED, Domain, translate_n

ROOT = Path(__file__).resolve().parents[2]
PYBABEL = Path(sys.executable).with_name("pybabel")
DOMAINS = {"public": (PUBLIC, "babel.cfg", ()), "findings": (FINDINGS, "babel-findings.cfg", ()),
           "sms": (SMS, "babel-sms.cfg", ("-k", "Nn_:1,2"))}
PLACEHOLDER = re.compile(r"\{(\w*)\}")


@pytest.fixture(scope="module", params=sorted(DOMAINS))
def extracted(request, tmp_path_factory):
    domain, config, keywords = DOMAINS[request.param]
    pot = tmp_path_factory.mktemp("pot") / f"{request.param}.pot"
    done = subprocess.run(
        [str(PYBABEL), "extract", "-F", config, *keywords, "--no-location", "-o", str(pot), "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    with pot.open("rb") as fh:
        ids = {tuple(m.id) if isinstance(m.id, list | tuple) else m.id for m in read_po(fh) if m.id}
    assert ids, f"nothing extracted for {request.param}: {done.stderr}"
    return domain, ids


def catalogue(domain: Domain, lang: str) -> dict[str | tuple[str, ...], tuple[Any, bool]]:
    """msgid (a (singular, plural) pair for a plural message) -> (translation or its forms, fuzzy)."""
    with domain.po_path(lang).open("rb") as fh:
        return {(tuple(m.id) if isinstance(m.id, list | tuple) else m.id): (m.string, m.fuzzy)
                for m in read_po(fh, locale=lang) if m.id}


def complete(text: Any) -> bool:
    return all(text) if isinstance(text, tuple | list) else bool(text)


def forms(msgid: str | tuple[str, ...], text: Any) -> list[tuple[str, str]]:
    """(English, translation) pairs to compare: a plural message's forms against its plural msgid."""
    if isinstance(text, tuple | list):
        return [(msgid[-1] if isinstance(msgid, tuple) else msgid, form) for form in text]
    return [(str(msgid), text)]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_extracted_message_is_translated(extracted, lang):
    domain, ids = extracted
    found = catalogue(domain, lang)
    missing = sorted((i for i in ids if i not in found or not complete(found[i][0]) or found[i][1]), key=str)
    assert not missing, f"{domain.po_path(lang)} lacks (or has fuzzy) {missing}; run `make translations`"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_translation_keeps_every_placeholder(extracted, lang):
    domain, ids = extracted
    for msgid, (text, _fuzzy) in catalogue(domain, lang).items():
        if msgid in ids and complete(text):
            for english, said in forms(msgid, text):
                kept = sorted(PLACEHOLDER.findall(said)) == sorted(PLACEHOLDER.findall(english))
                assert kept, (lang, msgid, said)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_catalogue_keeps_messages_nobody_extracts(extracted, lang):
    domain, ids = extracted
    stale = sorted(set(catalogue(domain, lang)) - ids, key=str)
    assert not stale, f"{domain.po_path(lang)} translates messages no longer in the code: {stale}"


def test_the_check_catches_a_missing_translation_and_a_dropped_placeholder(tmp_path):
    po = tmp_path / "xx" / "LC_MESSAGES" / "t.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid "Due {date}"\nmsgstr "Vence"\n\nmsgid "Send"\nmsgstr ""\n', encoding="utf-8")
    found = catalogue(Domain(tmp_path, "t"), "xx")
    assert found["Send"][0] == ""
    assert PLACEHOLDER.findall(found["Due {date}"][0]) != PLACEHOLDER.findall("Due {date}")


def test_a_plural_message_takes_the_form_its_catalogue_picks_for_the_count():
    one, other = ("{town}: reminder: {action}{area} at {site}: {n} day left, by {date} ({citation}).",
                  "{town}: reminder: {action}{area} at {site}: {n} days left, by {date} ({citation}).")
    assert "quedan {n} días" in translate_n(SMS, "es", one, other, 2)
    assert "queda {n} día," in translate_n(SMS, "es", one, other, 1)
    assert "falta {n} dia," in translate_n(SMS, "pt", one, other, 1)
    assert "faltam {n} dias" in translate_n(SMS, "pt", one, other, 7)
    assert translate_n(SMS, "en", one, other, 1) == one and translate_n(SMS, "en", one, other, 3) == other
