"""Formatting and the workspace symbol index, in process.

Formatting (features/format.py): the whole-document edits of generated files of 10k and 50k
lines (bench/generate_ir.py) with every blank doubled, the first time (every statement lifted,
printed and checked) and again after a one-character edit inside one function (the other
statements' formatted text is kept per unit); and of each CuTe DSL dump of tests/corpus.

The workspace index (lsp/workspace_symbols.py): every `.ir` / `.mlir` file of the repository
parsed a slice at a time (`SlicedParse`, 5 ms slices) and its symbols read; the total time, and
the longest single step, which is how long the server's event loop can be held by indexing.

Wall-clock milliseconds; prints Markdown for docs/benchmarks.md. Not a test: numbers depend on
the machine.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generate_ir import generate  # noqa: E402

from cute_ir.analysis import DocumentAnalysis  # noqa: E402
from cute_ir.features.format import edits  # noqa: E402
from cute_ir.features.workspace_symbols import positions_in, symbols_of, workspace_files  # noqa: E402
from cute_ir.syntax.parser import SlicedParse  # noqa: E402
from cute_ir.text.positions import Position  # noqa: E402

REPO = HERE.parent


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f}" if seconds >= 0.01 else f"{seconds * 1000:.1f}"


def format_generated(lines: int) -> tuple[str, str, str, int]:
    text = generate(lines).replace(" = ", "  =  ")
    analysis = DocumentAnalysis("file:///bench.ir", text, verify_budget=0)
    start = time.perf_counter()
    first = edits(analysis)
    once = time.perf_counter() - start
    lines_of = text.split("\n")
    line = next(i for i in range(len(lines_of) // 2, len(lines_of)) if lines_of[i].lstrip().startswith("%a_"))
    column = lines_of[line].index("%a_") + 2
    analysis.update([(Position(line, column), Position(line, column), "x")], 2)
    start = time.perf_counter()
    edits(analysis)
    again = time.perf_counter() - start
    return f"{len(lines_of):,}", _ms(once), _ms(again), len(first)


def format_dump(path: Path) -> tuple[str, str, str]:
    text = path.read_text(encoding="utf-8")
    analysis = DocumentAnalysis(path.as_uri(), text, verify_budget=0)
    start = time.perf_counter()
    edits(analysis)
    return f"{path.parent.name}/{path.name}", f"{text.count(chr(10)):,}", _ms(time.perf_counter() - start)


def index_repository() -> tuple[int, int, str, str]:
    files = workspace_files([str(REPO)])
    symbols = 0
    longest = 0.0
    start = time.perf_counter()
    for name in files:
        data = Path(name).read_bytes()
        parse = SlicedParse(data)
        while True:
            step = time.perf_counter()
            tree = parse.advance(0.005)
            longest = max(longest, time.perf_counter() - step)
            if tree is not None:
                break
        step = time.perf_counter()
        symbols += len(symbols_of(tree.root_node, positions_in(data)))
        longest = max(longest, time.perf_counter() - step)
    return len(files), symbols, _ms(time.perf_counter() - start), _ms(longest)


def main() -> None:
    print("| lines | format the document | again after a one-character edit | edits |")
    print("|---|---|---|---|")
    for lines in (10_000, 50_000):
        size, once, again, count = format_generated(lines)
        print(f"| {size} | {once} ms | {again} ms | {count} |")
    print()
    print("| CuTe DSL dump | lines | format the document |")
    print("|---|---|---|")
    for path in sorted((REPO / "tests" / "corpus" / "cutedsl").glob("*/raw.mlir")):
        name, lines, took = format_dump(path)
        print(f"| {name} | {lines} | {took} ms |")
    print()
    files, symbols, total, longest = index_repository()
    print("| files indexed | symbols | total | longest step (event loop held) |")
    print("|---|---|---|---|")
    print(f"| {files} | {symbols} | {total} ms | {longest} ms |")


if __name__ == "__main__":
    main()
