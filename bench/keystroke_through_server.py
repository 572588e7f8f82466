"""A keystroke through the real server against the same keystroke in process: where the time
between a `didChange` and the publish of its version goes.

The text and the edit of bench/peer.py's edit figure: real dumps (bench/real_dumps.py)
concatenated to `--size` lines, a word typed into an SSA name in the middle of the file
(`peer.typing_spot`, `peer.type_key`), once the verification after open is complete (a pulled
report). Each run times the same keystrokes twice:

- through `cute-ir serve` over stdio (the one-thread client of bench/requests_through_server.py):
  `didChange` sent -> its publish read (wall), each sent when the last publish arrived (as
  bench/peer.py types; `--gap-ms` waits that long first, as a typist would), and the server
  process's CPU time over all the keystrokes (user + system, /proc/PID/stat; 10 ms ticks,
  so a per-keystroke figure is a mean over the keystrokes, not a median);
- in process: an analysis made as the server makes it (lsp/server.py: its settings, its
  verification budget at open, each change deferred and analysed when the publish reads it),
  `update` + the publish's JSON (lsp/diagnostic_json.py), wall and CPU (median, and the mean
  to set against the server's), the collector as the server runs it (off, a young collection
  after each publish, untimed).

The server's wall time less its CPU time is time it did not run: another process had the
core (the machine's load average is printed with each run), or it waited (a timer). Its CPU
time less the in-process CPU time (means) is the work the server does that the analysis does
not. `--runs` runs alternate the two; the best of each figure is printed last. `--requests`
asks for the whole-document answers after open first, as bench/peer.py does; `--broken F` types in
bench/peer.py's broken dump instead (a `}` deleted at F of the file). `--paired` types each
keystroke through the server and then in process, in turns, and compares the two keystroke by
keystroke (the server's CPU time from /proc/PID/schedstat, in ns): on a shared machine the load
moves between two separate runs by more than the difference being measured. Not a test:
figures depend on the machine (docs/benchmarks.md).

    python bench/keystroke_through_server.py [--size 5000] [--edits 20] [--runs 3] [--gap-ms 0] [--requests] [--broken 0.5] [--paired]
"""
from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from keystroke_in_broken import forget_unit_results  # noqa: E402
from peer import broken, cpu_seconds, typing_spot  # noqa: E402
from real_dumps import concatenated  # noqa: E402
from requests_through_server import Client  # noqa: E402

from cute_ir.analysis import DocumentAnalysis  # noqa: E402
from cute_ir.lsp import diagnostic_json  # noqa: E402
from cute_ir.lsp.collector import IdleCollector  # noqa: E402
from cute_ir.lsp.settings import INITIAL, VERIFY_AT_OPEN  # noqa: E402
from cute_ir.text.positions import Position  # noqa: E402

URI = "file:///bench/keystroke_through_server.mlir"
LETTERS = "abcdefghijklmnopqrstuvwxyz"
WHOLE_DOCUMENT = ("textDocument/documentSymbol", "textDocument/semanticTokens/full", "textDocument/foldingRange")


def _opened_server(text: str, requests: bool) -> Client:
    """The server with `text` open and verified, past its wait for a full collection."""
    client = Client([sys.executable, "-m", "cute_ir.cli", "serve"])
    client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {
        "textDocument": {"publishDiagnostics": {"versionSupport": True}}}})
    client.until(lambda m: m.get("id") == client.next_id)
    client.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": URI, "languageId": "mlir", "version": 1, "text": text}}})
    if requests:   # as bench/peer.py asks after open
        for method in WHOLE_DOCUMENT:
            client.answer(method, {"textDocument": {"uri": URI}})
    client.answer("textDocument/diagnostic", {"textDocument": {"uri": URI}})   # complete
    time.sleep(3.0)   # past the server's wait for a full collection (lsp/collector.py, FULL_IDLE)
    return client


def _key(client: Client, line: int, column: int, k: int) -> float:
    """Type keystroke `k` through the server; milliseconds from its `didChange` to its publish."""
    version = k + 2
    sent = time.perf_counter()
    client.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": URI, "version": version},
        "contentChanges": [{"range": {"start": {"line": line, "character": column + k},
                                      "end": {"line": line, "character": column + k}},
                            "text": LETTERS[k % 26]}]}})
    arrived, _ = client.until(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                              and m["params"].get("version") == version)
    return (arrived - sent) * 1000


def _close(client: Client) -> None:
    try:
        client.answer("shutdown", {})
        client.send({"jsonrpc": "2.0", "method": "exit"})
        client.proc.wait(timeout=30)
    finally:
        if client.proc.poll() is None:
            client.proc.kill()


def through_server(text: str, edits: int, gap: float, requests: bool) -> tuple[list[float], float]:
    """Milliseconds from each keystroke's `didChange` to its publish; the server's CPU
    milliseconds per keystroke."""
    client = _opened_server(text, requests)
    try:
        line, column = typing_spot(text)
        times = []
        cpu_before = cpu_seconds(client.proc.pid)
        for k in range(edits):
            time.sleep(gap)
            times.append(_key(client, line, column, k))
        cpu = (cpu_seconds(client.proc.pid) - cpu_before) * 1000 / edits
        return times, cpu
    finally:
        _close(client)


def _run_ns(pid: int) -> int:
    """Nanoseconds process `pid`'s main thread has run (/proc/PID/schedstat)."""
    with open(f"/proc/{pid}/schedstat") as stat:
        return int(stat.read().split()[0])


def paired(text: str, edits: int, requests: bool) -> tuple[list[float], list[float]]:
    """Each keystroke through the server, then the same keystroke in process, in turns: the
    server's CPU milliseconds for each (its whole work for it, the collection after the publish
    included) and the in-process CPU milliseconds of its analysis and JSON. Taken one after the
    other, both meet the same load, which shifts between separate runs by more than the
    difference between them."""
    client = _opened_server(text, requests)
    try:
        analysis, collector = _opened_in_process(text)
        line, column = typing_spot(text)
        server, local = [], []
        for k in range(edits):
            before = _run_ns(client.proc.pid)
            _key(client, line, column, k)
            time.sleep(0.01)   # the server's work after the publish (lsp/collector.py, `after_edit`)
            server.append((_run_ns(client.proc.pid) - before) / 1e6)
            local.append(_in_process_key(analysis, collector, line, column, k)[1])
        return server, local
    finally:
        _close(client)


def _opened_in_process(text: str) -> tuple[DocumentAnalysis, IdleCollector]:
    """An analysis of `text` made as the server makes it, verified, and the collector as the
    server runs it (a run after the first types the same text: its caches of a unit's results
    are emptied first)."""
    forget_unit_results()
    analysis = DocumentAnalysis(URI, text, 1, settings=INITIAL, verify_budget=VERIFY_AT_OPEN)
    diagnostic_json.diagnostics(analysis)
    while analysis.verify_pending(1.0):
        pass
    collector = IdleCollector()
    collector.collect_full()
    return analysis, collector


def _in_process_key(analysis: DocumentAnalysis, collector: IdleCollector, line: int, column: int,
                    k: int) -> tuple[float, float]:
    """Wall and CPU milliseconds of keystroke `k`'s analysis and JSON (the collection after it untimed)."""
    at = Position(line, column + k)
    wall, cpu = time.perf_counter(), time.process_time()
    analysis.update([(at, at, LETTERS[k % 26])], k + 2, defer=True)
    diagnostic_json.diagnostics(analysis)
    timed = (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000
    collector.after_edit()
    return timed


def in_process(text: str, edits: int) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds of each keystroke's analysis and JSON, as the server runs them."""
    analysis, collector = _opened_in_process(text)
    line, column = typing_spot(text)
    walls, cpus = [], []
    for k in range(edits):
        wall, cpu = _in_process_key(analysis, collector, line, column, k)
        walls.append(wall)
        cpus.append(cpu)
    return walls, cpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=5000)
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--requests", action="store_true",
                        help="ask for document symbols, semantic tokens and folding after open, as bench/peer.py does")
    parser.add_argument("--gap-ms", type=float, default=0.0, help="wait after each publish before the next keystroke")
    parser.add_argument("--broken", type=float, default=None, metavar="FRACTION",
                        help="delete the `}` of a line alone at FRACTION of the file first (bench/peer.py's broken dumps)")
    parser.add_argument("--paired", action="store_true",
                        help="each keystroke through the server, then in process, in turns (`paired`)")
    args = parser.parse_args()
    gc.freeze()   # as the server: the imports frozen, the collector off (lsp/collector.py)
    gc.disable()
    text = concatenated(args.size)
    where = ""
    if args.broken is not None:
        text, at = broken(text, args.broken)
        where = f", `}}` deleted at line {at + 1}"
    print(f"{args.size} lines of real dumps{where}, {args.edits} keystrokes a run, gap {args.gap_ms:g} ms")
    if args.paired:
        print("| run | load (1 min) | server CPU a keystroke: median / mean (ms) | in process: median / mean (ms) "
              "| server less in process, paired: median / mean (ms) |")
        print("|---|---|---|---|---|")
        for run in range(args.runs):
            load = os.getloadavg()[0]
            server, local = paired(text, args.edits, args.requests)
            more = [a - b for a, b in zip(server, local)]
            print(f"| {run + 1} | {load:.2f} | {statistics.median(server):.1f} / {statistics.mean(server):.1f} "
                  f"| {statistics.median(local):.1f} / {statistics.mean(local):.1f} "
                  f"| {statistics.median(more):.1f} / {statistics.mean(more):.1f} |")
            gc.collect()
        return
    print("| run | load (1 min) | server: latency median / p90 (ms) | server CPU a keystroke (mean, ms) "
          "| in process: wall median / CPU median / CPU mean (ms) |")
    print("|---|---|---|---|---|")
    best_latency, best_server_cpu, best_wall, best_cpu, best_cpu_mean = [], [], [], [], []
    for run in range(args.runs):
        load = os.getloadavg()[0]
        latency, server_cpu = through_server(text, args.edits, args.gap_ms / 1000, args.requests)
        walls, cpus = in_process(text, args.edits)
        ordered = sorted(latency)
        print(f"| {run + 1} | {load:.2f} | {statistics.median(latency):.1f} / {ordered[int(0.9 * (len(ordered) - 1))]:.1f} "
              f"| {server_cpu:.1f} | {statistics.median(walls):.1f} / {statistics.median(cpus):.1f} / {statistics.mean(cpus):.1f} |")
        best_latency.append(statistics.median(latency))
        best_server_cpu.append(server_cpu)
        best_wall.append(statistics.median(walls))
        best_cpu.append(statistics.median(cpus))
        best_cpu_mean.append(statistics.mean(cpus))
        gc.collect()
    print(f"best of {args.runs}: server latency {min(best_latency):.1f} ms, server CPU {min(best_server_cpu):.1f} ms, "
          f"in process wall {min(best_wall):.1f} ms, CPU {min(best_cpu):.1f} ms (mean {min(best_cpu_mean):.1f} ms); "
          f"latency / in-process CPU {min(best_latency) / min(best_cpu):.2f}x")


if __name__ == "__main__":
    main()
