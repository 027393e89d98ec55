"""One-time generator: turns the rule tables of shared/RULES.md into the rule-pack TOML files.

The packs are the source of truth after generation: agents and developers edit them by hand
(adding `params`, `in_force_from`). Re-running this script refuses to overwrite an existing pack.
Usage: python tools/gen_rulepacks.py ../shared/RULES.md inspections/bylaws
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

PACKS = {
    "CARVER-281": ("carver_281", "Town of Carver Code ch. 281, Wetlands", "carver-ch281-wetlands.txt",
                   "Conservation Commission", "Carver",
                   "[HISTORY: Adopted by the Town Meeting of the Town of Carver as Ch. 9, § 9.2, of the 2015 "
                   "Compilation.] [Amended 4-11-2023 ATM by Art. 17; 4-11-2023 ATM by Art. 18; 4-8-2025 ATM "
                   "by Art. 20; 4-8-2025 ATM by Art. 21]"),
    "CARVER-247": ("carver_247", "Town of Carver Code ch. 247, Soil Erosion and Sediment Control",
                   "carver-ch247-erosion-sediment-control.txt", "Planning Board", "Carver",
                   "[HISTORY: Adopted by the Town Meeting of the Town of Carver as Ch. 9, § 9.6, of the 2015 "
                   "Compilation.]"),
    "CARVER-136": ("carver_136", "Town of Carver Code ch. 136, Earth Removal",
                   "carver-ch136-earth-removal.txt", "Earth Removal Committee", "Carver",
                   "[HISTORY: Adopted by the Town Meeting of the Town of Carver as Ch. 9, § 9.1, of the 2015 "
                   "Compilation.]"),
    "UPTON-280": ("upton_280", "Town of Upton General Bylaws ch. 280, Wetlands", "upton-ch280-wetlands.txt",
                  "Conservation Commission", "Upton",
                  "[HISTORY: Adopted by the Town Meeting of the Town of Upton May 2004 as Title 6 of the "
                  "General Bylaws.] [Amended 5-8-2021 ATM by Art. 17; 11-7-2023 STM by Art. 19]"),
    "GARDNER-650": ("gardner_650", "City of Gardner Code ch. 650, Wetlands Protection Ordinance",
                    "gardner-ch650-wetlands.txt", "Conservation Commission", "Gardner",
                    "[HISTORY: Adopted by the City Council of the City of Gardner 3-1-2004 by Ord. No. "
                    "1401.] [Amended 11-18-2013 by Ord. No. 1563]"),
}
ROW = re.compile(r"^\| ((?:CARVER|UPTON|GARDNER)-[A-Z0-9-]+) \|(.*)\|\s*$")
SECTION = re.compile(r"^### (\d+\.\d+) (.*)$")


def q(text: str) -> str:
    """A TOML basic string."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def clean(cell: str) -> str:
    return re.sub(r"\*\*(.+?)\*\*", r"\1", cell.strip())


def parse(rules_md: Path) -> dict[str, list[dict[str, str]]]:
    out: dict[str, list[dict[str, str]]] = {k: [] for k in PACKS}
    section = ("", "")
    for line in rules_md.read_text(encoding="utf-8").splitlines():
        if m := SECTION.match(line):
            section = (m.group(1), m.group(2))
            continue
        m = ROW.match(line)
        if not m or line.count("|") != 7:
            continue
        rid = m.group(1)
        summary, numbers, clock, cite, quote = (clean(c) for c in m.group(2).split("|"))
        quote = quote.strip().strip('"').strip("“”")
        pack = next(k for k in PACKS if rid.startswith(k + "-"))
        out[pack].append(dict(id=rid, section=section[0], topic=section[1], summary=summary,
                              numbers=numbers, clock=clock, citation=cite, quote=quote,
                              ambiguities=sorted(set(re.findall(r"AMB-\d\d", summary + clock + numbers)))))
    return out


def render(key: str, rules: list[dict[str, str]]) -> str:
    stem, title, source, authority, town, history = PACKS[key]
    lines = [
        f"# Rule pack {key}: {title}.",
        "# One table per rule of shared/RULES.md. `params` hold the numbers the engine computes with;",
        "# `in_force_from` is left empty where the text gives only a Town Meeting vote date "
        "(towns confirm it).",
        "",
        "[pack]",
        f"key = {q(key)}",
        f"title = {q(title)}",
        f"town = {q(town)}",
        f"enforcing_authority = {q(authority)}",
        f"source_file = {q(source)}",
        f"history = {q(history)}",
        'in_force_source = "HISTORY lines give vote dates, not effective dates; set in town configuration"',
        "",
    ]
    for r in rules:
        lines += [
            f"[rule.{r['id']}]",
            f"section = {q(r['section'] + ' ' + r['topic'])}",
            f"summary = {q(r['summary'])}",
            f"numbers = {q(r['numbers'])}",
            f"clock = {q(r['clock'])}",
            f"citation = {q(r['citation'])}",
            f"quote = {q(r['quote'])}",
        ]
        if r["ambiguities"]:
            lines.append("ambiguities = [" + ", ".join(q(a) for a in r["ambiguities"]) + "]")
        lines.append("")
    return "\n".join(lines)


def main(rules_md: str, out_dir: str) -> None:
    parsed = parse(Path(rules_md))
    for key, rules in parsed.items():
        target = Path(out_dir) / f"{PACKS[key][0]}.toml"
        if target.exists():
            sys.exit(f"{target} exists: the packs are edited by hand now; refusing to overwrite")
        target.write_text(render(key, rules), encoding="utf-8")
        print(f"{target}: {len(rules)} rules")


if __name__ == "__main__":
    main(*sys.argv[1:3])
