"""Keystrokes in a real dump with one `}` deleted, in process: where the time goes.

The file of bench/peer.py's `typing_in_broken` (bench/real_dumps.py's dumps concatenated to
`--size` lines, the `}` of a line alone deleted at 20 %, 50 % and 90 % of them), typed in as
bench/peer.py types: the letters of a word at the SSA name of an op in the middle of the file,
each keystroke `DocumentAnalysis.update` + `diagnostics()` + their conversion to the publish's
JSON (lsp/diagnostic_json.py), once every function was verified. The same keystrokes in the
intact text for comparison; before each text the caches shared by documents that keep a unit's
results by its text are emptied (`forget_unit_results`). `--atoms`: type where bench/edit_in_process.py --real does instead
(in a function of 40-200 lines that names cute_nvgpu atoms). Prints CPU per keystroke (median / p90, `time.process_time`), the
number of diagnostics published, with `--parts` the CPU per keystroke of the steps of an edit
(in the run of the best median), with `--steps` those of the edited function's analysis (its
lift, SSA check, verifiers, lowering and pipeline checks, the piece's findings), and with `--profile` the top of a cProfile of the keystrokes.
The cyclic collector is off while it types and collects after each keystroke, untimed, as the
server's does (lsp/collector.py). Not a test: numbers depend on the machine.
"""
from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from edit_in_process import _edited_line_in_atoms  # noqa: E402
from peer import broken, typing_spot  # noqa: E402
from real_dumps import concatenated  # noqa: E402

from cute_ir.analysis import DocumentAnalysis  # noqa: E402
from cute_ir.analysis import document  # noqa: E402
from cute_ir.lsp import diagnostic_json  # noqa: E402
from cute_ir.lsp.collector import IdleCollector  # noqa: E402
from cute_ir.lsp.settings import INITIAL  # noqa: E402
from cute_ir.text.positions import Position  # noqa: E402


def keystrokes(text: str, edits: int, profile: cProfile.Profile | None, atoms: bool = False,
               spent: dict[str, float] | None = None) -> tuple[list[float], list[float], int, dict[str, float]]:
    """CPU seconds per keystroke (analysis + diagnostics, then their JSON), the count published,
    and the milliseconds per keystroke of the steps `spent` times (`time_parts`)."""
    forget_unit_results()
    # The server's settings before a client says otherwise (the target from the default), so
    # the steps timed here are the ones bench/peer.py's server runs.
    analysis = DocumentAnalysis("file:///bench/broken.mlir", text, settings=INITIAL)
    analysis.diagnostics()
    while analysis.verify_pending(1.0):
        pass
    line, column = _edited_line_in_atoms(analysis) if atoms else typing_spot(text)
    spent = spent if spent is not None else {}
    opened = dict(spent)
    collector = IdleCollector()
    analysed, converted = [], []
    count = 0
    for k in range(edits):
        at = Position(line, column + k)
        if profile:
            profile.enable()
        started = time.process_time()
        analysis.update([(at, at, "abcdefghijklmnopqrstuvwxyz"[k % 26])], k + 2)
        analysis.diagnostics()
        middle = time.process_time()
        count = len(diagnostic_json.diagnostics(analysis))
        ended = time.process_time()
        if profile:
            profile.disable()
        analysed.append(middle - started)
        converted.append(ended - middle)
        collector.after_edit()   # untimed: the server collects after the publish
    return analysed, converted, count, {k: (v - opened.get(k, 0.0)) * 1000 / edits for k, v in spent.items()}


def forget_unit_results() -> None:
    """Empty the caches shared by every document that keep a unit's results by its text (its
    atom sites, the lowering's and the pipeline's verdicts): every text here types the same
    letters into the same function, so a text typed after another found the function's results
    of each keystroke there, which a server typing in one file does not (bench/peer.py's
    cases are each a process of their own)."""
    from cute_ir.analysis import pipeline
    from cute_ir.features import preview
    pipeline.clear_cache()
    preview.clear_cache()   # (the atom sites' and the lowering's with it)


# The steps of an edit timed with `--parts`: the broken document's path (`_reparse_document`
# -> `_relayout` -> `_rescan`, `_diagnose_pieces`) and what both paths take.
PARTS = ("_settle_units", "_parse_document", "_rescan", "_diagnose_pieces", "_reverify_alias_users", "_retarget")


def time_parts(spent: dict[str, float]) -> None:
    """Add the CPU time of each of PARTS to `spent`, by name."""
    def timed(name: str, method):
        def run(self, *args, **kwargs):
            started = time.process_time()
            try:
                return method(self, *args, **kwargs)
            finally:
                spent[name] = spent.get(name, 0.0) + time.process_time() - started
        return run
    for name in PARTS:
        setattr(document.DocumentAnalysis, name, timed(name, getattr(document.DocumentAnalysis, name)))


def time_steps(spent: dict[str, float]) -> None:
    """Add the CPU time of the edited function's steps (STEPS) to `spent`, by label."""
    from cute_ir import verify
    from cute_ir.analysis import pipeline, verification
    from cute_ir.verify import lowering
    steps = ((document.DocumentAnalysis, "lifted_unit", "lift"),
             (document, "check_ssa_units", "SSA check (with alias uses)"),
             (verification, "alias_diagnostics", "alias uses"),
             (verify, "verify_unit", "verifiers"),
             (lowering.LoweringCheck, "diagnostics", "lowering check"),
             (pipeline.UnitPipeline, "diagnostics", "pipeline check"),
             (document, "findings", "piece findings (query)"),
             (document.DocumentAnalysis, "_parse_piece", "piece parse"))
    for owner, name, label in steps:
        def run(*args, _method=getattr(owner, name), _label=label, **kwargs):
            started = time.process_time()
            try:
                return _method(*args, **kwargs)
            finally:
                spent[_label] = spent.get(_label, 0.0) + time.process_time() - started
        setattr(owner, name, run)
    STEPS.extend(label for _, _, label in steps)


STEPS: list[str] = []


def _ms(seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    return f"{statistics.median(ms):.1f} / {ms[int(len(ms) * 0.9)]:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=5000)
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--atoms", action="store_true",
                        help="type where bench/edit_in_process.py --real does (a function of 40-200 lines)")
    parser.add_argument("--runs", type=int, default=1, help="runs per text; the best median is printed")
    parser.add_argument("--parts", action="store_true", help="CPU per keystroke of the steps in PARTS")
    parser.add_argument("--steps", action="store_true",
                        help="CPU per keystroke of the edited function's steps (lift, SSA check, verifiers, ...)")
    parser.add_argument("--profile", action="store_true", help="print the top of a cProfile of the keystrokes")
    args = parser.parse_args()
    gc.freeze()   # the imports, and the collector off: as the server runs (lsp/collector.py)
    gc.disable()
    text = concatenated(args.size)
    cases = {"intact": text}
    for fraction in (0.2, 0.5, 0.9):
        damaged, at = broken(text, fraction)
        cases[f"`}}` deleted at line {at + 1}"] = damaged
    print("| text | update + diagnostics, CPU median / p90 (ms) | to JSON (ms) | diagnostics |")
    print("|---|---|---|---|")
    profiles = {}
    spent: dict[str, float] = {}
    if args.parts:
        time_parts(spent)
    if args.steps:
        time_steps(spent)
    for name, case in cases.items():
        profile = cProfile.Profile() if args.profile else None
        runs = [keystrokes(case, args.edits, profile, args.atoms, spent) for _ in range(args.runs)]
        analysed, converted, count, parts = min(runs, key=lambda r: statistics.median(r[0]))
        print(f"| {name} | {_ms(analysed)} | {_ms(converted)} | {count} |"
              + (" " + ", ".join(f"{k} {parts[k]:.2f}" for k in PARTS if parts.get(k)) if args.parts else "")
              + (" " + ", ".join(f"{k} {parts[k]:.2f}" for k in STEPS if parts.get(k)) if args.steps else ""))
        gc.collect()
        profiles[name] = profile
    for name, profile in profiles.items():
        if profile:
            print(f"\n{name}:")
            pstats.Stats(profile).sort_stats("tottime").print_stats(14)


if __name__ == "__main__":
    main()
