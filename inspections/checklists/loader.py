"""Load the inspection templates (`inspection_*.toml`) and validate them against `schema.py`."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from inspections.checklists.schema import Checklist, Item
from inspections.rulepack import extra_pack_dirs


def _with_offense_clock(item: dict[str, Any], clock: str | None) -> dict[str, Any]:
    """A continuing violation opened at once starts the chapter's offense-day clock; a pass stops it."""
    on_fail = dict(item["on_fail"])
    immediate = on_fail.get("opens_violation", "immediately") == "immediately"
    if clock and immediate and on_fail.get("continuing", True) and "clock" not in on_fail:
        on_fail["clock"] = clock
        item = {**item, "on_pass": {"stops_clock": clock, **item.get("on_pass", {})}}
    return {**item, "on_fail": on_fail}


def parse_template(text: str) -> Checklist:
    data = tomllib.loads(text)
    head = data.pop("template")
    items = [_with_offense_clock(i, head.get("offense_clock")) for i in data.pop("item", [])]
    if data:
        raise ValueError(f"template {head.get('id')}: unknown top-level keys {sorted(data)}")
    return Checklist(**head, items=tuple(Item(**i) for i in items))


def data_files(prefix: str) -> list[str]:
    base = resources.files("inspections") / "checklists"
    return sorted(p.name for p in base.iterdir() if p.name.startswith(prefix) and p.name.endswith(".toml"))


def read_data(name: str) -> str:
    return (resources.files("inspections") / "checklists" / name).read_text(encoding="utf-8")


def templates() -> MappingProxyType[str, Checklist]:
    """Every inspection template, by key `id@version`: those shipped beside this module, and a found
    chapter's own (`inspection_*.toml` beside its pack in a FIELDENFORCE_PACKS_PATH folder)."""
    return _templates_of(extra_pack_dirs())


@cache
def _templates_of(extra: tuple[Path, ...]) -> MappingProxyType[str, Checklist]:
    texts = [(name, read_data(name)) for name in data_files("inspection_")]
    for folder in extra:
        texts += [(str(f), f.read_text(encoding="utf-8")) for f in sorted(folder.glob("inspection_*.toml"))]
    found: dict[str, Checklist] = {}
    for name, text in texts:
        checklist = parse_template(text)
        if checklist.key in found:
            raise ValueError(f"{name}: template {checklist.key} defined twice")
        found[checklist.key] = checklist
    return MappingProxyType(found)


def template(template_id: str, version: int | None = None) -> Checklist:
    """A template by id: the given version, or the latest one."""
    versions = [t for t in templates().values() if t.id == template_id]
    if version is not None:
        versions = [t for t in versions if t.version == version]
    if not versions:
        raise KeyError(f"no checklist template {template_id!r}" + (f" version {version}" if version else ""))
    return max(versions, key=lambda t: t.version)


def permit_template_id(chapter: str, permit_kind: str) -> str | None:
    """The inspection checklist a kind of permit under the chapter is inspected with (the pack's `[chapter]`
    `permit_checklists`), or None where the chapter names none for that kind."""
    from inspections.rulepack import load_rulebook

    pack = load_rulebook().packs.get(chapter)
    return None if pack is None else pack.chapter.permit_checklists.get(permit_kind)
