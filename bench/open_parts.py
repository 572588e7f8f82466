"""Where opening a large file spends its time, in process: `DocumentAnalysis` + `diagnostics()`
with verification deferred (`--budget`, default 0, as the server's open after its budget), each
listed function timed inclusively (CPU ms, the best of `--repeat` opens; a function called
inside another listed one is counted in both; each call's timer adds a few microseconds, so
the whole open is best compared with `--whole`, which times nothing else). The rest of the open
is the line table, the units and what the listed parts do not cover.

    .venv/bin/python bench/open_parts.py FILE... [--repeat 5] [--whole]
"""
from __future__ import annotations

import argparse
import functools
import importlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from cute_ir.analysis import DocumentAnalysis  # noqa: E402

# (label, module, attribute path): what is timed, where the open looks it up.
PARTS = (
    ("parse", "cute_ir.analysis.document", "parse"),
    ("findings (query and all)", "cute_ir.analysis.document", "findings"),
    ("  query captures", "cute_ir.analysis.findings", "captures"),
    ("  op names", "cute_ir.analysis.findings", "op_names"),
    ("  malformed nodes", "cute_ir.analysis.findings", "malformed_nodes"),
    ("needs", "cute_ir.analysis.document", "DocumentAnalysis._record_needs"),
    ("finding diagnostics", "cute_ir.analysis.document", "finding_diagnostics"),
    ("  unknown-op checks", "cute_ir.analysis.findings", "op_diagnostic"),
    ("  named-op checks", "cute_ir.analysis.findings", "named_op_diagnostics"),
    ("  malformed checks", "cute_ir.analysis.findings", "describe_malformed"),
    ("per-unit: alias definition", "cute_ir.analysis.document", "DocumentAnalysis._alias_definition"),
    ("per-unit: written aliases", "cute_ir.analysis.document", "written_definitions"),
    ("per-unit: results", "cute_ir.analysis.document", "DocumentAnalysis._results_of"),
    ("per-unit: function definition", "cute_ir.analysis.document", "function_definition"),
)

_spent: dict[str, float] = {}


def _timed(label: str, function):
    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        started = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            _spent[label] = _spent.get(label, 0.0) + time.process_time() - started
    return wrapper


def _install() -> None:
    for label, module_name, path in PARTS:
        owner = importlib.import_module(module_name)
        *outer, name = path.split(".")
        for part in outer:
            owner = getattr(owner, part)
        setattr(owner, name, _timed(label, getattr(owner, name)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--budget", type=float, default=0.0)
    parser.add_argument("--whole", action="store_true",
                        help="time the whole open only (the parts' timers cost a few microseconds a call)")
    args = parser.parse_args()
    if not args.whole:
        _install()
    DocumentAnalysis("file:///warm.mlir", "func.func @f() {\n  return\n}\n", 1).diagnostics()
    for path in args.files:
        text = path.read_text(encoding="utf-8", errors="replace")
        best: dict[str, float] = {}
        for _ in range(args.repeat):
            _spent.clear()
            started = time.process_time()
            DocumentAnalysis("file:///bench.mlir", text, 1, verify_budget=args.budget).diagnostics()
            _spent["whole open"] = time.process_time() - started
            for label, seconds in _spent.items():
                best[label] = min(best.get(label, seconds), seconds)
        print(f"{path.name}: {text.count(chr(10)):,} lines, CPU ms, best of {args.repeat}")
        for label in ["whole open", *(label for label, _, _ in PARTS)]:
            if label in best:
                print(f"  {label:32} {best[label] * 1000:7.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
