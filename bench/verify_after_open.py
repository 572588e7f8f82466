"""The CPU of a 50k-line document's complete verification after open, in process.

As the server verifies after open: the document opened with every unit's verification
deferred (`verify_budget=0`), then `verify_pending()` to the end; the CPU of each (process
time) is printed, with the part of the verification the SSA and structure check took. Files:
the generated cute_nvgpu file (`generate_ir.py`) and real CuTe DSL dumps concatenated
(`real_dumps.py`), `--lines` each. Each run is a fresh process's first (`--runs` of them, the
files alternating), so no cache of an earlier run is warm; the best of the runs is printed.

    python bench/verify_after_open.py [--lines 50000] [--runs 3] [--profile FILE.prof]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "server"))
sys.path.insert(0, str(ROOT / "bench"))

FILES = ("generated", "dumps")


def text_of(kind: str, lines: int) -> str:
    if kind == "generated":
        from generate_ir import generate
        return generate(lines)
    from real_dumps import concatenated
    return concatenated(lines)


def one_run(kind: str, lines: int, profile: str | None) -> dict[str, float]:
    """One open and verification, in this process."""
    import cute_ir.ir.ssa as ssa
    from cute_ir.analysis import DocumentAnalysis
    text = text_of(kind, lines)
    ssa_spent = [0.0]
    real = ssa.check_ssa

    def timed(*args, **kwargs):
        start = time.process_time()
        try:
            return real(*args, **kwargs)
        finally:
            ssa_spent[0] += time.process_time() - start
    ssa.check_ssa = timed
    start = time.process_time()
    analysis = DocumentAnalysis("file:///bench.mlir", text, verify_budget=0)
    analysis.diagnostics()
    opened = time.process_time() - start
    profiler = None
    if profile:
        import cProfile
        profiler = cProfile.Profile()
        profiler.enable()
    start = time.process_time()
    analysis.verify_pending()
    verified = time.process_time() - start
    if profiler is not None:
        profiler.disable()
        profiler.dump_stats(profile)
    count = len(analysis.diagnostics())
    return {"open": opened, "verify": verified, "ssa": ssa_spent[0], "diagnostics": count}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=50000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", choices=FILES)
    parser.add_argument("--profile", help="one run, profiled with cProfile into this file")
    parser.add_argument("--child", choices=FILES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(one_run(args.child, args.lines, args.profile)))
        return
    kinds = [args.only] if args.only else list(FILES)
    runs = 1 if args.profile else args.runs
    results: dict[str, list[dict[str, float]]] = {k: [] for k in kinds}
    print(f"load average {os.getloadavg()[0]:.2f} at the start")
    for _ in range(runs):
        for kind in kinds:        # alternating, so a change of load falls on both
            argv = [sys.executable, __file__, "--child", kind, "--lines", str(args.lines)]
            if args.profile:
                argv += ["--profile", args.profile if len(kinds) == 1 else f"{args.profile}.{kind}"]
            done = subprocess.run(argv, check=True, capture_output=True, text=True)
            found = json.loads(done.stdout.strip().splitlines()[-1])
            results[kind].append(found)
            print(f"  {kind}: open {found['open'] * 1e3:,.0f} ms, verification {found['verify'] * 1e3:,.0f} ms "
                  f"(SSA and structure {found['ssa'] * 1e3:,.0f} ms), {found['diagnostics']} diagnostics",
                  flush=True)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    for kind, found in results.items():
        best = min(found, key=lambda f: f["verify"])
        print(f"{kind}: best verification {best['verify'] * 1e3:,.0f} ms "
              f"(SSA and structure {best['ssa'] * 1e3:,.0f} ms) of {len(found)}")


if __name__ == "__main__":
    main()
