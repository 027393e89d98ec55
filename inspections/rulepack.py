"""Load and validate the rule packs (one TOML file per bylaw) into frozen objects, looked up by RULES.md id.

A pack file holds, for every rule of its bylaw: citation, section, summary, verbatim quote, the numbers as
printed in RULES.md, and `params`, the numbers the engine computes with. Files are validated when loaded:
an unknown key, a missing citation or an empty quote fails loudly.

State law lives once, in `statutes.toml` (RULES.md §7, ids `EXT-…`): a bylaw rule that applies a statute
names it (`statutes = ["EXT-21D-15D"]`) and asks its numbers through it (`param(rule_id, name)` looks in the
rule's own params, then in the statutes it names). A bylaw rule that copies a number its statute holds, or
names a statute that does not exist, fails loudly when the book is built.
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
STATUTES_FILE = "statutes"
ParamValue = int | float | str | bool | dt.date | list[int] | list[str] | list[float]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Law(_Strict):
    """What a bylaw rule and a statute share: an id, a citation, a date in force and computing numbers."""

    id: str
    citation: str = Field(min_length=2)
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


class Rule(_Law):
    pack: str
    section: str
    summary: str = Field(min_length=1)
    numbers: str
    clock: str
    quote: str = Field(min_length=3)
    ambiguities: tuple[str, ...] = ()
    statutes: tuple[str, ...] = ()

    @property
    def explanation(self) -> str:
        return f'{self.id} ({self.citation}): "{self.quote}"'


class Statute(_Law):
    """One state-law rule the bylaw workflows apply (RULES.md §7): its citation, the RULES.md statement, and,
    where a bylaw text quotes the statute, that quote and the file it is in."""

    statement: str = Field(min_length=3)
    quote: str | None = None
    quoted_in: str | None = None

    @property
    def explanation(self) -> str:
        return f"{self.id} ({self.citation}): {self.statement}"


class StatutePack(_Strict):
    title: str
    jurisdiction: str
    source: str
    statutes: Mapping[str, Statute]

    @classmethod
    def from_toml(cls, data: dict[str, Any]) -> StatutePack:
        header = dict(data.pop("pack"))
        raw = data.pop("statute", {})
        if data:
            raise ValueError(f"statutes: unknown top-level keys {sorted(data)}")
        for sid, body in raw.items():
            if not sid.startswith("EXT-"):
                raise ValueError(f"statutes: {sid} is not an EXT- id of RULES.md §7")
            if (body.get("quote") is None) != (body.get("quoted_in") is None):
                raise ValueError(f"statutes: {sid} needs both a quote and quoted_in, or neither")
        statutes = {sid: Statute(id=sid, **body) for sid, body in raw.items()}
        return cls(**header, statutes=MappingProxyType(statutes))


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
    """All five packs and the state statutes; `rule(id)` finds any bylaw rule by its RULES.md id,
    `statute(id)` any EXT- rule. Iterating and `len` cover the bylaw rules only."""

    def __init__(self, packs: Mapping[str, RulePack], statutes: StatutePack | None = None) -> None:
        self.packs = MappingProxyType(dict(packs))
        self.statutes = MappingProxyType(dict(statutes.statutes) if statutes else {})
        self._rules = {rid: r for p in packs.values() for rid, r in p.rules.items()}
        for r in self._rules.values():
            self._check_references(r)

    def _check_references(self, r: Rule) -> None:
        for sid in r.statutes:
            if sid not in self.statutes:
                raise ValueError(f"rule {r.id} names statute {sid}, which statutes.toml does not hold")
            copied = sorted(set(r.params) & set(self.statutes[sid].params))
            if copied:
                raise ValueError(f"rule {r.id} copies {copied} of statute {sid}: refer to it instead")

    def rule(self, rule_id: str) -> Rule:
        try:
            return self._rules[rule_id]
        except KeyError:
            raise KeyError(f"no rule {rule_id!r} in the rule packs") from None

    def statute(self, statute_id: str) -> Statute:
        try:
            return self.statutes[statute_id]
        except KeyError:
            raise KeyError(f"no statute {statute_id!r} in statutes.toml") from None

    def param(self, rule_id: str, name: str) -> Any:
        """A computing number: of the statute `rule_id` (EXT-…), or of the bylaw rule, else of the first
        statute the rule names that holds it (the bylaw applies the statute; it does not copy it)."""
        if rule_id in self.statutes:
            return self.statutes[rule_id].param(name)
        found = self.rule(rule_id)
        if name in found.params:
            return found.params[name]
        for sid in found.statutes:
            if name in self.statutes[sid].params:
                return self.statutes[sid].params[name]
        return found.param(name)

    def __iter__(self) -> Iterator[Rule]:
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules


def parse_pack(text: str) -> RulePack:
    return RulePack.from_toml(tomllib.loads(text))


def parse_statutes(text: str) -> StatutePack:
    return StatutePack.from_toml(tomllib.loads(text))


@cache
def load_rulebook() -> RuleBook:
    """The packs shipped with this package, validated (cached: packs are immutable)."""
    base = resources.files("inspections") / "bylaws"
    packs = {}
    for stem in PACK_FILES:
        pack = parse_pack((base / f"{stem}.toml").read_text(encoding="utf-8"))
        packs[pack.pack.key] = pack
    return RuleBook(packs, parse_statutes((base / f"{STATUTES_FILE}.toml").read_text(encoding="utf-8")))


def rule(rule_id: str) -> Rule:
    return load_rulebook().rule(rule_id)


def statute(statute_id: str) -> Statute:
    return load_rulebook().statute(statute_id)


def param(rule_id: str, name: str) -> Any:
    return load_rulebook().param(rule_id, name)
