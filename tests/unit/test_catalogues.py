"""Every permittee-facing English message has its Spanish and Portuguese translation, with the same
placeholders (issue 18 item 7). The messages are extracted afresh with `pybabel extract`, as `make
translations` does, so a new English message without its translations fails here."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from backend.public.i18n import PUBLIC
from inspections.catalogues import FINDINGS, TRANSLATED, Domain

ROOT = Path(__file__).resolve().parents[2]
PYBABEL = Path(sys.executable).with_name("pybabel")
DOMAINS = {"public": (PUBLIC, "babel.cfg"), "findings": (FINDINGS, "babel-findings.cfg")}
PLACEHOLDER = re.compile(r"\{(\w*)\}")


@pytest.fixture(scope="module", params=sorted(DOMAINS))
def extracted(request, tmp_path_factory):
    domain, config = DOMAINS[request.param]
    pot = tmp_path_factory.mktemp("pot") / f"{request.param}.pot"
    done = subprocess.run(
        [str(PYBABEL), "extract", "-F", config, "--no-location", "-o", str(pot), "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    with pot.open("rb") as fh:
        ids = {m.id for m in read_po(fh) if m.id}
    assert ids, f"nothing extracted for {request.param}: {done.stderr}"
    return domain, ids


def catalogue(domain: Domain, lang: str) -> dict[str, str]:
    with domain.po_path(lang).open("rb") as fh:
        return {m.id: (m.string, m.fuzzy) for m in read_po(fh, locale=lang) if m.id}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_extracted_message_is_translated(extracted, lang):
    domain, ids = extracted
    found = catalogue(domain, lang)
    missing = sorted(i for i in ids if i not in found or not found[i][0] or found[i][1])
    assert not missing, f"{domain.po_path(lang)} lacks (or has fuzzy) {missing}; run `make translations`"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_translation_keeps_every_placeholder(extracted, lang):
    domain, ids = extracted
    for msgid, (text, _fuzzy) in catalogue(domain, lang).items():
        if msgid in ids and text:
            said, english = sorted(PLACEHOLDER.findall(text)), sorted(PLACEHOLDER.findall(msgid))
            assert said == english, (lang, msgid, text)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_catalogue_keeps_messages_nobody_extracts(extracted, lang):
    domain, ids = extracted
    stale = sorted(set(catalogue(domain, lang)) - ids)
    assert not stale, f"{domain.po_path(lang)} translates messages no longer in the code: {stale}"


def test_the_check_catches_a_missing_translation_and_a_dropped_placeholder(tmp_path):
    po = tmp_path / "xx" / "LC_MESSAGES" / "t.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid "Due {date}"\nmsgstr "Vence"\n\nmsgid "Send"\nmsgstr ""\n', encoding="utf-8")
    found = catalogue(Domain(tmp_path, "t"), "xx")
    assert found["Send"][0] == ""
    assert PLACEHOLDER.findall(found["Due {date}"][0]) != PLACEHOLDER.findall("Due {date}")
