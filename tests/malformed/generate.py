#!/usr/bin/env python3
"""Writes the cases of this corpus that are too repetitive to write by hand.

Run it from anywhere: `python3 tests/malformed/generate.py`. It rewrites only
the .json files named below; their .expected files are written by hand and
checked in like every other case. The outputs are committed (all are well
under 200 KB), so ctest does not need Python.
"""
from pathlib import Path

CASES = Path(__file__).resolve().parent / "cases"


def write(name: str, text: str) -> None:
    (CASES / f"{name}.json").write_text(text, encoding="utf-8", newline="\n")


def deep_nesting() -> str:
    # 100000 '[' and nothing else: the parser must stop at its depth bound
    # (64) instead of recursing until the stack overflows.
    return "[" * 100_000


def goblins_with_unknown_key(count: int, extra_top_level: str = "") -> str:
    lines = ["{"]
    if extra_top_level:
        lines.append(f"  {extra_top_level},")
    lines += ['  "factions": [', '    { "name": "A",', '      "members": [']
    for i in range(count):
        sep = "," if i < count - 1 else ""
        lines.append(f'        {{ "monster": "goblin", "name": "Goblin {i + 1}", "hitpoints": 7 }}{sep}')
    lines += ["      ] },", '    { "name": "B", "members": [ { "monster": "orc" } ] }', "  ]", "}"]
    return "\n".join(lines) + "\n"


def main() -> None:
    write("syntax_deep_nesting", deep_nesting())
    # 25 problems: 20 are shown, then a line counting the 5 left out.
    write("too_many_problems", goblins_with_unknown_key(25))
    # The same plus a problem on line 2: the first problem in the file must be
    # among those shown.
    write("too_many_problems_first_dropped", goblins_with_unknown_key(25, '"batles": 100'))


if __name__ == "__main__":
    main()
