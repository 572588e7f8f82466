"""Opening a large file in process: the whole analysis (`DocumentAnalysis` + `diagnostics()`,
verification deferred as at open: `--budget`, default 0) with op names and plain op bodies
read from the text (syntax/errors.py `READ_FROM_TEXT`) and with every op read from the tree,
CPU milliseconds (best and median of `--repeat`), and whether both give the same diagnostics.
Then where the open's time goes, the parse and the findings' parts, read from the text.

    .venv/bin/python bench/open_named_ops.py FILE... [--repeat 5]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from cute_ir.analysis import DocumentAnalysis  # noqa: E402
from cute_ir.analysis.findings import _FINDINGS, op_diagnostic  # noqa: E402
from cute_ir.syntax import captures, errors, parse  # noqa: E402


def _open(text: str, budget: float | None) -> tuple[float, list]:
    started = time.process_time()
    diagnostics = DocumentAnalysis("file:///bench.mlir", text, 1, verify_budget=budget).diagnostics()
    return (time.process_time() - started) * 1000, diagnostics


def _parts(data: bytes) -> dict[str, float]:
    out = {}
    started = time.process_time()
    tree = parse(data)
    out["parse"] = time.process_time() - started
    started = time.process_time()
    found = captures(_FINDINGS, tree.root, 0, len(data) + 1)
    out["captures"] = time.process_time() - started
    started = time.process_time()
    ops = errors.op_names(found["op"], 0, len(data), data, not tree.root.has_error)
    out["op names"] = time.process_time() - started
    started = time.process_time()
    errors.named_op_diagnostics(ops)
    out["named-op checks"] = time.process_time() - started
    started = time.process_time()
    for op in ops:
        op_diagnostic(op)
    out["unknown-op checks"] = time.process_time() - started
    return {k: v * 1000 for k, v in out.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--budget", type=float, default=0.0)
    args = parser.parse_args()
    DocumentAnalysis("file:///warm.mlir", "func.func @f() {\n  return\n}\n", 1).diagnostics()
    same = True
    for path in args.files:
        text = path.read_text(encoding="utf-8", errors="replace")
        times: dict[bool, list[float]] = {True: [], False: []}
        seen: dict[bool, list] = {}
        for _ in range(args.repeat):
            for from_text in (False, True):
                errors.READ_FROM_TEXT = from_text
                spent, seen[from_text] = _open(text, args.budget)
                times[from_text].append(spent)
        errors.READ_FROM_TEXT = True
        identical = seen[True] == seen[False]
        same = same and identical
        print(f"{path.name}: {text.count(chr(10)):,} lines, {len(seen[True])} diagnostics, identical: {identical}")
        for from_text, label in ((False, "every op from the tree"), (True, "read from the text")):
            print(f"  {label:24} best {min(times[from_text]):6.0f} ms, median {statistics.median(times[from_text]):6.0f} ms")
        parts = [_parts(text.encode("utf-8", errors="replace")) for _ in range(3)]
        print("  " + ", ".join(f"{k} {min(p[k] for p in parts):.0f}" for k in parts[0]) + " ms (best of 3)")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
