"""CPU of the SSA and structure check (analysis/verification.py `check_ssa_units`: ir/ssa.py
with verify/structure.py's judge) over a whole file's background verification, in process.

The file is opened with every unit's verification deferred (`verify_budget=0`), its first
diagnostics read, then `verify_pending()` run to the end with the collector off, as the server
runs it. Prints, per run, the verification's CPU and the parts of it spent in
`check_ssa_units` and in lifting units (ir/lift.py `lift_statements`); the best of `--runs`.
`--profile FILE` writes a cProfile of one more run's verification.

    python bench/ssa_structure_check.py FILE [--runs 3] [--profile OUT.prof]

The upstream-dialect file: `python3 ../shared/bench/gen_upstream_mlir.py 50000 /tmp/up50k.mlir`.
"""
from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "server"))

from cute_ir.analysis import DocumentAnalysis, document  # noqa: E402

spent = [0.0, 0.0]     # check_ssa_units, lift_statements


def _timed(check, part: int):
    def timed(*args, **kwargs):
        start = time.process_time()
        try:
            return check(*args, **kwargs)
        finally:
            spent[part] += time.process_time() - start
    return timed


def verify(text: str, profiler=None) -> tuple[float, float, float]:
    """(verification CPU, of which `check_ssa_units`, of which lifting), seconds."""
    analysis = DocumentAnalysis("file:///bench.mlir", text, verify_budget=0)
    analysis.diagnostics()
    spent[:] = [0.0, 0.0]
    gc.collect()
    gc.disable()
    try:
        if profiler is not None:
            profiler.enable()
        start = time.process_time()
        while analysis.verify_pending():
            pass
        total = time.process_time() - start
        if profiler is not None:
            profiler.disable()
    finally:
        gc.enable()
    return total, spent[0], spent[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", type=Path, help="write a cProfile of one more run here")
    args = parser.parse_args()
    text = args.file.read_text()
    document.check_ssa_units = _timed(document.check_ssa_units, 0)
    document.lift_statements = _timed(document.lift_statements, 1)
    results = []
    for _ in range(args.runs):
        total, ssa, lifting = verify(text)
        results.append((total, ssa, lifting))
        print(f"verification {total * 1000:8.1f} ms CPU   check_ssa_units {ssa * 1000:8.1f} ms CPU   "
              f"lift {lifting * 1000:8.1f} ms CPU", flush=True)
    print(f"best: verification {min(r[0] for r in results) * 1000:.1f} ms, "
          f"check_ssa_units {min(r[1] for r in results) * 1000:.1f} ms, lift {min(r[2] for r in results) * 1000:.1f} ms")
    if args.profile is not None:
        import cProfile
        profiler = cProfile.Profile()
        verify(text, profiler)
        profiler.dump_stats(str(args.profile))
    return 0


if __name__ == "__main__":
    sys.exit(main())
