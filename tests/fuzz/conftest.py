"""`make fuzz` only (FUZZ=1): the property-based run over the OpenAPI document; deselected from make test."""
from __future__ import annotations

import os


def pytest_collection_modifyitems(config, items):
    if os.environ.get("FUZZ") == "1":
        return
    fuzz = [i for i in items if "tests/fuzz/" in str(i.fspath).replace(os.sep, "/")]
    if fuzz:
        config.hook.pytest_deselected(items=fuzz)
        items[:] = [i for i in items if i not in fuzz]
