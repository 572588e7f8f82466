"""Can the first parse of a large file use both cores? Parses the generated 50k-line file whole,
then its two halves one after the other, then the two halves in two threads, and prints the
wall-clock time of each (best of 3). If the binding released the interpreter lock while
parsing, the threaded figure would be about half of the sequential one.
"""
from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import tree_sitter

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate_ir import generate  # noqa: E402

from cute_ir.syntax.parser import LANGUAGE  # noqa: E402

RUNS = 3


def _parse(data: bytes) -> None:
    tree_sitter.Parser(LANGUAGE).parse(data)


def _threaded(parts: list[bytes]) -> None:
    threads = [threading.Thread(target=_parse, args=(part,)) for part in parts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def _best(fn) -> float:
    best = float("inf")
    for _ in range(RUNS):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> int:
    src = generate(50000).encode()
    middle = src.index(b"\n  func.func", len(src) // 2) + 1   # a function boundary
    parts = [src[:middle], src[middle:]]
    print(f"whole file ({len(src)} bytes): {_best(lambda: _parse(src)):.0f} ms")
    print(f"two halves, one after the other: {_best(lambda: [_parse(p) for p in parts]):.0f} ms")
    print(f"two halves in two threads: {_best(lambda: _threaded(parts)):.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
