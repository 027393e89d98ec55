"""Snapshot assertions for outgoing Slack messages: stored JSON under snapshots/, compared exactly.

A missing snapshot fails. To (re)write them after a deliberate change:
`UPDATE_SNAPSHOTS=1 pytest tests/unit/bot`, then read the diff of snapshots/ before committing it.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

SNAPSHOTS = Path(__file__).parent / "snapshots"


def as_json(data: Any) -> str:
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def assert_snapshot(name: str, data: Any, directory: Path = SNAPSHOTS) -> None:
    path = directory / f"{name}.json"
    actual = as_json(data)
    if os.environ.get("UPDATE_SNAPSHOTS") == "1":
        path.write_text(actual, encoding="utf-8")
    assert path.exists(), f"no snapshot {path.name}: write it with UPDATE_SNAPSHOTS=1 and review it"
    expected = path.read_text(encoding="utf-8")
    assert actual == expected, f"{path.name} changed; if on purpose, rewrite (UPDATE_SNAPSHOTS=1) and review"
