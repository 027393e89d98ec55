"""State law is held once (statutes.toml, RULES.md §7): the bylaw rules that apply a statute name it and get
its numbers through it; none copies them."""
from __future__ import annotations

import datetime as dt
import os
import re
from pathlib import Path

import pytest

from inspections.calendar import TZ, BusinessCalendar
from inspections.citations import appearance_by, mailing_deadline, procedure
from inspections.config import BylawConfig
from inspections.deadlines.day_counts import roll_if_configured
from inspections.deadlines.erc_review import erc_review_window
from inspections.offenses import OffenseDay
from inspections.rulepack import RuleBook, load_rulebook, param, parse_pack, parse_statutes, statute

ROOT = Path(__file__).resolve().parents[3]
SHARED = Path(os.environ.get("SHARED_DIR", ROOT.parent / "shared"))
TICKET_RULES = ("CARVER-281-ENF-TOOLS", "CARVER-247-NONCRIM-ZEO", "CARVER-136-NONCRIM-ZEO", "UPTON-280-AUTH",
                "GARDNER-650-CITATIONS-21D")


def test_the_statutes_pack_holds_the_three_named_statutes_with_their_citations():
    assert statute("EXT-21D-15D").citation == "MGL c. 40, § 21D"
    assert statute("EXT-OML-48H").citation.startswith("MGL c. 30A, §§ 18-25")
    assert statute("EXT-MGL-4-9").citation == "MGL c. 4, § 9"
    assert param("EXT-21D-15D", "mail_within_days") == 15
    assert param("EXT-21D-15D", "appearance_within_days") == 21
    assert param("EXT-OML-48H", "posting_hours") == 48


def test_each_statement_is_the_rules_md_row_and_each_quote_is_verbatim_in_its_bylaw_text():
    rows = (SHARED / "RULES.md").read_text(encoding="utf-8")
    for s in load_rulebook().statutes.values():
        assert f"| {s.id} | " in rows, s.id
        if s.quote is not None:
            text = re.sub(r"\s+", " ", (SHARED / "bylaws" / str(s.quoted_in)).read_text(encoding="utf-8"))
            assert re.sub(r"\s+", " ", s.quote) in text, s.id


@pytest.mark.parametrize("rule_id", TICKET_RULES)
def test_ext_21d_15d_the_15_day_mailing_window_is_named_not_copied_by_each_ticket_rule(rule_id):
    book = load_rulebook()
    r = book.rule(rule_id)
    assert r.statutes == ("EXT-21D-15D",)
    assert "mail_within_days" not in r.params and "appearance_within_days" not in r.params
    assert param(rule_id, "mail_within_days") == statute("EXT-21D-15D").params["mail_within_days"]


def test_ext_oml_48h_and_ext_249_4_60d_are_named_not_copied():
    book = load_rulebook()
    assert book.rule("CARVER-136-CD-REVIEW-48H").statutes == ("EXT-OML-48H",)
    assert "oml_posting_hours" not in book.rule("CARVER-136-CD-REVIEW-48H").params
    for rid in ("UPTON-280-APPEAL", "GARDNER-650-APPEAL"):
        assert book.rule(rid).statutes == ("EXT-249-4-60D",) and "days" not in book.rule(rid).params
        assert param(rid, "days") == 60


def test_ext_21d_15d_mailing_window_and_appearance_come_from_the_statute():
    offense = OffenseDay("v-1", "CARVER-247-PERMIT", "p-1", dt.date(2026, 3, 2), 1, "CARVER-247")
    assert mailing_deadline(offense).latest_on == dt.date(2026, 3, 17)
    assert appearance_by("UPTON-280", dt.date(2026, 3, 2)) == dt.date(2026, 3, 23)
    assert procedure("GARDNER-650") == (statute("EXT-21D-15D").citation, ())


def test_ext_mgl_4_9_the_roll_cites_the_statute():
    cal = BusinessCalendar.from_config(BylawConfig({"roll_c4s9": True}))
    day, note, flags = roll_if_configured(dt.date(2026, 3, 1), BylawConfig({"roll_c4s9": True}), cal)
    assert day == dt.date(2026, 3, 2) and flags == ("AMB-51",)
    assert "MGL c. 4 § 9 roll to Mon 2026-03-02" in note


def test_ext_oml_48h_the_posting_bound_uses_the_statutes_hours():
    tz = TZ  # America/New_York local time
    posted = dt.datetime(2026, 3, 6, 10, 0, tzinfo=tz)  # a Friday: the weekend does not count
    order = dt.datetime(2026, 3, 5, 9, tzinfo=tz)
    w = erc_review_window(order, order, posted)
    assert w.oml_earliest_at is not None
    assert w.oml_earliest_at.astimezone(tz) == dt.datetime(2026, 3, 10, 10, 0, tzinfo=tz)


def _pack(extra: str) -> str:
    return "\n".join([
        "[pack]", 'key = "X-1"', 'title = "t"', 'town = "T"', 'enforcing_authority = "A"',
        'source_file = "f"', 'history = "h"', 'in_force_source = "s"', "",
        "[rule.X-1-A]", 'section = "1"', 'summary = "s"', 'numbers = "—"', 'clock = "—"',
        'citation = "~§ 1-1"', 'quote = "q q q"', extra, "",
    ])


STATUTES = ('[pack]\ntitle = "t"\njurisdiction = "MA"\nsource = "s"\nin_force_source = "s"\n'
            '[statute.EXT-X]\ncitation = "c. 1"\nstatement = "s s s"\nparams = { days = 15 }\n')


def test_a_bylaw_rule_that_copies_its_statutes_number_fails_loudly():
    with pytest.raises(ValueError, match=r"copies \['days'\] of statute EXT-X"):
        RuleBook({"X-1": parse_pack(_pack('statutes = ["EXT-X"]\nparams = { days = 15 }'))},
                 parse_statutes(STATUTES))


def test_a_bylaw_rule_naming_an_unknown_statute_fails_loudly():
    with pytest.raises(ValueError, match="EXT-NONE"):
        RuleBook({"X-1": parse_pack(_pack('statutes = ["EXT-NONE"]'))}, parse_statutes(STATUTES))


def test_a_quote_without_its_source_fails_loudly():
    with pytest.raises(ValueError, match="quote"):
        parse_statutes(STATUTES + 'quote = "q q q"\n')
