"""Peak memory of `cute-ir serve` on opening a large file and asking what an editor asks.

Spawns the real server (the open cache off, so the file is analysed), opens a 50k-line file —
real CuTe DSL dumps concatenated (`real_dumps.py`) or the generator's file (`generate_ir.py`) —
and then asks, one after another and each waited for, the outline, full semantic tokens,
folding ranges and a pulled diagnostic report (which completes the verification of every
function); then types 30 keystrokes into an SSA name in the middle of the file (each waited
for until its version is published), asks the three whole-document requests again, and
hovers 10 times on the name. After each step prints how long it took (wall clock; the first
request is sent right after the open, as editors send it) and the server's RSS and its peak so
far (VmRSS, VmHWM from /proc). The target is a peak of at most 300 MB at 50k lines.

Not a test: numbers depend on the machine. Record results in docs/benchmarks.md.

    .venv/bin/python bench/memory_after_open.py [real|generated] [--lines 50000]
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generate_ir import generate  # noqa: E402
from lsp_probe import PROBE, load_probe  # noqa: E402
from peer import Session, type_key, typing_spot  # noqa: E402
from real_dumps import concatenated  # noqa: E402

URI = "file:///cute-ir-bench/memory.mlir"
WHOLE_DOCUMENT = ("textDocument/documentSymbol", "textDocument/semanticTokens/full", "textDocument/foldingRange")
KEYSTROKES = 30
HOVERS = 10


def memory_mib(pid: int) -> dict[str, float]:
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            found[key] = int(value.split()[0]) / 1024
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", choices=("real", "generated"), default="real")
    parser.add_argument("--lines", type=int, default=50000)
    args = parser.parse_args()
    if not PROBE.exists():
        print(f"the LSP probe is missing: {PROBE}", file=sys.stderr)
        return 2
    probe = load_probe()
    text = concatenated(args.lines) if args.file == "real" else generate(args.lines)
    os.environ["CUTE_IR_CACHE"] = "off"
    session = Session(probe, [sys.executable, "-m", "cute_ir.cli", "serve"])
    pid = session.client.proc.pid
    print(f"| {args.file}, {args.lines} lines | answered after | RSS after | peak so far |")
    print("|---|---|---|---|")

    def row(step: str, took: float) -> None:
        memory = memory_mib(pid)
        print(f"| {step} | {took:.0f} ms | {memory['VmRSS']:.0f} MiB | {memory['VmHWM']:.0f} MiB |")
    row("didOpen -> first publish", session.open(URI, text, 0)[0])
    for method in WHOLE_DOCUMENT + ("textDocument/diagnostic",):
        row(method, session.request(method, {}))
    line, column = typing_spot(text)
    row(f"{KEYSTROKES} keystrokes (each to its publish)",
        sum(type_key(session, line, column, k) for k in range(KEYSTROKES)))
    for method in WHOLE_DOCUMENT:
        row(f"{method}, after them", session.request(method, {}))
    hover = {"position": {"line": line, "character": column}}
    row(f"{HOVERS} hovers", sum(session.request("textDocument/hover", hover) for _ in range(HOVERS)))
    session.close()
    return 0

if __name__ == "__main__":
    raise SystemExit(main())
