"""CPU cost of the SSA well-formedness check (server/cute_ir/ir/ssa.py) on the generator's
files (bench/generate_ir.py): every unit of a whole-document analysis, and one unit, as after an
edit. Best of three runs of `time.process_time`."""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate_ir import generate  # noqa: E402

from cute_ir.analysis import DocumentAnalysis  # noqa: E402
from cute_ir.analysis.units import statement_nodes  # noqa: E402
from cute_ir.ir.ssa import check_ssa  # noqa: E402

SIZES = (2000, 10000, 50000)


def _best(fn) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def main() -> int:
    for lines in SIZES:
        analysis = DocumentAnalysis("file:///bench.ir", generate(lines))
        tree = analysis.fresh_tree()
        statements = [statement_nodes(tree, u) for u in analysis.units if not u.shell]
        whole = _best(lambda: [check_ssa(s) for s in statements])
        one = _best(lambda: check_ssa(statements[len(statements) // 2]))
        print(f"{lines:>6} lines  {len(statements):>5} units  whole document {whole * 1000:8.1f} ms CPU"
              f"  one unit {one * 1000:6.3f} ms CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
