"""Whole-document requests at intervals after a reopen: how long the slowest waits.

Not a test: numbers depend on the machine (docs/benchmarks.md records them with the method).
A reopened document's diagnostics, outline, folds and tokens come from the open cache
(lsp/open_cache.py) while the server is imported and the text analysed (lsp/fast_start.py).
bench/reopen_start.py asks for the three answers one after another as soon as the first
publish arrives; this asks for one of them (`--method`) every `--every` seconds for `--span`
seconds after it, as a client does that asks again later, so that requests fall in every phase
of the start (the import, the analysis, the hand-over to the server, its verification after).

Per round, per copy of the server (`--server DIR`: a `server/` directory put first on
`PYTHONPATH`, copies alternating; the worktree's own when none is given): a first process opens
the generated 50k-line file and sees it through (its complete diagnostics and the three answers
go into an open cache of the copy's own), then each round a fresh process reopens it: the
slowest answer, when it was asked (seconds after the first publish) and the median.

    python bench/reopen_requests_apart.py [--size 50000] [--rounds 3] [--every 0.3] [--span 5]
                                          [--method foldingRange] [--server DIR ...]
"""
from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from generate_ir import generate
from peer import OURS, Session, load_probe
from reopen_start import prime, _with


def apart(probe, server: str | None, cache: str, uri: str, text: str, method: str, every: float,
          span: float) -> list[tuple[float, float]]:
    """(seconds after the first publish it was asked, milliseconds to its answer) per request."""
    _with(server, cache)
    session = Session(probe, OURS)
    try:
        session.open(uri, text, 0)
        asked = []
        while time.perf_counter() - session.first_publish_at < span:
            at = time.perf_counter() - session.first_publish_at
            asked.append((at, session.request(f"textDocument/{method}", {})))
            time.sleep(every)
        return asked
    finally:
        session.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=50000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--every", type=float, default=0.3)
    parser.add_argument("--span", type=float, default=5.0)
    parser.add_argument("--method", default="foldingRange")
    parser.add_argument("--server", action="append", default=[],
                        help="a server/ directory to put first on PYTHONPATH (repeat to alternate copies)")
    args = parser.parse_args()
    probe = load_probe()
    servers: list[str | None] = [str(Path(s).resolve()) for s in args.server] or [None]
    text = generate(args.size)
    uri = "file:///bench/generated_reopened_apart.ir"
    caches = {s: tempfile.mkdtemp(prefix="cute-ir-reopen-apart-") for s in servers}
    for server in servers:
        prime(probe, server, caches[server], uri, text)
    for round_ in range(args.rounds):
        for server in servers:
            load = os.getloadavg()[0]
            asked = apart(probe, server, caches[server], uri, text, args.method, args.every, args.span)
            at, slowest = max(asked, key=lambda item: item[1])
            print(f"round {round_ + 1} {server or 'worktree'} (load {load:.2f}): slowest {slowest:.0f} ms "
                  f"asked at {at:.2f} s, median {statistics.median(ms for _, ms in asked):.0f} ms "
                  f"of {len(asked)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
