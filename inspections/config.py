"""Town configuration switches for the bylaw engine (RULES.md §0.1 and §6 config keys).

The switches are data: the conventions' in `bylaws/conventions.toml`, a chapter's in its pack's
`[chapter.switches]`, each with its title and one-sentence explanation. Defaults are the literal reading of
the text, as in EXAMPLES.md's "default configuration". A town may
override a switch within the values the catalogue allows; an unknown key or an out-of-range value is
refused. `version` is a stable digest so an assessment can state which configuration produced it.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import Any

from inspections.rulepack import RuleBook, SwitchTable, general_switches, load_rulebook, shipped_keys


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
    title: str = ""  # what a town administrator reads
    explanation: str = ""  # one sentence
    chapter: str | None = None  # the chapter whose pack holds it (None: conventions.toml)
    shipped: bool = True  # held by the engine's own files (a found chapter's switch is not)


_KINDS: Mapping[str, type] = MappingProxyType({"bool": bool, "int": int, "float": float, "str": str,
                                               "list": tuple, "table": dict, "date": dt.date})


def _switch(key: str, t: SwitchTable, chapter: str | None, shipped: bool) -> Switch:
    default = tuple(t.default) if isinstance(t.default, list) else t.default
    if t.kind == "float" and isinstance(default, int) and not isinstance(default, bool):
        default = float(default)
    items = _KINDS[t.items] if t.items else None
    return Switch(key, default, _KINDS[t.kind], t.choices, t.nullable, t.note, items, t.low, t.high, t.title,
                  t.explanation, chapter, shipped)


@cache
def _switches_of(book: RuleBook) -> Mapping[str, Switch]:
    shipped = shipped_keys()
    found = {k: _switch(k, t, None, True) for k, t in general_switches().items()}
    for key, pack in book.packs.items():
        for name, t in pack.chapter.switches.items():
            if name in found:
                held = found[name].chapter or "conventions.toml"
                raise ValueError(f"pack {key}: switch {name} is also held by {held}")
            found[name] = _switch(name, t, key, key in shipped)
    return MappingProxyType(found)


class _Switches(Mapping[str, Switch]):
    """Every town switch, read from conventions.toml and the packs' `[chapter.switches]` of the book in use:
    defaults and allowed values are data."""

    def _all(self) -> Mapping[str, Switch]:
        return _switches_of(load_rulebook())

    def __getitem__(self, key: str) -> Switch:
        return self._all()[key]

    def __contains__(self, key: object) -> bool:
        return key in self._all()

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


SWITCHES: Mapping[str, Switch] = _Switches()


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
        found = _switches_of(load_rulebook()).get(key)
        if found is None:
            raise KeyError(f"unknown setting {key!r}")
        return self.overrides.get(key, found.default)

    def with_overrides(self, **changes: Any) -> BylawConfig:
        merged = dict(self.overrides)
        merged.update({k.replace("__", "."): v for k, v in changes.items()})
        return BylawConfig(merged)

    def is_default(self, key: str) -> bool:
        return key not in self.overrides


    @property
    def version(self) -> str:
        """Digest of the effective settings and of which the town chose, stated on every assessment: a value
        chosen equal to its default is a decision too (AMB-17's $3,000 confirmed is released to messages). A
        found chapter's switch counts only once chosen: adding a town's chapter changes no other version."""
        switches = SWITCHES
        counted = [k for k in switches if switches[k].shipped or k in self.overrides]
        values = {**RETIRED, **{k: self[k] for k in counted}}
        decided = {"values": {k: values[k] for k in sorted(values)}, "chosen": sorted(self.overrides)}
        blob = json.dumps(decided, default=str, sort_keys=True)
        return hashlib.sha256(blob.encode()).hexdigest()[:16]


DEFAULT = BylawConfig()


def engine_settings(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The entries of a town's stored settings that belong to the engine (its switches, and retired ones so
    that the configuration version of an old choice is unchanged); the app's own keys are left out."""
    return {k: v for k, v in settings.items() if k in SWITCHES or k in RETIRED}
