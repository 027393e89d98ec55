"""Performance security: when a bond or deposit may be released, and when a covenant may secure a permit.

- CARVER-281-SECURITY-BOND: released upon issuance of a certificate of compliance (whole).
- UPTON-280-SECURITY-BOND, GARDNER-650-SECURITY-SURETY: released in whole or in part upon a certificate of
  compliance.
- CARVER-247-SURETY-RELEASE: partial release as each phase is completed in compliance; full release only
  after the final report (~§ 247-10) AND the certificate of completion (~§ 247-12).
- CARVER-136-BOND: held until all work is completed AND the permit conditions are met.
- Covenant security: Upton only with the applicant's consent (UPTON-280-SECURITY-CR-CONSENT); Gardner and
  Carver 281 need no consent (GARDNER-650-SECURITY-RESTRICTION, CARVER-281-SECURITY-COVENANT).
"""

from __future__ import annotations

from dataclasses import dataclass

from inspections.explain import Explanation
from inspections.offenses import check_chapter

COC_RULE = {
    "CARVER-281": "CARVER-281-SECURITY-BOND",
    "UPTON-280": "UPTON-280-SECURITY-BOND",
    "GARDNER-650": "GARDNER-650-SECURITY-SURETY",
}
COVENANT_RULE = {
    "CARVER-281": "CARVER-281-SECURITY-COVENANT",
    "UPTON-280": "UPTON-280-SECURITY-CR-CONSENT",
    "GARDNER-650": "GARDNER-650-SECURITY-RESTRICTION",
}


@dataclass(frozen=True)
class Release:
    full: bool
    partial: bool
    rule_id: str
    reason: str
    explanation: Explanation


def _release(full: bool, partial: bool, rule_id: str, reason: str) -> Release:
    return Release(full, partial, rule_id, reason, Explanation.of(rule_id, reason))


def bond_release(
    chapter: str,
    *,
    coc_issued: bool = False,
    phase_completed: bool = False,
    final_report_received: bool = False,
    completion_certified: bool = False,
    work_complete: bool = False,
    conditions_met: bool = False,
) -> Release:
    """May the security be released now, in full or in part, on these facts?"""
    check_chapter(chapter)
    if chapter == "CARVER-247":
        full = final_report_received and completion_certified
        why = "full release needs the final report and the certificate of completion; partial per phase"
        return _release(full, phase_completed or full, "CARVER-247-SURETY-RELEASE", why)
    if chapter == "CARVER-136":
        full = work_complete and conditions_met
        return _release(
            full, False, "CARVER-136-BOND", "held until all work is completed and conditions are met"
        )
    rule_id = COC_RULE[chapter]
    partial_allowed = chapter != "CARVER-281"
    why = "released upon issuance of a certificate of compliance" + (
        " (in whole or in part)" if partial_allowed else ""
    )
    return _release(coc_issued, coc_issued and partial_allowed, rule_id, why)


@dataclass(frozen=True)
class CovenantCheck:
    allowed: bool
    rule_id: str
    reason: str
    explanation: Explanation


def covenant_security_allowed(chapter: str, *, applicant_consents: bool) -> CovenantCheck:
    """May a recorded restriction or covenant secure the permit conditions?"""
    rule_id = COVENANT_RULE.get(check_chapter(chapter))
    if rule_id is None:
        raise ValueError(f"{chapter} provides no covenant security")
    needs_consent = chapter == "UPTON-280"
    ok = applicant_consents or not needs_consent
    why = (
        "only with the applicant's consent" if needs_consent else "no consent required"
    ) + f": {'allowed' if ok else 'refused'}"
    return CovenantCheck(ok, rule_id, why, Explanation.of(rule_id, why))
