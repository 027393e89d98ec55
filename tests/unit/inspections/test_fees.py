"""Fees: consultant-fee maxima (Carver ~§ 281-2D, Gardner ~§ 650-6D; EXAMPLES S09; AMB-07, AMB-10, AMB-45),
filing and administrative fees, government waivers (may vs shall), and performance security."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

import pytest

from inspections.calendar import TZ
from inspections.config import DEFAULT
from inspections.fees import (
    Filing,
    WaiverKind,
    consultant_fee_cap,
    consultant_fee_may_be_required,
    consultant_fee_refund,
    filing_fee,
    government_waiver,
    payable_consultant_fee_cap,
)
from inspections.security import bond_release, covenant_security_allowed


def _cfg(overrides: dict[str, Any]):
    return DEFAULT.with_overrides(**{k.replace(".", "__"): v for k, v in overrides.items()})


def cents(dollars: str) -> int:
    whole, _, frac = dollars.replace("$", "").replace(",", "").partition(".")
    return int(whole) * 100 + int((frac or "0").ljust(2, "0"))


@dataclass(frozen=True)
class Cap:
    rule_id: str
    name: str
    chapter: str
    cost: str
    expected: str
    overrides: dict[str, Any] = field(default_factory=dict)


def s09(rule_id: str, cost: str, expected: str, **overrides: Any) -> Cap:
    alt = " alt floor" if overrides else ""
    return Cap(rule_id, f"S09{alt} {cost} -> {expected}", "CARVER-281", cost, expected,
               {k.replace("__", "."): v for k, v in overrides.items()})


def gardner(rule_id: str, cost: str, expected: str, mode: str = "LITERAL", **more: Any) -> Cap:
    extra = {"gardner650.fee_mode": mode, **{k.replace("__", "."): v for k, v in more.items()}}
    tag = mode + (" floor" if more else "")
    return Cap(rule_id, f"Gardner {tag} {cost} -> {expected}", "GARDNER-650", cost, expected, extra)


FLOOR = {"increment_rounding": "floor"}
CAP_CASES = [
    # EXAMPLES S09: Carver 281 bands (CONV-MONEY) and $2,500 per $500,000 over $2,000,000 (CONV-INCR).
    s09("CARVER-281-CONSULT-CAP-R1", "$0", "$500"),
    s09("CARVER-281-CONSULT-CAP-R1", "$100,000", "$500"),
    s09("CARVER-281-CONSULT-CAP-R2", "$100,000.50", "$2,500"),
    s09("CARVER-281-CONSULT-CAP-R2", "$100,001", "$2,500"),
    s09("CARVER-281-CONSULT-CAP-R2", "$500,000", "$2,500"),
    s09("CARVER-281-CONSULT-CAP-R3", "$500,001", "$5,000"),
    s09("CARVER-281-CONSULT-CAP-R3", "$1,000,000", "$5,000"),
    s09("CARVER-281-CONSULT-CAP-R4", "$1,000,001", "$7,500"),
    s09("CARVER-281-CONSULT-CAP-R4", "$1,500,000", "$7,500"),
    s09("CARVER-281-CONSULT-CAP-R5", "$1,500,001", "$10,000"),
    s09("CARVER-281-CONSULT-CAP-R5", "$2,000,000", "$10,000"),
    s09("CARVER-281-CONSULT-CAP-INCR", "$2,000,001", "$12,500"),
    s09("CARVER-281-CONSULT-CAP-INCR", "$2,500,000", "$12,500"),
    s09("CARVER-281-CONSULT-CAP-INCR", "$2,500,001", "$15,000"),
    s09("CARVER-281-CONSULT-CAP-INCR", "$3,200,000", "$17,500"),
    # S09 alt increment_rounding = floor
    s09("CARVER-281-CONSULT-CAP-INCR", "$2,000,001", "$10,000", **FLOOR),
    s09("CARVER-281-CONSULT-CAP-INCR", "$2,500,000", "$12,500", **FLOOR),
    s09("CARVER-281-CONSULT-CAP-INCR", "$3,200,000", "$15,000", **FLOOR),
    # CONV-MONEY with cents: a cost with cents above a whole-dollar bound is in the higher band.
    Cap("CARVER-281-CONSULT-CAP-R3", "Carver cents $500,000.01 -> $5,000", "CARVER-281", "$500,000.01",
        "$5,000"),
    Cap("CARVER-281-CONSULT-CAP-R4", "Carver cents $1,000,000.99 -> $7,500", "CARVER-281", "$1,000,000.99",
        "$7,500"),
    Cap("CARVER-281-CONSULT-CAP-INCR", "Carver cents $2,000,000.01 -> $12,500", "CARVER-281",
        "$2,000,000.01", "$12,500"),
    # Gardner LITERAL (AMB-45 default): R5 never matches;
    # above $1.5M: $5,000 + $1,500 x ceil((cost - $1M) / $500k).
    gardner("GARDNER-650-CONSULT-CAP-R1", "$0", "$500"),
    gardner("GARDNER-650-CONSULT-CAP-R1", "$100,000", "$500"),
    gardner("GARDNER-650-CONSULT-CAP-R2", "$100,000.01", "$1,500"),
    gardner("GARDNER-650-CONSULT-CAP-R2", "$500,000", "$1,500"),
    gardner("GARDNER-650-CONSULT-CAP-R3", "$500,001", "$5,000"),
    gardner("GARDNER-650-CONSULT-CAP-R3", "$1,000,000", "$5,000"),
    gardner("GARDNER-650-CONSULT-CAP-R4", "$1,000,001", "$7,500"),
    gardner("GARDNER-650-CONSULT-CAP-R4", "$1,500,000", "$7,500"),
    gardner("GARDNER-650-CONSULT-CAP-INCR", "$1,500,001", "$8,000"),
    gardner("GARDNER-650-CONSULT-CAP-INCR", "$2,000,000", "$8,000"),
    gardner("GARDNER-650-CONSULT-CAP-INCR", "$2,000,001", "$9,500"),
    gardner("GARDNER-650-CONSULT-CAP-INCR", "$2,500,000", "$9,500"),
    gardner("GARDNER-650-CONSULT-CAP-INCR", "$3,200,000", "$12,500"),
    gardner("GARDNER-650-CONSULT-CAP-INCR", "$1,500,001", "$6,500", "LITERAL", **FLOOR),
    gardner("GARDNER-650-CONSULT-CAP-INCR", "$3,200,000", "$11,000", "LITERAL", **FLOOR),
    # Gardner INTENT: R5 = $1.5M-$2M -> $10,000; above $2M: $10,000 + $1,500 x ceil((cost - $2M) / $500k).
    gardner("GARDNER-650-CONSULT-CAP-R4", "$1,500,000", "$7,500", "INTENT"),
    gardner("GARDNER-650-CONSULT-CAP-R5", "$1,500,001", "$10,000", "INTENT"),
    gardner("GARDNER-650-CONSULT-CAP-R5", "$2,000,000", "$10,000", "INTENT"),
    gardner("GARDNER-650-CONSULT-CAP-INCR", "$2,000,001", "$11,500", "INTENT"),
    gardner("GARDNER-650-CONSULT-CAP-INCR", "$2,500,000", "$11,500", "INTENT"),
    gardner("GARDNER-650-CONSULT-CAP-INCR", "$2,500,001", "$13,000", "INTENT"),
    gardner("GARDNER-650-CONSULT-CAP-INCR", "$3,200,000", "$14,500", "INTENT"),
]


@pytest.mark.parametrize("case", [pytest.param(c, id=c.name) for c in CAP_CASES])
def test_consultant_fee_cap(case: Cap):
    cap = consultant_fee_cap(case.chapter, cents(case.cost), cfg=_cfg(case.overrides))
    assert cap.max_fee_cents == cents(case.expected)
    assert cap.rule_id == case.rule_id == cap.explanation.rule_id
    assert "AMB-08" in cap.flags


def test_gardner_caps_above_1_5m_are_flagged_amb_45_in_both_modes():
    for mode in ("LITERAL", "INTENT"):
        cfg = _cfg({"gardner650.fee_mode": mode})
        assert "AMB-45" in consultant_fee_cap("GARDNER-650", cents("$1,600,000"), cfg=cfg).flags
        assert "AMB-45" not in consultant_fee_cap("GARDNER-650", cents("$1,400,000"), cfg=cfg).flags


def test_amb_10_flags_a_cost_in_a_whole_dollar_gap_and_a_partial_increment():
    assert "AMB-10" in consultant_fee_cap("CARVER-281", cents("$100,000.50")).flags
    assert "AMB-10" not in consultant_fee_cap("CARVER-281", cents("$100,001")).flags
    assert "AMB-10" in consultant_fee_cap("CARVER-281", cents("$3,200,000")).flags
    assert "AMB-10" not in consultant_fee_cap("CARVER-281", cents("$2,500,000")).flags


@dataclass(frozen=True)
class ProRata:
    rule_id: str
    name: str
    chapter: str
    total: str
    resource_area: str
    expected: str
    overrides: dict[str, Any] = field(default_factory=dict)


PORTION = {"consult_prorata_mode": "cap_on_portion"}
PRORATA_CASES = [
    ProRata("CARVER-281-CONSULT-PRORATA", "share: $5,000 x 300k/1M = $1,500", "CARVER-281", "$1,000,000",
            "$300,000", "$1,500"),
    ProRata("CARVER-281-CONSULT-PRORATA", "portion: cap($300,000) = $2,500", "CARVER-281", "$1,000,000",
            "$300,000", "$2,500", PORTION),
    ProRata("CARVER-281-CONSULT-PRORATA", "share: $2,500 x 1/3 = $833.33", "CARVER-281", "$300,000",
            "$100,000",
            "$833.33"),
    ProRata("CARVER-281-CONSULT-PRORATA", "portion: cap($100,000) = $500", "CARVER-281", "$300,000",
            "$100,000",
            "$500", PORTION),
    ProRata("CARVER-281-CONSULT-PRORATA", "share: $500 x $1 / $100,000 = 0.5 cent, half-up to $0.01",
            "CARVER-281",
            "$100,000", "$1", "$0.01"),
    ProRata("CARVER-281-CONSULT-PRORATA", "share: all of the project in resource areas = the whole cap",
            "CARVER-281", "$3,200,000", "$3,200,000", "$17,500"),
    ProRata("CARVER-281-CONSULT-PRORATA", "share: nothing in resource areas = $0", "CARVER-281",
            "$3,200,000", "$0",
            "$0"),
    ProRata("GARDNER-650-CONSULT-PRORATA", "Gardner LITERAL share: $12,500 x 1/2 = $6,250", "GARDNER-650",
            "$3,200,000", "$1,600,000", "$6,250"),
    ProRata("GARDNER-650-CONSULT-PRORATA", "Gardner INTENT share: $14,500 x 1/2 = $7,250", "GARDNER-650",
            "$3,200,000", "$1,600,000", "$7,250", {"gardner650.fee_mode": "INTENT"}),
    ProRata("GARDNER-650-CONSULT-PRORATA", "Gardner LITERAL portion: cap($1.6M) = $8,000", "GARDNER-650",
            "$3,200,000", "$1,600,000", "$8,000", PORTION),
    ProRata("GARDNER-650-CONSULT-PRORATA", "Gardner INTENT portion: cap($1.6M) = $10,000", "GARDNER-650",
            "$3,200,000", "$1,600,000", "$10,000", {**PORTION, "gardner650.fee_mode": "INTENT"}),
]


@pytest.mark.parametrize("case", [pytest.param(c, id=c.name) for c in PRORATA_CASES])
def test_pro_rata_consultant_fee(case: ProRata):
    cap = payable_consultant_fee_cap(case.chapter, cents(case.total), cents(case.resource_area),
                                     cfg=_cfg(case.overrides))
    assert cap.max_fee_cents == cents(case.expected)
    assert cap.rule_id == case.rule_id and "AMB-07" in cap.flags


def test_pro_rata_needs_a_positive_total_and_a_share_within_it():
    with pytest.raises(ValueError):
        payable_consultant_fee_cap("CARVER-281", 0, 0)
    with pytest.raises(ValueError):
        payable_consultant_fee_cap("CARVER-281", cents("$100"), cents("$200"))


def at(day: str, hh: int) -> dt.datetime:
    d = dt.date.fromisoformat(day)
    return dt.datetime(d.year, d.month, d.day, hh, tzinfo=TZ)


@dataclass(frozen=True)
class When:
    rule_id: str
    name: str
    chapter: str
    at: dt.date
    final_decision: dt.date | None
    finding: bool
    allowed: bool
    flags: tuple[str, ...] = ()


WHEN_CASES = [
    When("CARVER-281-CONSULT-WHEN", "during the hearing, no decision yet", "CARVER-281", dt.date(2026, 5, 1),
         None,
         True, True),
    When("CARVER-281-CONSULT-WHEN", "10:00, decision at 14:00 the same day: before", "CARVER-281",
         at("2026-05-01", 10), at("2026-05-01", 14), True, True),
    When("CARVER-281-CONSULT-WHEN", "15:00, decision at 14:00: after the decision", "CARVER-281",
         at("2026-05-01", 15), at("2026-05-01", 14), True, False),
    When("CARVER-281-CONSULT-WHEN", "dates only, same day: passes, flagged (CONV-BEFORE)", "CARVER-281",
         dt.date(2026, 5, 1), dt.date(2026, 5, 1), True, True, ("CONV-BEFORE",)),
    When("CARVER-281-CONSULT-WHEN", "the day after the decision", "CARVER-281", dt.date(2026, 5, 2),
         dt.date(2026, 5, 1), True, False),
    When("CARVER-281-CONSULT-FINDING", "no reasonable finding recorded", "CARVER-281", dt.date(2026, 5, 1),
         None,
         False, False),
    When("GARDNER-650-CONSULT-WHEN", "Gardner during the hearing", "GARDNER-650", dt.date(2026, 5, 1),
         dt.date(2026, 5, 20), True, True),
    When("GARDNER-650-CONSULT-FINDING", "Gardner without a finding", "GARDNER-650", dt.date(2026, 5, 1), None,
         False, False),
]


@pytest.mark.parametrize("case", [pytest.param(c, id=c.name) for c in WHEN_CASES])
def test_when_a_consultant_fee_may_be_required(case: When):
    decision = consultant_fee_may_be_required(case.chapter, at=case.at, finding_recorded=case.finding,
                                              final_decision_at=case.final_decision)
    assert (decision.allowed, decision.rule_id, decision.flags) == (case.allowed, case.rule_id, case.flags)


REFUND_CASES = [
    pytest.param("CARVER-281-CONSULT-REFUND", "$2,500", "$1,750.25", False, "$749.75",
                 id="unused portion returned"),
    pytest.param("CARVER-281-CONSULT-REFUND", "$2,500", "$1,750.25", True, "$0",
                 id="more services voted: kept"),
    pytest.param("CARVER-281-CONSULT-REFUND", "$500", "$0", False, "$500", id="nothing spent: all returned"),
]


@pytest.mark.parametrize("rule_id,paid,spent,voted,expected", REFUND_CASES)
def test_consultant_fee_refund(rule_id, paid, spent, voted, expected):
    refund = consultant_fee_refund(cents(paid), cents(spent), more_services_voted=voted)
    assert refund.amount_cents == cents(expected) and refund.explanation.rule_id == rule_id


@dataclass(frozen=True)
class Fee:
    rule_id: str
    name: str
    chapter: str
    filing: Filing
    total: str
    unpriced: tuple[str, ...] = ()
    government: bool = False
    commission_waives: bool = False
    state_fee_key: str | None = None
    overrides: dict[str, Any] = field(default_factory=dict)
    waiver: WaiverKind | None = None


STATE_TABLE = {"carver281.state_fee_table": {"category-2": 50000}}
FEE_CASES = [
    Fee("CARVER-281-RDA-FEE-125", "RDA: $125 to the Town, publication set by the newspaper", "CARVER-281",
        Filing.RDA,
        "$125", ("publication cost",)),
    Fee("CARVER-281-NOI-FEE", "NOI: state fee not configured (AMB-03) + $125", "CARVER-281", Filing.NOI,
        "$125",
        ("state filing fee",)),
    Fee("CARVER-281-NOI-FEE", "NOI: configured state fee $500 + $125 = $625", "CARVER-281", Filing.NOI,
        "$625",
        state_fee_key="category-2", overrides=STATE_TABLE),
    Fee("CARVER-281-FEE-WAIVER-GOV", "government RDA, Commission does not waive (may): $125", "CARVER-281",
        Filing.RDA,
        "$125", ("publication cost",), government=True, waiver=WaiverKind.MAY),
    Fee("CARVER-281-FEE-WAIVER-GOV", "government NOI, Commission waives (may): $0", "CARVER-281", Filing.NOI,
        "$0",
        government=True, commission_waives=True, state_fee_key="category-2", overrides=STATE_TABLE,
        waiver=WaiverKind.MAY),
    Fee("UPTON-280-FILING-FEE", "Upton NOI: amount set by regulations", "UPTON-280", Filing.NOI, "$0",
        ("filing fee",)),
    Fee("UPTON-280-FEE-WAIVER-GOV", "Upton government NOI: shall waive, $0", "UPTON-280", Filing.NOI, "$0",
        government=True, waiver=WaiverKind.SHALL),
    Fee("UPTON-280-FEE-WAIVER-GOV", "Upton government RFD: shall waive, $0", "UPTON-280", Filing.RFD, "$0",
        government=True, waiver=WaiverKind.SHALL),
    Fee("UPTON-280-REVISED-PLANS", "Upton revised plans after denial: no additional fee", "UPTON-280",
        Filing.REVISED_PLANS, "$0"),
    Fee("GARDNER-650-FILING-FEE", "Gardner COC request: fee set by the rules", "GARDNER-650",
        Filing.COC_REQUEST, "$0",
        ("filing fee",)),
    Fee("GARDNER-650-FEE-WAIVER-GOV", "Gardner government NOI, Commission waives (may): $0", "GARDNER-650",
        Filing.NOI, "$0", government=True, commission_waives=True, waiver=WaiverKind.MAY),
    Fee("GARDNER-650-FILING-FEE", "Gardner government COC request: the waiver does not list it",
        "GARDNER-650", Filing.COC_REQUEST, "$0", ("filing fee",), government=True, commission_waives=True,
        waiver=WaiverKind.NONE),
    Fee("CARVER-247-APP-FEES", "Carver 247 application fees set by the Board", "CARVER-247",
        Filing.PERMIT_APPLICATION, "$0", ("filing fee",)),
    Fee("CARVER-136-REGS-CONTENT", "Carver 136 filing fees set by ERC regulations", "CARVER-136",
        Filing.PERMIT_APPLICATION, "$0", ("filing fee",), government=True, waiver=WaiverKind.NONE),
]


@pytest.mark.parametrize("case", [pytest.param(c, id=c.name) for c in FEE_CASES])
def test_filing_fee(case: Fee):
    fee = filing_fee(case.chapter, case.filing, government_applicant=case.government,
                     commission_waives=case.commission_waives, state_fee_key=case.state_fee_key,
                     cfg=_cfg(case.overrides))
    assert fee.total_cents == cents(case.total)
    assert fee.unpriced == case.unpriced
    assert case.rule_id in {e.rule_id for e in fee.explanations}
    assert (fee.waiver.kind if fee.waiver else None) == case.waiver


def test_the_rda_administrative_fee_is_payable_to_the_town_of_carver():
    part = filing_fee("CARVER-281", Filing.RDA).parts[0]
    assert (part.amount_cents, part.payee) == (12500, "Town of Carver")


@pytest.mark.parametrize("rule_id,chapter,kind", [
    pytest.param("CARVER-281-FEE-WAIVER-GOV", "CARVER-281", WaiverKind.MAY, id="Carver 281 may waive"),
    pytest.param("UPTON-280-FEE-WAIVER-GOV", "UPTON-280", WaiverKind.SHALL, id="Upton shall waive"),
    pytest.param("GARDNER-650-FEE-WAIVER-GOV", "GARDNER-650", WaiverKind.MAY, id="Gardner may waive"),
])
def test_government_waiver_may_versus_shall(rule_id, chapter, kind):
    waiver = government_waiver(chapter, Filing.NOI)
    assert (waiver.kind, waiver.rule_id, waiver.applies) == (kind, rule_id, True)


def test_a_filing_the_chapter_does_not_know_is_refused():
    with pytest.raises(ValueError):
        filing_fee("CARVER-281", Filing.COC_REQUEST)


SECURITY_CASES = [
    pytest.param("CARVER-281-SECURITY-BOND", "CARVER-281", {"coc_issued": False}, (False, False),
                 id="281 before COC"),
    pytest.param("CARVER-281-SECURITY-BOND", "CARVER-281", {"coc_issued": True}, (True, False),
                 id="281 on COC, whole"),
    pytest.param("UPTON-280-SECURITY-BOND", "UPTON-280", {"coc_issued": True}, (True, True),
                 id="Upton on COC, whole or part"),
    pytest.param("GARDNER-650-SECURITY-SURETY", "GARDNER-650", {"coc_issued": False}, (False, False),
                 id="Gardner before COC"),
    pytest.param("GARDNER-650-SECURITY-SURETY", "GARDNER-650", {"coc_issued": True}, (True, True),
                 id="Gardner on COC, whole or part"),
    pytest.param("CARVER-247-SURETY-RELEASE", "CARVER-247", {"phase_completed": True}, (False, True),
                 id="247 phase complete: partial only"),
    pytest.param("CARVER-247-SURETY-RELEASE", "CARVER-247", {"final_report_received": True}, (False, False),
                 id="247 final report without certificate"),
    pytest.param("CARVER-247-SURETY-RELEASE", "CARVER-247", {"final_report_received": True,
                                                             "completion_certified": True},
                 (True, True), id="247 report and certificate: full"),
    pytest.param("CARVER-136-BOND", "CARVER-136", {"work_complete": True}, (False, False),
                 id="136 work done, conditions unmet"),
    pytest.param("CARVER-136-BOND", "CARVER-136", {"work_complete": True, "conditions_met": True}, (True,
                                                                                                    False),
                 id="136 work done and conditions met"),
]


@pytest.mark.parametrize("rule_id,chapter,facts,expected", SECURITY_CASES)
def test_bond_release(rule_id, chapter, facts, expected):
    release = bond_release(chapter, **facts)
    assert ((release.full, release.partial), release.rule_id) == (expected, rule_id)


@pytest.mark.parametrize("rule_id,chapter,consents,allowed", [
    pytest.param("UPTON-280-SECURITY-CR-CONSENT", "UPTON-280", False, False,
                 id="Upton covenant without consent"),
    pytest.param("UPTON-280-SECURITY-CR-CONSENT", "UPTON-280", True, True, id="Upton covenant with consent"),
    pytest.param("GARDNER-650-SECURITY-RESTRICTION", "GARDNER-650", False, True,
                 id="Gardner needs no consent"),
    pytest.param("CARVER-281-SECURITY-COVENANT", "CARVER-281", False, True, id="Carver 281 needs no consent"),
])
def test_covenant_security(rule_id, chapter, consents, allowed):
    check = covenant_security_allowed(chapter, applicant_consents=consents)
    assert (check.allowed, check.rule_id) == (allowed, rule_id)
