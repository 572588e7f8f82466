"""How long a large answer takes to cross a pipe to a client that reads as bench/peer.py's
probe reads (../shared/bench/lsp_latency.py: a read for the rest of the body, the pieces
added up), with the pipe's default size and widened as the server widens it (lsp/pipe.py).

A child process writes a message of `--size` bytes in 64 KiB writes (as the server writes an
answer, lsp/server.py) `--messages` times, each when asked; the parent times each from its
ask to the whole body read. Not a test: figures depend on the machine.

    python bench/pipe_transfer.py [--size 4410458] [--messages 5] [--runs 2]
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

CHILD = """
import sys
sys.path.insert(0, {server!r})
from cute_ir.lsp.pipe import widen
if {widened}:
    widen(sys.stdout.buffer)
body = b"x" * {size}
out = sys.stdout.buffer
while sys.stdin.readline():
    out.write(b"Content-Length: %d\\r\\n\\r\\n" % len(body))
    for at in range(0, len(body), 1 << 16):
        out.write(body[at:at + (1 << 16)])
        out.flush()
"""


def timed(size: int, messages: int, widened: bool) -> list[float]:
    server = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "server")
    child = subprocess.Popen([sys.executable, "-c", CHILD.format(server=server, widened=widened, size=size)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    out: list[float] = []
    try:
        for _ in range(messages + 1):   # the first pays the child's start
            asked = time.perf_counter()
            child.stdin.write(b"go\n")
            header = child.stdout.readline()
            child.stdout.readline()
            length = int(header.split(b":")[1])
            body = b""
            while len(body) < length:
                body += child.stdout.read(length - len(body))
            out.append((time.perf_counter() - asked) * 1e3)
    finally:
        child.stdin.close()
        child.wait()
    return out[1:]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=4410458)   # the generated 50k-line file's outline
    parser.add_argument("--messages", type=int, default=5)
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    print("| run | pipe | load | ms a message (median, each) |")
    print("|---|---|---|---|")
    for number in range(args.runs):
        for widened in (False, True):
            load = os.getloadavg()[0]
            times = timed(args.size, args.messages, widened)
            shown = ", ".join(f"{t:.0f}" for t in times)
            print(f"| {number + 1} | {'widened' if widened else 'default'} | {load:.1f} "
                  f"| {statistics.median(times):.1f} ({shown}) |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
