"""Latency and memory of `cute-ir serve` on generated cute_nvgpu IR of 2k, 10k and 50k lines.

Drives the real server over stdio with ../shared/bench/lsp_latency.py (open -> diagnostics,
one-character edit -> diagnostics, hover, RSS) and writes bench/results/latency.json plus a
Markdown table on stdout for docs/benchmarks.md. Not a test: numbers depend on the machine.

The server publishes a newly opened document twice when verifying it takes longer than its
open budget (lsp/settings.py, VERIFY_AT_OPEN): first everything but the verifiers it did not
reach, then the complete set. "open -> first" is the first publish; "open -> complete" comes
from a second pass of the probe that waits for the publishes to settle (--settle-ms).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
PROBE = REPO.parent / "shared" / "bench" / "lsp_latency.py"

sys.path.insert(0, str(HERE))
from generate_ir import generate  # noqa: E402
from peer import results_dir  # noqa: E402


def _hover_position(text: str) -> tuple[int, int]:
    """1-based line:col of the first `!cute_nvgpu.sm90.mma` in the middle of the file."""
    lines = text.splitlines()
    for index in range(len(lines) // 2, len(lines)):
        col = lines[index].find("!cute_nvgpu.sm90.mma")
        if col >= 0:
            return index + 1, col + 14
    return 1, 1


def _edit_line(text: str) -> int:
    """1-based line of an op in the middle of the file: the edits land inside a statement."""
    lines = text.splitlines()
    for index in range(len(lines) // 2, len(lines)):
        if lines[index].lstrip().startswith("%a_"):
            return index + 1
    return len(lines) // 2


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="2000,10000,50000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--hovers", type=int, default=30)
    parser.add_argument("--settle-ms", type=int, default=15000,
                        help="quiet time that ends the wait for the complete open publish")
    args = parser.parse_args()
    if not PROBE.exists():
        print(f"latency probe not found at {PROBE}", file=sys.stderr)
        return 2
    out_dir = results_dir()
    server = [sys.executable, "-m", "cute_ir.cli", "serve"]
    results = {"machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                           "platform": platform.platform()}, "sizes": {}}
    rows = []
    for lines in (int(s) for s in args.sizes.split(",")):
        text = generate(lines)
        path = out_dir / f"generated_{lines}.ir"
        path.write_text(text, encoding="utf-8")
        hover_line, hover_col = _hover_position(text)
        edit_line = _edit_line(text)
        a_col = text.splitlines()[edit_line - 1].index("%a_") + 3
        json_out = out_dir / f"latency_{lines}.json"
        # The edit toggles one character inside an SSA name: a one-character edit inside a statement.
        name = text.splitlines()[edit_line - 1][a_col - 3:].split(" ", 1)[0]
        cmd = [sys.executable, str(PROBE), str(path), "--runs", str(args.runs), "--edits", str(args.edits),
               "--hovers", str(args.hovers), "--hover-at", f"{hover_line}:{hover_col}",
               "--edit-line", str(edit_line), "--edit-replace", name, name + "x",
               "--json", str(json_out), "--", *server]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        complete_out = out_dir / f"latency_{lines}_complete.json"
        settle = [sys.executable, str(PROBE), str(path), "--runs", str(args.runs), "--edits", "1",
                  "--hovers", "1", "--hover-at", f"{hover_line}:{hover_col}", "--settle-ms", str(args.settle_ms),
                  "--json", str(complete_out), "--", *server]
        subprocess.run(settle, check=True, stdout=subprocess.DEVNULL)
        data = json.loads(json_out.read_text())
        data["open_complete_ms"] = json.loads(complete_out.read_text())["open_ms"]
        results["sizes"][lines] = data
        edits = sorted(x * 1e3 for run in data["runs"] for x in run["edit_s"])
        data["edit_p90_ms"] = edits[int(0.9 * (len(edits) - 1))]
        rows.append((lines, len(text.encode()), data))
    (out_dir / "latency.json").write_text(json.dumps(results, indent=1))
    print("| lines | bytes | open -> first diagnostics (median) | open -> complete diagnostics (median) "
          "| edit -> diagnostics (median / p90) | hover (median) | peak RSS |")
    print("|---|---|---|---|---|---|---|")
    for lines, size, s in rows:
        print(f"| {lines} | {size} | {s['open_ms']['median']:.0f} ms | {s['open_complete_ms']['median']:.0f} ms "
              f"| {s['edit_ms']['median']:.1f} / {s['edit_p90_ms']:.1f} ms "
              f"| {s['hover_ms']['median']:.2f} ms | {s['peak_rss_mib']['max']:.0f} MiB |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
