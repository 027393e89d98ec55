"""Load and validate the rule packs (one TOML file per bylaw) into frozen objects, looked up by RULES.md id.

A pack file holds, for every rule of its bylaw: citation, section, summary, verbatim quote, the numbers as
printed in RULES.md, and `params`, the numbers the engine computes with. Files are validated when loaded:
an unknown key, a missing citation or an empty quote fails loudly.

State law lives once, in `statutes.toml` (RULES.md §7, ids `EXT-…`): a bylaw rule that applies a statute
names it (`statutes = ["EXT-21D-15D"]`) and asks its numbers through it (`param(rule_id, name)` looks in the
rule's own params, then in the statutes it names). A bylaw rule that copies a number its statute holds, or
names a statute that does not exist, fails loudly when the book is built.

Law has dates. Any number may carry dated values (`days = { values = [{from = 2021-05-03, value = 21},
{from = 2024-01-01, value = 14}] }`), and a rule (or, for all its rules, a pack header) may carry
`in_force_from`. `param(rule_id, name, as_of=day)` answers with the value in force on that day (an
offense-day: the law of that day; a deadline: the law in force at its triggering event); `law(...)` answers
the same with where the value came from and since when, which assessments record. A day before the rule or
before its first dated value has no law: `NotInForce`. Without `as_of` the answer is the text the pack
encodes (its latest value). Each pack header states the effective date of its text (`in_force_from`, or why
it is unknown in `in_force_source`) and the amending votes of its history line (`amending_votes`).
`using(book)` answers from another book for a block (a hypothetical amendment, a fixture town).
"""
from __future__ import annotations

import datetime as dt
import os
import tomllib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from inspections.errors import NotInForce

PACK_FILES = ("carver_281", "carver_247", "carver_136", "upton_280", "gardner_650")  # the shipped order
STATUTES_FILE = "statutes"
CONVENTIONS_FILE = "conventions"  # the town switches that are no one chapter's
PACKS_PATH_ENV = "FIELDENFORCE_PACKS_PATH"  # more folders of packs (os.pathsep-separated): another town
Plain = int | float | str | bool | dt.date | list[int] | list[str] | list[float]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DatedValue(_Strict):
    """One value of a number and the day it took effect (`from` in the pack)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    from_: dt.date = Field(alias="from")
    value: Plain


class Dated(_Strict):
    """A number that changed over time: its values, oldest first, each in force until the next."""

    values: tuple[DatedValue, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _in_order(self) -> Dated:
        days = [v.from_ for v in self.values]
        if days != sorted(set(days)):
            raise ValueError(f"dated values must be in strictly increasing order of `from`, got {days}")
        return self

    def at(self, as_of: dt.date | None) -> DatedValue | None:
        """The value in force on `as_of` (the latest one without a day); None before the first."""
        if as_of is None:
            return self.values[-1]
        in_force = [v for v in self.values if v.from_ <= as_of]
        return in_force[-1] if in_force else None


ParamValue = Plain | Dated


@dataclass(frozen=True)
class LawValue:
    """A number as the engine used it: asked of `rule_id`, held by `source` (the rule or the statute it
    names), in force since `in_force_from` (None: since the text began, date not recorded)."""

    rule_id: str
    name: str
    value: Any
    source: str
    in_force_from: dt.date | None
    as_of: dt.date | None

    @property
    def text(self) -> str:
        since = f" since {self.in_force_from.isoformat()}" if self.in_force_from else ""
        held = "" if self.source == self.rule_id else f" via {self.source}"
        return f"{self.rule_id}{held}: {self.name} = {self.value}{since}"


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

    def param(self, name: str, as_of: dt.date | None = None) -> Any:
        """A computing number of this rule; a missing one is a defect of the pack, not a default."""
        return self.value_of(name, as_of).value

    def value_of(self, name: str, as_of: dt.date | None = None, asked: str | None = None) -> LawValue:
        """The number `name` in force on `as_of` (NotInForce before this rule or its first dated value)."""
        if name not in self.params:
            raise KeyError(f"rule {self.id} has no param {name!r} in its pack")
        asked = asked or self.id
        if as_of is not None and self.in_force_from is not None and as_of < self.in_force_from:
            raise NotInForce(f"{self.id} was not in force on {as_of.isoformat()} (in force from "
                             f"{self.in_force_from.isoformat()})", self.id)
        raw = self.params[name]
        if not isinstance(raw, Dated):
            return LawValue(asked, name, raw, self.id, self.in_force_from, as_of)
        found = raw.at(as_of)
        if found is None:
            first = raw.values[0].from_.isoformat()
            raise NotInForce(f"{self.id} had no {name} in force on {as_of} (first in force {first})", self.id)
        return LawValue(asked, name, found.value, self.id, found.from_, as_of)


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
    in_force_source: str
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


class AmendingVote(_Strict):
    """A vote of the town meeting or council recorded in the text's history line (metadata: a vote date
    is not an effective date)."""

    on: dt.date
    by: str


class PackHeader(_Strict):
    key: str
    title: str
    town: str
    enforcing_authority: str
    source_file: str
    history: str
    in_force_source: str
    in_force_from: dt.date | None = None
    amending_votes: tuple[AmendingVote, ...] = ()

    @property
    def text_voted_on(self) -> dt.date | None:
        """The last vote that shaped the encoded text, where the history line dates one."""
        return max((v.on for v in self.amending_votes), default=None)


RoleName = Literal["agent", "board_member", "enforcing_officer", "town_admin", "designee"]


class GrantTable(_Strict):
    """Who the text empowers for one enforcement action (one entry of `[chapter.who_may_act]`): the rule that
    says so, the roles that may act alone (or `roles_param`: the rule's param naming the one role), whether
    any single member may act, whether the body acts by vote (and may without a quorum), what the act
    requires, and the town switch the power waits on."""

    rule: str
    roles: tuple[RoleName, ...] = ()
    roles_param: str | None = None
    member_alone: bool = False
    body_vote: bool = True
    quorum_exempt: bool = False
    requires: tuple[str, ...] = ()
    config_key: str | None = None
    note: str = ""
    role_note: str = ""


class SwitchTable(_Strict):
    """A town switch as data (`[chapter.switches."<key>"]` of a pack, or `[switch.<key>]` of
    conventions.toml): the title and one-sentence explanation a town administrator reads, its kind, its
    default (the literal reading; absent means none, which needs `nullable`), the values it allows (`choices`,
    `low`/`high` for numbers, `items` for a list's or a table's entries) and the RULES.md ids it concerns."""

    title: str = Field(min_length=3, max_length=80)
    explanation: str = Field(min_length=10, max_length=240)
    kind: Literal["bool", "int", "float", "str", "list", "table", "date"]
    default: Plain | None = None
    nullable: bool = False
    choices: tuple[str, ...] = ()
    items: Literal["int", "str", "date"] | None = None
    low: float | None = None
    high: float | None = None
    note: str = ""

    @model_validator(mode="after")
    def _has_a_default(self) -> SwitchTable:
        if self.default is None and not self.nullable:
            raise ValueError("a switch without a default must be nullable (its default is none)")
        if self.choices and self.default not in self.choices:
            raise ValueError(f"default {self.default!r} is not one of its choices {list(self.choices)}")
        return self


class ReviewMeeting(_Strict):
    """A chapter whose orders of one kind are reviewed at a meeting of the body (the ERC's review of a
    cease-and-desist): the order kind, the quorum rule and the citation the refusal names."""

    order_kind: str
    quorum_rule: str
    citation: str


class ChapterTable(_Strict):
    """A chapter as data (the pack's `[chapter]` table): who the offender is (the permittee, or the operator
    doing the work, the permittee when the permit names none, by `offender_rule`); which inspection checklist
    each kind of permit is inspected with; how offenses are counted (the daily rule, the per-provision
    rule); what one offense may cost (the criminal maximum, the noncriminal schedule); who may act and the
    body's name; the order form and the penalty rules an order quotes; whether the engine's zone rules and
    a property-line buffer apply; a review meeting; and the formula modules the chapter's deadlines come
    from (dotted module names, or `.py` files beside the pack)."""

    offender: Literal["permittee", "operator"] = "permittee"
    offender_rule: str | None = None
    permit_checklists: Mapping[str, str] = Field(default_factory=dict)  # permit kind -> inspection template
    body: str = ""
    general_authority: str | None = None
    who_may_act: Mapping[str, GrantTable] = Field(default_factory=dict)  # action -> grant
    offense_daily_rule: str | None = None
    offense_per_provision_rule: str | None = None
    criminal_max_rule: str | None = None
    noncriminal_schedule_rule: str | None = None
    order_form: Literal["general", "form_d"] = "general"
    order_penalty_rules: tuple[str, ...] = ()
    zone_rules: bool = False
    property_line_buffer: bool = False
    review_meeting: ReviewMeeting | None = None
    payee_rule: str | None = None  # the rule naming whom fines are paid to (its param `payee`)
    formulas: tuple[str, ...] = ()
    switches: Mapping[str, SwitchTable] = Field(default_factory=dict)  # the town's switches of this chapter

    @field_validator("permit_checklists", "who_may_act", "switches")
    @classmethod
    def _frozen(cls, v: Mapping[str, Any]) -> Mapping[str, Any]:
        return MappingProxyType(dict(v))

    def rule_ids(self) -> list[tuple[str, str]]:
        """Every rule the table names, with the key that names it (each must be the pack's own rule)."""
        named = [
            ("offender_rule", self.offender_rule),
            ("general_authority", self.general_authority),
            ("offense_daily_rule", self.offense_daily_rule),
            ("offense_per_provision_rule", self.offense_per_provision_rule),
            ("criminal_max_rule", self.criminal_max_rule),
            ("noncriminal_schedule_rule", self.noncriminal_schedule_rule),
            ("review_meeting.quorum_rule", self.review_meeting.quorum_rule if self.review_meeting else None),
            ("payee_rule", self.payee_rule),
            *((f"who_may_act.{a}.rule", g.rule) for a, g in self.who_may_act.items()),
            *(("order_penalty_rules", r) for r in self.order_penalty_rules),
        ]
        return [(k, r) for k, r in named if r is not None]


class RulePack(_Strict):
    pack: PackHeader
    chapter: ChapterTable = ChapterTable()
    rules: Mapping[str, Rule]

    @classmethod
    def from_toml(cls, data: dict[str, Any]) -> RulePack:
        header = PackHeader(**data.pop("pack"))
        chapter = ChapterTable(**data.pop("chapter", {}))
        raw_rules = data.pop("rule", {})
        if data:
            raise ValueError(f"pack {header.key}: unknown top-level keys {sorted(data)}")
        rules = {}
        for rid, body in raw_rules.items():
            if not rid.startswith(header.key + "-"):
                raise ValueError(f"pack {header.key}: rule {rid} belongs to another bylaw")
            body.setdefault("in_force_from", header.in_force_from)
            rules[rid] = Rule(id=rid, pack=header.key, **body)
        for where, rid in chapter.rule_ids():
            if rid not in rules:
                raise ValueError(f"pack {header.key}: [chapter] {where} names {rid}, which is not its rule")
        return cls(pack=header, chapter=chapter, rules=MappingProxyType(rules))


class RuleBook:
    """All five packs and the state statutes; `rule(id)` finds any bylaw rule by its RULES.md id,
    `statute(id)` any EXT- rule. Iterating and `len` cover the bylaw rules only."""

    def __init__(
        self,
        packs: Mapping[str, RulePack],
        statutes: StatutePack | None = None,
        origin: Mapping[str, str] | None = None,
    ) -> None:
        self.packs = MappingProxyType(dict(packs))
        self.origin = MappingProxyType(dict(origin or {}))  # pack key -> the file it was read from
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

    def amended_by(self, *packs: RulePack, statutes: StatutePack | None = None) -> RuleBook:
        """This book with amendments: each pack's rules (and header, and `[chapter]` table when it has one)
        replace those of the same ids, a new pack key adds a chapter, and `statutes` replace the statutes of
        the same ids."""
        merged = dict(self.packs)
        for p in packs:
            old = merged.get(p.pack.key)
            rules = {**(old.rules if old else {}), **p.rules}
            table = old.chapter if old is not None and p.chapter == ChapterTable() else p.chapter
            merged[p.pack.key] = RulePack(pack=p.pack, chapter=table, rules=MappingProxyType(rules))
        laws = {**self.statutes, **(statutes.statutes if statutes else {})}
        base = statutes or StatutePack(title="", jurisdiction="", source="", in_force_source="", statutes={})
        return RuleBook(merged, base.model_copy(update={"statutes": MappingProxyType(laws)}), self.origin)

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

    def law(self, rule_id: str, name: str, as_of: dt.date | None = None) -> LawValue:
        """A computing number in force on `as_of`: of the statute `rule_id` (EXT-…), or of the bylaw rule,
        else of the first statute the rule names that holds it (the bylaw applies the statute; it does not
        copy it). A bylaw rule not yet in force on `as_of` answers NotInForce even for a statute's number."""
        if rule_id in self.statutes:
            return self.statutes[rule_id].value_of(name, as_of)
        found = self.rule(rule_id)
        if name in found.params:
            return found.value_of(name, as_of)
        for sid in found.statutes:
            if name in self.statutes[sid].params:
                if as_of is not None and found.in_force_from is not None and as_of < found.in_force_from:
                    raise NotInForce(f"{rule_id} was not in force on {as_of.isoformat()}", rule_id)
                return self.statutes[sid].value_of(name, as_of, asked=rule_id)
        return found.value_of(name, as_of)

    def param(self, rule_id: str, name: str, as_of: dt.date | None = None) -> Any:
        return self.law(rule_id, name, as_of).value

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


_IN_USE: ContextVar[RuleBook | None] = ContextVar("rulebook_in_use", default=None)


@contextmanager
def using(book: RuleBook) -> Iterator[RuleBook]:
    """Answer from `book` instead of the shipped packs inside the block (a hypothetical amendment, a
    fixture town); the shipped law is back when the block ends."""
    token = _IN_USE.set(book)
    try:
        yield book
    finally:
        _IN_USE.reset(token)


def load_rulebook() -> RuleBook:
    """The book in use: the shipped packs, unless a `using` block gives another."""
    book = _IN_USE.get()
    return book if book is not None else shipped_rulebook()


def extra_pack_dirs() -> tuple[Path, ...]:
    """The folders named by FIELDENFORCE_PACKS_PATH (os.pathsep-separated), where a town's chapter is found
    beside the shipped ones: its pack (`*.toml` with a `[pack]` table), its checklists (`inspection_*.toml`)
    and the formula modules its `[chapter]` table names."""
    return _dirs_of(os.environ.get(PACKS_PATH_ENV, ""))


@cache
def _dirs_of(raw: str) -> tuple[Path, ...]:
    return tuple(Path(p).resolve() for p in raw.split(os.pathsep) if p.strip())


def shipped_dir() -> Traversable:
    return resources.files("inspections") / "bylaws"


def pack_files(base: Traversable) -> list[Traversable]:
    """The rule packs in a folder: every `*.toml` whose text has a `[pack]` table (the statutes and
    checklists do not); the shipped ones in their customary order first."""
    others = {f"{STATUTES_FILE}.toml", f"{CONVENTIONS_FILE}.toml"}
    found = [p for p in base.iterdir() if p.name.endswith(".toml") and p.name not in others]
    rank = {f"{stem}.toml": i for i, stem in enumerate(PACK_FILES)}
    found.sort(key=lambda p: (rank.get(p.name, len(rank)), p.name))
    return [p for p in found if "[pack]" in p.read_text(encoding="utf-8").splitlines()]


def shipped_rulebook() -> RuleBook:
    """The packs found (shipped with this package, and in the FIELDENFORCE_PACKS_PATH folders), validated
    (cached for each set of folders: packs are immutable)."""
    return _book_of(extra_pack_dirs())


@cache
def _book_of(extra: tuple[Path, ...]) -> RuleBook:
    packs: dict[str, RulePack] = {}
    origin: dict[str, str] = {}
    for base in (shipped_dir(), *extra):
        for f in pack_files(base):
            pack = parse_pack(f.read_text(encoding="utf-8"))
            if pack.pack.key in packs:
                raise ValueError(f"{f}: pack {pack.pack.key} is also in {origin[pack.pack.key]}")
            packs[pack.pack.key], origin[pack.pack.key] = pack, str(f)
    statutes = parse_statutes((shipped_dir() / f"{STATUTES_FILE}.toml").read_text(encoding="utf-8"))
    return RuleBook(packs, statutes, origin=origin)


def rule(rule_id: str) -> Rule:
    return load_rulebook().rule(rule_id)


def statute(statute_id: str) -> Statute:
    return load_rulebook().statute(statute_id)


def param(rule_id: str, name: str, as_of: dt.date | None = None) -> Any:
    return load_rulebook().param(rule_id, name, as_of)


def law(rule_id: str, name: str, as_of: dt.date | None = None) -> LawValue:
    return load_rulebook().law(rule_id, name, as_of)


@cache
def general_switches() -> Mapping[str, SwitchTable]:
    """The town switches that are no one chapter's (conventions.toml), by key."""
    data = tomllib.loads((shipped_dir() / f"{CONVENTIONS_FILE}.toml").read_text(encoding="utf-8"))
    raw = data.pop("switch", {})
    if data:
        raise ValueError(f"{CONVENTIONS_FILE}.toml: unknown top-level keys {sorted(data)}")
    return MappingProxyType({k: SwitchTable(**v) for k, v in raw.items()})


def shipped_keys() -> frozenset[str]:
    """The keys of the packs shipped with the engine (not those found in FIELDENFORCE_PACKS_PATH)."""
    return frozenset(_book_of(()).packs)
