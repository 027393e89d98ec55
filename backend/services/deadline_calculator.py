"""The deadline calculator: an event in, the bylaw engine's deadlines out (rule id, citation, one line why,
and the intermediate facts a clerk checks).

It is the facade's `deadlines` operation (`inspections.api`), so it answers every event function the engine
has, for every chapter that has it (`supported()`); /api/v1/law/deadlines is the same answer. A fact the event
needs and the request lacks is a 422 naming it: nothing is assumed (the ERC's cease-and-desist review needs
the operator's notice and, under the Open Meeting Law, the posting time).
"""

from __future__ import annotations

from typing import Any

from backend.services.law import answer
from inspections import api
from inspections.api.events import EventFacts


def supported() -> list[str]:
    return api.supported()


def calculate(data: EventFacts) -> dict[str, Any]:
    return answer(api.OPERATIONS["deadlines"], data)
