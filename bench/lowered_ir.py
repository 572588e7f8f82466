"""`cute-ir/loweredIr` through the real server over stdio, on generated files of 10k and 50k
lines (bench/generate_ir.py): the lowering pipeline's answer after open (once the background
verification has settled), and after each of a series of one-character edits inside a function
in the middle of the file (a character typed into an SSA name, then deleted), for that function
(`position`: what a pane following the cursor asks) and for the whole module. Also the time
from each edit to its diagnostics, and the server's resident memory at the end.

Uses the LSP client of ../shared/bench/lsp_latency.py (bench/lsp_probe.py). Wall-clock milliseconds from sending a
request to its answer; prints a Markdown table for docs/benchmarks.md. Not a test: numbers
depend on the machine.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generate_ir import generate  # noqa: E402
from lsp_probe import PROBE, load_probe, published as publish_of, start_server  # noqa: E402



def _edit_line(lines: list[str]) -> int:
    return next(i for i in range(len(lines) // 2, len(lines)) if lines[i].lstrip().startswith("%a_"))


def _peak_rss_mb(pid: int) -> float:
    """The process's peak resident memory (VmHWM), MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def run(probe, lines_wanted: int, edits: int, stages: str) -> dict[str, object]:
    text = generate(lines_wanted)
    lines = text.split("\n")
    uri = f"file:///bench/lowered-{lines_wanted}.ir"
    doc = {"uri": uri}
    client = start_server(probe)

    def published(version):
        return publish_of(uri, version)

    def ask(params) -> float:
        rid, sent = client.request("cute-ir/loweredIr", {"textDocument": doc, "stages": stages, **params})
        t, msg = client.wait(lambda m: m.get("id") == rid, 300)
        if "error" in msg:
            raise RuntimeError(msg["error"])
        return (t - sent) * 1000

    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cute-ir",
                                                              "version": 1, "text": text}})
    client.wait(published(1), 300)
    client.drain_until_quiet(published(1), 6.0, 300)      # the complete set after open (verification runs in the background)
    line = _edit_line(lines)
    column = lines[line].index("%a_") + 1
    at = {"line": line, "character": column}
    first_module = ask({})
    first_function = ask({"position": at})
    to_diagnostics, function_ms, module_ms = [], [], []
    after = {"line": line, "character": column + 1}
    for version in range(2, edits + 2):
        # As bench/run_latency.py edits: a character typed into an SSA name, then deleted.
        typed = version % 2 == 0
        change = {"range": {"start": at, "end": at}, "text": "q"} if typed else {"range": {"start": at, "end": after}, "text": ""}
        sent = client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
        t, _ = client.wait(published(version), 300)
        to_diagnostics.append((t - sent) * 1000)
        function_ms.append(ask({"position": at}))
        module_ms.append(ask({}))
    rss_mb = probe.tree_rss_kb(client.proc.pid) / 1024
    peak_mb = _peak_rss_mb(client.proc.pid)
    client.close()
    return {"lines": len(lines), "first module": first_module, "first function": first_function,
            "edit -> diagnostics": statistics.median(to_diagnostics),
            "function after edit": statistics.median(function_ms),
            "module after edit": statistics.median(module_ms), "rss": rss_mb, "peak": peak_mb}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10000, 50000])
    parser.add_argument("--edits", type=int, default=10, help="one-character edits per size")
    parser.add_argument("--stages", choices=("all", "changed", "last"), default="last",
                        help="which stages' text each answer carries (the VS Code pane asks for the last)")
    args = parser.parse_args()
    if not PROBE.exists():
        print(f"LSP client not found at {PROBE}", file=sys.stderr)
        return 2
    probe = load_probe()
    print("| lines | loweredIr after open: module / function | edit -> diagnostics (median) "
          f"| loweredIr after an edit: function / module (median) | server RSS at the end / peak |  (stages: {args.stages})")
    print("|---|---|---|---|---|")
    for size in args.sizes:
        r = run(probe, size, args.edits, args.stages)
        print(f"| {r['lines']} | {r['first module']:.0f} / {r['first function']:.0f} ms "
              f"| {r['edit -> diagnostics']:.1f} ms | {r['function after edit']:.1f} / "
              f"{r['module after edit']:.0f} ms | {r['rss']:.0f} / {r['peak']:.0f} MB |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
