"""cute-ir's server and upstream MLIR's `mlir-lsp-server` side by side, on the same files, in one run.

Not a test: numbers depend on the machine (docs/benchmarks.md records them with the method).
Each server is a fresh process per file; both get the same messages over stdio through the
client of ../shared/bench/lsp_latency.py. Per server and file:

- init: spawn -> the `initialize` answer (what every editor window pays);
- open: `didOpen` -> the first `publishDiagnostics`, and -> the last one: for cute-ir the publish
  before the end of its verification's progress (`$/progress`, lsp/progress.py: the client
  declares `window.workDoneProgress`; it publishes the complete diagnostics, then ends the
  bar), else the last before the server is quiet for --settle-ms (upstream's server, and a
  cute-ir verification too short for a bar); and spawn -> that first publish, the open sent
  right after init (cute-ir answers `initialize` before it imports the server, so its open
  pays the import);
- requests right after that open: document symbols, full semantic tokens, folding ranges;
- edit: once the verification after open is complete, a word typed into an SSA name in the
  middle of the file, each keystroke timed to the publish of its version (median / p90), with
  the server's CPU time over the keystrokes (user + system, /proc/PID/stat: a mean per
  keystroke) and the machine's load average: on 2 shared cores a keystroke's wall time is
  its CPU time only when nothing else runs (bench/keystroke_through_server.py splits the
  two); then the same requests after an edit;
- hover on that name (median);
- peak RSS of the server's process tree.

For cute-ir also the same file reopened: a first process opens it, waits for its complete
diagnostics (a pulled report) and asks for the three whole-document answers; then a second
process opens the same text: spawn -> its first publish, and the three requests sent as soon as
it arrives (as an editor sends them)
(lsp/open_cache.py keeps what the first showed, in a cache directory of this run's own, so every
first open above is a first open).

Then, for cute-ir: real CuTe DSL dumps (bench/real_dumps.py) of 5k and 50k lines with one `}`
deleted at three places, typed in as above; and a burst of 30 keystrokes sent without
waiting, timed from the last one to the publish of its version ("catch-up"). Right after each
server, the same keystrokes in this process (bench/keystroke_in_broken.py's `keystrokes`: the
analysis's update and the publish's values, CPU mean): the same work on the machine of that
moment, so that the server's CPU less it is what the server adds, whatever the machine's speed
then (on a shared machine the CPU time of the same work moves by tens of percent between runs).
`--broken-only` runs these cases alone.

The files: MLIR's own dialects (../shared/bench/gen_upstream_mlir.py, 50k lines), generated
cute_nvgpu IR of two shapes (bench/generate_ir.py: dense in atoms; and the real dumps), each
at 50k lines. The peer does not know cute_nvgpu and stops at the first op of an unknown
dialect, so on those files its figures say only what a parse error costs it.

    python bench/peer.py [--peer PATH] [--quick] [--broken-only] [--broken-sizes 5000,50000]

`make bench-peer` runs it after unpacking the peer (../shared/bench/setup_mlir_peer.sh).
Results: bench/results/peer.json and a Markdown report on stdout.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
SHARED = REPO.parent / "shared" / "bench"
sys.path.insert(0, str(HERE))
from generate_ir import generate  # noqa: E402
from lsp_probe import load_probe  # noqa: E402
from real_dumps import concatenated  # noqa: E402

PEER = Path(os.environ.get("MLIR_PEER_DIR", "/tmp/mlirpeer")) / "bin" / "mlir-lsp-server-22"
OURS = [sys.executable, "-m", "cute_ir.cli", "serve"]
TIMEOUT = 600.0   # a loaded machine at 50k lines: a request may wait for minutes, not forever


# Quiet left after a verification's progress ended, before the edits: longer than the server's
# wait for a full garbage collection (lsp/collector.py, FULL_IDLE).
AFTER_PROGRESS = 3.0


def _progress_ended(message: dict) -> bool:
    """A `$/progress` that ends a bar (cute-ir's verification after open)."""
    value = message.get("params", {}).get("value") if message.get("method") == "$/progress" else None
    return isinstance(value, dict) and value.get("kind") == "end"


@dataclass
class Figures:
    init_ms: float = 0.0
    spawn_first_ms: float = 0.0     # spawn -> the first publish after an open sent right after init
    open_first_ms: float = 0.0
    open_last_ms: float = 0.0
    after_open_ms: dict[str, float] = field(default_factory=dict)
    edit_ms: list[float] = field(default_factory=list)
    edit_cpu_ms: float = 0.0        # the server's CPU time over the keystrokes, per keystroke
    edit_load: float = 0.0          # the load average (1 min) when the keystrokes started
    after_edit_ms: dict[str, float] = field(default_factory=dict)
    hover_ms: list[float] = field(default_factory=list)
    peak_rss_mib: float = 0.0
    reopen: dict[str, object] = field(default_factory=dict)   # cute-ir: the same text opened again


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process `pid` so far (/proc/PID/stat, clock ticks)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def typed(session: "Session", line: int, col: int, edits: int) -> tuple[list[float], float, float]:
    """`edits` keystrokes typed at (line, col) (`type_key`): each one's milliseconds to its
    publish, the server's CPU milliseconds per keystroke, and the load average before them."""
    load = os.getloadavg()[0]
    before = cpu_seconds(session.client.proc.pid)
    times = [type_key(session, line, col, k) for k in range(edits)]
    return times, (cpu_seconds(session.client.proc.pid) - before) * 1e3 / max(1, edits), load


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[int(0.9 * (len(ordered) - 1))] if ordered else float("nan")


class Session:
    """One server process, initialised, with one open document."""

    def __init__(self, probe, argv: list[str]):
        started = time.perf_counter()
        self.client = probe.LspClient(argv)
        self.probe = probe
        rid, _ = self.client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {
            "window": {"workDoneProgress": True},
            "textDocument": {"publishDiagnostics": {"versionSupport": True},
                             "semanticTokens": {"requests": {"full": True}, "tokenTypes": [], "tokenModifiers": [],
                                                "formats": ["relative"]}}}})
        answered, _ = self.client.wait(lambda m: m.get("id") == rid, TIMEOUT)
        self.init_ms = (answered - started) * 1e3
        self.started = started
        self.first_publish_at = 0.0
        self.client.notify("initialized", {})
        self.version = 1
        self.uri = ""

    def published(self, version: int | None):
        uri = self.uri
        return lambda m: (m.get("method") == "textDocument/publishDiagnostics" and m["params"].get("uri") == uri
                          and (version is None or m["params"].get("version") in (version, None)))

    def open(self, uri: str, text: str, settle_ms: int) -> tuple[float, float]:
        self.uri = uri
        sent = self.client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "mlir", "version": 1, "text": text}})
        first, _ = self.client.wait(self.published(1), TIMEOUT)
        self.first_publish_at = first
        last, published = first, self.published(1)
        while True:
            try:
                at, message = self.client.wait(lambda m: published(m) or _progress_ended(m), settle_ms / 1e3)
            except TimeoutError:
                break   # quiet for settle_ms
            if _progress_ended(message):
                # The complete diagnostics are out; the quiet an editor leaves after an open
                # (the server collects its garbage then) before the edits, as with the settle.
                self.client.drain_until_quiet(lambda m: False, AFTER_PROGRESS, TIMEOUT)
                break
            last = at
        return (first - sent) * 1e3, (last - sent) * 1e3

    def change(self, line: int, col: int, old_len: int, text: str) -> float:
        self.version += 1
        return self.client.notify("textDocument/didChange", {
            "textDocument": {"uri": self.uri, "version": self.version},
            "contentChanges": [{"range": {"start": {"line": line, "character": col},
                                          "end": {"line": line, "character": col + old_len}}, "text": text}]})

    def edit(self, line: int, col: int, old_len: int, text: str) -> float:
        sent = self.change(line, col, old_len, text)
        got, _ = self.client.wait(self.published(self.version), TIMEOUT)
        return (got - sent) * 1e3

    def request(self, method: str, params: dict) -> float:
        rid, sent = self.client.request(method, {"textDocument": {"uri": self.uri}, **params})
        got, _ = self.client.wait(lambda m: m.get("id") == rid, TIMEOUT)
        return (got - sent) * 1e3

    def whole_document(self) -> dict[str, float]:
        return {"symbols": self.request("textDocument/documentSymbol", {}),
                "semantic tokens": self.request("textDocument/semanticTokens/full", {}),
                "folding": self.request("textDocument/foldingRange", {})}

    def rss_mib(self) -> float:
        try:
            return self.probe.tree_rss_kb(self.client.proc.pid) / 1024
        except Exception:
            return float("nan")

    def close(self) -> None:
        self.client.close()


def reopened(probe, argv: list[str], uri: str, text: str, settle_ms: int) -> dict[str, object]:
    """Open `text` once and see it through (complete diagnostics, the whole-document answers),
    then open it again in a new process: what the reopen costs."""
    first = Session(probe, argv)
    try:
        first.open(uri, text, settle_ms)
        first.request("textDocument/diagnostic", {})
        first.whole_document()
    finally:
        first.close()
    again = Session(probe, argv)
    try:
        again.open(uri, text, 0)   # the requests follow the first publish, as an editor sends them
        return {"spawn_first_ms": (again.first_publish_at - again.started) * 1e3,
                "after_open_ms": again.whole_document()}
    finally:
        again.close()


def type_key(session: Session, line: int, col: int, k: int) -> float:
    """The k-th keystroke of a word typed at (line, col): every version's text is new, as in
    real typing (a character typed and deleted again would give back a text the server has
    seen, and parts of its analysis are kept by text)."""
    return session.edit(line, col + k, 0, "abcdefghijklmnopqrstuvwxyz"[k % 26])


def typing_spot(text: str) -> tuple[int, int]:
    """0-based line and column just inside an SSA name of an op in the middle of the file."""
    lines = text.split("\n")
    for index in list(range(len(lines) // 2, len(lines))) + list(range(len(lines) // 2)):
        line = lines[index]
        stripped = line.lstrip()
        if stripped.startswith("%") and " = " in stripped:
            return index, len(line) - len(stripped) + 1
    return len(lines) // 2, 0


def measure(probe, argv: list[str], uri: str, text: str, edits: int, hovers: int, settle_ms: int) -> Figures:
    figures = Figures()
    session = Session(probe, argv)
    try:
        figures.init_ms = session.init_ms
        figures.open_first_ms, figures.open_last_ms = session.open(uri, text, settle_ms)
        figures.spawn_first_ms = (session.first_publish_at - session.started) * 1e3
        figures.after_open_ms = session.whole_document()
        # Keystrokes are timed in a file open for a while: a pulled report completes the
        # verification after open first (a unit being verified in the background cannot be
        # interrupted, so a keystroke would otherwise wait for it). The peer has no pull
        # diagnostics and answers an error at once.
        session.request("textDocument/diagnostic", {})
        line, col = typing_spot(text)
        figures.edit_ms, figures.edit_cpu_ms, figures.edit_load = typed(session, line, col, edits)
        figures.after_edit_ms = session.whole_document()
        for _ in range(hovers):
            figures.hover_ms.append(session.request("textDocument/hover", {"position": {"line": line, "character": col}}))
        figures.peak_rss_mib = session.rss_mib()
    finally:
        session.close()
    return figures


def broken(text: str, fraction: float) -> tuple[str, int]:
    """`text` with the `}` of a line alone deleted at `fraction` of the file; the line's number."""
    lines = text.split("\n")
    closers = [i for i, line in enumerate(lines) if line.strip() == "}"]
    pick = closers[min(len(closers) - 1, int(fraction * len(closers)))]
    lines[pick] = lines[pick].replace("}", "", 1)
    return "\n".join(lines), pick


def typing_in_broken(probe, argv: list[str], text: str, edits: int, settle_ms: int) -> dict[str, dict]:
    """Keystrokes in a dump with a `}` deleted, once the open's diagnostics are complete: a
    pulled report, as `measure` asks for, completes the verification after open, which would
    otherwise run between the first keystrokes and be counted in their CPU."""
    out = {}
    for fraction in (0.2, 0.5, 0.9):
        damaged, at = broken(text, fraction)
        session = Session(probe, argv)
        try:
            session.open(f"file:///bench/broken_{fraction}.mlir", damaged, settle_ms)
            session.request("textDocument/diagnostic", {})
            line, col = typing_spot(damaged)
            times, cpu, load = typed(session, line, col, edits)
            # A burst: keystrokes sent back to back, then the wait for the last one's publish.
            for k in range(30):
                sent = session.change(line, col + k, 0, "y")
            got, _ = session.client.wait(session.published(session.version), TIMEOUT)
        finally:
            session.close()
        out[f"brace deleted at line {at + 1}"] = {"edit_ms": times, "edit_cpu_ms": cpu, "edit_load": load,
                                                  "burst_catch_up_ms": (got - sent) * 1e3,
                                                  "in_process_cpu_ms": in_process_cpu_ms(damaged, edits)}
    return out


def in_process_cpu_ms(text: str, edits: int) -> float:
    """The CPU milliseconds of the same keystrokes in this process (the analysis's update and
    the publish's values, bench/keystroke_in_broken.py), a mean, to set against the server's."""
    from keystroke_in_broken import keystrokes   # imports the analysis: only for these cases
    gc.collect()
    gc.freeze()     # what this process holds, and the collector off, as the server runs (lsp/collector.py)
    gc.disable()
    try:
        analysed, converted, _, _ = keystrokes(text, edits, None)
    finally:
        gc.unfreeze()
        gc.enable()
        gc.collect()
    return (sum(analysed) + sum(converted)) * 1e3 / max(1, edits)


def results_dir() -> Path:
    """bench/results/, made if absent: where the benchmarks write their files and figures."""
    folder = HERE / "results"
    folder.mkdir(exist_ok=True)
    return folder


def files(quick: bool) -> dict[str, str]:
    size = 5000 if quick else 50000
    upstream = results_dir() / f"upstream_{size}.mlir"
    if not upstream.exists():
        subprocess.run([sys.executable, str(SHARED / "gen_upstream_mlir.py"), str(size), str(upstream)], check=True,
                       stdout=subprocess.DEVNULL)
    return {f"upstream dialects, {size} lines": upstream.read_text(),
            f"generated cute_nvgpu, {size} lines": generate(size),
            f"real CuTe DSL dumps, {size} lines": concatenated(size)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--peer", type=Path, default=PEER)
    parser.add_argument("--quick", action="store_true", help="5k-line files and fewer edits (a smoke run)")
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--hovers", type=int, default=30)
    parser.add_argument("--broken-only", action="store_true", help="only the real dumps with a `}` deleted")
    parser.add_argument("--broken-sizes", default="5000,50000", help="their sizes in lines (--quick: 5000)")
    # For a server that reports no progress: longer than the quiet stretch before the publish
    # that ends the verification after open (cute-ir without a bar; at 50k lines 2-13 s on an
    # idle machine, more under load: with 3 s the publish before it was counted as the last,
    # and 15 s missed the generated file's end once).
    parser.add_argument("--settle-ms", type=int, default=30000)
    args = parser.parse_args()
    probe_path = SHARED / "lsp_latency.py"
    if not probe_path.exists():
        print(f"the latency probe is not at {probe_path}", file=sys.stderr)
        return 2
    probe = load_probe()
    servers = {"cute-ir": OURS}
    if args.peer.exists():
        servers["mlir-lsp-server 22"] = [str(args.peer)]
    else:
        print(f"no peer at {args.peer}: run ../shared/bench/setup_mlir_peer.sh (cute-ir alone below)", file=sys.stderr)
    edits = 6 if args.quick else args.edits
    # The open cache of this run's own: every open but the reopens below is a first open.
    os.environ["CUTE_IR_CACHE_DIR"] = tempfile.mkdtemp(prefix="cute-ir-bench-cache-")
    os.environ.pop("CUTE_IR_CACHE", None)
    results: dict = {"machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                                 "platform": platform.platform(), "load": os.getloadavg()}, "files": {}}
    for name, text in ({} if args.broken_only else files(args.quick)).items():
        for server, argv in servers.items():
            uri = "file:///bench/" + name.split(",")[0].replace(" ", "_") + ".mlir"
            figures = measure(probe, argv, uri, text, edits, 6 if args.quick else args.hovers, args.settle_ms)
            if argv is OURS:
                figures.reopen = reopened(probe, argv, uri.replace(".mlir", "_reopened.mlir"), text, args.settle_ms)
            results["files"].setdefault(name, {})[server] = figures.__dict__
            print(f"measured {server} on {name}", file=sys.stderr)
    sizes = (5000,) if args.quick else tuple(int(n) for n in args.broken_sizes.split(","))
    dumps = {f"{n} lines": concatenated(n) for n in sizes}
    results["broken"] = {size: typing_in_broken(probe, OURS, text, edits, args.settle_ms) for size, text in dumps.items()}
    (results_dir() / "peer.json").write_text(json.dumps(results, indent=1))
    report(results)
    return 0


def report(results: dict) -> None:
    print(f"Machine: {results['machine']['cpus']} cores, Python {results['machine']['python']}, "
          f"load average at the start {results['machine']['load'][0]:.2f}.\n")
    print("| file | server | init | open -> first / last diagnostics | spawn -> first diagnostics "
          "| symbols / tokens / folding after open | edit -> diagnostics median / p90 "
          "| server CPU a keystroke (load) | after an edit | hover median | peak RSS |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name, servers in results["files"].items():
        for server, f in servers.items():
            after_open = " / ".join(f"{v:.0f}" for v in f["after_open_ms"].values())
            after_edit = " / ".join(f"{v:.0f}" for v in f["after_edit_ms"].values())
            print(f"| {name} | {server} | {f['init_ms']:.0f} ms | {f['open_first_ms']:.0f} / {f['open_last_ms']:.0f} ms "
                  f"| {f.get('spawn_first_ms', 0):.0f} ms | {after_open} ms | {median(f['edit_ms']):.1f} / {p90(f['edit_ms']):.1f} ms "
                  f"| {f.get('edit_cpu_ms', 0):.1f} ms ({f.get('edit_load', 0):.1f}) | {after_edit} ms "
                  f"| {median(f['hover_ms']):.2f} ms | {f['peak_rss_mib']:.0f} MiB |")
    print("\n| file | cute-ir, reopened: spawn -> first diagnostics | symbols / tokens / folding after the reopen |")
    print("|---|---|---|")
    for name, servers in results["files"].items():
        again = servers.get("cute-ir", {}).get("reopen")
        if again:
            after = " / ".join(f"{v:.0f}" for v in again["after_open_ms"].values())
            print(f"| {name} | {again['spawn_first_ms']:.0f} ms | {after} ms |")
    print("\n| real dumps | where the `}` is missing | keystroke -> diagnostics median / p90 "
          "| server CPU a keystroke (load) | the same keystrokes in process, CPU | server less in process "
          "| 30-keystroke burst: catch-up |")
    print("|---|---|---|---|---|---|---|")
    for size, cases in results["broken"].items():
        for where, c in cases.items():
            server, alone = c.get("edit_cpu_ms", 0), c.get("in_process_cpu_ms", float("nan"))
            print(f"| {size} | {where} | {median(c['edit_ms']):.1f} / {p90(c['edit_ms']):.1f} ms "
                  f"| {server:.1f} ms ({c.get('edit_load', 0):.1f}) | {alone:.1f} ms | {server - alone:.1f} ms "
                  f"| {c['burst_catch_up_ms']:.0f} ms |")


if __name__ == "__main__":
    raise SystemExit(main())
