"""Offense-days and assessments, written from the penalty clauses of the five texts (RULES.md §§ 1.8, 2.5,
3.6, 4.6, 5.6) and EXAMPLES S01 / S06. Amounts in cents; expected values come from the bylaw text."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inspections.calendar import TZ
from inspections.config import DEFAULT
from inspections.fines import (
    AmountKind,
    ChangeKind,
    Track,
    Violation,
    assess_criminal,
    assess_noncriminal,
    diff_assessments,
    escalation_sequences,
    offense_days,
)
from inspections.penalties import criminal_maximum, noncriminal_penalty

D = dt.date
UTC = dt.UTC


def at(day: str, hh: int = 9, mm: int = 0) -> dt.datetime:
    d = D.fromisoformat(day)
    return dt.datetime(d.year, d.month, d.day, hh, mm, tzinfo=TZ)


def violation(chapter: str, start: dt.datetime, cured: dt.datetime | None = None, *, vid: str = "V1",
              provisions: tuple[str, ...] = ("P1",), offender: str = "O1", site: str = "S1") -> Violation:
    return Violation(vid, chapter, offender, provisions, start, cured, site)


@dataclass(frozen=True)
class Case:
    rule_id: str
    name: str
    chapter: str
    start: dt.datetime
    cured: dt.datetime | None
    through: dt.date
    provisions: tuple[str, ...]
    expected_dates: tuple[str, ...]
    expected_units: int
    overrides: dict[str, Any] = field(default_factory=dict)


# Offense-day counting (CONV-OFFENSE-DAY): one unit per local day touched; per provision where the text says.
OFFENSE_DAY_CASES = [
    Case("CARVER-247-OFFENSE-DAILY", "S01 Mon 09:00 to Fri 15:00 is 5 days", "CARVER-247",
         at("2026-03-02", 9), at("2026-03-06", 15), D(2026, 3, 31), ("P1",),
         ("2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"), 5),
    Case("CARVER-247-OFFENSE-DAILY", "247 has no per-provision clause: 2 provisions, 2 days = 2",
         "CARVER-247",
         at("2026-03-02", 9), at("2026-03-03", 9), D(2026, 3, 31), ("P1", "P2"),
         ("2026-03-02", "2026-03-03"), 2),
    Case("UPTON-280-OFFENSE-DAILY", "S06 fill remains Mon-Thu, continuing, through Thu", "UPTON-280",
         at("2026-09-14", 8), None, D(2026, 9, 17), ("P1",),
         ("2026-09-14", "2026-09-15", "2026-09-16", "2026-09-17"), 4),
    Case("UPTON-280-OFFENSE-PER-PROVISION", "Upton 2 provisions x 3 days = 6", "UPTON-280",
         at("2026-09-14", 8), at("2026-09-16", 17), D(2026, 9, 30), ("P1", "P2"),
         ("2026-09-14", "2026-09-15", "2026-09-16"), 6),
    Case("CARVER-281-OFFENSE-PER-PROVISION", "281 2 provisions x 3 days = 6, (12) not counted again (AMB-01)",
         "CARVER-281", at("2026-06-01", 10), at("2026-06-03", 10), D(2026, 6, 30), ("P1", "P2"),
         ("2026-06-01", "2026-06-02", "2026-06-03"), 6),
    Case("CARVER-281-OFFENSE-DAILY", "partial first and last days: 23:30 to 00:30 touches 2 days",
         "CARVER-281",
         at("2026-03-02", 23, 30), at("2026-03-03", 0, 30), D(2026, 3, 31), ("P1",),
         ("2026-03-02", "2026-03-03"), 2),
    Case("CARVER-136-OFFENSE-DAILY", "cured at exactly local midnight does not touch the next day",
         "CARVER-136",
         at("2026-03-03", 10), at("2026-03-04", 0), D(2026, 3, 31), ("P1",), ("2026-03-03",), 1),
    Case("CARVER-136-OFFENSE-DAILY", "across DST: Sat 23:00 EST to Sun 03:30 EDT is 2 days", "CARVER-136",
         at("2026-03-07", 23), at("2026-03-08", 3, 30), D(2026, 3, 31), ("P1",),
         ("2026-03-07", "2026-03-08"), 2),
    Case("CARVER-247-OFFENSE-DAILY", "local date of a UTC instant: 04:30Z is 23:30 EST the day before",
         "CARVER-247", dt.datetime(2026, 3, 3, 4, 30, tzinfo=UTC), dt.datetime(2026, 3, 3, 4, 45, tzinfo=UTC),
         D(2026, 3, 31), ("P1",), ("2026-03-02",), 1),
    Case("CARVER-247-OFFENSE-DAILY", "continuing violation counted through the as-of day only", "CARVER-247",
         at("2026-03-02", 9), None, D(2026, 3, 3), ("P1",), ("2026-03-02", "2026-03-03"), 2),
    Case("GARDNER-650-FINE-NOT-STATED", "Gardner: no daily offense (AMB-46): 5 days = 1 offense",
         "GARDNER-650",
         at("2026-05-04", 9), at("2026-05-08", 12), D(2026, 5, 31), ("P1",), ("2026-05-04",), 1),
    Case("GARDNER-650-FINE-NOT-STATED", "Gardner with gardner650.daily_offense: 5 days = 5", "GARDNER-650",
         at("2026-05-04", 9), at("2026-05-08", 12), D(2026, 5, 31), ("P1",),
         ("2026-05-04", "2026-05-05", "2026-05-06", "2026-05-07", "2026-05-08"), 5,
         {"gardner650.daily_offense": True}),
]


@pytest.mark.parametrize("case", [pytest.param(c, id=c.name) for c in OFFENSE_DAY_CASES])
def test_offense_days(case: Case):
    cfg = DEFAULT.with_overrides(**{k.replace(".", "__"): v for k, v in case.overrides.items()})
    v = violation(case.chapter, case.start, case.cured, provisions=case.provisions)
    days = offense_days(v, case.through, cfg=cfg)
    assert [d.isoformat() for d in days.dates] == list(case.expected_dates)
    assert len(days) == case.expected_units
    assert case.rule_id in {e.rule_id for e in days.explanations}


def test_gardner_offense_is_flagged_amb_46():
    v = violation("GARDNER-650", at("2026-05-04"), at("2026-05-08"))
    assert "AMB-46" in offense_days(v, D(2026, 5, 31)).flags


@dataclass(frozen=True)
class Priced:
    rule_id: str
    name: str
    chapter: str
    start: dt.datetime
    cured: dt.datetime | None
    through: dt.date
    provisions: tuple[str, ...]
    amounts: tuple[int | None, ...]
    total_cents: int
    overrides: dict[str, Any] = field(default_factory=dict)


S01_START, S01_END = at("2026-03-02", 9), at("2026-03-06", 15)
S06_START = at("2026-09-14", 8)

NONCRIMINAL_CASES = [
    Priced("CARVER-247-NONCRIM-3RDPLUS", "S01 noncriminal 100 200 3000 3000 3000", "CARVER-247", S01_START,
           S01_END,
           D(2026, 3, 31), ("P1",), (10000, 20000, 300000, 300000, 300000), 930000),
    Priced("CARVER-247-NONCRIM-3RDPLUS", "S01 alt town sets the 3rd+ amount to $300 (AMB-17)", "CARVER-247",
           S01_START, S01_END, D(2026, 3, 31), ("P1",), (10000, 20000, 30000, 30000, 30000), 120000,
           {"carver247.noncriminal_3rd_amount": 30000}),
    Priced("CARVER-247-NONCRIM-1ST", "247 one day: first violation $100", "CARVER-247", S01_START,
           at("2026-03-02", 17),
           D(2026, 3, 31), ("P1",), (10000,), 10000),
    Priced("CARVER-247-NONCRIM-2ND", "247 two days: $100 then $200", "CARVER-247", S01_START,
           at("2026-03-03", 17),
           D(2026, 3, 31), ("P1",), (10000, 20000), 30000),
    Priced("UPTON-280-NONCRIM-SCHEDULE", "S06 noncriminal 50 100 300 300", "UPTON-280", S06_START, None,
           D(2026, 9, 17), ("P1",), (5000, 10000, 30000, 30000), 75000),
    Priced("UPTON-280-NONCRIM-SCHEDULE", "Upton same day, two provisions by line item: 50 then 100",
           "UPTON-280",
           S06_START, at("2026-09-14", 12), D(2026, 9, 30), ("P1", "P2"), (5000, 10000), 15000),
    Priced("CARVER-136-NONCRIM-1ST", "136: $100, then no amount in the text (AMB-29)", "CARVER-136",
           at("2026-04-06", 8), at("2026-04-08", 16), D(2026, 4, 30), ("P1",), (10000, None, None), 10000),
    Priced("CARVER-136-NONCRIM-1ST", "136 with carver136.noncriminal_subsequent = $100", "CARVER-136",
           at("2026-04-06", 8), at("2026-04-08", 16), D(2026, 4, 30), ("P1",), (10000, 10000, 10000), 30000,
           {"carver136.noncriminal_subsequent": 10000}),
    Priced("CARVER-281-ENF-TOOLS", "281 has no 21D schedule (AMB-09): no amounts", "CARVER-281",
           at("2026-06-01", 10), at("2026-06-02", 10), D(2026, 6, 30), ("P1",), (None, None), 0),
    Priced("CARVER-281-ENF-TOOLS", "281 with a configured schedule $50 / $100+", "CARVER-281",
           at("2026-06-01", 10), at("2026-06-03", 10), D(2026, 6, 30), ("P1", "P2"),
           (5000, 10000, 10000, 10000, 10000, 10000), 55000, {"carver281.noncriminal_schedule": (5000,
                                                                                                 10000)}),
    Priced("GARDNER-650-FINE-NOT-STATED", "Gardner: one offense, no amount (AMB-46)", "GARDNER-650",
           at("2026-05-04", 9), at("2026-05-08", 12), D(2026, 5, 31), ("P1",), (None,), 0),
    Priced("GARDNER-650-FINE-NOT-STATED", "Gardner with a $300 schedule, no daily offense: $300",
           "GARDNER-650",
           at("2026-05-04", 9), at("2026-05-08", 12), D(2026, 5, 31), ("P1",), (30000,), 30000,
           {"gardner650.noncriminal_schedule": (30000,)}),
    Priced("GARDNER-650-FINE-NOT-STATED", "Gardner daily with a $300 schedule: 5 x $300", "GARDNER-650",
           at("2026-05-04", 9), at("2026-05-08", 12), D(2026, 5, 31), ("P1",), (30000,) * 5, 150000,
           {"gardner650.noncriminal_schedule": (30000,), "gardner650.daily_offense": True}),
]

CRIMINAL_CASES = [
    Priced("CARVER-247-CRIM-MAX-100", "S01 criminal alternative: 5 x $100 = $500 maximum", "CARVER-247",
           S01_START, S01_END, D(2026, 3, 31), ("P1",), (10000,) * 5, 50000),
    Priced("UPTON-280-CRIM-MAX-300", "S06 criminal: 4 x $300 = $1,200 maximum", "UPTON-280", S06_START, None,
           D(2026, 9, 17), ("P1",), (30000,) * 4, 120000),
    Priced("CARVER-281-FINE-MAX-100-DAY", "281: $100 x 3 days x 2 provisions = $600 maximum", "CARVER-281",
           at("2026-06-01", 10), at("2026-06-03", 10), D(2026, 6, 30), ("P1", "P2"), (10000,) * 6, 60000),
    Priced("CARVER-136-CRIM-100", "136: $100 x 3 days = $300 maximum (AMB-28)", "CARVER-136",
           at("2026-04-06", 8), at("2026-04-08", 16), D(2026, 4, 30), ("P1",), (10000,) * 3, 30000),
    Priced("GARDNER-650-FINE-NOT-STATED", "Gardner: no criminal amount in the text", "GARDNER-650",
           at("2026-05-04", 9), at("2026-05-08", 12), D(2026, 5, 31), ("P1",), (None,), 0),
]


def _cfg(overrides: dict[str, Any]):
    return DEFAULT.with_overrides(**{k.replace(".", "__"): v for k, v in overrides.items()})


def _offenses(case: Priced, cfg):
    return offense_days(violation(case.chapter, case.start, case.cured, provisions=case.provisions),
                        case.through, cfg=cfg).days


@pytest.mark.parametrize("case", [pytest.param(c, id=c.name) for c in NONCRIMINAL_CASES])
def test_noncriminal_assessment(case: Priced):
    cfg = _cfg(case.overrides)
    result = assess_noncriminal(case.chapter, _offenses(case, cfg), cfg=cfg)
    assert tuple(r.amount_cents for r in result.rows) == case.amounts
    assert result.total_cents == case.total_cents
    assert result.track is Track.NONCRIMINAL and "only on issued citations" in result.label
    assert all(r.kind is AmountKind.CITATION_AMOUNT for r in result.rows)
    assert case.rule_id in {r.explanation.rule_id for r in result.rows}
    assert all((r.none_reason is None) == (r.amount_cents is not None) for r in result.rows)


@pytest.mark.parametrize("case", [pytest.param(c, id=c.name) for c in CRIMINAL_CASES])
def test_criminal_exposure(case: Priced):
    result = assess_criminal(case.chapter, _offenses(case, DEFAULT))
    assert tuple(r.amount_cents for r in result.rows) == case.amounts
    assert result.total_cents == case.total_cents
    assert all(r.kind is AmountKind.COURT_MAXIMUM for r in result.rows)
    assert all(r.explanation.rule_id == case.rule_id for r in result.rows)
    assert "not a debt" in result.label


def test_s01_third_and_later_rows_are_flagged_and_withheld_until_the_town_confirms():
    rows = assess_noncriminal("CARVER-247", _offenses(NONCRIMINAL_CASES[0], DEFAULT)).rows
    assert [r.sequence for r in rows] == [1, 2, 3, 4, 5]
    assert [("AMB-17" in r.flags, r.withhold) for r in rows] == [(False, False)] * 2 + [(True, True)] * 3
    assert [r.explanation.rule_id for r in rows] == ["CARVER-247-NONCRIM-1ST", "CARVER-247-NONCRIM-2ND"] + \
        ["CARVER-247-NONCRIM-3RDPLUS"] * 3
    confirmed = assess_noncriminal("CARVER-247", _offenses(NONCRIMINAL_CASES[1], DEFAULT),
                                   cfg=_cfg(NONCRIMINAL_CASES[1].overrides)).rows
    assert [r.withhold for r in confirmed] == [False] * 5 and "AMB-17" in confirmed[2].flags


def test_carver_136_subsequent_rows_say_why_there_is_no_amount():
    rows = assess_noncriminal("CARVER-136", _offenses(NONCRIMINAL_CASES[6], DEFAULT))
    assert rows.unpriced == tuple(r.key for r in rows.rows[1:]) and not rows.is_complete
    assert all("AMB-29" in r.flags and "AMB-29" in (r.none_reason or "") for r in rows.rows[1:])


def test_gardner_and_281_without_configuration_are_unpriced_with_reasons():
    gardner = assess_noncriminal("GARDNER-650", _offenses(NONCRIMINAL_CASES[10], DEFAULT))
    assert "AMB-46" in (gardner.rows[0].none_reason or "")
    carver = assess_noncriminal("CARVER-281", _offenses(NONCRIMINAL_CASES[8], DEFAULT))
    assert all("AMB-09" in (r.none_reason or "") for r in carver.rows)


@dataclass(frozen=True)
class Escalation:
    rule_id: str
    name: str
    prior: tuple[tuple[str, str, str, str], ...]  # (chapter, provision, site, first day) one-day priors
    amounts: tuple[int, ...]
    overrides: dict[str, Any] = field(default_factory=dict)


# The S01 facts (5 days, Carver 247) priced after earlier offense-days of the same offender (CONV-ESCALATE).
ESCALATION_CASES = [
    Escalation("CARVER-247-NONCRIM-2ND", "one prior 247 offense-day shifts S01 by one",
               (("CARVER-247", "P9", "S2", "2026-02-10"),), (20000, 300000, 300000, 300000, 300000)),
    Escalation("CARVER-247-NONCRIM-1ST", "a prior Upton offense does not count under 247",
               (("UPTON-280", "P1", "S1", "2026-02-10"),), (10000, 20000, 300000, 300000, 300000)),
    Escalation("CARVER-247-NONCRIM-1ST",
               "scope offender+provision: a prior under another provision is not counted",
               (("CARVER-247", "P9", "S1", "2026-02-10"),), (10000, 20000, 300000, 300000, 300000),
               {"escalation_scope": "offender+provision"}),
    Escalation("CARVER-247-NONCRIM-2ND", "scope offender+site: a prior on the same site counts",
               (("CARVER-247", "P9", "S1", "2026-02-10"),), (20000, 300000, 300000, 300000, 300000),
               {"escalation_scope": "offender+site"}),
    Escalation("CARVER-247-NONCRIM-1ST", "scope offender+site: a prior on another site is not counted",
               (("CARVER-247", "P9", "S2", "2026-02-10"),), (10000, 20000, 300000, 300000, 300000),
               {"escalation_scope": "offender+site"}),
    Escalation("CARVER-247-NONCRIM-1ST", "lookback 30 days: a prior 46 days before 03-02 has lapsed",
               (("CARVER-247", "P9", "S2", "2026-01-15"),), (10000, 20000, 300000, 300000, 300000),
               {"escalation_lookback_days": 30}),
    Escalation("CARVER-247-NONCRIM-2ND", "lookback 30 days: a prior 20 days before counts",
               (("CARVER-247", "P9", "S2", "2026-02-10"),), (20000, 300000, 300000, 300000, 300000),
               {"escalation_lookback_days": 30}),
    Escalation("CARVER-247-NONCRIM-2ND", "lookback 30 days: 2026-01-31 counts on 03-02 (30 days) only",
               (("CARVER-247", "P9", "S2", "2026-01-31"),), (20000, 20000, 300000, 300000, 300000),
               {"escalation_lookback_days": 30}),
]


@pytest.mark.parametrize("case", [pytest.param(c, id=c.name) for c in ESCALATION_CASES])
def test_escalation_counts_prior_offense_days(case: Escalation):
    cfg = _cfg(case.overrides)
    prior = [d for i, (chap, prov, site, day) in enumerate(case.prior)
             for d in offense_days(Violation(f"V0-{i}", chap, "O1", (prov,), at(day), at(day, 17), site),
                                   D(2026, 12, 31), cfg=cfg)]
    current = offense_days(violation("CARVER-247", S01_START, S01_END, site="S1"), D(2026, 3, 31),
                           cfg=cfg).days
    result = assess_noncriminal("CARVER-247", current, prior=prior, cfg=cfg)
    assert tuple(r.amount_cents for r in result.rows) == case.amounts


def test_a_late_entered_earlier_violation_changes_the_issued_amounts():
    later = violation("UPTON-280", at("2026-09-20"), at("2026-09-21", 17), vid="V2")
    earlier = violation("UPTON-280", at("2026-09-10"), at("2026-09-10", 17), vid="V1")
    through = D(2026, 9, 30)
    before = assess_noncriminal("UPTON-280", offense_days(later, through).days)
    after = assess_noncriminal("UPTON-280", [*offense_days(earlier, through), *offense_days(later, through)])
    issued = [r.key for r in before.rows]
    assert [(c.key[2], c.kind, c.old_cents, c.new_cents) for c in diff_assessments(before, after,
                                                                                   issued=issued)] == [
        ("2026-09-20", ChangeKind.CHANGED, 5000, 10000), ("2026-09-21", ChangeKind.CHANGED, 10000, 30000)]
    everything = diff_assessments(before, after)
    assert [(c.key[0], c.kind, c.new_cents) for c in everything if c.kind is ChangeKind.ADDED] == [
        ("V1", ChangeKind.ADDED, 5000)]
    assert diff_assessments(after, after) == ()


def test_same_inputs_give_the_same_assessment_under_a_stated_version():
    offenses = _offenses(NONCRIMINAL_CASES[0], DEFAULT)
    first, second = assess_noncriminal("CARVER-247", offenses), assess_noncriminal("CARVER-247",
                                                                                   offenses[::-1])
    assert first == second
    assert first.config_version == DEFAULT.version and len(first.rulepack_version) == 16
    other = assess_noncriminal("CARVER-247", offenses, cfg=_cfg({"carver247.noncriminal_3rd_amount": 30000}))
    assert other.config_version != first.config_version


def test_an_assessment_refuses_offense_days_of_another_chapter():
    offenses = _offenses(NONCRIMINAL_CASES[0], DEFAULT)
    with pytest.raises(ValueError, match="CARVER-247"):
        assess_criminal("UPTON-280", offenses)


def test_naive_start_is_refused():
    with pytest.raises(ValueError, match="naive"):
        Violation("V", "CARVER-247", "O", ("P",), dt.datetime(2026, 3, 2, 9))  # noqa: DTZ001


# --- Properties --------------------------------------------------------------------------------------------
CHAPTERS = ("CARVER-281", "CARVER-247", "CARVER-136", "UPTON-280", "GARDNER-650")
starts = st.datetimes(min_value=dt.datetime(2026, 1, 1), max_value=dt.datetime(2027, 12, 31),  # noqa: DTZ001
                      timezones=st.just(TZ))
violations = st.builds(
    lambda chapter, start, hours, n_prov, cured: Violation(
        "V", chapter, "O", tuple(f"P{i}" for i in range(n_prov)), start,
        start + dt.timedelta(hours=hours) if cured else None),
    st.sampled_from(CHAPTERS), starts, st.integers(0, 24 * 40), st.integers(1, 3), st.booleans())
configs = st.sampled_from([DEFAULT, _cfg({"gardner650.daily_offense": True}),
                           _cfg({"gardner650.noncriminal_schedule": (30000,),
                                 "carver136.noncriminal_subsequent": 5000,
                                 "carver281.noncriminal_schedule": (5000, 10000)}),
                           _cfg({"escalation_lookback_days": 3, "escalation_scope": "offender+provision"})])


@settings(max_examples=200, deadline=None)
@given(violations, st.integers(0, 60), configs)
def test_assessment_total_is_the_sum_of_its_rows(v: Violation, days: int, cfg):
    offenses = offense_days(v, v.first_day + dt.timedelta(days=days), cfg=cfg).days
    for result in (assess_noncriminal(v.chapter, offenses, cfg=cfg), assess_criminal(v.chapter, offenses,
                                                                                     cfg=cfg)):
        assert result.total_cents == sum(r.amount_cents or 0 for r in result.rows)
        assert len(result.rows) == len(offenses)
        assert all(r.explanation.rule_id.startswith(v.chapter) for r in result.rows)


@settings(max_examples=200, deadline=None)
@given(violations, st.integers(0, 60), configs)
def test_offense_days_up_to_day_n_never_change_when_day_n_plus_1_is_added(v: Violation, n: int, cfg):
    through = v.first_day + dt.timedelta(days=n)
    now = offense_days(v, through, cfg=cfg).days
    tomorrow = offense_days(v, through + dt.timedelta(days=1), cfg=cfg).days
    assert now == tuple(d for d in tomorrow if d.local_date <= through)
    before_now = assess_noncriminal(v.chapter, now, cfg=cfg)
    after = assess_noncriminal(v.chapter, tomorrow, cfg=cfg)
    assert diff_assessments(before_now, after, issued=[r.key for r in before_now.rows]) == ()


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["CARVER-247", "UPTON-280"]), st.integers(1, 60))
def test_escalation_is_monotone_for_the_literal_schedules(chapter: str, k: int):
    assert noncriminal_penalty(chapter, k).amount_cents <= noncriminal_penalty(chapter, k + 1).amount_cents


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 2)), min_size=1, max_size=25))
def test_sequence_numbers_follow_date_then_line_order(units):
    v_days = [offense_days(Violation(f"V{i:02d}", "UPTON-280", "O", ("P0", "P1", "P2")[: p + 1],
                                     at("2026-01-01") + dt.timedelta(days=d), at("2026-01-01",
                                                                                 17) + dt.timedelta(days=d)),
                           D(2026, 12, 31)).days for i, (d, p) in enumerate(units)]
    flat = [u for days in v_days for u in days]
    seq = escalation_sequences("UPTON-280", flat)
    ordered = sorted(flat, key=lambda u: u.order)
    assert [seq[u.key] for u in ordered] == list(range(1, len(ordered) + 1))


def test_criminal_maximum_and_noncriminal_penalty_name_their_rules():
    assert criminal_maximum("UPTON-280").rule_id == "UPTON-280-CRIM-MAX-300"
    assert noncriminal_penalty("CARVER-247", 7).rule_id == "CARVER-247-NONCRIM-3RDPLUS"
    with pytest.raises(ValueError):
        noncriminal_penalty("CARVER-247", 0)
