"""The whole-file PTX preview asked again and again, in process: the generated file
(bench/generate_ir.py) analysed and completely verified, then `preview_module` several times,
each timed in CPU seconds (`time.process_time`). The first preview computes what a repeat should
only read again (each unit's atom sites, the lowered functions); a repeat on an unchanged
document is the figure to watch.

Not a test: numbers depend on the machine. Record results in docs/benchmarks.md.

    PYTHONPATH=server .venv/bin/python bench/preview_repeated.py [--lines 10000] [--repeats 3] [--cap N]

`--cap N` sets how many functions' kernels the preview writes from the lowered IR
(features/preview.py MAX_LOWERED_FUNCTIONS; 0: every one), to measure what lifting it costs; the
peak RSS of the process is printed at the end.
"""
from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generate_ir import generate  # noqa: E402

from cute_ir.analysis.document import DocumentAnalysis  # noqa: E402
from cute_ir.features import preview as preview_feature  # noqa: E402
from cute_ir.features.preview import preview_module  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=10000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--cap", type=int, default=None, help="functions written from the lowered IR (0: all)")
    args = parser.parse_args(argv)
    if args.cap is not None:
        preview_feature.MAX_LOWERED_FUNCTIONS = args.cap or 10 ** 9
    analysis = DocumentAnalysis("file:///bench/preview.ir", generate(args.lines))
    analysis.verify_pending()
    print(f"{args.lines} lines, {len(analysis.units)} units")
    for n in range(args.repeats + 1):
        began = time.process_time()
        preview = preview_module(analysis)
        spent = time.process_time() - began
        print(f"{'first' if n == 0 else f'repeat {n}'}: {spent:.3f} s CPU, {len(preview.ptx_text.splitlines())} PTX lines")
    written = preview.ptx_text.count("its atoms as the lowering pipeline's inline assembly")
    print(f"functions written from the lowered IR: {written} (cap {preview_feature.MAX_LOWERED_FUNCTIONS}); "
          f"peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
