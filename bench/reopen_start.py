"""Start-up alone: `initialize`, a first open and a reopen, for one or more copies of the server.

Not a test: numbers depend on the machine (docs/benchmarks.md records them with the method).
`bench/peer.py` times these once per file in a two-minute run; this repeats only them, and can
alternate copies of the server's code (`--server DIR`: a `server/` directory put first on
`PYTHONPATH`, for instance an export of an older commit's; the worktree's own when none is
given), so that a change is compared with what it replaces on the same load.

Per file, per round, per copy (copies alternate within a round):
- first open: a fresh process with an empty open cache, `initialize`, `initialized`, then
  `didOpen` at once (as bench/peer.py sends them): spawn -> the `initialize` answer, spawn -> the
  first `publishDiagnostics`, and `didOpen` -> it;
- reopen: the same text already opened once by that copy (its complete diagnostics and the
  three whole-document answers in the open cache, as bench/peer.py's reopen), opened again in
  a fresh process: spawn -> the first publish, then the outline, tokens and folds asked for as
  soon as it arrives.

    python bench/reopen_start.py [--size 50000] [--rounds 5] [--files upstream,generated,real]
                                 [--server DIR --server DIR ...]
"""
from __future__ import annotations

import argparse
import os
import statistics
import tempfile
from pathlib import Path

from peer import Session, files, load_probe, OURS

KINDS = {"upstream": "upstream dialects", "generated": "generated cute_nvgpu", "real": "real CuTe DSL dumps"}


def _with(server: str | None, cache: str) -> None:
    os.environ["CUTE_IR_CACHE_DIR"] = cache
    os.environ.pop("CUTE_IR_CACHE", None)
    if server:
        os.environ["PYTHONPATH"] = server
    else:
        os.environ.pop("PYTHONPATH", None)


def first_open(probe, server: str | None, uri: str, text: str) -> dict[str, float]:
    _with(server, tempfile.mkdtemp(prefix="cute-ir-reopen-bench-empty-"))
    session = Session(probe, OURS)
    try:
        open_first, _ = session.open(uri, text, 0)
        return {"init": session.init_ms, "spawn_first": (session.first_publish_at - session.started) * 1e3,
                "open_first": open_first}
    finally:
        session.close()


def prime(probe, server: str | None, cache: str, uri: str, text: str) -> None:
    _with(server, cache)
    session = Session(probe, OURS)
    try:
        session.open(uri, text, 3000)
        session.request("textDocument/diagnostic", {})
        session.whole_document()
    finally:
        session.close()


def reopen(probe, server: str | None, cache: str, uri: str, text: str) -> dict[str, float]:
    _with(server, cache)
    session = Session(probe, OURS)
    try:
        session.open(uri, text, 0)
        after = session.whole_document()
        return {"init": session.init_ms, "spawn_first": (session.first_publish_at - session.started) * 1e3,
                **{f"{name} after": ms for name, ms in after.items()}}
    finally:
        session.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=50000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--files", default="upstream,generated,real")
    parser.add_argument("--server", action="append", default=[],
                        help="a server/ directory to put first on PYTHONPATH (repeat to alternate copies)")
    parser.add_argument("--no-first", action="store_true", help="reopens only")
    args = parser.parse_args()
    probe = load_probe()
    servers: list[str | None] = [str(Path(s).resolve()) for s in args.server] or [None]
    texts = files(args.size < 50000)
    wanted = [KINDS[k] for k in args.files.split(",")]
    print(f"load average at the start: {os.getloadavg()[0]:.2f}")
    for kind in wanted:
        name, text = next((n, t) for n, t in texts.items() if n.startswith(kind))
        uri = "file:///bench/" + kind.replace(" ", "_") + "_reopened.mlir"
        caches = {s: tempfile.mkdtemp(prefix="cute-ir-reopen-bench-") for s in servers}
        for server in servers:
            prime(probe, server, caches[server], uri, text)
        results: dict[str | None, dict[str, list[float]]] = {s: {} for s in servers}
        for _ in range(args.rounds):
            for server in servers:
                figures = dict(reopen(probe, server, caches[server], uri, text))
                if not args.no_first:
                    figures.update({f"first {k}": v for k, v in first_open(probe, server, uri, text).items()})
                for key, value in figures.items():
                    results[server].setdefault(key, []).append(value)
        print(f"\n{name} (load average now {os.getloadavg()[0]:.2f})")
        for server in servers:
            print(f"  {server or 'worktree'}:")
            for key, values in results[server].items():
                print(f"    {key:24} median {statistics.median(values):7.1f} ms   "
                      f"[{', '.join(f'{v:.0f}' for v in values)}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
