"""What a keystroke in an intact file costs, by the size of the function it is typed in and the
size of the file: which of the two the per-keystroke work follows.

The files of bench/peer.py's edit figure (bench/real_dumps.py's dumps concatenated to each
`--sizes` lines). In each, the same functions (those of the dump copies past the middle of the
file, one of each size class, found again in every file by the copy's text), typed in as
bench/peer.py types: the letters of a word at the SSA name of the op in the middle of the
function (`peer.type_key`), each keystroke `DocumentAnalysis.update` + `diagnostics()`, once
every function was verified. The cyclic collector is off while it types and collects after
each keystroke, untimed, as the server's does (lsp/collector.py). The function that
bench/peer.py types in (`peer.typing_spot`) is marked. Prints the CPU per keystroke (median,
`time.process_time`) and per line of the function. Not a test: numbers depend on the machine.

    python bench/keystroke_by_function.py [--sizes 5000 50000] [--edits 20]
"""
from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from peer import typing_spot  # noqa: E402
from real_dumps import concatenated  # noqa: E402

from cute_ir.analysis import DocumentAnalysis  # noqa: E402
from cute_ir.text.positions import Position  # noqa: E402

LETTERS = "abcdefghijklmnopqrstuvwxyz"
# Size classes of functions typed in (lines): the first function of each past the middle.
CLASSES = ((10, 40), (40, 120), (120, 250), (250, 1000))


def _spot(lines: list[str], first: int, last: int) -> tuple[int, int] | None:
    """The op defining an SSA value nearest the middle of lines [first, last), and the column
    just inside its name."""
    middle = (first + last) // 2
    for index in sorted(range(first, last), key=lambda i: abs(i - middle)):
        stripped = lines[index].lstrip()
        if stripped.startswith("%") and " = " in stripped:
            return index, len(lines[index]) - len(stripped) + 1
    return None


def functions(analysis: DocumentAnalysis, text: str) -> list[tuple[str, int, int, int]]:
    """(label, line, column, function lines) of the functions typed in: one per size class past
    the middle of the file, and the one bench/peer.py types in."""
    data = analysis.document.data
    lines = text.split("\n")
    peer_line, peer_column = typing_spot(text)
    out = []
    units = [u for u in analysis.units if not u.shell]
    for low, high in CLASSES:
        for unit in units:
            first = data.count(b"\n", 0, unit.start)
            count = data.count(b"\n", unit.start, unit.end)
            if first < len(lines) // 2 or not low <= count < high:
                continue
            spot = _spot(lines, first, first + count)
            if spot is not None:
                out.append((f"{low}-{high} lines", spot[0], spot[1], count))
                break
    peer_offset = analysis.document.offset(Position(peer_line, peer_column))
    unit = next(u for u in units if u.start <= peer_offset < u.end)
    out.append(("bench/peer.py's", peer_line, peer_column, data.count(b"\n", unit.start, unit.end)))
    return out


def keystrokes(analysis: DocumentAnalysis, line: int, column: int, edits: int, version: int) -> list[float]:
    """CPU milliseconds of `edits` letters typed at (line, column); the word is deleted again
    (untimed) after."""
    out = []
    for k in range(edits):
        at = Position(line, column + k)
        started = time.process_time()
        analysis.update([(at, at, LETTERS[k % 26])], version)
        analysis.diagnostics()
        out.append((time.process_time() - started) * 1e3)
        version += 1
        gc.collect(1)
    analysis.update([(Position(line, column), Position(line, column + edits), "")], version)
    analysis.diagnostics()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[5000, 50000])
    parser.add_argument("--edits", type=int, default=20)
    args = parser.parse_args()
    print("| file | function typed in | its lines | CPU a keystroke, median (ms) | per line of the function (µs) |")
    print("|---|---|---|---|---|")
    for size in args.sizes:
        text = concatenated(size)
        gc.collect()
        gc.disable()
        analysis = DocumentAnalysis("file:///bench/keystroke_by_function.mlir", text)
        analysis.diagnostics()
        while analysis.verify_pending(1.0):
            pass
        version = 2
        for label, line, column, count in functions(analysis, text):
            ms = statistics.median(keystrokes(analysis, line, column, args.edits, version))
            version += args.edits + 1
            print(f"| {size} lines | {label} (line {line + 1}) | {count} | {ms:.1f} | {ms * 1e3 / count:.0f} |")
        del analysis
        gc.enable()


if __name__ == "__main__":
    main()
