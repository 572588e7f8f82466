"""A first open's first diagnostics through the real server: wall time and the server's CPU time.

Not a test: numbers depend on the machine (docs/benchmarks.md records them with the method).
On 2 shared cores the wall time of `didOpen` -> the first `publishDiagnostics` follows the
load; the server's CPU time up to that publish does much less, so both are reported. Per file,
per round, per copy of the server (copies alternate within a round, `--server DIR`: a
`server/` directory put first on `PYTHONPATH`, e.g. an export of an older commit's, with the
grammar's binding after it when that differs too; the worktree's own when none is given): a fresh process with an empty open cache (lsp/open_cache.py),
`initialize`, then `initialized` and `didOpen` at once (as bench/peer.py sends them), and

- init: spawn -> the `initialize` answer, and the server's CPU time (user + system,
  /proc/PID/stat) when it arrived;
- open -> first: `didOpen` sent -> the first `publishDiagnostics`, and the server's CPU time
  between the two (what the first publish costs after the answer: reading the open, the
  imports the top's analysis needs, the top's analysis);
- the number of diagnostics that first publish held.

With `--steps`, instead, in a fresh process per round and copy, the steps fast_start takes for
that open once it is read, each timed alone in CPU ms (`time.process_time`): `json.loads` of
the open, the imports the top's analysis needs, the document's analysis object
(`_deferred_analysis`), the top's analysis and its publish's params (`leading_publish`).

    python bench/first_publish.py [--size 50000] [--rounds 5] [--files upstream,generated,real]
                                  [--server DIR --server DIR ...] [--steps]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from peer import OURS, TIMEOUT, Session, cpu_seconds, files, load_probe
from reopen_start import KINDS, _with


def first_open(probe, server: str | None, uri: str, text: str) -> dict[str, float]:
    _with(server, tempfile.mkdtemp(prefix="cute-ir-first-publish-"))
    session = Session(probe, OURS)
    try:
        pid = session.client.proc.pid
        init_cpu = cpu_seconds(pid)
        session.uri = uri
        sent = session.client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "mlir", "version": 1, "text": text}})
        at, message = session.client.wait(session.published(1), TIMEOUT)
        open_cpu = cpu_seconds(pid)
        return {"init wall": session.init_ms, "init cpu": init_cpu * 1e3,
                "open -> first wall": (at - sent) * 1e3, "open -> first cpu": (open_cpu - init_cpu) * 1e3,
                "first publish's diagnostics": float(len(message["params"]["diagnostics"]))}
    finally:
        session.close()


def steps(path: str) -> dict[str, float]:
    """The first open's steps in this process (see the module's note), CPU ms each."""
    text = Path(path).read_text(encoding="utf-8")
    body = json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": "file:///bench/steps.mlir", "languageId": "mlir", "version": 1, "text": text}}}).encode()
    from cute_ir.lsp import fast_start
    spent: dict[str, float] = {}

    def timed(name: str, work):
        started = time.process_time()
        result = work()
        spent[name] = (time.process_time() - started) * 1e3
        return result

    timed("json.loads of the open", lambda: json.loads(body))
    timed("imports", lambda: [__import__(name) for name in fast_start._PRELOADED_MODULES])
    from cute_ir.lsp import settings
    from cute_ir.lsp.collector import freeze_imports
    freeze_imports()
    timed("analysis object", lambda: fast_start._deferred_analysis(
        "file:///bench/steps.mlir", 1, text, "utf-16", None))
    timed("top", lambda: fast_start.leading_publish("file:///bench/steps.mlir", 1, text, "utf-16", settings.initial(None)))
    return spent


def steps_apart(server: str | None, path: str) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": server} if server else {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, __file__, "--one-steps", path], env=env, capture_output=True, check=True)
    return json.loads(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=50000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--files", default=",".join(KINDS))
    parser.add_argument("--server", action="append", default=[],
                        help="a server/ directory (or several, joined by os.pathsep: a grammar binding's too) "
                             "to put first on PYTHONPATH (repeat to alternate copies)")
    parser.add_argument("--steps", action="store_true", help="the steps after the open is read, in process")
    parser.add_argument("--one-steps", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one_steps:
        print(json.dumps(steps(args.one_steps)))
        return 0
    probe = load_probe()
    servers: list[str | None] = [os.pathsep.join(str(Path(part).resolve()) for part in s.split(os.pathsep))
                                 for s in args.server] or [None]
    texts = files(args.size < 50000)
    print(f"load average at the start: {os.getloadavg()[0]:.2f}")
    for kind in args.files.split(","):
        name, text = next((n, t) for n, t in texts.items() if n.startswith(KINDS[kind]))
        uri = "file:///bench/" + KINDS[kind].replace(" ", "_") + ".mlir"
        results: dict[str | None, dict[str, list[float]]] = {s: {} for s in servers}
        if args.steps:
            saved = Path(tempfile.mkdtemp(prefix="cute-ir-first-publish-steps-")) / "open.mlir"
            saved.write_text(text, encoding="utf-8")
        for _ in range(args.rounds):
            for server in servers:
                measured = steps_apart(server, str(saved)) if args.steps else first_open(probe, server, uri, text)
                for key, value in measured.items():
                    results[server].setdefault(key, []).append(value)
        print(f"\n{name} (load average now {os.getloadavg()[0]:.2f})")
        for server in servers:
            print(f"  {server or 'worktree'}:")
            for key, values in results[server].items():
                print(f"    {key:30} median {statistics.median(values):7.1f}   [{', '.join(f'{v:.0f}' for v in values)}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
