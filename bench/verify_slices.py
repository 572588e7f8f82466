"""How long one slice of background verification holds the server, and where it goes.

For each real CuTe DSL dump (tests/corpus/cutedsl), in process: the dump opened with every
unit's verification deferred (`verify_budget=0`), then `verify_pending(0)` called until nothing
is owed — each call is the smallest slice the server runs. Prints, per dump, the longest slices
(CPU ms) and, for the longest, its parts: the lift, the SSA and type check, the verifiers, the
lowering check and the editor's pipeline, each the sum over that slice. The collector is off,
as the server keeps it while it works.

    python bench/verify_slices.py [--top 3] [--only NAME]
"""
from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "server"))
sys.path.insert(0, str(ROOT / "bench"))

from cute_ir.analysis import DocumentAnalysis  # noqa: E402
from keystroke_in_kernels import PARTS, spent, time_parts  # noqa: E402


def slices(text: str) -> list[tuple[float, dict[str, float]]]:
    analysis = DocumentAnalysis("file:///dump.mlir", text, verify_budget=0)
    analysis.diagnostics()
    out = []
    gc.disable()
    try:
        more = True
        while more:
            spent.clear()
            start = time.process_time()
            more = analysis.verify_pending(0)
            out.append((time.process_time() - start, dict(spent)))
    finally:
        gc.enable()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=3)
    parser.add_argument("--only", help="only dumps whose directory name contains this")
    args = parser.parse_args()
    time_parts()
    every: list[float] = []
    for path in sorted((ROOT / "tests" / "corpus" / "cutedsl").glob("*/raw.mlir")):
        if args.only and args.only not in path.parent.name:
            continue
        found = slices(path.read_text())
        every.extend(s for s, _ in found)
        found.sort(key=lambda s: -s[0])
        longest, parts = found[0]
        # The longest slice that neither lifts nor SSA-checks: what the other steps cost.
        other = next((s for s, p in found if not p.get("lift") and not p.get("ssa")), 0.0)
        print(f"{path.parent.name}: {len(found)} slices, longest "
              + ", ".join(f"{s * 1e3:.1f}" for s, _ in found[:args.top]) + " ms; the longest: "
              + " ".join(f"{label} {parts.get(label, 0.0) * 1e3:.1f}" for label in PARTS)
              + f"; longest without a lift or SSA check {other * 1e3:.1f}")
    every.sort()
    if every:
        print(f"all: {len(every)} slices, median {every[len(every) // 2] * 1e3:.2f} ms, "
              f"p90 {every[int(len(every) * 0.9)] * 1e3:.2f} ms, max {every[-1] * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
