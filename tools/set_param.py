"""Set computing numbers (`params`) of rules in the rule packs, safely while others edit them too.

    .venv/bin/python tools/set_param.py CARVER-247-STABILIZE-14D days=14
    .venv/bin/python tools/set_param.py UPTON-280-NONCRIM-SCHEDULE 'cents=[5000, 10000, 30000]'

Values are TOML literals (14, 1.5, true, "text", 2004-05-01, [1, 2]). The pack file is locked (flock) for
the read-modify-write, so concurrent editors never lose each other's changes. Other keys of the rule
(e.g. in_force_from) can be set with --key NAME (default: params).
"""
from __future__ import annotations

import argparse
import fcntl
import re
import sys
import tomllib
from pathlib import Path

BYLAWS = Path(__file__).resolve().parents[1] / "inspections" / "bylaws"
STEMS = {"CARVER-281": "carver_281", "CARVER-247": "carver_247", "CARVER-136": "carver_136",
         "UPTON-280": "upton_280", "GARDNER-650": "gardner_650"}


def pack_file(rule_id: str) -> Path:
    for key, stem in STEMS.items():
        if rule_id.startswith(key + "-"):
            return BYLAWS / f"{stem}.toml"
    sys.exit(f"{rule_id}: not a rule id of the five packs")


def parse_assignments(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        name, _, literal = pair.partition("=")
        if not re.fullmatch(r"[a-z][a-z0-9_]*", name) or not literal:
            sys.exit(f"bad assignment {pair!r}: want name=TOML-literal")
        tomllib.loads(f"v = {literal}")  # validates the literal
        out[name] = literal.strip()
    return out


def edit(text: str, rule_id: str, key: str, values: dict[str, str]) -> str:
    lines = text.split("\n")
    try:
        start = lines.index(f"[rule.{rule_id}]")
    except ValueError:
        sys.exit(f"{rule_id}: no such rule in its pack")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("[")), len(lines))
    while end > start + 1 and lines[end - 1] == "":
        end -= 1
    existing_idx = next((i for i in range(start + 1, end) if lines[i].startswith(f"{key} = ")), None)
    current: dict[str, str] = {}
    if existing_idx is not None:
        body = tomllib.loads(lines[existing_idx])[key]
        current = {k: _literal(lines[existing_idx], k) for k in body}
    current.update(values)
    new_line = f"{key} = {{ " + ", ".join(f"{k} = {v}" for k, v in current.items()) + " }"
    if existing_idx is not None:
        lines[existing_idx] = new_line
    else:
        lines.insert(end, new_line)
    return "\n".join(lines)


def _literal(line: str, name: str) -> str:
    """Re-read one member of an existing inline table as its TOML literal text."""
    value = tomllib.loads(line.split("=", 1)[0] + "=" + line.split("=", 1)[1]).popitem()[1][name]
    return _dump(value)


def _dump(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_dump(v) for v in value) + "]"
    return str(value)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("rule_id")
    ap.add_argument("assignments", nargs="+")
    ap.add_argument("--key", default="params")
    args = ap.parse_args()
    values = parse_assignments(args.assignments)
    path = pack_file(args.rule_id)
    with open(path, "r+", encoding="utf-8") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        new_text = edit(fh.read(), args.rule_id, args.key, values)
        tomllib.loads(new_text)
        fh.seek(0)
        fh.write(new_text)
        fh.truncate()
    print(f"{args.rule_id}: {args.key} {values}")


if __name__ == "__main__":
    main()
