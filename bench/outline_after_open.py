"""The first outline and folds of a 50k-line file, in process, in the steps the server takes:
every unit's outline read (`DocumentAnalysis.prepare(OUTLINE)`, which the server does in
slices), then the documentSymbol answer written as JSON, then the foldingRange answer.

On the three files of bench/peer.py (MLIR's own dialects, the generated cute_nvgpu file of
bench/generate_ir.py, the real dumps of bench/real_dumps.py). CPU time of the process
(`time.process_time`), Python's cyclic collector off as the server keeps it while it answers;
each figure the median over `--runs` fresh analyses. Prints a Markdown table. Not a test:
figures depend on the machine.

    python bench/outline_after_open.py [--lines 50000] [--runs 3]
"""
from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from peer import files  # noqa: E402

from cute_ir.analysis import DocumentAnalysis  # noqa: E402
from cute_ir.features.outline import OUTLINE  # noqa: E402
from cute_ir.lsp.convert import document_symbols, folding_ranges  # noqa: E402


def _cpu_ms(fn) -> float:
    start = time.process_time()
    fn()
    return (time.process_time() - start) * 1000


def _prepared(analysis: DocumentAnalysis) -> None:
    while analysis.prepare(OUTLINE, 1.0):
        pass


def _one_run(text: str) -> tuple[float, float, float]:
    analysis = DocumentAnalysis("file:///bench.mlir", text, verify_budget=0)
    return (_cpu_ms(lambda: _prepared(analysis)), _cpu_ms(lambda: document_symbols(analysis)),
            _cpu_ms(lambda: folding_ranges(analysis)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=50000, choices=(5000, 50000))
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    gc.disable()   # as the server keeps it while it answers (lsp/collector.py)
    print("| file | outline read | documentSymbol JSON | documentSymbol in all | foldingRange JSON |")
    print("|---|---|---|---|---|")
    for name, text in files(args.lines == 5000).items():
        runs = []
        for _ in range(args.runs):
            runs.append(_one_run(text))
            gc.collect()
        read, symbols, folds = (statistics.median(column) for column in zip(*runs))
        print(f"| {name} | {read:.0f} ms | {symbols:.0f} ms | {read + symbols:.0f} ms | {folds:.0f} ms |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
