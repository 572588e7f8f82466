"""A typed edit -> its diagnostics, in process: `DocumentAnalysis.update` + `diagnostics()`.

No server, no protocol: what the analysis itself costs per keystroke, so that work which grows
with the file (a walk of every unit) shows against the 10k figure. On the generated files of
bench/generate_ir.py, in the SSA name of an op in the middle of the file: a character typed,
then deleted, alternately, after the whole file was analysed. Prints a Markdown table of the
median and p90 per size. `--real`: the real CuTe DSL dumps concatenated to each size
(bench/real_dumps.py) instead, typing in the middle of the first function of 40-200 lines past
the middle of the file that builds or applies cute_nvgpu atoms, once every function is verified.
`--typing`: each keystroke types the next letter of a growing name instead, so that every
text is new and no cache keyed by a unit's text answers (toggling returns to the same two
texts); the letters are deleted again, untimed, every 40 keystrokes. `--cpu`: CPU time of the
process (`time.process_time`) rather than wall-clock time, for a machine other jobs share.
Not a test: numbers depend on the machine.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generate_ir import generate  # noqa: E402
from real_dumps import concatenated  # noqa: E402

from cute_ir.analysis import DocumentAnalysis  # noqa: E402
from cute_ir.text.positions import Position  # noqa: E402


def _edited_line(lines: list[str]) -> tuple[int, int]:
    """The first op defining an SSA value at or after the middle of the file, and the column
    just inside its name."""
    for index in range(len(lines) // 2, len(lines)):
        if " = " in lines[index] and "%" in lines[index]:
            return index, lines[index].index("%") + 1
    raise SystemExit("no op defines a value in the second half of the file")


def _edited_line_in_atoms(analysis: DocumentAnalysis) -> tuple[int, int]:
    """The first op defining an SSA value in the middle of the first function of 40-200 lines
    past the middle of the file that names cute_nvgpu atoms, and the column inside its name."""
    data, text = analysis.document.data, analysis.document.text
    units = [u for u in analysis.units if not u.shell and u.start >= len(data) // 2]
    unit = next(u for u in units if 40 < data.count(b"\n", u.start, u.end) < 200
                and b"cute_nvgpu." in data[u.start:u.end])
    lines = text.split("\n")
    first = data.count(b"\n", 0, unit.start)
    middle = first + data.count(b"\n", unit.start, unit.end) // 2
    for index in range(middle, len(lines)):
        if " = " in lines[index] and lines[index].lstrip().startswith("%"):
            return index, lines[index].index("%") + 1
    raise SystemExit("no op defines a value in that function")


# Keystrokes typed before the name is restored (untimed) with `--typing`.
_TYPED_RUN = 40


def measure(size: int, edits: int, real: bool = False, typing: bool = False, cpu: bool = False) -> list[float]:
    text = concatenated(size) if real else generate(size)
    analysis = DocumentAnalysis("file:///bench.ir", text)
    analysis.diagnostics()
    if real:
        while analysis.verify_pending(1.0):
            pass
    line, column = _edited_line_in_atoms(analysis) if real else _edited_line(text.split("\n"))
    here, next_char = Position(line, column), Position(line, column + 1)
    clock = time.process_time if cpu else time.perf_counter
    seconds = []
    version = 2
    for k in range(edits):
        if typing:
            at = Position(line, column + k % _TYPED_RUN)
            change = (at, at, "abcdefghijklmnopqrstuvwxyz"[k % 26])
        else:
            change = (here, here, "x") if k % 2 == 0 else (here, next_char, "")
        started = clock()
        analysis.update([change], version)
        analysis.diagnostics()
        seconds.append(clock() - started)
        version += 1
        if typing and k % _TYPED_RUN == _TYPED_RUN - 1:
            analysis.update([(here, Position(line, column + _TYPED_RUN), "")], version)
            analysis.diagnostics()
            version += 1
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10000, 50000])
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--real", action="store_true", help="real CuTe DSL dumps instead of generated IR")
    parser.add_argument("--typing", action="store_true", help="type a growing name: every text new")
    parser.add_argument("--cpu", action="store_true", help="CPU time of the process, not wall-clock time")
    args = parser.parse_args()
    print("| lines | typed edit -> diagnostics, median / p90 (ms) |")
    print("|---|---|")
    for size in args.sizes:
        ms = sorted(s * 1000 for s in measure(size, args.edits, args.real, args.typing, args.cpu))
        print(f"| {size} | {statistics.median(ms):.2f} / {ms[int(len(ms) * 0.9)]:.2f} |")


if __name__ == "__main__":
    main()
