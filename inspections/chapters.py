"""Chapters by discovery: the engine's `Chapter` objects, built from the rule packs it finds.

A chapter is its pack (`[pack]` header, `[chapter]` table, rules), its checklists and its formula modules.
Packs are found in `inspections/bylaws/` and in the folders named by `FIELDENFORCE_PACKS_PATH`
(`rulepack.extra_pack_dirs`); a chapter's `[chapter] formulas` names the modules its deadline formulas live
in (dotted names, or `.py` files beside the pack), imported when the chapter is first asked for, where they
register themselves (`order_formula` below; `inspections.api.events.register` for the facade's events).
The backend asks these objects (or the facade) instead of naming a chapter.
"""

from __future__ import annotations

import datetime as dt
import importlib
import importlib.util
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from inspections.config import DEFAULT, BylawConfig
from inspections.deadlines.core import Deadline
from inspections.rulepack import ChapterTable, RuleBook, RulePack, load_rulebook


@dataclass(frozen=True)
class OrderFacts:
    """What an order's deadline formula is given: when it was issued, when served and received (None
    until then) and the town's switches."""

    issued_at: dt.datetime
    served_at: dt.datetime | None = None
    received_on: dt.date | None = None
    cfg: BylawConfig = DEFAULT


OrderFormula = Callable[[OrderFacts], list[Deadline]]
_ORDER_FORMULAS: dict[tuple[str, str, str], OrderFormula] = {}
STAGES = ("issued", "served")


def order_formula(chapter: str, kind: str, stage: str = "issued") -> Callable[[OrderFormula], OrderFormula]:
    """Register the deadlines an order of `kind` under `chapter` starts when it is issued (or served): a
    chapter's formula module calls this for each of its orders."""
    if stage not in STAGES:
        raise ValueError(f"an order formula runs when the order is {' or '.join(STAGES)}, not {stage!r}")

    def add(fn: OrderFormula) -> OrderFormula:
        _ORDER_FORMULAS[(chapter, kind, stage)] = fn
        return fn

    return add


@dataclass(frozen=True)
class Chapter:
    """One chapter as the engine knows it: its key, title, town, body and enforcing authority, and the
    `[chapter]` table of its pack."""

    key: str
    title: str
    town: str
    enforcing_authority: str
    table: ChapterTable
    source: str

    @property
    def body(self) -> str:
        return self.table.body or f"the {self.enforcing_authority}"

    def may_be_ordered(self, kind: str) -> bool:
        return kind in self.table.who_may_act

    def order_deadlines(self, kind: str, facts: OrderFacts, stage: str = "issued") -> list[Deadline]:
        """The deadlines an order of `kind` starts at `stage`, from the chapter's formula (none if it has
        none for that order)."""
        formula = _ORDER_FORMULAS.get((self.key, kind, stage))
        return [] if formula is None else formula(facts)

    def has_order_formula(self, kind: str, stage: str) -> bool:
        return (self.key, kind, stage) in _ORDER_FORMULAS

    def reviews(self, kind: str) -> bool:
        """Is an order of `kind` under this chapter reviewed at a meeting of the body?"""
        meeting = self.table.review_meeting
        return meeting is not None and meeting.order_kind == kind


def _chapter_of(pack: RulePack, source: str) -> Chapter:
    h = pack.pack
    return Chapter(h.key, h.title, h.town, h.enforcing_authority, pack.chapter, source)


_LOADED: dict[str, ModuleType] = {}


def _load_formulas(book: RuleBook) -> None:
    """Import each formula module the packs name, once: a dotted module, or a `.py` file beside the pack."""
    for key, pack in book.packs.items():
        for name in pack.chapter.formulas:
            if name in _LOADED:
                continue
            if name.endswith(".py"):
                where = Path(book.origin.get(key, ".")).parent / name
                module_name = f"fieldenforce_chapter_{key.lower().replace('-', '_')}_{Path(name).stem}"
                spec = importlib.util.spec_from_file_location(module_name, where)
                if spec is None or spec.loader is None:
                    raise ValueError(f"pack {key}: formula module {name} not found at {where}")
                module = importlib.util.module_from_spec(spec)
                sys.modules[module_name] = module
                spec.loader.exec_module(module)
                _LOADED[name] = module
            else:
                _LOADED[name] = importlib.import_module(name)


def chapters() -> dict[str, Chapter]:
    """Every chapter of the book in use, by key (the shipped ones first), with its formulas loaded."""
    book = load_rulebook()
    _load_formulas(book)
    return {k: _chapter_of(p, book.origin.get(k, "")) for k, p in book.packs.items()}


def keys() -> tuple[str, ...]:
    """The keys of the chapters there are (shipped, then found), e.g. to validate a request's chapter."""
    return tuple(load_rulebook().packs)


def chapter(key: str) -> Chapter:
    """The chapter `key`; an unknown key is a ValueError naming the chapters there are."""
    found = chapters()
    if key not in found:
        raise ValueError(f"unknown chapter {key!r}; expected one of {', '.join(found)}")
    return found[key]
