"""Document symbols, full semantic tokens and folding ranges right after a keystroke, in process,
for source trees taking turns (before / after a change), each run in its own process.

Each run: a 50k-line file (generated, or real dumps concatenated: bench/real_dumps.py) opened
with nothing verified, then verified in full and the answers' shares computed ahead as the
server's `_steps_ahead` does; then `--edits` keystrokes typed into an SSA name in the middle of
the file (bench/peer.py's `typing_spot`), each followed by its diagnostics' publish text and the
three answers as the server computes them (`prepare`, then the answer's parts, joined here).
Per answer the median thread CPU time in milliseconds, Python's cyclic collector off (as the
server keeps it while it answers). Not a test: figures depend on the machine.

    python bench/whole_document_in_process.py [--file generated|real] [--lines 50000]
        [--edits 10] [--runs 2] TREE [TREE ...]

TREE is a directory holding the `cute_ir` package (a checkout's `server/`).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def child(kind: str, lines: int, edits: int) -> None:
    import gc
    import statistics
    import time
    sys.path.insert(0, str(HERE))
    import peer
    from generate_ir import generate
    from real_dumps import concatenated
    from cute_ir.analysis import DocumentAnalysis
    from cute_ir.features import outline
    from cute_ir.lsp import diagnostic_json, outline_json, semantic
    from cute_ir.lsp.server import CuteIrServer
    from cute_ir.text.positions import Position

    text = generate(lines) if kind == "generated" else concatenated(lines)
    analysis = DocumentAnalysis("file:///bench/in_process.mlir", text, verify_budget=0)
    analysis.verify_pending()
    for _ in CuteIrServer._steps_ahead(analysis):
        pass
    line, column = peer.typing_spot(text)

    def symbols() -> str:
        analysis.prepare(outline.OUTLINE, 10.0)
        return "".join(outline_json.document_symbols(analysis))

    def tokens() -> str:
        analysis.prepare(semantic.PIECES, 10.0)
        return "".join(semantic.full_tokens_parts(analysis, "1", semantic.segments(analysis)))

    def folding() -> str:
        analysis.prepare(outline.OUTLINE, 10.0)
        return "".join(outline_json.folding_ranges(analysis))

    requests = {"symbols": symbols, "tokens": tokens, "folding": folding}
    for request in requests.values():
        request()
    gc.disable()
    times: dict[str, list[float]] = {name: [] for name in requests}
    for k in range(edits):
        at = Position(line, column + k)
        analysis.update([(at, at, "abcdefghijklmnopqrstuvwxyz"[k % 26])], k + 2)
        diagnostic_json.publish_text(analysis, diagnostic_json.diagnostics(analysis))
        for name, request in requests.items():
            start = time.thread_time()
            request()
            times[name].append((time.thread_time() - start) * 1e3)
        gc.collect()
    print(json.dumps({name: statistics.median(values) for name, values in times.items()}))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trees", nargs="*")
    parser.add_argument("--file", choices=("generated", "real"), default="real")
    parser.add_argument("--lines", type=int, default=50000)
    parser.add_argument("--edits", type=int, default=10)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.file, args.lines, args.edits)
        return 0
    print("| run | tree | load | symbols / tokens / folding: CPU median |")
    print("|---|---|---|---|")
    for number in range(args.runs):
        for tree in args.trees:
            load = os.getloadavg()[0]
            env = dict(os.environ, PYTHONPATH=str(Path(tree).resolve()))
            out = subprocess.run([sys.executable, __file__, "--child", "--file", args.file, "--lines",
                                  str(args.lines), "--edits", str(args.edits)],
                                 env=env, check=True, capture_output=True, text=True).stdout
            figures = json.loads(out.strip().splitlines()[-1])
            shown = " / ".join(f"{figures[name]:.1f}" for name in ("symbols", "tokens", "folding"))
            print(f"| {number + 1} | {tree} | {load:.1f} | {shown} ms |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
