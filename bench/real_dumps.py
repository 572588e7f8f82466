"""Real CuTe DSL dumps of any size: the committed corpus (tests/corpus/cutedsl/*/raw.mlir),
concatenated until the file has at least the lines asked for.

Each copy's aliases (`!name = ...`, `#name = ...`) get a suffix of their own, so the file is
valid MLIR: aliases are defined once per file, while each copy's `module { ... }` is its own
symbol table. The dumps keep their `loc(...)` trails and their long type lines, which the
generated files of generate_ir.py do not have.

    python bench/real_dumps.py LINES OUT.mlir
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "corpus" / "cutedsl"
_ALIAS_DEFINITION = re.compile(r"^([!#][A-Za-z_][\w$.]*) = ", re.MULTILINE)


def dumps() -> list[str]:
    """The corpus's raw dumps, in a fixed order."""
    return [path.read_text() for path in sorted(CORPUS.glob("*/raw.mlir"))]


def _renamed(text: str, suffix: str) -> str:
    names = sorted(set(_ALIAS_DEFINITION.findall(text)), key=len, reverse=True)
    if not names:
        return text
    pattern = re.compile("(" + "|".join(re.escape(n) for n in names) + r")(?![\w$.])")
    return pattern.sub(lambda m: m.group(1) + suffix, text)


def concatenated(lines: int) -> str:
    """Real dumps one after another, at least `lines` lines in all."""
    sources = dumps()
    parts: list[str] = []
    count = 0
    copy = 0
    while count < lines:
        text = _renamed(sources[copy % len(sources)], f"_c{copy}")
        parts.append(text if text.endswith("\n") else text + "\n")
        count += text.count("\n") + 1
        copy += 1
    return "".join(parts)


def main() -> None:
    lines, out = int(sys.argv[1]), Path(sys.argv[2])
    out.write_text(concatenated(lines))


if __name__ == "__main__":
    main()
