"""What writing a publish's diagnostics as JSON values costs after an edit
(`diagnostic_json.diagnostics`, the document's diagnostics included), in process: CPU time,
collector off, on the real CuTe DSL dumps concatenated to 50k lines (bench/real_dumps.py:
hundreds of diagnostics, target errors and the lowering's notes), verified completely first,
then one publish written as after open; then the median over 8 characters typed into an SSA
name in the middle of the file (bench/peer.py's spot), and over 4 newlines typed there (every
diagnostic below moves to another line). Run it with another version's `server/` first on
PYTHONPATH to compare, alternating runs.

    python bench/publish_diagnostics.py [LINES]
"""
from __future__ import annotations

import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from peer import typing_spot  # noqa: E402
from real_dumps import concatenated  # noqa: E402

from cute_ir.analysis import DocumentAnalysis  # noqa: E402
from cute_ir.lsp import diagnostic_json  # noqa: E402
from cute_ir.text.positions import Position  # noqa: E402


def _cpu_ms(fn) -> float:
    start = time.process_time()
    fn()
    return (time.process_time() - start) * 1000


def main() -> int:
    lines = int(sys.argv[1]) if len(sys.argv) > 1 else 50000
    text = concatenated(lines)
    gc.disable()   # as the server keeps it while it answers (lsp/collector.py)
    analysis = DocumentAnalysis("file:///bench.mlir", text)
    while analysis.verify_pending(1.0):
        pass
    count = len(diagnostic_json.diagnostics(analysis))
    line, column = typing_spot(text)
    typed, newlines = [], []
    for k in range(8):
        analysis.update([(Position(line, column + k), Position(line, column + k), "q")], 2 + k)
        analysis.diagnostics()   # the edit analysed, as before its publish
        typed.append(_cpu_ms(lambda: diagnostic_json.diagnostics(analysis)))
    for k in range(4):
        analysis.update([(Position(line, 0), Position(line, 0), "\n")], 20 + k)
        analysis.diagnostics()
        newlines.append(_cpu_ms(lambda: diagnostic_json.diagnostics(analysis)))
    print(f"{lines} lines, {count} diagnostics: after a keystroke {statistics.median(typed):.1f} ms, "
          f"after a newline {statistics.median(newlines):.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
