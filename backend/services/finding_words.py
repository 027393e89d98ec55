"""What was found, in the party's words: a violation's checklist finding ("Earth was removed within 50 ft of
the property line") in English, Spanish or Portuguese, for the texts, the notice page, Slack and the PDF.

A violation opened from a checklist item has a finding (its origin names the item); one opened by hand, or
from a town's own template, has only its description, which is then the answer.

    finding_of(session, violation, "es")  -> "Se retiró tierra a menos de 50 pies del límite de la propiedad."
    findings_of(session, violation)       -> {"en": ..., "es": ..., "pt": ...}  (a payload's `finding` key)
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, scoped_session

from backend.models import Violation
from backend.models.evidence import ViolationOrigin
from inspections.catalogues import LANGUAGES
from inspections.checklists.findings import finding_of_origin

Reader = Session | scoped_session[Any]


def checklist_finding(session: Reader, v: Violation, lang: str | None) -> str | None:
    """The checklist item's finding in `lang`, or None when the violation has no shipped item behind it."""
    origin = session.scalar(
        select(ViolationOrigin).where(
            ViolationOrigin.violation_id == v.id, ViolationOrigin.town_id == v.town_id
        )
    )
    return None if origin is None else finding_of_origin(origin.checklist_key, origin.item_id, lang)


def finding_of(session: Reader, v: Violation, lang: str | None) -> str:
    """The finding in `lang`, else the violation's own description."""
    return checklist_finding(session, v, lang) or v.description


def findings_of(session: Reader, v: Violation) -> dict[str, str]:
    """The finding in every language, for a notification payload to carry (`payload["finding"]`)."""
    return {lang: finding_of(session, v, lang) for lang in LANGUAGES}
