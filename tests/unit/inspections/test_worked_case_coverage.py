"""Issues 4 and 5: every rule with a number or clock in the listed RULES.md sections appears in a worked case.

The predicate and the collector are in `worked.py` (read its docstring): a rule needs a case when its RULES.md
Numbers or Clock/test column holds a digit, a time word or a counting word once cross-references are removed;
a case counts when a parametrized test runs it with that rule id and a non-empty expected value.
"""
from __future__ import annotations

import re

import pytest

from inspections.rulepack import load_rulebook, rule
from tests.unit.inspections import worked

THIS = __name__.rsplit(".", 1)[-1]
# Ids of RULES.md that are not pack rules: §0.1 conventions, §6 ambiguities, §7 external rules.
CONVENTIONS = frozenset({
    "CONV-TZ", "CONV-DAYS", "CONV-WITHIN", "CONV-ATLEAST-BEFORE", "CONV-HAD-N-DAYS", "CONV-HOURS",
    "CONV-BEFORE", "CONV-BD", "CONV-BD-BEFORE", "CONV-BD-AFTER", "CONV-ROLL", "CONV-MONTHS", "CONV-EXPIRY",
    "CONV-DIST", "CONV-QTY", "CONV-MONEY", "CONV-INCR", "CONV-OFFENSE-DAY", "CONV-ESCALATE",
    "CONV-NOTICE-DATE", "CONV-SAME-TIME", "CONV-MAJORITY",
})
EXTERNAL = frozenset({"EXT-MGL-4-7", "EXT-MGL-4-9", "EXT-OML-48H", "EXT-21D-15D", "EXT-249-4-60D", "EXT-WPA"})


def _is_ambiguity(rule_id: str) -> bool:
    m = re.fullmatch(r"AMB-(\d\d)", rule_id)
    return m is not None and 1 <= int(m.group(1)) <= 54


@pytest.fixture(scope="module")
def cases() -> list[worked.WorkedCase]:
    return worked.collect(exclude={THIS})


def _missing(cases: list[worked.WorkedCase], sections: tuple[str, ...]) -> dict[str, list[str]]:
    covered = {c.rule_id for c in cases if c.exact}
    return {s: [i for i in ids if i not in covered] for s, ids in worked.required_ids(sections).items()}


@pytest.mark.parametrize("issue,sections", [
    pytest.param("bylaw engine", worked.ENGINE_SECTIONS, id="issue 4 bylaw engine"),
    pytest.param("field rules", worked.FIELD_SECTIONS, id="issue 5 field rules"),
])
def test_every_rule_with_a_number_or_clock_has_a_worked_case(cases, issue, sections):
    missing = {s: ids for s, ids in _missing(cases, sections).items() if ids}
    report = "\n".join(f"  § {s}: {', '.join(ids)}" for s, ids in missing.items())
    assert not missing, f"{issue}: rules with a number or clock and no worked case:\n{report}"


def test_every_rule_with_a_number_is_named_in_a_worked_case(cases):
    """Issue 22: every RULES.md rule whose Numbers column holds anything ("$125", "14 days", "amount set by
    the newspaper") is named in a worked case with an exact expected value (before: all but
    CARVER-281-RDA-PUBLICATION)."""
    covered = {c.rule_id for c in cases if c.exact}
    numbered = [r.id for r in load_rulebook() if r.numbers.strip() not in ("", "—", "-")]
    assert len(numbered) > 160
    missing = [rid for rid in numbered if rid not in covered]
    assert not missing, "rules with a number and no worked case:\n  " + "\n  ".join(missing)


def test_every_case_names_a_rule_of_the_packs_or_a_rules_md_convention(cases):
    book = load_rulebook()
    unknown = sorted({f"{c.rule_id} ({c.source})" for c in cases if c.rule_id not in book
                      and c.rule_id not in CONVENTIONS | EXTERNAL and not _is_ambiguity(c.rule_id)})
    assert not unknown, "case ids that are no rule of the packs:\n  " + "\n  ".join(unknown)


def test_the_collector_finds_the_suites_cases(cases):
    modules = {c.source.split("::")[0] for c in cases}
    expected = {"test_fines", "test_zones", "test_deadlines_carver_281", "test_worked_cases_gaps_notices"}
    assert expected <= modules
    assert sum(c.exact for c in cases) > 900


# --- the predicate, checked on rows whose reading is not obvious -------------------------------------------
PREDICATE = [
    pytest.param("CARVER-247-STABILIZE-14D", True, id="14 days"),
    pytest.param("CARVER-281-SITEPLAN-ITEMS", True, id="12 items: a count is a number"),
    pytest.param("UPTON-280-ABUTTER-SAME-TIME", True, id="same day: a clock"),
    pytest.param("UPTON-280-REGS-ADOPT", True, id="majority: a count"),
    pytest.param("CARVER-281-OFFENSE-PER-PROVISION", True, id="x provisions: a multiplier"),
    pytest.param("CARVER-281-NOTICE-AFFIDAVIT", True, id="present before hearing: a clock"),
    pytest.param("CARVER-247-APPLIES-1AC", True, id="1 acre; AMB-11 and MS4 are not numbers"),
    pytest.param("CARVER-281-ENF-TOOLS", False, id="a config key's digits are not a number"),
    pytest.param("CARVER-247-SURETY", False, id="amount set by the Board: no number"),
    pytest.param("GARDNER-650-CONSULT-PRORATA", False, id="see AMB-07 is a reference"),
    pytest.param("CARVER-247-EXEMPT-AG", False, id="a flag"),
]


@pytest.mark.parametrize("rule_id,expected", PREDICATE)
def test_rule_with_a_number_or_clock(rule_id, expected):
    assert worked.has_number_or_clock(rule(rule_id)) is expected


def test_an_empty_or_none_expectation_does_not_count():
    rid = "CARVER-247-STABILIZE-14D"
    assert not worked.WorkedCase(rid, (("expected", None),), "x").exact
    assert not worked.WorkedCase(rid, (("missing", ()),), "x").exact
    assert not worked.WorkedCase("CARVER-247-NO-SUCH-RULE", (("expected", 14),), "x").exact
    assert worked.WorkedCase(rid, (("allowed", False),), "x").exact
