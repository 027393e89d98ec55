"""Operations on money the filings bring: filing fees and waivers, consultant-fee maxima and their table,
refunds, performance security."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from inspections import consultant_fees, fees, security
from inspections.api.out import DecisionOut, ExplanationOut
from inspections.api.registry import Cents, Chapter, Day, In, InputError, Out, operation
from inspections.config import BylawConfig

FEES = "fees and security"
TABLE_CHAPTERS = Literal["CARVER-281", "GARDNER-650"]


class FilingFeeIn(In):
    chapter: Chapter
    filing: fees.Filing
    government_applicant: bool = False
    commission_waives: bool = Field(False, description="where the waiver is 'may': the Commission waived it")
    state_fee_key: str | None = Field(
        None,
        max_length=80,
        description="Carver NOI: the row of the town's "
        "configured state fee table (carver281.state_fee_table)",
    )


class FeePartOut(Out):
    label: str
    rule_id: str
    amount_cents: int | None
    payee: str | None
    none_reason: str | None
    explanation: ExplanationOut


class WaiverOut(Out):
    kind: str
    rule_id: str
    applies: bool
    reason: str


class FilingFeeOut(Out):
    chapter: str
    filing: str
    parts: list[FeePartOut]
    total_cents: int = Field(description="the parts with an amount (see `unpriced` for the others)")
    unpriced: list[str]
    waiver: WaiverOut | None


@operation("filing-fee", FEES, FilingFeeIn, FilingFeeOut)
def filing_fee(facts: FilingFeeIn, cfg: BylawConfig) -> Any:
    """The fee due at filing, part by part, payee included; a government applicant's waiver (may / shall)."""
    if facts.commission_waives and not facts.government_applicant:
        raise InputError.of("commission_waives", "a waiver is for a government agency's filing only")
    return fees.filing_fee(
        facts.chapter,
        facts.filing,
        government_applicant=facts.government_applicant,
        commission_waives=facts.commission_waives,
        state_fee_key=facts.state_fee_key,
        cfg=cfg,
    )


class CapIn(In):
    chapter: TABLE_CHAPTERS
    project_cost_cents: Cents
    resource_area_cost_cents: Cents | None = Field(None, description="the share in resource areas (pro rata)")


class CapOut(Out):
    chapter: str
    rule_id: str
    max_fee_cents: int
    explanation: ExplanationOut
    flags: list[str]


class CapsOut(Out):
    cap: CapOut
    payable: CapOut | None


@operation("consultant-fee-cap", FEES, CapIn, CapsOut)
def cap(facts: CapIn, cfg: BylawConfig) -> Any:
    """The maximum consultant fee for a project cost, and the pro rata share payable (AMB-07, AMB-45)."""
    whole = consultant_fees.consultant_fee_cap(facts.chapter, facts.project_cost_cents, cfg=cfg)
    payable = None
    if facts.resource_area_cost_cents is not None:
        if facts.resource_area_cost_cents > facts.project_cost_cents or facts.project_cost_cents == 0:
            raise InputError.of(
                "resource_area_cost_cents", "must be at most the project cost, which must be more than 0"
            )
        payable = consultant_fees.payable_consultant_fee_cap(
            facts.chapter, facts.project_cost_cents, facts.resource_area_cost_cents, cfg=cfg
        )
    return {"cap": whole, "payable": payable}


class FeeRowsIn(In):
    chapter: TABLE_CHAPTERS


class FeeRowOut(Out):
    rule_id: str
    printed: str
    from_cents: int
    to_cents: int | None
    max_fee_cents: int
    reachable: bool
    applies_from_cents: int | None
    explanation: ExplanationOut
    flags: list[str]


class FeeRowsOut(Out):
    rows: list[FeeRowOut]


@operation("fee-table-rows", FEES, FeeRowsIn, FeeRowsOut)
def rows(facts: FeeRowsIn, cfg: BylawConfig) -> Any:
    """Can each printed row of the consultant-fee table ever apply, and from which cost? (AMB-45)"""
    return {"rows": consultant_fees.fee_rows(facts.chapter, cfg=cfg)}


class ConsultantTimingIn(In):
    chapter: TABLE_CHAPTERS
    at: Day = Field(description="when the fee would be required")
    finding_recorded: bool
    final_decision_on: Day | None = None


@operation("consultant-fee-timing", FEES, ConsultantTimingIn, DecisionOut)
def timing(facts: ConsultantTimingIn, cfg: BylawConfig) -> Any:
    """May the consultant fee be required now (a finding of need, before the final decision)?"""
    return consultant_fees.consultant_fee_may_be_required(
        facts.chapter,
        at=facts.at,
        finding_recorded=facts.finding_recorded,
        final_decision_at=facts.final_decision_on,
    )


class RefundIn(In):
    paid_cents: Cents
    spent_cents: Cents
    more_services_voted: bool = False


class RefundOut(Out):
    amount_cents: int
    explanation: ExplanationOut


@operation("consultant-fee-refund", FEES, RefundIn, RefundOut)
def refund(facts: RefundIn, cfg: BylawConfig) -> Any:
    """Carver 281: the unused consultant fee returned, unless more services were voted (~§ 281-2D(2))."""
    return consultant_fees.consultant_fee_refund(
        facts.paid_cents, facts.spent_cents, more_services_voted=facts.more_services_voted
    )


class BondIn(In):
    chapter: Chapter
    coc_issued: bool = False
    phase_completed: bool = False
    final_report_received: bool = False
    completion_certified: bool = False
    work_complete: bool = False
    conditions_met: bool = False


class ReleaseOut(Out):
    full: bool
    partial: bool
    rule_id: str
    reason: str
    explanation: ExplanationOut


@operation("bond-release", FEES, BondIn, ReleaseOut)
def bond(facts: BondIn, cfg: BylawConfig) -> Any:
    """May the bond or deposit be released now, in full or in part?"""
    return security.bond_release(facts.chapter, **facts.model_dump(exclude={"chapter", "settings"}))


class CovenantIn(In):
    chapter: Literal["CARVER-281", "UPTON-280", "GARDNER-650"]
    applicant_consents: bool


class CovenantOut(Out):
    allowed: bool
    rule_id: str
    reason: str
    explanation: ExplanationOut


@operation("covenant-security", FEES, CovenantIn, CovenantOut)
def covenant(facts: CovenantIn, cfg: BylawConfig) -> Any:
    """May a recorded restriction or covenant secure the permit (Upton: only with the applicant's consent)?"""
    return security.covenant_security_allowed(facts.chapter, applicant_consents=facts.applicant_consents)
