"""Load and validate the rule packs (one TOML file per bylaw) into frozen objects, looked up by RULES.md id.

A pack file holds, for every rule of its bylaw: citation, section, summary, verbatim quote, the numbers as
printed in RULES.md, and `params`, the numbers the engine computes with. Files are validated when loaded:
an unknown key, a missing citation or an empty quote fails loudly.
"""
from __future__ import annotations

import datetime as dt
import tomllib
from collections.abc import Iterator, Mapping
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

PACK_FILES = ("carver_281", "carver_247", "carver_136", "upton_280", "gardner_650")
ParamValue = int | float | str | bool | dt.date | list[int] | list[str] | list[float]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Rule(_Strict):
    id: str
    pack: str
    section: str
    summary: str = Field(min_length=1)
    numbers: str
    clock: str
    citation: str = Field(min_length=2)
    quote: str = Field(min_length=3)
    ambiguities: tuple[str, ...] = ()
    in_force_from: dt.date | None = None
    params: Mapping[str, ParamValue] = Field(default_factory=dict)

    @field_validator("params")
    @classmethod
    def _freeze(cls, v: Mapping[str, ParamValue]) -> Mapping[str, ParamValue]:
        return MappingProxyType(dict(v))

    def param(self, name: str) -> Any:
        """A computing number of this rule; a missing one is a defect of the pack, not a default."""
        try:
            return self.params[name]
        except KeyError:
            raise KeyError(f"rule {self.id} has no param {name!r} in its pack") from None

    @property
    def explanation(self) -> str:
        return f'{self.id} ({self.citation}): "{self.quote}"'


class PackHeader(_Strict):
    key: str
    title: str
    town: str
    enforcing_authority: str
    source_file: str
    history: str
    in_force_source: str
    in_force_from: dt.date | None = None


class RulePack(_Strict):
    pack: PackHeader
    rules: Mapping[str, Rule]

    @classmethod
    def from_toml(cls, data: dict[str, Any]) -> RulePack:
        header = PackHeader(**data.pop("pack"))
        raw_rules = data.pop("rule", {})
        if data:
            raise ValueError(f"pack {header.key}: unknown top-level keys {sorted(data)}")
        rules = {}
        for rid, body in raw_rules.items():
            if not rid.startswith(header.key + "-"):
                raise ValueError(f"pack {header.key}: rule {rid} belongs to another bylaw")
            rules[rid] = Rule(id=rid, pack=header.key, **body)
        return cls(pack=header, rules=MappingProxyType(rules))


class RuleBook:
    """All five packs; `rule(id)` finds any rule by its RULES.md id."""

    def __init__(self, packs: Mapping[str, RulePack]) -> None:
        self.packs = MappingProxyType(dict(packs))
        self._rules = {rid: r for p in packs.values() for rid, r in p.rules.items()}

    def rule(self, rule_id: str) -> Rule:
        try:
            return self._rules[rule_id]
        except KeyError:
            raise KeyError(f"no rule {rule_id!r} in the rule packs") from None

    def param(self, rule_id: str, name: str) -> Any:
        return self.rule(rule_id).param(name)

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules


def parse_pack(text: str) -> RulePack:
    return RulePack.from_toml(tomllib.loads(text))


@cache
def load_rulebook() -> RuleBook:
    """The packs shipped with this package, validated (cached: packs are immutable)."""
    base = resources.files("inspections") / "bylaws"
    packs = {}
    for stem in PACK_FILES:
        pack = parse_pack((base / f"{stem}.toml").read_text(encoding="utf-8"))
        packs[pack.pack.key] = pack
    return RuleBook(packs)


def rule(rule_id: str) -> Rule:
    return load_rulebook().rule(rule_id)


def param(rule_id: str, name: str) -> Any:
    return load_rulebook().param(rule_id, name)
