"""Is a described activity exempt, and what must be filed? `assess(activity, cfg) -> Assessment`.

The answer names the filing (none, notice, RDA/NOI, expedited or full ERC permit, land disturbance permit,
prohibited, undetermined), the deciding rule, the duties that remain (notices, certifications, applications),
threshold findings (50-ft buffer, replication ratio, ...), AMB flags, and an Explanation for every step.
Per-chapter rules live in `inspections.exemption_rules`; the numbers come from the rule packs.
"""

from __future__ import annotations

from collections.abc import Callable

from inspections.activity import (
    Activity,
    ActivityKind,
    Assessment,
    Chapter,
    Disturbance,
    EarthVolumes,
    Filing,
    FollowUp,
    Location,
    LotHistory,
    MinorDetails,
    NonconformingUse,
    Party,
    ProjectType,
    Replication,
    Timing,
    UtilityWork,
)
from inspections.config import DEFAULT, BylawConfig
from inspections.exemption_rules import carver_136, carver_247, carver_281, gardner_650, upton_280

__all__ = [
    "Activity",
    "ActivityKind",
    "Assessment",
    "Chapter",
    "Disturbance",
    "EarthVolumes",
    "Filing",
    "FollowUp",
    "Location",
    "LotHistory",
    "MinorDetails",
    "NonconformingUse",
    "Party",
    "ProjectType",
    "Replication",
    "Timing",
    "UtilityWork",
    "assess",
]

_BY_CHAPTER: dict[Chapter, Callable[[Activity, BylawConfig], Assessment]] = {
    Chapter.CARVER_281: carver_281.assess,
    Chapter.CARVER_247: carver_247.assess,
    Chapter.CARVER_136: carver_136.assess,
    Chapter.UPTON_280: upton_280.assess,
    Chapter.GARDNER_650: gardner_650.assess,
}


def assess(activity: Activity, cfg: BylawConfig = DEFAULT) -> Assessment:
    """Exempt or not under `activity.chapter`, which filing it needs and why (pure; facts in, answer out)."""
    return _BY_CHAPTER[activity.chapter](activity, cfg)
