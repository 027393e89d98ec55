"""Who must receive a notice or a copy, when the text names the recipients but states no time.

- `is_abutter`: "abutters to abutters within X feet of the property line of the applicant" plus owners
  directly opposite on a street or way: CARVER-281-ABUTTER-DEF-100FT (100 ft), UPTON-280-ABUTTER-300FT
  (300 ft) and CARVER-136-DEF-ABUTTERS-300FT (300 ft, of the site). CONV-DIST: rounded to 0.1 ft, inclusive
  (AMB-05).
- `upton_owner_copies`: when a person requesting a determination is not the owner, the Commission sends the
  owner the request, the notice of the hearing and the determination (UPTON-280-OWNER-COPY, ~§ 280-5A).
- `carver247_application_copies`: one copy each of the application form and the abutter list filed with the
  Town Clerk (CARVER-247-APP-TOWN-CLERK); the Board notifies the Clerk of receipt (-CLERK-NOTIFIED) and gives
  one copy of the package to five boards (-BOARD-DISTRIBUTION), ~§ 247-6A(5), 6C.
None of these copies has a time in the text: `due` is None, never an invented date.
"""
from __future__ import annotations

from dataclasses import dataclass

from inspections.deadlines.upton_280 import FilingKind
from inspections.explain import Explanation
from inspections.rulepack import param
from inspections.thresholds import is_abutter

__all__ = ["Copy", "carver247_application_copies", "is_abutter", "upton_owner_copies"]
NO_TIME = "the text states no time for this copy"


@dataclass(frozen=True)
class Copy:
    """One document that `sender` must give `recipient`; `due` None: the text states no time."""

    rule_id: str
    sender: str
    recipient: str
    document: str
    explanation: Explanation
    due: str | None = None


def _copy(rule_id: str, sender: str, recipient: str, document: str) -> Copy:
    arithmetic = f"{sender} gives the {recipient} one copy of the {document}; {NO_TIME}"
    return Copy(rule_id, sender, recipient, document, Explanation.of(rule_id, arithmetic))


def upton_owner_copies(kind: FilingKind | str, *, requester_is_owner: bool) -> tuple[Copy, ...]:
    """UPTON-280-OWNER-COPY: for a request for determination by a non-owner, the Commission's 3 mailings."""
    rid = "UPTON-280-OWNER-COPY"
    if FilingKind(kind) is not FilingKind.RFD or requester_is_owner:
        return ()
    sender = param(rid, "sender")
    return tuple(_copy(rid, sender, "owner", document) for document in param(rid, "documents"))


def carver247_application_copies() -> tuple[Copy, ...]:
    """~§ 247-6A(5), 6C: the applicant's filings with the Town Clerk, the Board's notice, package copies."""
    clerk, notified, boards = ("CARVER-247-APP-TOWN-CLERK", "CARVER-247-CLERK-NOTIFIED",
                               "CARVER-247-BOARD-DISTRIBUTION")
    filed = [_copy(clerk, "applicant", to, doc)
             for doc in param(clerk, "documents") for to in param(clerk, "recipients")]
    notice = [_copy(notified, "Planning Board", to, "notice of receipt of the application")
              for to in param(notified, "recipients")]
    package = [_copy(boards, "Planning Board", to, param(boards, "document"))
               for to in param(boards, "recipients")]
    return (*filed, *notice, *package)
