"""Issue 22: every reading the engine makes that RULES.md does not state is written down in
inspections/READINGS.md (id, the words it reads, the choice made, the switch if any), and the two agree:
each quote is found in a bylaw text or in RULES.md, each switch is a setting of the catalogue, each id is
named where the engine makes it, and every READ-* id the engine names is written down."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import inspections
from inspections.config import SWITCHES
from inspections.readings import parse_readings, readings
from inspections.rulepack import load_rulebook
from tests.unit.inspections.test_rulepack import SHARED

ENGINE = Path(inspections.__file__).parent
READ_ID = re.compile(r"READ-[A-Z0-9]+(?:-[A-Z0-9]+)*")


def _plain(text: str) -> str:
    return " ".join(text.replace("Â", "").split())


@pytest.fixture(scope="module")
def sources() -> str:
    texts = [p.read_text(encoding="utf-8") for p in sorted((SHARED / "bylaws").glob("*.txt"))]
    texts.append((SHARED / "RULES.md").read_text(encoding="utf-8"))
    return _plain("\n".join(texts))


def _engine_mentions() -> set[str]:
    found: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        if path.name != "readings.py":
            found |= set(READ_ID.findall(path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("reading", readings(), ids=lambda r: r.id)
def test_each_reading_quotes_the_text_it_reads(sources, reading):
    assert _plain(reading.text) in sources, f"{reading.id}: quote not found: {reading.text!r}"


@pytest.mark.parametrize("reading", readings(), ids=lambda r: r.id)
def test_each_reading_concerns_catalogued_rules_and_names_a_real_switch(reading):
    book = load_rulebook()
    for rid in reading.concerns:
        assert rid in book or re.fullmatch(r"(CONV|EXT)-[A-Z0-9-]+|AMB-\d\d", rid), rid
    assert reading.switch is None or reading.switch in SWITCHES
    assert reading.choice.strip()


def test_the_engine_and_the_file_name_the_same_readings():
    written = {r.id for r in readings()}
    named = _engine_mentions()
    assert named - written == set(), f"named in the engine, not written down: {sorted(named - written)}"
    assert written - named == set(), f"written down, named nowhere in the engine: {sorted(written - named)}"


@pytest.mark.parametrize(
    "row,problem",
    [
        ("| READ-X | CONV-DIST | no quotes | a choice | none |", "out of shape"),
        ('| READ-X | CONV-DIST | "words" | a choice | tz |', "no setting of the catalogue"),
    ],
)
def test_a_malformed_row_fails_loudly(row, problem):
    with pytest.raises(ValueError, match=problem):
        parse_readings(row)
