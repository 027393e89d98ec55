"""Run the deployment's checks, then each town's."""
from __future__ import annotations

from collections.abc import Sequence

from backend.config import Settings
from backend.models import Town
from backend.readiness import Check, deployment
from backend.readiness import towns as town_checks


def run_checks(settings: Settings, towns: Sequence[Town], *, job_errors: bool = True) -> list[Check]:
    """The deployment's checks, then each town's; `job_errors=False` for a town admin (a job's error text
    may name another town's records)."""
    out = deployment.checks(settings, job_errors)
    for town in towns:
        out += town_checks.checks(town, settings)
    return out
