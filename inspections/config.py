"""Town configuration switches for the bylaw engine (RULES.md §0.1 and §6 config keys).

Defaults are the literal reading of the text, as in EXAMPLES.md's "default configuration". A town may
override a switch within the values the catalogue allows; an unknown key or an out-of-range value is
refused. `version` is a stable digest so an assessment can state which configuration produced it.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class Switch:
    key: str
    default: Any
    kind: type | tuple[type, ...]
    choices: tuple[Any, ...] = ()
    nullable: bool = False
    note: str = ""
    items: type | None = None  # a list's elements, a table's values (ints are never negative)
    low: float | None = None  # numbers: the least value allowed
    high: float | None = None  # numbers: the greatest value allowed


def _s(key: str, default: Any, kind: Any, *choices: Any, nullable: bool = False, note: str = "",
       items: type | None = None, low: float | None = None, high: float | None = None) -> Switch:
    return Switch(key, default, kind, tuple(choices), nullable, note, items, low, high)


SWITCHES: Mapping[str, Switch] = MappingProxyType({s.key: s for s in (
    _s("atleast_clear_days", False, bool, note="CONV-ATLEAST-BEFORE, CONV-BD-BEFORE"),
    _s("had_days_strict", False, bool, note="CONV-HAD-N-DAYS, AMB-54"),
    _s("extra_closed_days", (), tuple, items=dt.date,
       note="CONV-BD: ISO dates the town office is closed besides holidays"),
    _s("roll_c4s9", False, bool, note="CONV-ROLL, AMB-51, EXT-MGL-4-9"),
    _s("saturday_holiday_observed_friday", False, bool, note="§0.3, AMB-51"),
    _s("eom_rule", "last_day", str, "last_day", "next_day", note="CONV-MONTHS, AMB-52"),
    _s("dist_inclusive", True, bool, note="CONV-DIST, AMB-05"),
    _s("increment_rounding", "ceil", str, "ceil", "floor", note="CONV-INCR, AMB-10"),
    _s("escalation_scope", "offender", str, "offender", "offender+provision", "offender+site",
       note="CONV-ESCALATE, AMB-16"),
    _s("escalation_lookback_days", None, int, nullable=True, low=1, note="CONV-ESCALATE"),
    _s("notice_date_basis", "default", str, "default", "mailing", "receipt",
       note="CONV-NOTICE-DATE, AMB-53: which date of a notice its lead time is checked against"),
    _s("same_time_tolerance_days", 0, int, low=0, high=30, note="CONV-SAME-TIME"),
    _s("consult_prorata_mode", "share_of_total_cap", str, "share_of_total_cap", "cap_on_portion",
       note="AMB-07"),
    _s("carver281.state_fee_table", None, dict, nullable=True, items=int,
       note="AMB-03: external DEP fee table, cents"),
    _s("carver281.noi_hearing_days", None, int, nullable=True, low=1, note="AMB-04"),
    _s("carver281.noncriminal_schedule", None, tuple, nullable=True, items=int,
       note="AMB-09: cents per 1st, 2nd, 3rd+"),
    _s("carver247.require_ms4_drainage", True, bool, note="AMB-11"),
    _s("carver247.area_aggregation", "project_life", str, "project_life", "each_part",
       note="AMB-12: project_life sums every phase and lot; each_part tests each on its own"),
    _s("carver247.monthly_report_due_day", None, int, nullable=True, low=1, high=31, note="AMB-15"),
    _s("carver247.storm_threshold_in", None, float, nullable=True, low=0.01, note="AMB-15"),
    _s("carver247.noncriminal_3rd_amount", 300_000, int, low=0,
       note="AMB-17: cents; $3,000 as written, flagged"),
    _s("carver136.erc_designations", None, tuple, nullable=True, items=str,
       note="AMB-20: the appointed seats' designations the text omits; each one unfilled is flagged"),
    _s("carver136.sb_rep_term_years", None, int, nullable=True, low=1, note="AMB-21"),
    _s("carver136.noncriminal_subsequent", None, int, nullable=True, low=0, note="AMB-29: cents"),
    _s("carver136.week_basis", "calendar_week", str, "calendar_week", "seven_days", note="AMB-23"),
    _s("carver136.report_anchor", "permit_issued", str, "permit_issued", "work_started",
       note="AMB-24: the 90-day status reports count from the permit's issuance or the start of removal"),
    _s("carver136.extension_months", 12, int, low=0, note="AMB-25"),
    _s("carver136.apply_oml", True, bool, note="AMB-26, EXT-OML-48H"),
    _s("carver136.effective_date", None, dt.date, nullable=True, note="AMB-27"),
    _s("carver136.restoration_hearing_anchor", "request", str, "request", "order", note="AMB-30"),
    _s("carver136.ag_notice_days", None, int, nullable=True, low=0, note="AMB-31"),
    _s("upton280.renewal_anchor", "old_expiration", str, "old_expiration", "renewal_date", note="AMB-38"),
    _s("upton280.majority_basis", "full_membership", str, "full_membership", "present", note="AMB-41"),
    _s("gardner650.emergency_notice_hours", 14, int, low=0, note="AMB-42"),
    _s("gardner650.emergency_app_days", 11, int, low=0, note="AMB-43"),
    _s("gardner650.hearing_days", 11, int, low=0, note="AMB-43"),
    _s("gardner650.decision_days", 11, int, low=0, note="AMB-43"),
    _s("gardner650.hearing_notice_days", None, int, nullable=True, low=0,
       note="GARDNER-650-NOTICE-BY-REGS: hearing-notice days set by the Commission's rules; none by default"),
    _s("gardner650.fee_mode", "LITERAL", str, "LITERAL", "INTENT", note="AMB-45"),
    _s("gardner650.noncriminal_schedule", None, tuple, nullable=True, items=int,
       note="AMB-46: cents per 1st, 2nd, 3rd+"),
    _s("gardner650.daily_offense", False, bool, note="AMB-46"),
    _s("gardner650.nbz_structure_ban", True, bool, note="AMB-48"),
)})


# Switches retired by issue 22: each admitted one value and changed nothing (CONV-TZ: Massachusetts local
# time is the law's own clock; AMB-06: the date counted back from is the caller's `assessed_on`,
# READ-281-BOG-ANCHOR). The configuration version still covers them at that value, so a version stated on an
# earlier assessment names the same configuration; a stored value equal to it is kept for the version only,
# any other is refused.
RETIRED: Mapping[str, Any] = MappingProxyType({
    "tz": "America/New_York",
    "carver281.bog_lookback_anchor": "assessment_date",
})


class ConfigError(ValueError):
    """A town setting that the catalogue does not allow."""


def _check(switch: Switch, value: Any) -> Any:
    if value is None:
        if switch.nullable:
            return None
        raise ConfigError(f"{switch.key} may not be null")
    if isinstance(value, list):
        value = tuple(value)
    if switch.kind is dt.date and isinstance(value, str):
        value = dt.date.fromisoformat(value)
    if switch.kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not isinstance(value, switch.kind) or (switch.kind is int and isinstance(value, bool)):
        kind = getattr(switch.kind, "__name__", switch.kind)
        raise ConfigError(f"{switch.key} must be {kind}, got {value!r}")
    if switch.choices and value not in switch.choices:
        raise ConfigError(f"{switch.key} must be one of {list(switch.choices)}, got {value!r}")
    if isinstance(value, int | float) and ((switch.low is not None and value < switch.low)
                                        or (switch.high is not None and value > switch.high)):
        bounds = (f"at least {switch.low:g}" if switch.high is None
                  else f"between {switch.low:g} and {switch.high:g}")
        raise ConfigError(f"{switch.key} must be {bounds}, got {value!r}")
    if switch.items is not None and isinstance(value, tuple):
        value = tuple(_item(switch, v) for v in value)
    if switch.items is not None and switch.kind is dict:
        value = {str(k): _item(switch, v) for k, v in value.items()}
    return value


def _item(switch: Switch, value: Any) -> Any:
    """One element of a list switch, or one value of a table switch, of the switch's item type."""
    kind = switch.items
    if kind is dt.date and isinstance(value, str):
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            raise ConfigError(f"{switch.key}: {value!r} is not an ISO date (YYYY-MM-DD)") from None
    if kind is not None and (not isinstance(value, kind) or (kind is int and isinstance(value, bool))):
        name = getattr(kind, "__name__", kind)
        raise ConfigError(f"{switch.key}: every entry must be {name}, got {value!r}")
    if kind is int and value < 0:
        raise ConfigError(f"{switch.key}: amounts and counts are never negative, got {value!r}")
    return value


@dataclass(frozen=True)
class BylawConfig:
    """The switches in force for one town; defaults are the literal text."""

    overrides: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        checked = {}
        for key, value in self.overrides.items():
            if key in RETIRED:
                if value != RETIRED[key]:
                    raise ConfigError(f"{key} is fixed at {RETIRED[key]!r} (no longer a setting)")
                checked[key] = value  # kept for the version only: it was a choice when it was made
                continue
            if key not in SWITCHES:
                raise ConfigError(f"unknown setting {key!r}")
            checked[key] = _check(SWITCHES[key], value)
        object.__setattr__(self, "overrides", MappingProxyType(checked))

    def __getitem__(self, key: str) -> Any:
        if key not in SWITCHES:
            raise KeyError(f"unknown setting {key!r}")
        return self.overrides.get(key, SWITCHES[key].default)

    def with_overrides(self, **changes: Any) -> BylawConfig:
        merged = dict(self.overrides)
        merged.update({k.replace("__", "."): v for k, v in changes.items()})
        return BylawConfig(merged)

    def is_default(self, key: str) -> bool:
        return key not in self.overrides


    @property
    def version(self) -> str:
        """Digest of the effective settings and of which the town chose, stated on every assessment: a value
        chosen equal to its default is a decision too (AMB-17's $3,000 confirmed is released to messages)."""
        values = {**RETIRED, **{k: self[k] for k in SWITCHES}}
        decided = {"values": {k: values[k] for k in sorted(values)}, "chosen": sorted(self.overrides)}
        blob = json.dumps(decided, default=str, sort_keys=True)
        return hashlib.sha256(blob.encode()).hexdigest()[:16]


DEFAULT = BylawConfig()


def engine_settings(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The entries of a town's stored settings that belong to the engine (its switches, and retired ones so
    that the configuration version of an old choice is unchanged); the app's own keys are left out."""
    return {k: v for k, v in settings.items() if k in SWITCHES or k in RETIRED}
