"""Discovery: every module under backend/notifications/kinds/ declaring `KIND = Spec(...)` is a kind.

`NOTIFICATION_KIND_PACKAGES` (comma-separated dotted package names, e.g. a town's own kinds or a test's
fixture kinds) adds packages searched the same way. The catalogue is keyed by the module's name; two kinds
storing the same template name, or a module without a `KIND`, stop the app at start-up (`registry.verify`).
"""
from __future__ import annotations

import importlib
import os
import pkgutil
from dataclasses import replace
from functools import cache

from backend.notifications import kinds as builtin
from backend.notifications.spec import Spec

PACKAGES_ENV = "NOTIFICATION_KIND_PACKAGES"


class CatalogueError(RuntimeError):
    """A kind module that declares no kind, a name stored by two kinds, or a renderer for no kind."""


def packages() -> tuple[str, ...]:
    extra = tuple(p.strip() for p in os.environ.get(PACKAGES_ENV, "").split(",") if p.strip())
    return (builtin.__name__, *extra)


@cache
def _discover(names: tuple[str, ...]) -> dict[str, Spec]:
    found: dict[str, Spec] = {}
    for package_name in names:
        package = importlib.import_module(package_name)
        for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
            if info.name.startswith("_"):
                continue
            module = importlib.import_module(f"{package_name}.{info.name}")
            spec = getattr(module, "KIND", None)
            if not isinstance(spec, Spec):
                raise CatalogueError(f"{module.__name__}: a kind module declares KIND = Spec(...)")
            if info.name in found:
                raise CatalogueError(f"{module.__name__}: a kind named {info.name!r} is declared twice")
            found[info.name] = replace(spec, name=info.name)
    stored = [s.stored for s in found.values()]
    if twice := sorted({n for n in stored if stored.count(n) > 1}):
        raise CatalogueError(f"stored name(s) claimed by two kinds: {', '.join(twice)}")
    return found


def catalogue() -> dict[str, Spec]:
    """Every kind by its name, in name order (built-in kinds, then each extra package's)."""
    return _discover(packages())


def by_stored(template: str) -> Spec | None:
    """The kind whose rows carry `template` (None: no kind; the row cannot be rendered)."""
    return _by_stored(packages()).get(template)


@cache
def _by_stored(names: tuple[str, ...]) -> dict[str, Spec]:
    return {s.stored: s for s in _discover(names).values()}


def named(template: str) -> str:
    """A courtesy text of this stored kind as a board member names it (alerts about undelivered texts)."""
    spec = by_stored(template)
    return spec.named if spec is not None and spec.named else "the courtesy text"


def kind(name: str) -> Spec:
    """A kind by its name (KeyError naming the known ones)."""
    specs = catalogue()
    if name not in specs:
        raise KeyError(f"no notification kind {name!r}; known: {', '.join(specs)}")
    return specs[name]
