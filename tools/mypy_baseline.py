"""`make lint`'s type check of backend/ and media/: mypy's errors may only shrink below the baseline.

The baseline (`tools/mypy-baseline.txt`) lists today's errors as `path: message  [code]` (no line numbers, so
an unrelated edit does not move them), with a count when one repeats. The check fails on an error the
baseline does not hold (or holds fewer times) and says which; fixed ones only ask for `--update`, which
rewrites the file from the current run (run it after fixing errors, never to admit new ones).
"""
from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = ROOT / "tools" / "mypy-baseline.txt"
CHECKED = ("backend", "media")  # inspections/ is checked strictly, with no baseline
ERROR = re.compile(r"^(?P<path>[^:\s]+\.py):\d+: error: (?P<rest>.*)$")
COUNTED = re.compile(r"^(?P<error>.*?)(?: \(x(?P<n>\d+)\))?$")


def current(paths: list[str]) -> Counter[str]:
    run = subprocess.run([sys.executable, "-m", "mypy", *paths], cwd=ROOT, capture_output=True, text=True)
    if run.returncode not in (0, 1):  # 2: mypy itself failed (bad config, crash)
        sys.exit(run.stdout + run.stderr)
    return Counter(f"{m['path']}: {m['rest']}" for m in map(ERROR.match, run.stdout.splitlines()) if m)


def read(path: Path) -> Counter[str]:
    found: Counter[str] = Counter()
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            m = COUNTED.match(line)
            assert m is not None
            found[m["error"]] += int(m["n"] or 1)
    return found


def write(path: Path, errors: Counter[str]) -> None:
    head = ("# mypy errors of backend/ and media/ older than the check in `make lint`; it may only shrink.\n"
            "# Regenerate after fixing some: .venv/bin/python tools/mypy_baseline.py --update\n")
    lines = [f"{e} (x{n})" if n > 1 else e for e, n in sorted(errors.items())]
    path.write_text(head + "\n".join(lines) + "\n")


def compare(now: Counter[str], baseline: Counter[str]) -> tuple[list[str], int]:
    """(errors beyond the baseline, how many baseline errors are gone)."""
    new = [f"{e}  (now {n}, baseline {baseline[e]})" for e, n in sorted(now.items()) if n > baseline[e]]
    return new, sum((baseline - now).values())


def main(argv: list[str]) -> int:
    errors = current(list(CHECKED))
    if "--update" in argv:
        write(BASELINE, errors)
        print(f"mypy baseline: {sum(errors.values())} errors written to {BASELINE.relative_to(ROOT)}")
        return 0
    new, gone = compare(errors, read(BASELINE))
    if new:
        print("mypy: errors not in the baseline (fix them; the baseline only shrinks):", *new, sep="\n  ")
        return 1
    print(f"mypy {', '.join(CHECKED)}: {sum(errors.values())} errors, none new"
          + (f"; {gone} fixed: shrink the baseline with --update" if gone else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
