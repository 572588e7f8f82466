"""The grammar alone: full parse and whole-document incremental re-parse after a 1-char edit.

For the generator's files (bench/generate_ir.py) and for one function holding N plain
statements, prints process CPU time (best of 5) of `Parser.parse(new, old_tree)` after
`Tree.edit` for a one-character replacement in the middle of the file. The language server does
not do this per keystroke (it re-parses the edited statement alone); this measures how much of
the old tree tree-sitter itself manages to reuse.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

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


def measure(src: bytes) -> tuple[float, float]:
    """(full parse, incremental re-parse) in CPU milliseconds, best of RUNS."""
    parser = tree_sitter.Parser(LANGUAGE)
    # Replace the character after the middle `%` (an SSA name's first letter) with another.
    at = src.index(b"%", len(src) // 2) + 1
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


def main() -> int:
    print("| input | lines | bytes | full parse | incremental re-parse |")
    print("|---|---|---|---|---|")
    for label, make in (("generator", generate), ("one function", flat_function)):
        for n in SIZES:
            src = make(n).encode()
            full, incremental = measure(src)
            lines = src.count(b"\n")
            print(f"| {label} | {lines} | {len(src)} | {full:.0f} ms | {incremental:.2f} ms |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
