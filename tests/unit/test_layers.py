"""The arrows of DESIGN.md: inspections/ is pure, nothing imports backend, bot and media are independent; the
services speak the domain (no API layer, no Flask), and no import circle runs through jobs, services, sms and
the outbox."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[2]


def test_import_contracts_hold():
    lint = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 6 kept, 0 broken" in result.stdout, result.stdout


CIRCLE_FREE = ("backend.jobs", "backend.services", "backend.sms", "backend.outbox")


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = [stack.pop()]
            while group[-1] != v:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_circles_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circle_through_jobs_services_sms_and_outbox():
    """Counting the imports inside functions too: a job calls services, services never call back into jobs."""
    graph = grimp.build_graph("backend", cache_dir=None)
    group = {m for m in graph.modules if m.startswith(CIRCLE_FREE)}
    edges = {m: graph.find_modules_directly_imported_by(m) & group for m in group}
    assert circles(edges) == []
