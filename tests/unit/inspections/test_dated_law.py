"""Law with dates: a number in force on a day, a rule in force from a day, and assessments that record the
values they used. Tested with hypothetical amendments (tests/fixtures/law), never a change to the real law."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from inspections.citations import mailing_deadline
from inspections.errors import NotInForce
from inspections.fines import assess_criminal, assess_noncriminal
from inspections.offenses import OffenseDay
from inspections.penalties import criminal_maximum, noncriminal_penalty
from inspections.rulepack import (
    law,
    load_rulebook,
    param,
    parse_pack,
    parse_statutes,
    shipped_rulebook,
    using,
)

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "law"
AMENDED_ON = dt.date(2027, 7, 1)


def amended_upton():
    pack = parse_pack((FIXTURES / "upton_280_hypothetical_amendment.toml").read_text(encoding="utf-8"))
    return shipped_rulebook().amended_by(pack)


def amended_21d():
    laws = parse_statutes((FIXTURES / "statutes_hypothetical_21d_amendment.toml").read_text(encoding="utf-8"))
    return shipped_rulebook().amended_by(statutes=laws)


def day(violation: str, on: dt.date, chapter: str = "UPTON-280") -> OffenseDay:
    return OffenseDay(violation, "UPTON-280-PERMIT-REQUIRED", "owner-1", on, 1, chapter)


def test_a_dated_number_answers_the_value_in_force_on_the_day_asked():
    with using(amended_upton()):
        schedule = "UPTON-280-NONCRIM-SCHEDULE"
        assert param(schedule, "schedule_cents", dt.date(2027, 6, 30)) == [5000, 10000, 30000]
        assert param(schedule, "schedule_cents", AMENDED_ON) == [10000, 20000, 60000]
        assert param(schedule, "schedule_cents") == [10000, 20000, 60000]  # no day: the text as encoded
        used = law("UPTON-280-CRIM-MAX-300", "max_cents", dt.date(2026, 1, 5))
        assert (used.value, used.in_force_from, used.source) == (
            30000, dt.date(2004, 5, 1), "UPTON-280-CRIM-MAX-300")


def test_a_day_before_the_rule_took_effect_has_no_law():
    with using(amended_upton()), pytest.raises(NotInForce, match="UPTON-280-NONCRIM-SCHEDULE.*2021-05-07"):
        param("UPTON-280-NONCRIM-SCHEDULE", "schedule_cents", dt.date(2021, 5, 7))


def test_the_amendment_is_only_inside_the_using_block():
    with using(amended_upton()):
        assert load_rulebook().packs["UPTON-280"].pack.text_voted_on == dt.date(2027, 5, 1)
    assert param("UPTON-280-NONCRIM-SCHEDULE", "schedule_cents", AMENDED_ON) == [5000, 10000, 30000]
    assert load_rulebook().packs["UPTON-280"].pack.text_voted_on == dt.date(2023, 11, 7)


def test_upton_280_noncrim_schedule_each_offense_day_is_priced_by_the_law_of_that_day():
    """UPTON-280-NONCRIM-SCHEDULE, CONV-ESCALATE: the 2nd offense-day falls on the amendment's first day."""
    days = [day("v1", dt.date(2027, 6, 30)), day("v1", AMENDED_ON), day("v1", dt.date(2027, 7, 2))]
    with using(amended_upton()):
        found = assess_noncriminal("UPTON-280", days)
    assert [r.amount_cents for r in found.rows] == [5000, 20000, 60000]
    assert [r.law[0].in_force_from for r in found.rows] == [dt.date(2021, 5, 8), AMENDED_ON, AMENDED_ON]
    assert {(v.value[0], v.in_force_from) for v in found.law_used} == {(5000, dt.date(2021, 5, 8)),
                                                                     (10000, AMENDED_ON)}


def test_upton_280_crim_max_300_criminal_exposure_follows_the_offense_day():
    with using(amended_upton()):
        found = assess_criminal("UPTON-280", [day("v1", dt.date(2027, 6, 30)), day("v1", AMENDED_ON)])
        assert criminal_maximum("UPTON-280", as_of=dt.date(2027, 6, 30)).amount_cents == 30000
    assert [r.amount_cents for r in found.rows] == [30000, 50000]
    assert [r.law[0].text for r in found.rows] == [
        "UPTON-280-CRIM-MAX-300: max_cents = 30000 since 2004-05-01",
        "UPTON-280-CRIM-MAX-300: max_cents = 50000 since 2027-07-01",
    ]


def test_the_shipped_law_records_its_values_too():
    """Without dated values an assessment still records which rule and number priced each row."""
    row = assess_noncriminal("UPTON-280", [day("v1", dt.date(2026, 3, 2))]).rows[0]
    assert [(v.rule_id, v.name, v.value) for v in row.law] == [
        ("UPTON-280-NONCRIM-SCHEDULE", "schedule_cents", [5000, 10000, 30000])]
    assert noncriminal_penalty("UPTON-280", 1, as_of=dt.date(2026, 3, 2)).law == row.law


def test_ext_21d_15d_the_mailing_window_is_the_law_in_force_on_the_offense_day():
    """EXT-21D-15D (hypothetically amended to 10 days from 2027-07-01): the deadline's triggering event is
    the offense-day, so an offense on June 30 keeps 15 days even though the citation is mailed in July."""
    with using(amended_21d()):
        before = mailing_deadline(day("v1", dt.date(2027, 6, 30)))
        after = mailing_deadline(day("v1", AMENDED_ON))
    assert before.latest_on == dt.date(2027, 7, 15)
    assert after.latest_on == dt.date(2027, 7, 11)
    assert dict(after.facts)["law_in_force"] == (
        "UPTON-280-AUTH via EXT-21D-15D: mail_within_days = 10 since 2027-07-01")


def test_dated_values_out_of_order_fail_loudly():
    text = (FIXTURES / "upton_280_hypothetical_amendment.toml").read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="increasing"):
        parse_pack(text.replace("from = 2027-07-01, value = 50000", "from = 2003-07-01, value = 50000"))


def test_each_shipped_pack_states_the_effective_date_of_its_text_or_why_not_with_its_votes():
    packs = load_rulebook().packs
    for p in packs.values():
        assert p.pack.in_force_from is not None or "effective date" in p.pack.in_force_source
    assert [v.on for v in packs["CARVER-281"].pack.amending_votes] == [
        dt.date(2023, 4, 11), dt.date(2023, 4, 11), dt.date(2025, 4, 8), dt.date(2025, 4, 8)]
    assert packs["GARDNER-650"].pack.text_voted_on == dt.date(2013, 11, 18)


def test_the_facade_answers_a_penalty_as_of_the_offense_day_with_the_values_it_used():
    from inspections import api

    with using(amended_upton()):
        before = api.call("penalty", {"chapter": "UPTON-280", "track": "criminal", "on": "2027-06-30"})
        after = api.call("penalty", {"chapter": "UPTON-280", "track": "noncriminal", "sequence": 1,
                                     "on": "2027-07-01"})
        with pytest.raises(NotInForce):
            api.call("penalty", {"chapter": "UPTON-280", "track": "noncriminal", "sequence": 1,
                                 "on": "2020-01-01"})
    assert before["amount_cents"] == 30000 and before["law"][0]["in_force_from"] == "2004-05-01"
    assert after["amount_cents"] == 10000
    assert after["law"][0]["text"] == (
        "UPTON-280-NONCRIM-SCHEDULE: schedule_cents = [10000, 20000, 60000] since 2027-07-01")


def test_ext_oml_48h_the_posting_hours_are_the_law_in_force_when_the_notice_is_posted():
    """CARVER-136-CD-REVIEW-48H / EXT-OML-48H (hypothetically 72 hours from 2027-07-01): a notice posted
    Wednesday 2027-06-30 10:00 counts 48 hours (Fri 10:00); one posted Thursday 2027-07-01 10:00 counts 72
    (Monday 07-05 is the observed Independence Day and the weekend is excluded: Wed 07-07 10:00)."""
    from inspections.calendar import TZ
    from inspections.deadlines.erc_review import erc_review_window

    laws = parse_statutes((FIXTURES / "statutes_hypothetical_oml_amendment.toml").read_text(encoding="utf-8"))
    book = shipped_rulebook().amended_by(statutes=laws)
    order = dt.datetime(2027, 6, 29, 9, tzinfo=TZ)
    with using(book):
        before = erc_review_window(order, order, dt.datetime(2027, 6, 30, 10, tzinfo=TZ))
        after = erc_review_window(order, order, dt.datetime(2027, 7, 1, 10, tzinfo=TZ))
    assert before.oml_earliest_at == dt.datetime(2027, 7, 2, 10, tzinfo=TZ)
    assert after.oml_earliest_at == dt.datetime(2027, 7, 7, 10, tzinfo=TZ)
    assert "+ 72 hours" in after.explanations[1].arithmetic
