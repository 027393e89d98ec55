"""The mypy baseline of backend/ may only shrink: a new error fails, a fixed one only asks for an update."""
from __future__ import annotations

from collections import Counter

from tools.mypy_baseline import compare, read, write

OLD = "backend/x.py: Missing type parameters for generic type \"dict\"  [type-arg]"
NEW = "backend/y.py: Returning Any from function declared to return \"int\"  [no-any-return]"


def test_a_new_error_fails_and_a_repeated_one_counts():
    new, gone = compare(Counter({OLD: 2, NEW: 1}), Counter({OLD: 1}))
    assert new == [f"{OLD}  (now 2, baseline 1)", f"{NEW}  (now 1, baseline 0)"] and gone == 0


def test_fixed_errors_pass_and_are_counted():
    assert compare(Counter({OLD: 1}), Counter({OLD: 3, NEW: 1})) == ([], 3)


def test_the_baseline_file_reads_back_what_was_written(tmp_path):
    path = tmp_path / "baseline.txt"
    errors = Counter({OLD: 3, NEW: 1})
    write(path, errors)
    assert read(path) == errors
