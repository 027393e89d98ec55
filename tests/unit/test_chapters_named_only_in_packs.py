"""Law as data (issue 21): outside the demo seed, no backend module names a shipped chapter — the backend asks
the engine, which finds chapters in their packs. A sixth town needs no backend edit."""
from __future__ import annotations

import re
from pathlib import Path

BACKEND = Path(__file__).resolve().parents[2] / "backend"
CHAPTER_KEY = re.compile(r"CARVER-(281|247|136)|UPTON-280|GARDNER-650")
DEMO_SEED = {BACKEND / "demo.py", BACKEND / "notifications" / "samples.py"}  # the demo's own records


def test_no_backend_module_outside_the_demo_seed_names_a_chapter():
    named = [f"{path.relative_to(BACKEND.parent)}:{n}: {line.strip()}"
             for path in sorted(BACKEND.rglob("*.py")) if path not in DEMO_SEED
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if CHAPTER_KEY.search(line)]
    assert named == []


def test_the_check_finds_a_chapter_key_where_one_is_written():
    assert CHAPTER_KEY.search('chapter == "CARVER-136"') and CHAPTER_KEY.search("GARDNER-650-5")
    assert not CHAPTER_KEY.search("WRENFIELD-412")
