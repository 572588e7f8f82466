"""Document symbols, full semantic tokens and folding ranges right after a keystroke, through
the real server, with the client bench/peer.py uses (../shared/bench/lsp_latency.py), on one
50k-line file; for two source trees taking turns (before / after a change), each in its own
server process.

Each run: open, wait for the end of the verification's progress and a pulled report (as
bench/peer.py's `measure` does), then `--edits` rounds of a letter typed into an SSA name in
the middle of the file (bench/peer.py's `typing_spot` and `type_key`), its publish, and the
three requests, each sent when the one before is answered. Per request: wall milliseconds
(median), and the server's CPU time over it (user + system from /proc, in clock ticks of 10
ms: the mean of the rounds), with the load average. Not a test: figures depend on the machine.

    python bench/whole_document_after_edit.py [--file generated|real] [--lines 50000]
        [--edits 15] [--runs 2] TREE [TREE ...]

TREE is a directory holding the `cute_ir` package (a checkout's `server/`).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import peer  # noqa: E402
from generate_ir import generate  # noqa: E402
from lsp_probe import load_probe  # noqa: E402
from real_dumps import concatenated  # noqa: E402

REQUESTS = {"symbols": "textDocument/documentSymbol", "tokens": "textDocument/semanticTokens/full",
            "folding": "textDocument/foldingRange"}


def run(probe, tree: str, text: str, edits: int) -> dict[str, tuple[float, float]]:
    os.environ["PYTHONPATH"] = tree
    session = peer.Session(probe, [sys.executable, "-m", "cute_ir.cli", "serve"])
    try:
        session.open("file:///bench/after_edit.mlir", text, 30000)
        session.request("textDocument/diagnostic", {})
        line, col = peer.typing_spot(text)
        pid = session.client.proc.pid
        wall: dict[str, list[float]] = {name: [] for name in REQUESTS}
        cpu: dict[str, list[float]] = {name: [] for name in REQUESTS}
        for k in range(edits):
            peer.type_key(session, line, col, k)
            for name, method in REQUESTS.items():
                before = peer.cpu_seconds(pid)
                wall[name].append(session.request(method, {}))
                cpu[name].append((peer.cpu_seconds(pid) - before) * 1e3)
        return {name: (statistics.median(wall[name]), statistics.fmean(cpu[name])) for name in REQUESTS}
    finally:
        session.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trees", nargs="+")
    parser.add_argument("--file", choices=("generated", "real"), default="generated")
    parser.add_argument("--lines", type=int, default=50000)
    parser.add_argument("--edits", type=int, default=15)
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    probe = load_probe()
    os.environ["CUTE_IR_CACHE_DIR"] = tempfile.mkdtemp(prefix="cute-ir-bench-cache-")
    text = generate(args.lines) if args.file == "generated" else concatenated(args.lines)
    print("| run | tree | load | symbols / tokens / folding: wall median (server CPU mean) |")
    print("|---|---|---|---|")
    for number in range(args.runs):
        for tree in args.trees:
            load = os.getloadavg()[0]
            figures = run(probe, str(Path(tree).resolve()), text, args.edits)
            shown = " / ".join(f"{w:.1f} ({c:.0f})" for w, c in figures.values())
            print(f"| {number + 1} | {tree} | {load:.1f} | {shown} ms |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
