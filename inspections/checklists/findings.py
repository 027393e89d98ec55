"""What a failed checklist item means, in words the party reads: the item's `finding` sentence in English
(kept with the checklist data) and its Spanish and Portuguese translations (`translations/*/findings.po`).

    finding_text(item, "es")  -> "Se retiró tierra a menos de 50 pies del límite de la propiedad."
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, BinaryIO

from inspections.catalogues import FINDINGS, translate
from inspections.checklists.loader import templates
from inspections.checklists.merge import CONDITION_FINDING
from inspections.checklists.schema import Item


def finding_text(item: Item, lang: str | None) -> str | None:
    """The item's finding in `lang` (English if untranslated), or None when the item has none."""
    return translate(FINDINGS, lang, item.finding) if item.finding else None


def all_findings() -> list[str]:
    """Every English finding shipped: each template item's, and the merged permit condition's."""
    found = [i.finding for t in templates().values() for i in t.items if i.finding]
    return list(dict.fromkeys([*found, CONDITION_FINDING]))


def extract(
    fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """A `pybabel extract` method for the checklist TOML: yields each `finding = "..."` line's text."""
    import tomllib

    data = tomllib.loads(fileobj.read().decode("utf-8"))
    for item in data.get("item", []):
        if "finding" in item:
            yield 0, "", item["finding"], [f"item {item['id']}"]


def finding_of_origin(checklist_key: str, item_id: str, lang: str | None) -> str | None:
    """The finding of a violation's origin (its checklist key `id@version[+digest]` and item id, as stored):
    the shipped template's item; a merged condition's item by its slot (`hours.c-1` → `hours`) or as a permit
    condition (`permit.c-9`). None when the template or item is not shipped (a town's own template)."""
    if item_id.startswith("permit."):
        return translate(FINDINGS, lang, CONDITION_FINDING)
    template_id, _, rest = checklist_key.partition("@")
    version = rest.split("+", 1)[0]
    candidates = [t for t in templates().values() if t.id == template_id]
    candidates.sort(key=lambda t: (str(t.version) != version, -t.version))
    for checklist in candidates:
        for wanted in dict.fromkeys([item_id, item_id.split(".", 1)[0]]):
            item = next((i for i in checklist.items if i.id == wanted), None)
            if item is not None and item.finding:
                return finding_text(item, lang)
    return None
