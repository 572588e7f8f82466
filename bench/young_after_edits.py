"""What the cyclic collector has to walk after a run of edits, collected at once or after each.

The real dumps concatenated to 50k lines are opened and verified, then 30 one-character edits
are typed in a large function, each followed by its diagnostics, as the server handles them
(the collector off, as lsp/collector.py keeps it). `end`: one young collection after the 30
edits, as a server never quiet between them ran it; `each`: one after each edit's diagnostics,
as `IdleCollector.after_edit` runs it. Prints the young generation's size and the collections'
wall-clock times.

    PYTHONPATH=server:bench python bench/young_after_edits.py end|each [lines]
"""
from __future__ import annotations

import gc
import sys
import time

import peer
from real_dumps import concatenated

from cute_ir.analysis import DocumentAnalysis
from cute_ir.lsp import diagnostic_json
from cute_ir.text.positions import Position

EDITS = 30


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "end"
    lines = int(sys.argv[2]) if len(sys.argv) > 2 else 50_000
    gc.disable()
    text = concatenated(lines)
    analysis = DocumentAnalysis("file:///young.mlir", text)
    analysis.verify_pending()
    gc.collect()
    line, column = peer.typing_spot(text)
    young, collections = [], []
    for k in range(EDITS):
        at = Position(line, column + k)
        analysis.update([(at, at, "abcdefghijklmnopqrstuvwxyz0123"[k])], k + 2)
        diagnostic_json.diagnostics(analysis)
        young.append(gc.get_count()[0])
        if mode == "each":
            started = time.perf_counter()
            gc.collect(1)
            collections.append((time.perf_counter() - started) * 1e3)
    if mode == "end":
        started = time.perf_counter()
        gc.collect(1)
        collections.append((time.perf_counter() - started) * 1e3)
    print(f"{mode}: young objects after the edits {young[-1]:,} (after the first {young[0]:,}); "
          f"{len(collections)} collections, longest {max(collections):.1f} ms, all {sum(collections):.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
