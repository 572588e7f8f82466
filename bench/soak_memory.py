"""Memory soak of `cute-ir serve`: small do/undo edits on a generated 2,000-line file.

Drives the real server over stdio (tests/lsp/wire.py) and, after every edit, waits for the
publish of that version. The edits alternate between doing and undoing one small change in
the middle of the file (--kind char: an `x` typed into an SSA name, the default; --kind line:
a comment line), so the text returns to where it started every two edits and nothing the
server keeps should grow. --editor-requests also asks, after each edit, for what an editor
asks (full semantic tokens, outline, folds, a hover). Reports the server's RSS (VmRSS, /proc) every 1,000
edits and the growth from edit 1,000 (--baseline) to the last one; the target is under 5%.

Not a test: numbers depend on the machine. Record results in docs/benchmarks.md.

    .venv/bin/python bench/soak_memory.py [--kind char|line] [--edits 10000] [--editor-requests] [--json OUT]
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO))
from generate_ir import generate  # noqa: E402
from tests.lsp.wire import WireClient  # noqa: E402

URI = "file:///cute-ir-soak/soak.ir"
BASELINE_EDIT = 1000


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def line_edit(number: int, line: int, column: int) -> dict:
    """Odd edits insert a comment line at `line`, even ones remove it again."""
    at = {"line": line, "character": 0}
    if number % 2:
        return {"range": {"start": at, "end": at}, "text": "  // soak\n"}
    return {"range": {"start": at, "end": {"line": line + 1, "character": 0}}, "text": ""}


def char_edit(number: int, line: int, column: int) -> dict:
    """Odd edits type an `x` into an SSA name on `line`, even ones delete it again."""
    at = {"line": line, "character": column}
    if number % 2:
        return {"range": {"start": at, "end": at}, "text": "x"}
    return {"range": {"start": at, "end": {"line": line, "character": column + 1}}, "text": ""}


EDITS = {"line": line_edit, "char": char_edit}
EDITOR_REQUESTS = [("textDocument/semanticTokens/full", {}), ("textDocument/documentSymbol", {}),
                   ("textDocument/foldingRange", {}),
                   ("textDocument/hover", {"position": {"line": 3, "character": 30}})]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=2000)
    parser.add_argument("--edits", type=int, default=10_000)
    parser.add_argument("--baseline", type=int, default=BASELINE_EDIT, help="growth is measured from this edit on")
    parser.add_argument("--every", type=int, default=1000, help="sample RSS every this many edits")
    parser.add_argument("--kind", choices=EDITS, default="char",
                        help="char: a character typed into a name and deleted; line: a comment line added and removed")
    parser.add_argument("--editor-requests", action="store_true",
                        help="after each edit also ask what an editor asks (semantic tokens, outline, folds, hover)")
    parser.add_argument("--server", help="the server command (default: this checkout's `cute-ir serve`)")
    parser.add_argument("--json", type=Path, help="write the samples here")
    args = parser.parse_args()
    baseline = args.baseline
    if not 0 < baseline < args.edits:
        parser.error("--baseline must lie between 0 and --edits")
    text = generate(args.lines)
    lines = text.splitlines()
    line = next(i for i in range(len(lines) // 2, len(lines)) if lines[i].lstrip().startswith("%a_"))
    column = lines[line].index("%a_") + 3
    make_edit = EDITS[args.kind]
    samples: dict[int, int] = {}
    started = time.monotonic()
    command = shlex.split(args.server) if args.server else None
    with WireClient(command) as client:
        client.initialize()
        client.open(URI, text)
        client.publish(URI, 1, timeout=60)
        samples[0] = rss_kib(client.process.pid)
        for number in range(1, args.edits + 1):
            client.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": number + 1},
                                                     "contentChanges": [make_edit(number, line, column)]})
            client.publish(URI, number + 1, timeout=60)
            if args.editor_requests:
                for method, extra in EDITOR_REQUESTS:
                    client.call(method, {"textDocument": {"uri": URI}, **extra}, timeout=60)
            if number % args.every == 0 or number == baseline or number == args.edits:
                samples[number] = rss_kib(client.process.pid)
                print(f"edit {number:6d}: RSS {samples[number] / 1024:7.1f} MiB", flush=True)
    elapsed = time.monotonic() - started
    growth = (samples[args.edits] - samples[baseline]) / samples[baseline] * 100
    print(f"RSS growth from edit {baseline} to edit {args.edits}: {growth:+.2f}% "
          f"({samples[baseline] / 1024:.1f} -> {samples[args.edits] / 1024:.1f} MiB); "
          f"{args.edits} edits in {elapsed:.0f} s")
    if args.json:
        args.json.write_text(json.dumps({
            "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()},
            "lines": args.lines, "edits": args.edits, "rss_kib": samples, "growth_percent": growth}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
