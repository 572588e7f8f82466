"""CPU per keystroke in the largest function of each real CuTe DSL dump, and where it goes.

For each dump of tests/corpus/cutedsl whose largest function has at least `--min-lines` lines,
in process: the dump analysed and verified whole, then `--keys` characters typed one after
another into a value name in the middle of that function, each followed by the diagnostics;
the collector off, as the server keeps it while it works. Prints the mean CPU per keystroke
and its parts: the lift, the SSA and type check, the verifiers, the lowering check and the
editor's pipeline.

    python bench/keystroke_in_kernels.py [--keys 20] [--min-lines 300] [--only NAME]
"""
from __future__ import annotations

import argparse
import functools
import gc
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "server"))

import cute_ir.analysis.document as document  # noqa: E402
import cute_ir.analysis.pipeline as pipeline  # noqa: E402
import cute_ir.ir.ssa as ssa  # noqa: E402
import cute_ir.verify as verify  # noqa: E402
from cute_ir.verify.lowering import LoweringCheck  # noqa: E402
from cute_ir.analysis import DocumentAnalysis  # noqa: E402
from cute_ir.text.positions import Position  # noqa: E402

# Where analysis/verification.py reads them from when it first verifies (after `time_parts`).
PARTS = {"lift": (document, "lift_statements"), "ssa": (ssa, "check_ssa"),
         "verifiers": (verify, "verify_unit"), "lowering": (LoweringCheck, "diagnostics"),
         "pipeline": (pipeline.UnitPipeline, "_run")}
spent: dict[str, float] = {}


def _timed(owner, name: str, label: str) -> None:
    real = getattr(owner, name)

    @functools.wraps(real)
    def timed(*args, **kwargs):
        start = time.process_time()
        try:
            return real(*args, **kwargs)
        finally:
            spent[label] = spent.get(label, 0.0) + time.process_time() - start
    setattr(owner, name, timed)


def time_parts() -> None:
    """From now on, the CPU each part (PARTS) takes is added up in `spent`."""
    for label, (owner, name) in PARTS.items():
        _timed(owner, name, label)


def measure(text: str, keys: int) -> tuple[int, float, dict[str, float]]:
    analysis = DocumentAnalysis("file:///dump.mlir", text)
    analysis.diagnostics()
    unit = max(analysis.units, key=lambda u: u.end - u.start)
    lines = text.split("\n")
    first, last = text.count("\n", 0, unit.start), text.count("\n", 0, unit.end)
    line = next(i for i in range((first + last) // 2, last) if re.match(r"\s+%\w+ = ", lines[i]))
    column = lines[line].index("%") + 1
    spent.clear()
    total = 0.0
    gc.disable()
    try:
        for k in range(keys):
            start = time.process_time()
            at = Position(line, column + k)
            analysis.update([(at, at, "abcdefghijklmnopqrstuvwxyz"[k % 26])], k + 2)
            analysis.diagnostics()
            total += time.process_time() - start
    finally:
        gc.enable()
    return last - first, total / keys, {label: spent.get(label, 0.0) / keys for label in PARTS}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=20)
    parser.add_argument("--min-lines", type=int, default=300)
    parser.add_argument("--only", help="only dumps whose directory name contains this")
    args = parser.parse_args()
    time_parts()
    for path in sorted((ROOT / "tests" / "corpus" / "cutedsl").glob("*/raw.mlir")):
        if args.only and args.only not in path.parent.name:
            continue
        text = path.read_text()
        lines, per_key, parts = measure(text, args.keys)
        if lines < args.min_lines:
            continue
        print(f"{path.parent.name}: {lines}-line function, {per_key * 1e3:.1f} ms per keystroke "
              + " ".join(f"{label} {seconds * 1e3:.1f}" for label, seconds in parts.items()))


if __name__ == "__main__":
    main()
