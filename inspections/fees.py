"""Filing and administrative fees, and government-agency waivers ("may" versus "shall").

- CARVER-281-RDA-FEE-125: an RDA pays a $125 administrative fee to the Town of Carver, plus the newspaper's
  publication cost (CARVER-281-RDA-PUBLICATION: set by the newspaper, so no amount here).
- CARVER-281-NOI-FEE: an NOI pays the state filing fee (an external, versioned table, configured as
  `carver281.state_fee_table` in cents: AMB-03) plus a $125 administrative fee.
- UPTON-280-FILING-FEE, GARDNER-650-FILING-FEE, CARVER-247-APP-FEES, CARVER-136-REGS-CONTENT: the amount is
  set by the board's regulations, not the text: None with that reason. UPTON-280-REVISED-PLANS: revised
  plans after an unfavourable decision pay no additional bylaw filing fee.
- Government applicants: Carver 281 and Gardner MAY waive (the Commission decides); Upton SHALL waive
  (the fee is $0). Which filings and which costs a waiver covers are pack params of the waiver rule
  (e.g. Gardner's waiver does not list certificate-of-compliance requests).

Consultant-fee maxima live in `inspections.consultant_fees` and are re-exported here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from inspections.config import DEFAULT, BylawConfig
from inspections.consultant_fees import (
    FeeCap,
    Refund,
    consultant_fee_cap,
    consultant_fee_may_be_required,
    consultant_fee_refund,
    payable_consultant_fee_cap,
)
from inspections.explain import Explanation
from inspections.offenses import check_chapter
from inspections.penalties import dollars
from inspections.rulepack import param

__all__ = [
    "FeeCap",
    "FeePart",
    "Filing",
    "FilingFee",
    "Refund",
    "Waiver",
    "WaiverKind",
    "consultant_fee_cap",
    "consultant_fee_may_be_required",
    "consultant_fee_refund",
    "filing_fee",
    "government_waiver",
    "payable_consultant_fee_cap",
]


class Filing(StrEnum):
    RDA = "RDA"
    NOI = "NOI"
    ANOI = "ANOI"
    ANRAD = "ANRAD"
    RFD = "RFD"
    PERMIT_APPLICATION = "PERMIT_APPLICATION"
    COC_REQUEST = "COC_REQUEST"
    REVISED_PLANS = "REVISED_PLANS"


class WaiverKind(StrEnum):
    SHALL = "shall"  # the fee is waived for a government agency
    MAY = "may"  # the Commission decides
    NONE = "none"  # the chapter provides no waiver


FILINGS = {
    "CARVER-281": {Filing.RDA, Filing.NOI},
    "CARVER-247": {Filing.PERMIT_APPLICATION},
    "CARVER-136": {Filing.PERMIT_APPLICATION},
    "UPTON-280": {
        Filing.NOI,
        Filing.ANOI,
        Filing.ANRAD,
        Filing.RFD,
        Filing.PERMIT_APPLICATION,
        Filing.REVISED_PLANS,
    },
    "GARDNER-650": {Filing.RDA, Filing.NOI, Filing.PERMIT_APPLICATION, Filing.COC_REQUEST},
}
WAIVER_RULE = {
    "CARVER-281": "CARVER-281-FEE-WAIVER-GOV",
    "UPTON-280": "UPTON-280-FEE-WAIVER-GOV",
    "GARDNER-650": "GARDNER-650-FEE-WAIVER-GOV",
}
BY_REGULATION = {
    "CARVER-247": "CARVER-247-APP-FEES",
    "CARVER-136": "CARVER-136-REGS-CONTENT",
    "UPTON-280": "UPTON-280-FILING-FEE",
    "GARDNER-650": "GARDNER-650-FILING-FEE",
}


@dataclass(frozen=True)
class FeePart:
    label: str
    rule_id: str
    amount_cents: int | None
    payee: str | None = None
    none_reason: str | None = None
    waivable: bool = True

    @property
    def explanation(self) -> Explanation:
        shown = (
            dollars(self.amount_cents) if self.amount_cents is not None else f"no amount: {self.none_reason}"
        )
        return Explanation.of(self.rule_id, f"{self.label}: {shown}")


@dataclass(frozen=True)
class Waiver:
    kind: WaiverKind
    rule_id: str
    applies: bool
    reason: str
    explanation: Explanation


@dataclass(frozen=True)
class FilingFee:
    chapter: str
    filing: Filing
    parts: tuple[FeePart, ...]
    waiver: Waiver | None = None

    @property
    def total_cents(self) -> int:
        """Sum of the parts with an amount; see `unpriced` for the others."""
        return sum(p.amount_cents for p in self.parts if p.amount_cents is not None)

    @property
    def unpriced(self) -> tuple[str, ...]:
        return tuple(p.label for p in self.parts if p.amount_cents is None)

    @property
    def explanations(self) -> tuple[Explanation, ...]:
        notes = tuple(p.explanation for p in self.parts)
        return notes + ((self.waiver.explanation,) if self.waiver else ())


def government_waiver(chapter: str, filing: Filing | str) -> Waiver:
    """Whether a government agency's fee for `filing` is waived: shall, may, or no provision."""
    chapter, filing = check_chapter(chapter), Filing(filing)
    rule_id = WAIVER_RULE.get(chapter)
    if rule_id is None:
        rule_id = BY_REGULATION[chapter]
        why = "the chapter has no government-agency fee waiver"
        return Waiver(WaiverKind.NONE, rule_id, False, why, Explanation.of(rule_id, why))
    kind = WaiverKind(param(rule_id, "waiver"))
    covered = filing.value in param(rule_id, "filings")
    why = (
        f"{kind} waive {', '.join(param(rule_id, 'covers'))} for a government agency's {filing}"
        if covered
        else f"the waiver does not list {filing} filings"
    )
    return Waiver(kind if covered else WaiverKind.NONE, rule_id, covered, why, Explanation.of(rule_id, why))


def _parts(chapter: str, filing: Filing, state_fee_key: str | None, cfg: BylawConfig) -> tuple[FeePart, ...]:
    if chapter == "CARVER-281" and filing is Filing.RDA:
        rule_id = "CARVER-281-RDA-FEE-125"
        return (
            FeePart(
                "administrative fee", rule_id, param(rule_id, "admin_fee_cents"), param(rule_id, "payee")
            ),
            FeePart(
                "publication cost",
                "CARVER-281-RDA-PUBLICATION",
                None,
                "the designated newspaper",
                "set by the newspaper",
                waivable=False,
            ),
        )
    if chapter == "CARVER-281":
        return (
            _state_fee(state_fee_key, cfg),
            FeePart(
                "administrative fee", "CARVER-281-NOI-FEE", param("CARVER-281-NOI-FEE", "admin_fee_cents")
            ),
        )
    if filing is Filing.REVISED_PLANS:
        rule_id = "UPTON-280-REVISED-PLANS"
        return (FeePart("additional bylaw filing fee", rule_id, param(rule_id, "fee_cents")),)
    rule_id = BY_REGULATION[chapter]
    return (FeePart("filing fee", rule_id, None, None, "set by the board's regulations, not by the text"),)


def _state_fee(key: str | None, cfg: BylawConfig) -> FeePart:
    table = cfg["carver281.state_fee_table"]
    if not table or key is None or key not in table:
        why = "state filing fee: carver281.state_fee_table has no entry for this project (AMB-03)"
        return FeePart("state filing fee", "CARVER-281-NOI-FEE", None, None, why)
    return FeePart(f"state filing fee ({key})", "CARVER-281-NOI-FEE", int(table[key]))


def filing_fee(
    chapter: str,
    filing: Filing | str,
    *,
    government_applicant: bool = False,
    commission_waives: bool = False,
    state_fee_key: str | None = None,
    cfg: BylawConfig = DEFAULT,
) -> FilingFee:
    """The fee due at filing, by part; a government applicant's fee under a "shall" waiver is $0."""
    chapter, filing = check_chapter(chapter), Filing(filing)
    if filing not in FILINGS[chapter]:
        raise ValueError(f"{chapter} has no {filing} filing")
    parts = _parts(chapter, filing, state_fee_key, cfg)
    if not government_applicant:
        return FilingFee(chapter, filing, parts)
    waiver = government_waiver(chapter, filing)
    waived = waiver.kind is WaiverKind.SHALL or (waiver.kind is WaiverKind.MAY and commission_waives)
    if waived:
        parts = tuple(
            replace(p, rule_id=waiver.rule_id, amount_cents=0, none_reason=None) if p.waivable else p
            for p in parts
        )
    return FilingFee(chapter, filing, parts, waiver)
