"""§ 21D citations: issuer (CARVER-247/136-NONCRIM-ZEO, UPTON-280-AUTH, GARDNER-650-CITATIONS-21D),
the 15-day mailing window and 21-day appearance (EXT-21D-15D), payee (UPTON-280-FINES-PAYEE), and
AMB-09/17/18/29/46."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

import pytest

from inspections.authority import Vote
from inspections.calendar import TZ
from inspections.citations import Delivery, appearance_by, issue_citation, mailing_deadline, payee
from inspections.config import DEFAULT
from inspections.fines import Violation, assess_criminal, assess_noncriminal, offense_days

D = dt.date


def at(day: str, hh: int = 9) -> dt.datetime:
    d = D.fromisoformat(day)
    return dt.datetime(d.year, d.month, d.day, hh, tzinfo=TZ)


def _cfg(overrides: dict[str, Any]):
    return DEFAULT.with_overrides(**{k.replace(".", "__"): v for k, v in overrides.items()})


def rows(chapter: str, first: str, last: str, cfg=DEFAULT):
    v = Violation("V1", chapter, "O1", ("P1",), at(first), at(last, 15))
    return assess_noncriminal(chapter, offense_days(v, D(2027, 12, 31), cfg=cfg).days, cfg=cfg).rows


@dataclass(frozen=True)
class Issue:
    rule_id: str
    name: str
    chapter: str
    role: str
    allowed: bool
    day_index: int = 0
    vote: Vote | None = None
    overrides: dict[str, Any] = field(default_factory=dict)
    amount_cents: int | None = None


ISSUER_CASES = [
    Issue("CARVER-247-NONCRIM-ZEO", "S01 ticket by the Zoning Enforcement Officer", "CARVER-247",
          "enforcing_officer",
          True, amount_cents=10000),
    Issue("CARVER-247-NONCRIM-ZEO", "S01 ticket by the Planning Board agent is rejected", "CARVER-247",
          "agent", False),
    Issue("CARVER-247-NONCRIM-ZEO", "S01 ticket by the Planning Board, even by vote, is rejected",
          "CARVER-247",
          "board_member", False, vote=Vote(5, 0)),
    Issue("CARVER-136-NONCRIM-ZEO", "136 ticket by the ZEO", "CARVER-136", "enforcing_officer", True,
          amount_cents=10000),
    Issue("CARVER-136-NONCRIM-ZEO", "136 ticket by the ERC designee is rejected", "CARVER-136", "designee",
          False),
    Issue("CARVER-136-NONCRIM-1ST", "136 second-day ticket: no amount in the text (AMB-29)", "CARVER-136",
          "enforcing_officer", False, day_index=1),
    Issue("CARVER-136-NONCRIM-1ST", "136 second-day ticket with the subsequent amount configured",
          "CARVER-136",
          "enforcing_officer", True, day_index=1, overrides={"carver136.noncriminal_subsequent": 10000},
          amount_cents=10000),
    Issue("UPTON-280-AUTH", "Upton ticket by the Commission's agent", "UPTON-280", "agent", True, day_index=2,
          amount_cents=30000),
    Issue("UPTON-280-AUTH", "Upton ticket by the Commission by vote", "UPTON-280", "board_member", True,
          vote=Vote(3, 1), amount_cents=5000),
    Issue("UPTON-280-AUTH", "Upton ticket by one member alone is rejected", "UPTON-280", "board_member",
          False),
    Issue("UPTON-280-AUTH", "Upton ticket by the ZEO is rejected", "UPTON-280", "enforcing_officer", False),
    Issue("GARDNER-650-FINE-NOT-STATED", "Gardner ticket without a configured schedule is refused (AMB-46)",
          "GARDNER-650", "agent", False),
    Issue("GARDNER-650-CITATIONS-21D", "Gardner ticket by any member, schedule configured", "GARDNER-650",
          "board_member", True, overrides={"gardner650.noncriminal_schedule": (30000,)}, amount_cents=30000),
    Issue("GARDNER-650-CITATIONS-21D", "Gardner ticket by the ZEO is rejected", "GARDNER-650",
          "enforcing_officer",
          False, overrides={"gardner650.noncriminal_schedule": (30000,)}),
    Issue("CARVER-281-ENF-TOOLS", "281 has no noncriminal disposition (AMB-09)", "CARVER-281", "agent",
          False),
    Issue("CARVER-281-ENF-TOOLS", "281 with a configured schedule: the agent may ticket", "CARVER-281",
          "agent", True,
          overrides={"carver281.noncriminal_schedule": (5000,)}, amount_cents=5000),
]


@pytest.mark.parametrize("case", [pytest.param(c, id=c.name) for c in ISSUER_CASES])
def test_who_may_issue_a_citation_and_for_how_much(case: Issue):
    cfg = _cfg(case.overrides)
    row = rows(case.chapter, "2026-03-02", "2026-03-04", cfg)[case.day_index]
    decision = issue_citation(row, issuer_role=case.role, notice_on=row.offense.local_date,
                              delivery=Delivery.IN_HAND, vote=case.vote, cfg=cfg)
    assert decision.allowed == case.allowed
    if case.allowed:
        assert decision.citation is not None and decision.citation.amount_cents == case.amount_cents
        assert case.rule_id in {e.rule_id for e in decision.explanations}
    else:
        assert decision.citation is None and decision.rule_id == case.rule_id
        assert decision.explanations[0].rule_id == case.rule_id


@dataclass(frozen=True)
class Mailing:
    rule_id: str
    name: str
    chapter: str
    offense_day: str
    expected_last_day: str
    overrides: dict[str, Any] = field(default_factory=dict)


MAILING_CASES = [
    Mailing("CARVER-247-NONCRIM-ZEO", "EXT-21D-15D 03-02 + 15 = 03-17", "CARVER-247", "2026-03-02",
            "2026-03-17"),
    Mailing("UPTON-280-AUTH", "EXT-21D-15D across month end 09-17 + 15 = 10-02", "UPTON-280", "2026-09-17",
            "2026-10-02"),
    Mailing("CARVER-136-NONCRIM-ZEO", "no roll by default: last day Juneteenth Fri 2026-06-19", "CARVER-136",
            "2026-06-04", "2026-06-19"),
    Mailing("CARVER-136-NONCRIM-ZEO", "roll_c4s9: Juneteenth rolls to Mon 2026-06-22", "CARVER-136",
            "2026-06-04",
            "2026-06-22", {"roll_c4s9": True}),
    Mailing("GARDNER-650-CITATIONS-21D", "roll_c4s9: Sunday 2026-03-22 rolls to Mon 03-23", "GARDNER-650",
            "2026-03-07", "2026-03-23", {"roll_c4s9": True}),
    Mailing("UPTON-280-AUTH", "roll_c4s9: a Saturday last day never rolls (2026-06-20)", "UPTON-280",
            "2026-06-05",
            "2026-06-20", {"roll_c4s9": True}),
    Mailing("CARVER-247-NONCRIM-ZEO", "year end: 2026-12-20 + 15 = 2027-01-04", "CARVER-247", "2026-12-20",
            "2027-01-04"),
]


@pytest.mark.parametrize("case", [pytest.param(c, id=c.name) for c in MAILING_CASES])
def test_mailing_window(case: Mailing):
    row = rows(case.chapter, case.offense_day, case.offense_day)[0]
    deadline = mailing_deadline(row.offense, cfg=_cfg(case.overrides))
    assert deadline.rule_id == case.rule_id
    assert deadline.latest_on == D.fromisoformat(case.expected_last_day)
    assert deadline.latest_at is not None and deadline.latest_at.tzinfo is not None
    assert "EXT-21D-15D" in deadline.explanation.arithmetic


@dataclass(frozen=True)
class Timing:
    rule_id: str
    name: str
    delivery: Delivery
    notice_on: str
    allowed: bool
    appear_by: str | None = None


# The S01 first offense-day (Mon 2026-03-02), ticket by the ZEO.
TIMING_CASES = [
    Timing("CARVER-247-NONCRIM-ZEO", "in hand on the day of the violation", Delivery.IN_HAND, "2026-03-02",
           True,
           "2026-03-23"),
    Timing("CARVER-247-NONCRIM-ZEO", "in hand a day later is refused", Delivery.IN_HAND, "2026-03-03", False),
    Timing("CARVER-247-NONCRIM-ZEO", "mailed on the 15th day", Delivery.MAIL, "2026-03-17", True,
           "2026-04-07"),
    Timing("CARVER-247-NONCRIM-ZEO", "mailed on the 16th day is late", Delivery.MAIL, "2026-03-18", False),
    Timing("CARVER-247-NONCRIM-ZEO", "mailed before the violation is refused", Delivery.MAIL, "2026-03-01",
           False),
]


@pytest.mark.parametrize("case", [pytest.param(c, id=c.name) for c in TIMING_CASES])
def test_citation_timing_ext_21d(case: Timing):
    row = rows("CARVER-247", "2026-03-02", "2026-03-06")[0]
    decision = issue_citation(row, issuer_role="enforcing_officer", notice_on=D.fromisoformat(case.notice_on),
                              delivery=case.delivery)
    assert (decision.allowed, decision.rule_id) == (case.allowed, case.rule_id)
    if case.appear_by:
        assert decision.citation is not None
        assert decision.citation.appear_by_on == D.fromisoformat(case.appear_by)


def test_appearance_is_no_later_than_21_days_after_the_notice():
    assert appearance_by("UPTON-280", D(2026, 12, 15)) == D(2027, 1, 5)


def test_s06_every_upton_ticket_is_payable_to_the_town_of_upton():
    tickets = [issue_citation(r, issuer_role="agent", notice_on=r.offense.local_date,
                              delivery="in_hand").citation
               for r in rows("UPTON-280", "2026-09-14", "2026-09-17")]
    assert [t.amount_cents for t in tickets if t] == [5000, 10000, 30000, 30000]
    assert {(t.payee.name, t.payee.rule_id) for t in tickets if t} == {("Town of Upton",
                                                                        "UPTON-280-FINES-PAYEE")}
    assert "not to the Conservation Commission" in tickets[0].payee.reason  # type: ignore[union-attr]


def test_carver_and_gardner_name_no_payee():
    for chapter in ("CARVER-247", "CARVER-136", "GARDNER-650"):
        assert payee(chapter).name is None and payee(chapter).reason


def test_s01_third_ticket_keeps_the_amb_17_flag_and_withhold_mark_and_cites_article_ii():
    third = rows("CARVER-247", "2026-03-02", "2026-03-06")[2]
    ticket = issue_citation(third, issuer_role="enforcing_officer", notice_on=D(2026, 3, 4),
                            delivery="in_hand").citation
    assert ticket is not None and ticket.amount_cents == 300000 and ticket.withhold
    assert {"AMB-17", "AMB-18"} <= set(ticket.flags)
    assert ticket.procedure == "MGL c. 40, § 21D, and Chapter 1, Article II, of the Town of Carver By-laws"


def test_carver_136_cites_article_i_as_written_amb_18():
    first = rows("CARVER-136", "2026-03-02", "2026-03-02")[0]
    ticket = issue_citation(first, issuer_role="enforcing_officer", notice_on=D(2026, 3, 2),
                            delivery="in_hand").citation
    assert ticket is not None and "Chapter 1, Article I," in ticket.procedure and "AMB-18" in ticket.flags


def test_a_criminal_maximum_cannot_be_ticketed():
    v = Violation("V1", "CARVER-247", "O1", ("P1",), at("2026-03-02"), at("2026-03-02", 15))
    row = assess_criminal("CARVER-247", offense_days(v, D(2026, 3, 31)).days).rows[0]
    decision = issue_citation(row, issuer_role="enforcing_officer", notice_on=D(2026, 3, 2),
                              delivery="in_hand")
    assert not decision.allowed and "AMB-08" in decision.explanations[0].flags
