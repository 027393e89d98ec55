"""The rule packs hold exactly the rules catalogued in RULES.md, each with citation and quote."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from inspections.rulepack import load_rulebook, parse_pack

ROOT = Path(__file__).resolve().parents[3]
SHARED = Path(os.environ.get("SHARED_DIR", ROOT.parent / "shared"))
ROW = re.compile(r"^\| ((?:CARVER|UPTON|GARDNER)-[A-Z0-9-]+) \|")


def catalogue_ids() -> list[str]:
    rules_md = SHARED / "RULES.md"
    assert rules_md.exists(), f"RULES.md not found at {rules_md}; set SHARED_DIR to the shared/ folder"
    return [m.group(1) for line in rules_md.read_text(encoding="utf-8").splitlines()
            if (m := ROW.match(line)) and line.count("|") == 7]


def test_packs_hold_exactly_the_414_catalogued_rules():
    ids = catalogue_ids()
    assert len(ids) == 414 == len(set(ids))
    assert sorted(r.id for r in load_rulebook()) == sorted(ids)


@pytest.mark.parametrize("key,count", [("CARVER-281", 76), ("CARVER-247", 79), ("CARVER-136", 83),
                                       ("UPTON-280", 90), ("GARDNER-650", 86)])
def test_rule_counts_per_bylaw_match_rules_md_section_8(key, count):
    assert len(load_rulebook().packs[key].rules) == count


def test_every_quote_is_verbatim_in_its_bylaw_text():
    book = load_rulebook()
    for pack in book.packs.values():
        text = (SHARED / "bylaws" / pack.pack.source_file).read_text(encoding="utf-8")
        flat = re.sub(r"\s+", " ", text.replace("Â", ""))
        missing = [r.id for r in pack.rules.values() if re.sub(r"\s+", " ", r.quote) not in flat]
        assert missing == [], f"{pack.pack.key}: quotes not verbatim in {pack.pack.source_file}: {missing}"


def test_an_unknown_key_in_a_pack_fails_loudly():
    bad = _minimal_pack().replace('quote = "q q q"', 'quote = "q q q"\nfine = 3')
    with pytest.raises(ValueError, match="fine"):
        parse_pack(bad)


def test_a_rule_without_citation_fails_loudly():
    bad = _minimal_pack().replace('citation = "~§ 1-1"\n', "")
    with pytest.raises(ValueError, match="citation"):
        parse_pack(bad)


def test_a_missing_param_is_an_error_not_a_default():
    rule = parse_pack(_minimal_pack()).rules["X-1-A"]
    with pytest.raises(KeyError, match="X-1-A has no param 'days'"):
        rule.param("days")


def _minimal_pack() -> str:
    return "\n".join([
        "[pack]", 'key = "X-1"', 'title = "t"', 'town = "T"', 'enforcing_authority = "A"',
        'source_file = "f"', 'history = "h"', 'in_force_source = "s"', "",
        "[rule.X-1-A]", 'section = "1"', 'summary = "s"', 'numbers = "—"', 'clock = "—"',
        'citation = "~§ 1-1"', 'quote = "q q q"', "",
    ])


@pytest.mark.parametrize("chapter,party", [("CARVER-281", "permittee"), ("CARVER-247", "permittee"),
                                           ("CARVER-136", "operator"), ("UPTON-280", "permittee"),
                                           ("GARDNER-650", "permittee")])
def test_each_pack_names_its_offender_in_its_chapter_table(chapter, party):
    """CARVER-136-CD-ORDER binds the operator; the other chapters' violations are the permittee's."""
    from inspections import api

    found = api.call("offender", {"chapter": chapter})
    assert found["party"] == party == load_rulebook().packs[chapter].chapter.offender
    assert found["falls_back_to"] == (None if party == "permittee" else "permittee")
    assert found["rule_id"] == ("CARVER-136-CD-ORDER" if party == "operator" else None)


def test_an_offender_rule_that_is_not_the_packs_own_fails_loudly():
    bad = _minimal_pack().replace("[rule.X-1-A]", '[chapter]\noffender = "operator"\n'
                                                  'offender_rule = "X-1-NONE"\n\n[rule.X-1-A]')
    with pytest.raises(ValueError, match="X-1-NONE"):
        parse_pack(bad)
