"""Evaluation on submit: failed items open violations and start or stop clocks (enforcement issue).

The foundation records the submission only; the checklist consequences come from
`inspections.checklists.evaluate` once the enforcement workflow lands.
"""
from __future__ import annotations

from backend.models import Inspection
from backend.security import Principal


def on_submit(who: Principal, inspection: Inspection) -> None:
    return None
