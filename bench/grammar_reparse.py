"""The grammar alone: full parse and whole-document incremental re-parse after a 1-char edit.

For the generator's files (bench/generate_ir.py) and for one function holding N plain
statements, prints process CPU time (best of 5) of `Parser.parse(new, old_tree)` after
`Tree.edit` for a one-character replacement in the middle of the file. The language server does
not do this per keystroke (it re-parses the edited statement alone); this measures how much of
the old tree tree-sitter itself manages to reuse.

For scale, the same measurement is made with two mature grammars of other languages when their
packages are installed (`pip install -e '.[bench]'`, done by `make bench`): tree-sitter-python
on N statements at top level and tree-sitter-json on an array of N objects.
"""
from __future__ import annotations

import importlib
import sys
import time
from pathlib import Path
from typing import Callable

import tree_sitter

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate_ir import generate  # noqa: E402

from cute_ir.syntax.parser import LANGUAGE  # noqa: E402

SIZES = (1000, 10000, 50000)
RUNS = 5


def _point(src: bytes, offset: int) -> tuple[int, int]:
    row = src.count(b"\n", 0, offset)
    return row, offset - (src.rfind(b"\n", 0, offset) + 1)


def _cpu_ms(fn) -> tuple[float, object]:
    start = time.process_time()
    result = fn()
    return (time.process_time() - start) * 1000, result


def measure(language: tree_sitter.Language, src: bytes, marker: bytes = b"%") -> tuple[float, float]:
    """(full parse, incremental re-parse) in CPU milliseconds, best of RUNS. The edited
    character is the one after the first `marker` past the middle of the file."""
    parser = tree_sitter.Parser(language)
    at = src.index(marker, len(src) // 2) + 1
    edited = src[:at] + (b"Q" if src[at:at + 1] != b"Q" else b"R") + src[at + 1:]
    point = _point(src, at)
    end = (point[0], point[1] + 1)
    full = incremental = float("inf")
    for _ in range(RUNS):
        ms, tree = _cpu_ms(lambda: parser.parse(src))
        full = min(full, ms)
        tree.edit(start_byte=at, old_end_byte=at + 1, new_end_byte=at + 1,
                  start_point=point, old_end_point=end, new_end_point=end)
        ms, _ = _cpu_ms(lambda: parser.parse(edited, tree))
        incremental = min(incremental, ms)
    return full, incremental


def flat_function(statements: int) -> str:
    body = "".join(f"  %v{i} = arith.addi %x, %y : i32\n" for i in range(statements))
    return "func.func @f() {\n" + body + "  return\n}\n"


def python_statements(statements: int) -> str:
    return "".join(f"v{i} = x + y\n" for i in range(statements))


def json_array(elements: int) -> str:
    return "[\n" + ",\n".join(f'  {{"v{i}": {i}}}' for i in range(elements)) + "\n]\n"


# (label, language, source maker, marker before the edited character)
Case = tuple[str, tree_sitter.Language, Callable[[int], str], bytes]


def _reference_cases() -> list[Case]:
    cases = []
    for module, label, make, marker in (("tree_sitter_python", "tree-sitter-python, top level", python_statements, b"\nv"),
                                        ("tree_sitter_json", "tree-sitter-json, one array", json_array, b'"v')):
        try:
            language = tree_sitter.Language(importlib.import_module(module).language())
        except ImportError:
            print(f"({module} not installed: its rows are left out)", file=sys.stderr)
            continue
        cases.append((label, language, make, marker))
    return cases


def main() -> int:
    cases: list[Case] = [("cute-ir, generator", LANGUAGE, generate, b"%"),
                         ("cute-ir, one function", LANGUAGE, flat_function, b"%")]
    cases += _reference_cases()
    print("| input | lines | bytes | full parse | incremental re-parse |")
    print("|---|---|---|---|---|")
    for label, language, make, marker in cases:
        for n in SIZES:
            src = make(n).encode()
            full, incremental = measure(language, src, marker)
            lines = src.count(b"\n")
            print(f"| {label} | {lines} | {len(src)} | {full:.0f} ms | {incremental:.2f} ms |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
