"""Run the deployment's checks, then each town's."""
from __future__ import annotations

from collections.abc import Sequence

from backend.config import Settings
from backend.models import Town
from backend.readiness import Check, deployment
from backend.readiness import towns as town_checks


def run_checks(settings: Settings, towns: Sequence[Town]) -> list[Check]:
    out = deployment.checks(settings)
    for town in towns:
        out += town_checks.checks(town, settings)
    return out
