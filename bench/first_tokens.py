"""The first full semantic tokens after opening a 50k-line file, two versions of the server side
by side: in process (CPU time of `semantic.full_tokens_json` on a fresh analysis) and through
the server over stdio, with the client of bench/requests_through_server.py (whole reads; the
client of ../shared/bench/lsp_latency.py that `make bench-peer` uses reads the 6 MB answer a
byte per call, which it times too): spawn, initialize, didOpen, and either the full semantic
tokens as soon as the first diagnostics arrive ("right after open"), or, 3 s later, document
symbols, full semantic tokens and folding ranges, each sent when the one before is answered
(the order `make bench-peer` asks them in "after open"). Each from its last byte's arrival.

In process it also times the full tokens after each of two characters typed into an SSA name in
the middle of the file and after a newline there (each after the analysis of its edit, as the
keystroke's publish leaves it), the `after a keystroke` and `after a newline` columns.

The other version is a `server/` directory given with `--before` (for example a `git archive`
of the commit before the change); it runs in a child process with that directory first on
PYTHONPATH. Where the change is in the C extension (tokens.c), that directory also needs the
other version's `tree_sitter_cute_ir` package beside `cute_ir`, with `_tokens` built from its own
tokens.c (else both versions load this checkout's extension). Runs alternate between the two versions, so that load from other jobs on the
machine falls on both alike. Prints a Markdown table of medians (min) in milliseconds. Not a
test: figures depend on the machine.

    python bench/first_tokens.py --before /tmp/base/server [--quick] [--runs 3] [--no-server]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from peer import files, results_dir  # noqa: E402
from requests_through_server import Client  # noqa: E402

IN_PROCESS = """
import gc, json, sys, time
sys.path.insert(0, {bench!r})
from generate_ir import generate
from real_dumps import concatenated
from cute_ir.analysis import DocumentAnalysis
from cute_ir.lsp import semantic
gc.disable()   # as the server keeps it while it answers
text = open({path!r}, encoding="utf-8").read()
analysis = DocumentAnalysis("file:///bench.ir", text, verify_budget=0)
analysis.trees_over(0, 1)
start = time.process_time()
semantic.full_tokens_json(analysis)
figures = [(time.process_time() - start) * 1000]
from peer import typing_spot
from cute_ir.text.positions import Position
line, column = typing_spot(text)
for version, (at, typed) in enumerate([((line, column), "q"), ((line, column + 1), "r"), ((line, 0), "\\n")], 2):
    analysis.update([(Position(*at), Position(*at), typed)], version)
    analysis.diagnostics()   # what a keystroke's publish did
    start = time.process_time()
    semantic.full_tokens_json(analysis)
    figures.append((time.process_time() - start) * 1000)
print(json.dumps(figures))
"""


def _env(server_dir: Path | None) -> dict[str, str]:
    env = dict(os.environ)
    if server_dir is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(server_dir), env.get("PYTHONPATH"))))
    return env


def in_process(path: Path, server_dir: Path | None) -> list[float]:
    """CPU ms of the first full tokens, then after each of two typed characters and a newline."""
    out = subprocess.run([sys.executable, "-c", IN_PROCESS.format(bench=str(HERE), path=str(path))],
                         env=_env(server_dir), check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def through_server(text: str, server_dir: Path | None, settle_s: float) -> dict[str, float]:
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(_env(server_dir))   # Client adds CUTE_IR_CACHE=off: every open a first open
    try:
        client = Client([sys.executable, "-m", "cute_ir.cli", "serve"])
    finally:
        os.environ.clear()
        os.environ.update(saved)
    try:
        client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
        client.until(lambda m: m.get("id") == client.next_id)
        client.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        uri = "file:///bench/first_tokens.mlir"
        client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "cute-ir", "version": 1, "text": text}}})
        client.until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        document = {"textDocument": {"uri": uri}}
        if not settle_s:
            return {"semantic tokens": client.answer("textDocument/semanticTokens/full", document)[0]}
        time.sleep(settle_s)
        return {name: client.answer(method, document)[0] for name, method in (
            ("symbols", "textDocument/documentSymbol"), ("semantic tokens", "textDocument/semanticTokens/full"),
            ("folding", "textDocument/foldingRange"))}
    finally:
        client.proc.kill()
        client.proc.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="the other version's server/ directory")
    parser.add_argument("--quick", action="store_true", help="5k-line files (a smoke run)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-server", action="store_true", help="in process only")
    args = parser.parse_args()
    versions = {"before": args.before.resolve(), "after": None}
    print("| file | version | in process: tokens | after a keystroke | after a newline | server: tokens right after open | "
          "server, 3 s after open: symbols / tokens / folding |")
    print("|---|---|---|---|---|---|---|")
    for name, text in files(args.quick).items():
        path = results_dir() / "first_tokens.mlir"
        path.write_text(text, encoding="utf-8")
        cpu: dict[str, list[float]] = {v: [] for v in versions}
        first: dict[str, list[float]] = {v: [] for v in versions}
        settled: dict[str, list[dict[str, float]]] = {v: [] for v in versions}
        for _ in range(args.runs):
            for version, server_dir in versions.items():
                cpu[version].append(in_process(path, server_dir))
                if not args.no_server:
                    first[version].append(through_server(text, server_dir, 0)["semantic tokens"])
                    settled[version].append(through_server(text, server_dir, 3.0))
        for version in versions:
            line = (f"| {name} | {version} | {_figure([run[0] for run in cpu[version]])} | "
                    f"{_figure([ms for run in cpu[version] for ms in run[1:3]])} | {_figure([run[3] for run in cpu[version]])} |")
            if not args.no_server:
                line += f" {_figure(first[version])} | " + " / ".join(
                    _figure([run[r] for run in settled[version]]) for r in ("symbols", "semantic tokens", "folding")) + " |"
            print(line, flush=True)
    return 0


def _figure(values: list[float]) -> str:
    return f"{statistics.median(values):.0f} ({min(values):.0f}) ms"


if __name__ == "__main__":
    raise SystemExit(main())
