"""Issue 22: every public function of the engine is reachable through the facade (`inspections.api`), so no
engine answer is reachable only by tests (41 were, before the facade).

Reachability is read from the source (names referenced, transitively, from the facade's modules), the way a
reviewer would follow the calls; the few functions the facade does not call are listed with the reason.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import inspections

ROOT = Path(inspections.__file__).parent
NOT_THROUGH_THE_FACADE = {
    "inspections.config.engine_settings": "the backend's reading of a town's stored settings, not an answer",
    "inspections.thresholds.carver136_is_abutter": "kept importable for outside tools: the facade's abutter "
    "operation answers the same for CARVER-136-DEF-ABUTTERS-300FT",
    "inspections.rulepack.using": "answers from another book (a hypothetical amendment) for outside tools "
    "and tests; the facade answers under the shipped law, as of the day asked",
    "inspections.chapters.order_formula": "the decorator a chapter's formula module registers its order "
    "deadlines with (named in its pack's `[chapter] formulas`); the facade's order-deadlines operation runs "
    "them",
    "inspections.formats.format_date": "a renderer's writing of a date for a reader (texts, page, PDF)",
    "inspections.formats.format_money": "a renderer's writing of an amount for a reader",
    "inspections.catalogues.Nn_": "marks an English plural message for `pybabel extract` (the SMS words)",
    "inspections.catalogues.translate_n": "a renderer's plural message in the reader's language (SMS)",
    "inspections.catalogues.plural_messages": "translate_n's reading of a catalogue's plural messages",
    "inspections.catalogues.plural_index": "translate_n's reading of a catalogue's Plural-Forms",
    "inspections.checklists.findings.all_findings": "every English finding, for the catalogue and "
    "readability tests (the facade's checklist-finding operation answers one)",
    "inspections.checklists.findings.extract": "`pybabel extract`'s reader of the checklist TOML",
    "inspections.site_lines.buffer_lines": "the site map's lines, drawn for one stored site by GET "
    "/api/v1/sites/<id>/map (a picture of the zones the facade's zone operations answer)",
}


def _modules() -> dict[str, ast.Module]:
    return {
        ".".join(("inspections", *p.relative_to(ROOT).with_suffix("").parts)).removesuffix(
            ".__init__"
        ): ast.parse(p.read_text(encoding="utf-8"))
        for p in ROOT.rglob("*.py")
    }


def _names(node: ast.AST) -> set[str]:
    found = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name):
            found.add(n.id)
        elif isinstance(n, ast.Attribute):
            found.add(n.attr)
    return found


def _functions(modules: dict[str, ast.Module]) -> dict[tuple[str, str], ast.AST]:
    """Every function and method (public or not) by (module, name)."""
    found: dict[tuple[str, str], ast.AST] = {}
    for mod, tree in modules.items():
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                found[(mod, node.name)] = node
            elif isinstance(node, ast.ClassDef):
                found[(mod, node.name)] = node  # a class: its methods and validators go with it
    return found


def _reached(modules: dict[str, ast.Module]) -> set[tuple[str, str]]:
    functions = _functions(modules)
    names = set().union(*(_names(t) for m, t in modules.items() if m.startswith("inspections.api")))
    for tree in modules.values():  # module-level code (tables built at import) runs whenever imported
        for node in tree.body:
            if not isinstance(node, ast.FunctionDef | ast.ClassDef | ast.Import | ast.ImportFrom):
                names |= _names(node)
    reached: set[tuple[str, str]] = set()
    while True:
        new = {k for k in functions if k[1] in names} - reached
        if not new:
            return reached
        reached |= new
        for key in new:
            names |= _names(functions[key])


def test_every_public_engine_function_is_reachable_through_the_facade():
    modules = _modules()
    reached = _reached(modules)
    engine = {m: t for m, t in modules.items() if not m.startswith("inspections.api")}
    public = {
        (m, n.name)
        for m, t in engine.items()
        for n in t.body
        if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")
    }
    missing = sorted(f"{m}.{n}" for m, n in public - reached if f"{m}.{n}" not in NOT_THROUGH_THE_FACADE)
    assert not missing, "engine functions no facade operation reaches:\n  " + "\n  ".join(missing)


def test_the_exceptions_are_still_importable_and_still_exceptions():
    modules = _modules()
    reached = {f"{m}.{n}" for m, n in _reached(modules)}
    for dotted in NOT_THROUGH_THE_FACADE:
        module, name = dotted.rsplit(".", 1)
        assert callable(getattr(importlib.import_module(module), name))
        assert dotted not in reached, f"{dotted} is reached now: take it off the list"
