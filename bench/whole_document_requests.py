"""Whole-document requests an editor sends after open and after every pause in typing:
document symbols (outline), folding ranges and full semantic tokens.

For the generator's files (bench/generate_ir.py) prints the CPU time of each, in process and
converted as the server sends them (the JSON text it writes), first right after open (every unit
computed once; the server does this in slices between other messages), then after a
one-character edit in the middle of the file (only the edited unit is computed again), and
after a newline there (every unit after it moves to other lines). Python's cyclic collector is
off, as the server keeps it while it answers.
"""
from __future__ import annotations

import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate_ir import generate  # noqa: E402

from cute_ir.analysis import DocumentAnalysis  # noqa: E402
from cute_ir.lsp import semantic  # noqa: E402
from cute_ir.lsp.convert import document_symbols as lsp_document_symbols  # noqa: E402
from cute_ir.lsp.convert import folding_ranges as lsp_folding_ranges  # noqa: E402
from cute_ir.text.positions import Position  # noqa: E402

SIZES = (2000, 10000, 50000)    # lines; other sizes from the command line


def _requests(analysis: DocumentAnalysis) -> dict[str, object]:
    return {
        "document symbols": lambda: lsp_document_symbols(analysis),
        "folding ranges": lambda: lsp_folding_ranges(analysis),
        "semantic tokens (full)": lambda: semantic.full_tokens_json(analysis),
    }


def _cpu_ms(fn) -> float:
    start = time.process_time()
    fn()
    return (time.process_time() - start) * 1000


def main() -> int:
    sizes = tuple(int(a) for a in sys.argv[1:]) or SIZES
    gc.disable()   # as the server keeps it while it answers (lsp/collector.py)
    print("| lines | request | first, after open | after a 1-char edit | after a newline |")
    print("|---|---|---|---|---|")
    for lines in sizes:
        analysis = DocumentAnalysis("file:///bench.ir", generate(lines), verify_budget=0)
        first = {name: _cpu_ms(run) for name, run in _requests(analysis).items()}
        text_lines = analysis.document.text.split("\n")
        line = next(i for i in range(len(text_lines) // 2, len(text_lines)) if text_lines[i].lstrip().startswith("%a_"))
        column = text_lines[line].index("%a_") + 1
        analysis.update([(Position(line, column), Position(line, column), "q")], 2)
        after = {name: _cpu_ms(run) for name, run in _requests(analysis).items()}
        # A newline moves every unit after it to other lines.
        analysis.update([(Position(line, 0), Position(line, 0), "\n")], 3)
        newline = {name: _cpu_ms(run) for name, run in _requests(analysis).items()}
        for name in first:
            print(f"| {lines} | {name} | {first[name]:.0f} ms | {after[name]:.1f} ms | {newline[name]:.1f} ms |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
